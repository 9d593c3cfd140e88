import { useEffect, useState } from 'preact/hooks';
import { useLocation, useParams } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import type { GamePlayerFragment, GroupInput, LeaderboardGroupRowFragment } from '../api/generated/graphql';
import { notFound, useAction, useQuery, useSession } from '../api/hooks';
import { mayActOn } from '../api/session';
import { GameTabs } from '../components/game-tabs';
import { Notice, useNotice } from '../components/notice';
import { TableScroll } from '../components/table-scroll';
import { Field, Problem } from '../components/problem';
import { ConfirmButton } from '../components/confirm-button';
import { LeaderboardForm, type LeaderboardFields } from './leaderboards-page';
import { PayoutsList, RewardsEditor } from './leaderboard-rewards';
import { PayoutPreview } from './payout-preview';

graphql(`fragment LeaderboardGroupRow on LeaderboardGroup { id key name is_default }`);
graphql(`fragment GamePlayer on GameUser { user_game_id user { id username } }`);
type Group = LeaderboardGroupRowFragment;

const LeaderboardPageLeaderboard = graphql(`query LeaderboardPageLeaderboard ($g: SafeInt!, $id: SafeInt!) { leaderboard(game_id: $g, id: $id) { id ...LeaderboardSettings rewards { rank_from rank_to amount currency } } leaderboardGroups(leaderboard_id: $id) { ...LeaderboardGroupRow } }`);
const LeaderboardPageRankings = graphql(`query LeaderboardPageRankings ($id: SafeInt!, $group: SafeInt, $limit: Int, $around: SafeInt, $period: String) { rankings(leaderboard_id: $id, group_id: $group, limit: $limit, around_user_game_id: $around, period_start: $period) { items { rank user_id user_game_id username score } } }`);
const LeaderboardPageGameUsers = graphql(`query LeaderboardPageGameUsers ($g: SafeInt!) { gameUsers(game_id: $g, limit: 1000) { ...GamePlayer } }`);
const LeaderboardPageUpdateLeaderboard = graphql(`mutation LeaderboardPageUpdateLeaderboard ($g: SafeInt!, $id: SafeInt!, $input: LeaderboardInput!) { updateLeaderboard(game_id: $g, id: $id, input: $input) { id } }`);
const LeaderboardPageDeleteLeaderboard = graphql(`mutation LeaderboardPageDeleteLeaderboard ($g: SafeInt!, $id: SafeInt!) { deleteLeaderboard(game_id: $g, id: $id) }`);
const LeaderboardPageSaveScore = graphql(`mutation LeaderboardPageSaveScore ($id: SafeInt!, $input: ScoreInput!) { saveScore(leaderboard_id: $id, input: $input) { score } }`);
const LeaderboardPageCreateLeaderboardGroup = graphql(`mutation LeaderboardPageCreateLeaderboardGroup ($id: SafeInt!, $input: GroupInput!) { createLeaderboardGroup(leaderboard_id: $id, input: $input) { id } }`);
const LeaderboardPageDeleteLeaderboardGroup = graphql(`mutation LeaderboardPageDeleteLeaderboardGroup ($id: SafeInt!) { deleteLeaderboardGroup(id: $id) }`);
const LeaderboardPageGroupMembers = graphql(`query LeaderboardPageGroupMembers ($group: SafeInt!) { groupMembers(group_id: $group, limit: 1000) { user_id username } }`);
const LeaderboardPageAddGroupMember = graphql(`mutation LeaderboardPageAddGroupMember ($group: SafeInt!, $input: MemberInput!) { addGroupMember(group_id: $group, input: $input) { user_id } }`);
const LeaderboardPageRemoveGroupMember = graphql(`mutation LeaderboardPageRemoveGroupMember ($group: SafeInt!, $user: SafeInt!) { removeGroupMember(group_id: $group, user_id: $user) }`);
const REFRESH_MS = 5000;
const PERIOD_NOUN: Record<string, string> = { daily: 'day', weekly: 'week', monthly: 'month', all_time: 'period' };

/** One leaderboard: settings, a live rankings table (top N, group filter), scores, groups and members. */
export function LeaderboardPage() {
  const params = useParams<{ id: string; leaderboardId: string }>();
  const gameId = Number(params.id);
  const id = Number(params.leaderboardId);
  const [, navigate] = useLocation();
  const staff = mayActOn(useSession()?.user, 'PUT /api/games/{id}/leaderboards/{leaderboard_id}', gameId);
  const [limit, setLimit] = useState(10);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [around, setAround] = useState<number | null>(null);
  const [periodDay, setPeriodDay] = useState('');
  const [selectedGroup, setSelectedGroup] = useState<number | null>(null);

  const board = useQuery(LeaderboardPageLeaderboard, { g: gameId, id });
  const rankings = useQuery(LeaderboardPageRankings, { id, group: groupId, limit, around, period: periodDay ? `${periodDay}T00:00:00.000Z` : null });
  const players = useQuery(LeaderboardPageGameUsers, { g: gameId });
  const playerNames = new Map((players.data?.gameUsers ?? []).map((p) => [p.user_game_id, p.user.username]));
  useEffect(() => {
    const timer = setInterval(() => rankings.reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [rankings.reload]);

  const save = useAction((input: LeaderboardFields) => request(LeaderboardPageUpdateLeaderboard, { g: gameId, id, input }));
  const remove = useAction(() => request(LeaderboardPageDeleteLeaderboard, { g: gameId, id }));
  const scoreNotice = useNotice();
  const groupNotice = useNotice();
  const rewardsNotice = useNotice(); // outside the editor, which a reload remounts
  const score = useAction((userGameId: number, value: number) => request(LeaderboardPageSaveScore, { id, input: { user_game_id: userGameId, score: value } }));
  const addGroup = useAction((input: GroupInput) => request(LeaderboardPageCreateLeaderboardGroup, { id, input }));
  const removeGroup = useAction((group: number) => request(LeaderboardPageDeleteLeaderboardGroup, { id: group }));

  if (board.error && !board.data) return <Problem error={board.error} />;
  if (!board.data) return <p aria-busy="true">Loading…</p>;
  const { leaderboard } = board.data;
  if (!leaderboard) return <Problem error={notFound(`Leaderboard ${id}`)} />;
  const groups = board.data.leaderboardGroups ?? [];
  const formValues = (event: Event) => new FormData(event.currentTarget as HTMLFormElement);
  return (
    <>
      <GameTabs gameId={gameId} />
      <h1>{leaderboard.name}</h1>
      <p class="muted">{leaderboard.sort_order === 'desc' ? 'Highest first' : 'Lowest first'}, {leaderboard.period_type.replace('_', ' ')}, saves by <strong>{leaderboard.operator}</strong>; refreshed every {REFRESH_MS / 1000} s.</p>

      <section>
        <h2>Rankings</h2>
        <div class="row">
          <label>Top<select aria-label="Top N" value={limit} onChange={(e) => setLimit(Number(e.currentTarget.value))}>{[10, 50, 200].map((n) => <option key={n} value={n}>{n}</option>)}</select></label>
          <label>Group<select aria-label="Group filter" value={groupId ?? ''} onChange={(e) => setGroupId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
            <option value="">everyone</option>
            {groups.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
          </select></label>
          <label>Around a player<select aria-label="Around a player" value={around ?? ''} onChange={(e) => setAround(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
            <option value="">the top</option>
            {players.data?.gameUsers?.map((p) => <option key={p.user_game_id} value={p.user_game_id}>{p.user.username}</option>)}
          </select></label>
          {leaderboard.period_type !== 'all_time' && (
            <label>Period starting<input type="date" aria-label="Period start" value={periodDay} onInput={(e) => setPeriodDay(e.currentTarget.value)} /></label>
          )}
        </div>
        {leaderboard.period_type !== 'all_time' && <small class="muted">A past period: the UTC day its {PERIOD_NOUN[leaderboard.period_type]} starts (a Monday for weekly, the 1st for monthly); empty for the current one.</small>}
        {around !== null && <small class="muted"> Around a player: ranks are places in the whole ordering; the player's row is marked.</small>}
        <Problem error={rankings.error} />
        <TableScroll label="Rankings"><table data-testid="rankings">
          <thead><tr><th>Rank</th><th>Player</th><th>Score</th></tr></thead>
          <tbody>
            {rankings.data?.rankings?.items.map((item) => (
              <tr key={item.user_game_id} class={item.user_game_id === around ? 'focus' : undefined} aria-current={item.user_game_id === around ? 'true' : undefined}>
                <td>{item.rank}</td><td>{item.username}</td><td>{item.score}</td>
              </tr>
            ))}
          </tbody>
        </table></TableScroll>
        {rankings.data?.rankings?.items.length === 0 && <p class="muted">No scores in this period yet.</p>}
      </section>

      {staff && (
        <section>
          <h2>Save a score</h2>
          <form noValidate class="row" onSubmit={async (event) => {
            event.preventDefault();
            const form = formValues(event);
            const player = players.data?.gameUsers?.find((p) => p.user_game_id === Number(form.get('user_game_id')))?.user.username;
            if (!(await score.run(Number(form.get('user_game_id')), Number(form.get('score'))))) return;
            scoreNotice.show(`Saved ${form.get('score')} for ${player ?? 'the player'}.`);
            rankings.reload();
          }}>
            <Field label="Player" path="user_game_id" error={score.error}>
              <select name="user_game_id">{players.data?.gameUsers?.map((p) => <option key={p.user_game_id} value={p.user_game_id}>{p.user.username}</option>)}</select>
            </Field>
            <Field label="Score" path="score" error={score.error}><input name="score" type="number" step="any" /></Field>
            <button type="submit" aria-busy={score.busy}>Save score</button>
          </form>
          <Problem error={score.error} />
          <Notice notice={scoreNotice} />
        </section>
      )}

      <section>
        <h2>Groups</h2>
        <TableScroll label="Groups"><table>
          <thead><tr><th>Name</th><th>Key</th><th>Default</th><th /></tr></thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.id}>
                <td>{g.name}</td><td>{g.key}</td><td>{g.is_default ? 'yes' : ''}</td>
                <td>
                  <button type="button" class="outline" onClick={() => setSelectedGroup(g.id)}>Members</button>{' '}
                  {staff && (
                    <ConfirmButton label="Delete" accessibleName={`Delete group ${g.name}`} question={`Delete group ${g.name}?`}
                      consequence="Its members and its scores go with it. This cannot be undone."
                      action={{ ...removeGroup, run: () => removeGroup.run(g.id) }} onDone={() => board.reload()} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table></TableScroll>
        <Problem error={removeGroup.error} />
        {staff && (
          <form noValidate class="row" onSubmit={async (event) => {
            event.preventDefault();
            const element = event.currentTarget as HTMLFormElement;
            const form = formValues(event);
            if (!(await addGroup.run({ key: String(form.get('key')), name: String(form.get('name')), is_default: form.get('is_default') === 'on' }))) return;
            groupNotice.show(`Group ${form.get('name')} added.`);
            element.reset();
            board.reload();
          }}>
            <Field label="Group key" path="key" error={addGroup.error}><input name="key" /></Field>
            <Field label="Group name" path="name" error={addGroup.error}><input name="name" /></Field>
            <label><input name="is_default" type="checkbox" /> default</label>
            <button type="submit" aria-busy={addGroup.busy}>Add group</button>
          </form>
        )}
        <Problem error={addGroup.error} />
        <Notice notice={groupNotice} />
        {selectedGroup !== null && (
          <GroupMembers
            key={selectedGroup}
            group={groups.find((g) => g.id === selectedGroup)!}
            players={players.data?.gameUsers ?? []}
            staff={staff}
            onChange={() => rankings.reload()}
          />
        )}
      </section>

      {staff && leaderboard.period_type !== 'all_time' && (
        <>
          <RewardsEditor key={JSON.stringify(leaderboard.rewards)} gameId={gameId} leaderboardId={id} rewards={leaderboard.rewards} onDone={() => { rewardsNotice.show('Rewards saved.'); board.reload(); }} />
          <Notice notice={rewardsNotice} />
          <PayoutPreview key={JSON.stringify(leaderboard.rewards)} leaderboardId={id} names={playerNames} />
          <PayoutsList leaderboardId={id} names={playerNames} />
        </>
      )}

      {staff && (
        <section>
          <h2>Settings</h2>
          <LeaderboardForm
            key={leaderboard.id}
            initial={{ key: leaderboard.key, name: leaderboard.name, sort_order: leaderboard.sort_order, period_type: leaderboard.period_type, operator: leaderboard.operator, is_active: leaderboard.is_active }}
            submitLabel="Save leaderboard"
            action={save}
            onSubmit={async (fields) => { if (await save.run(fields)) board.reload(); }}
          />
          <ConfirmButton label="Delete leaderboard" accessibleName={`Delete leaderboard ${leaderboard.name}`} question={`Delete leaderboard ${leaderboard.name}?`}
            consequence="Its saved scores and its groups go with it. This cannot be undone." outline={false}
            action={remove} onDone={() => navigate(`/games/${gameId}/leaderboards`)} />
          <Problem error={remove.error} />
        </section>
      )}
    </>
  );
}

/** A group's members: listed for everyone, added (players of the game) and removed by staff. */
function GroupMembers({ group, players, staff, onChange }: {
  group: Group;
  players: readonly GamePlayerFragment[];
  staff: boolean;
  onChange: () => void;
}) {
  const members = useQuery(LeaderboardPageGroupMembers, { group: group.id });
  const add = useAction((userId: number) => request(LeaderboardPageAddGroupMember, { group: group.id, input: { user_id: userId } }));
  const remove = useAction((userId: number) => request(LeaderboardPageRemoveGroupMember, { group: group.id, user: userId }));
  const changed = () => {
    members.reload();
    onChange();
  };
  return (
    <article>
      <h3>Members of {group.name}</h3>
      <Problem error={members.error} />
      <ul>
        {members.data?.groupMembers?.map((m) => (
          <li key={m.user_id}>
            {m.username}{' '}
            {staff && (
              <ConfirmButton label="Remove" accessibleName={`Remove ${m.username} from ${group.name}`} question={`Remove ${m.username} from ${group.name}?`}
                consequence="They leave the group; they can be added again." action={{ ...remove, run: () => remove.run(m.user_id) }} onDone={changed} />
            )}
          </li>
        ))}
      </ul>
      {staff && (
        <form noValidate class="row" onSubmit={async (event) => {
          event.preventDefault();
          if (await add.run(Number(new FormData(event.currentTarget as HTMLFormElement).get('user_id')))) changed();
        }}>
          <Field label="Player" path="user_id" error={add.error}>
            <select name="user_id">{players.map((p) => <option key={p.user.id} value={p.user.id}>{p.user.username}</option>)}</select>
          </Field>
          <button type="submit" aria-busy={add.busy}>Add member</button>
        </form>
      )}
      <Problem error={add.error ?? remove.error} />
    </article>
  );
}
