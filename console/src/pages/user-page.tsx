import { useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { request, type ApiError } from '../api/client';
import { graphql } from '../api/generated';
import type { UserPatch } from '../api/generated/graphql';
import { notFound, useAction, useQuery, useSession } from '../api/hooks';
import { TableScroll } from '../components/table-scroll';
import { Field, Problem } from '../components/problem';
import { ConfirmButton } from '../components/confirm-button';
import { GamePicker, readPicked, type Picked } from '../components/search-picker';
import { Notice, useNotice } from '../components/notice';
import { FreezeBanner, FreezeControl } from '../components/freeze-banner';
import { formatMoney } from '../format/money';
import { mayCall } from '../api/session';
import { DataRights } from './user-data-rights';

const UserPageUser = graphql(`query UserPageUser ($id: SafeInt!) { user(id: $id) { ...UserFields erased_at export_url game_scope_games { id name slug } } userFreeze(user_id: $id) { frozen reason frozen_at } userGames(user_id: $id) { user_game_id game { id name } } }`);
const UserPageFreeze = graphql(`mutation UserPageFreeze ($id: SafeInt!, $reason: String) { freezeUser(user_id: $id, input: { reason: $reason }) { frozen } }`);
const UserPageUnfreeze = graphql(`mutation UserPageUnfreeze ($id: SafeInt!) { unfreezeUser(user_id: $id) }`);
const UserPageUpdateUser = graphql(`mutation UserPageUpdateUser ($id: SafeInt!, $input: UserPatch!) { updateUser(id: $id, input: $input) { id } }`);
const UserPageConnectGame = graphql(`mutation UserPageConnectGame ($id: SafeInt!, $input: ConnectGameInput!) { connectGame(user_id: $id, input: $input) { id } }`);
const UserPageBalances = graphql(`query UserPageBalances ($id: SafeInt!) { balances(user_game_id: $id) { currency available_balance reserved_balance } }`);
const UserPageSetGameScope = graphql(`mutation UserPageSetGameScope ($id: SafeInt!, $input: GameScopeInput!) { setUserGameScope(id: $id, input: $input) { id game_scope } }`);
const UserPageDisconnectGame = graphql(`mutation UserPageDisconnectGame ($id: SafeInt!, $game: SafeInt!) { disconnectGame(user_id: $id, game_id: $game) }`);

/** What a role change gives or takes, said in its confirmation. */
const ROLE_CONSEQUENCE: Record<string, string> = {
  user: 'They keep their own games and wallets only; the staff pages of the console close to them.',
  moderator: 'Moderators manage games, their modules and invites of role user.',
  admin: 'Admins can do everything here, other users\' roles, top-ups and the audit log included.',
};

/** A user: role and active flag (admins, within SPEC's rules), games connected (staff), wallets. */
export function UserPage() {
  const id = Number(useParams<{ id: string }>().id);
  const me = useSession()?.user;
  const data = useQuery(UserPageUser, { id });
  /** A role picked but not yet confirmed (a change of role asks first). */
  const [pendingRole, setPendingRole] = useState<string | null>(null);
  const update = useAction((input: UserPatch) => request(UserPageUpdateUser, { id, input }));
  const connect = useAction((gameId: number) => request(UserPageConnectGame, { id, input: { game_id: gameId } }));
  const connectNotice = useNotice();
  const [connectProblem, setConnectProblem] = useState<string | undefined>(undefined);
  /** Bumped to empty the game picker once its game is connected. */
  const [connectRound, setConnectRound] = useState(0);
  const disconnect = useAction((gameId: number) => request(UserPageDisconnectGame, { id, game: gameId }));
  const freeze = useAction((reason: string) => request(UserPageFreeze, { id, reason }));
  const unfreeze = useAction(() => request(UserPageUnfreeze, { id }));
  if (data.error && !data.data) return <Problem error={data.error} />;
  if (!data.data) return <p aria-busy="true">Loading…</p>;
  const { user } = data.data;
  if (!user) return <Problem error={notFound(`User ${id}`)} />;
  const userGames = data.data.userGames ?? [];
  const admin = mayCall(me?.role, 'PATCH /api/users/{id}');
  const change = async (input: UserPatch) => {
    if (await update.run(input)) data.reload();
  };
  return (
    <>
      <p class="muted"><Link href="/users">Users</Link> / {user.username}</p>
      <h1>{user.username}</h1>
      <p>{user.email} · joined {new Date(user.created_at).toLocaleDateString()}</p>
      {data.data.userFreeze && <FreezeBanner who={user.username} freeze={data.data.userFreeze} />}
      {admin && data.data.userFreeze && (
        <section aria-label="Freeze">
          <FreezeControl what={user.username} freeze={data.data.userFreeze} freezeAction={freeze} unfreezeAction={unfreeze} onDone={data.reload} />
        </section>
      )}
      <section>
        <h2>Role</h2>
        <div class="row">
          <Field label="Role" path="role" error={update.error}>
            <select name="role" value={pendingRole ?? user.role} disabled={!admin || update.busy} onChange={(e) => setPendingRole(e.currentTarget.value === user.role ? null : e.currentTarget.value)}>
              <option value="user">user</option>
              <option value="moderator">moderator</option>
              <option value="admin">admin</option>
            </select>
          </Field>
          {pendingRole && (
            <ConfirmButton label={`Change role to ${pendingRole}`} accessibleName={`Change ${user.username}'s role to ${pendingRole}`}
              question={`Change ${user.username}'s role from ${user.role} to ${pendingRole}?`} consequence={ROLE_CONSEQUENCE[pendingRole] ?? ''} outline={false}
              action={{ ...update, run: () => update.run({ role: pendingRole }) }} onDone={() => { setPendingRole(null); data.reload(); }} />
          )}
          <label>
            <input type="checkbox" role="switch" name="is_active" checked={user.is_active} disabled={!admin || update.busy} onChange={(e) => change({ is_active: e.currentTarget.checked })} /> Active
          </label>
        </div>
        {!admin && <p class="muted">Only admins change roles.</p>}
        <Problem error={update.error} />
      </section>
      {user.role === 'moderator' && (admin || user.game_scope) && (
        <GameScopeControl userId={user.id} username={user.username} scope={user.game_scope ?? null} scopeGames={user.game_scope_games ?? []} editable={admin} onDone={data.reload} />
      )}
      <section>
        <h2>Games and wallets</h2>
        <TableScroll label="Games and wallets"><table>
          <thead><tr><th>Game</th><th>Wallet</th><th>Holds</th><th /></tr></thead>
          <tbody>
            {userGames.map((ug) => (
              <WalletRow key={ug.user_game_id} username={user.username} userGameId={ug.user_game_id} game={ug.game}
                disconnect={{ ...disconnect, run: () => disconnect.run(ug.game.id) }} onDisconnected={() => data.reload()} />
            ))}
          </tbody>
        </table></TableScroll>
        <Problem error={disconnect.error} />
        <form noValidate class="row" aria-label="Connect to a game" onSubmit={async (event) => {
          event.preventDefault();
          connectNotice.clear();
          const picked = readPicked(event.currentTarget as HTMLFormElement, 'game_id');
          setConnectProblem(picked === 'none' ? 'Type part of a game\'s name or slug and pick it from the list.' : undefined);
          if (typeof picked === 'string') return;
          if (!(await connect.run(picked.id))) return;
          connectNotice.show(`Connected to ${picked.label}.`);
          setConnectRound(connectRound + 1);
          data.reload();
        }}>
          <GamePicker key={connectRound} label="Connect to a game" name="game_id" problem={connectProblem}
            onEdit={() => { setConnectProblem(undefined); connect.clear(); }} />
          <button type="submit" aria-busy={connect.busy}>Connect</button>
        </form>
        <Problem error={connect.error} />
        <Notice notice={connectNotice} />
      </section>
      <DataRights user={user} connections={userGames} mayErase={mayCall(me?.role, 'POST /api/users/{id}/erase')} onErased={data.reload} />
    </>
  );
}

/** A connection's row: its game, its wallet with what it holds now, and its disconnection, which names that money. */
function WalletRow({ username, userGameId, game, disconnect, onDisconnected }: {
  username: string;
  userGameId: number;
  game: { id: number; name: string };
  disconnect: { run: () => Promise<unknown>; busy: boolean; error: ApiError | null; clear?: () => void };
  onDisconnected: () => void;
}) {
  const balances = useQuery(UserPageBalances, { id: userGameId }).data?.balances ?? [];
  const held = balances.filter((b) => b.available_balance !== '0' || b.reserved_balance !== '0');
  const holding = held.map((b) => formatMoney(String(BigInt(b.available_balance) + BigInt(b.reserved_balance)), b.currency)).join(' and ');
  const money = holding
    ? `The wallet holds ${holding}: after this it can no longer be opened or topped up from the console (the ledger keeps every move).`
    : 'The wallet holds no money.';
  return (
    <tr>
      <td><Link href={`/games/${game.id}`}>{game.name}</Link></td>
      <td><Link href={`/wallets/${userGameId}`} aria-label={`${username}'s wallet in ${game.name}`}>Wallet</Link></td>
      <td>{holding || <span class="muted">nothing</span>}</td>
      <td>
        <ConfirmButton label="Disconnect" accessibleName={`Disconnect ${username} from ${game.name}`} question={`Disconnect ${username} from ${game.name}?`}
          consequence={`${money} Their scores in ${game.name}'s leaderboards go with the connection.`}
          action={disconnect} onDone={onDisconnected} />
      </td>
    </tr>
  );
}

/**
 * A moderator's games (SPEC §2.12): every game, or only those picked, where they act as staff. Admins
 * pick games and save; the moderator's next request follows it.
 */
function GameScopeControl({ userId, username, scope, scopeGames, editable, onDone }: {
  userId: number;
  username: string;
  scope: readonly number[] | null;
  /** The scope's games with their names. */
  scopeGames: ReadonlyArray<{ id: number; name: string; slug: string }>;
  editable: boolean;
  onDone: () => void;
}) {
  const initial = (scope ?? []).map((id) => {
    const game = scopeGames.find((g) => g.id === id);
    return { id, label: game ? `${game.name} (${game.slug})` : `game ${id}` };
  });
  const [picked, setPicked] = useState<Picked[]>(initial);
  const [saved, setSaved] = useState(false);
  const [pickerProblem, setPickerProblem] = useState<string | undefined>(undefined);
  const [pickerRound, setPickerRound] = useState(0);
  const save = useAction((gameIds: number[]) => request(UserPageSetGameScope, { id: userId, input: { game_ids: gameIds } }));
  const ids = picked.map((game) => game.id).sort((a, b) => a - b);
  const changed = ids.join() !== [...(scope ?? [])].sort((a, b) => a - b).join();
  return (
    <section aria-labelledby="game-scope">
      <h2 id="game-scope">Games {username} acts on</h2>
      <p data-testid="game-scope">
        {picked.length === 0 ? 'Every game.' : 'Only: '}
        {picked.map((game) => (editable
          ? <button key={game.id} type="button" class="secondary outline" aria-label={`Remove ${game.label}`} onClick={() => { setSaved(false); setPicked(picked.filter((other) => other.id !== game.id)); }}>{game.label} ×</button>
          : <span key={game.id} class="chip">{game.label} </span>))}
      </p>
      {editable && (
        <form noValidate class="row" aria-label={`Games ${username} acts on`} onSubmit={async (event) => {
          event.preventDefault();
          if (readPicked(event.currentTarget as HTMLFormElement, 'scope_game') !== 'none') {
            setPickerProblem('Press "Add game" to add this game, or clear the field.');
            return;
          }
          if (await save.run(ids)) {
            setSaved(true);
            onDone();
          }
        }}>
          <GamePicker key={pickerRound} label="Add a game" name="scope_game" problem={pickerProblem} onEdit={() => setPickerProblem(undefined)} />
          <button type="button" class="outline" onClick={(event) => {
            const game = readPicked((event.currentTarget as HTMLButtonElement).form!, 'scope_game');
            if (typeof game === 'string') {
              setPickerProblem('Pick a game from the list first.');
              return;
            }
            if (!picked.some((other) => other.id === game.id)) setPicked([...picked, game]);
            setSaved(false);
            setPickerProblem(undefined);
            setPickerRound(pickerRound + 1);
          }}>Add game</button>
          <button type="submit" disabled={!changed || save.busy}>Save games</button>
        </form>
      )}
      {saved && !changed && <p class="status-ok" role="status">Saved: {picked.length === 0 ? `${username} acts on every game.` : `${username} acts on ${picked.length === 1 ? 'one game' : `${picked.length} games`} only.`}</p>}
      <p class="muted">Staff operations on other games are refused to them, and they cannot make games; what any player may do stays open.</p>
      <Problem error={save.error} />
    </section>
  );
}
