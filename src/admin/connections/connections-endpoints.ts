import { userGamesGame } from '../http/game-scope';
import { endpoint, gone, made, one, page, paged, search } from '../http/endpoint';
import { connectGameSchema } from './connections-service';
import { connectionReply, gameOfUserReply, userGameReply, userOfGameReply } from './connections-replies';

/** The game a connect's body names, if it names one (the service judges the body). */
const gameIdIn = (body: unknown) => {
  const gameId = (body as { game_id?: unknown } | undefined)?.game_id;
  return typeof gameId === 'number' ? gameId : undefined;
};

/** User-game connections: their id is the user_game_id that balances and scores refer to. */
export const connectionsEndpoints = [
  endpoint({
    method: 'get', path: '/api/users/{id}/games', tag: 'connections', summary: 'The games a user is connected to', access: 'self',
    query: { page: page() }, ok: paged(gameOfUserReply),
    handle: ({ caller, params }, { connections }) => connections.gamesOf(caller, params.id),
    graphql: {
      type: 'Query', field: 'userGames', params: { id: 'user_id' }, total: 'userGamesTotal', returns: '[UserGame!]',
      reply: (rows) => rows.map(({ user_game_id, ...game }) => ({ user_game_id, game })),
    },
  }),
  endpoint({
    method: 'get', path: '/api/user-games/{ug_id}', tag: 'connections', summary: 'A user-game: whose wallet, in which game', access: 'self', game: userGamesGame, ok: one(userGameReply),
    description: 'The user themself or staff.',
    graphql: { type: 'Query', field: 'userGame', params: { ug_id: 'user_game_id' } },
    handle: ({ caller, params }, { connections }) => connections.describe(caller, params.ug_id),
  }),
  endpoint({
    method: 'post', path: '/api/users/{id}/games', tag: 'connections', summary: 'Connect a user to a game', access: 'staff',
    game: ({ body }) => gameIdIn(body),
    body: connectGameSchema, ok: made(connectionReply, false), errors: [409],
    graphql: { type: 'Mutation', field: 'connectGame', params: { id: 'user_id' } },
    handle: ({ actor, params, body }, { connections }) => connections.connect(actor, params.id, body),
  }),
  endpoint({
    method: 'delete', path: '/api/users/{id}/games/{game_id}', tag: 'connections', summary: 'Disconnect a user from a game', access: 'staff', ok: gone,
    game: ({ params }) => params.game_id,
    graphql: { type: 'Mutation', field: 'disconnectGame', params: { id: 'user_id' } },
    handle: ({ actor, params }, { connections }) => connections.disconnect(actor, params.id, params.game_id),
  }),
  endpoint({
    method: 'get', path: '/api/games/{id}/users', tag: 'connections', summary: 'The users connected to a game', access: 'staff',
    query: { search: search('username or email'), page: page() }, ok: paged(userOfGameReply),
    handle: ({ params, query }, { connections }) => connections.usersOf(params.id, query.search),
    graphql: {
      type: 'Query', field: 'gameUsers', params: { id: 'game_id' }, total: 'gameUsersTotal', returns: '[GameUser!]',
      reply: (rows) => rows.map(({ user_game_id, ...user }) => ({ user_game_id, user })),
    },
  }),
];
