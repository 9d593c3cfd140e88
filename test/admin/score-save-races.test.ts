import test from 'ava';
import { COMMAND_ACTOR } from '../../src/admin/core/actor';
import { createTestApi } from '../helpers/api';

// Issue 33 item 10b: score saves raced against module and leaderboard changes of their game. A save
// that meets a deadlock is retried to completion; each answers what its moment allows (200, or 403
// module_disabled, or 409/404 for a board changed or gone), never 503.
test('score saves racing module disconnects and leaderboard changes never answer 503', async (t) => {
  t.timeout(180_000);
  const api = await createTestApi();
  t.teardown(() => api.close());
  const admin = { token: api.users.admin.token };
  const statuses = new Map<number, number>();
  for (let round = 0; round < 4; round += 1) {
    const game = (await api.request('POST', '/api/games', { ...admin, body: { name: 'Race', slug: `race-${process.pid}-${Date.now()}-${round}` } })).body;
    await api.request('POST', `/api/games/${game.id}/modules`, { ...admin, body: { module_key: 'leaderboard' } });
    const boards = await Promise.all([0, 1].map(async (i) => (await api.request('POST', `/api/games/${game.id}/leaderboards`, { ...admin, body: { key: `b${i}`, name: 'B', operator: i ? 'incr' : 'set' } })).body));
    const players = await Promise.all(Array.from({ length: 8 }, async (_, i) => {
      const user = await api.createUser('user', `race_${round}_${i}_${Date.now()}`);
      return (await api.services.connections.connect(COMMAND_ACTOR, user.id, { game_id: game.id })).id;
    }));
    // Every player in a group of each board: a save also writes the group's copy of the score.
    for (const board of boards) {
      const group = (await api.request('POST', `/api/leaderboards/${board.id}/groups`, { ...admin, body: { name: 'G' } })).body;
      for (const userGameId of players) {
        const userId = (await api.database.db('user_games').where({ id: userGameId }).first('user_id')).user_id;
        await api.request('POST', `/api/leaderboard-groups/${group.id}/members`, { ...admin, body: { user_id: userId } });
      }
    }
    const saves = Array.from({ length: 60 }, (_, i) =>
      api.request('POST', `/api/leaderboards/${boards[i % 2].id}/scores`, { ...admin, body: { user_game_id: players[i % players.length], score: i } }));
    const changes = [
      api.request('PUT', `/api/games/${game.id}/leaderboards/${boards[0].id}`, { ...admin, body: { name: 'Renamed' } }),
      (async () => {
        const replies = [];
        for (let toggle = 0; toggle < 3; toggle += 1) {
          replies.push(await api.request('DELETE', `/api/games/${game.id}/modules/leaderboard`, admin));
          replies.push(await api.request('POST', `/api/games/${game.id}/modules`, { ...admin, body: { module_key: 'leaderboard' } }));
        }
        return replies.at(-1)!;
      })(),
      api.request('PUT', `/api/games/${game.id}/leaderboards/${boards[1].id}`, { ...admin, body: { is_active: false } }),
    ];
    for (const reply of await Promise.all([...saves, ...changes])) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
  }
  t.log(JSON.stringify([...statuses]));
  t.false(statuses.has(503), `answers by status: ${JSON.stringify([...statuses])}`);
  t.false(statuses.has(500));
});
