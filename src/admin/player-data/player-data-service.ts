import { randomBytes } from 'node:crypto';
import * as yup from 'yup';
import { AppError } from '../../errors';
import type { LedgerEntryRow } from '../../records/ledger-tables';
import type { WalletService } from '../../wallet/wallet-service';
import { bodySchema } from '../core/body-schema';
import type { Actor } from '../core/actor';
import type { SessionUser } from '../core/session-user';
import { text, validateBody } from '../core/validation';
import { assertSelfOrStaff } from '../core/roles';
import type { Store } from '../unit-of-work';
import { toPublicUser, type UserRow } from '../users/user-accounts';
import type { Erasure } from './player-data-replies';
import { jsonObject, jsonObjects, mapRows, pagedRows } from './export-document';
import type { AuditEntryRow, ConnectionRow, ExportedInvite } from './player-data-repository';
import { REDACTED } from '../audit/audit-changes';
import { pseudonymEmailOf, pseudonymOf } from '../users/pseudonyms';

export const eraseSchema = bodySchema({ component: 'UserEraseInput' }, yup.object({
  confirm: text(1, 254).defined('is required').meta({ description: "the user's username, as a deliberate confirmation" }),
}));
export type EraseInput = Partial<yup.InferType<typeof eraseSchema>>;

export { pseudonymEmailOf, pseudonymOf };

/**
 * SPEC §2.14's export: a JSON file, written as it is read. `release` ends its claim on the user's
 * export (once its chunks are all written, or when whoever reads them stops before: idempotent).
 */
export class DataExport {
  constructor(readonly filename: string, readonly chunks: () => AsyncIterable<string>, readonly release: () => void) {}
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const money = (value: number | string | null) => (value === null ? null : Number(value));
/** Rows per query of the export's long lists (a wallet's ledger, the audit entries). */
const EXPORT_PAGE = 1000;
/**
 * The most bytes of audit changes one page of the export holds (SPEC §2.14: pages bounded by bytes, not
 * only by rows; at least one entry a page, and an entry written since values over 4 KiB are kept by
 * their digest holds a few KiB).
 */
const EXPORT_PAGE_BYTES = 1 << 20;

/**
 * A game the user is connected to or moved money in: its connection (null once disconnected: the
 * wallet and its ledger stay) and the API's game (null for an engine game id the API does not know).
 */
interface PlayerGame {
  readonly gameId: string;
  readonly connection: ConnectionRow | null;
  readonly game: { readonly id: number; readonly name: string; readonly slug: string } | null;
}

/** What finds a user's games: the pool's reads, or the erase's transaction. */
type GameReads = Pick<Store<'playerData'>['read']['playerData'], 'connectionsOf' | 'ledgerGamesOf' | 'auditedGamesOf' | 'gamesByIds'>;

/** A wallet's balances now, as a refusal names it. */
interface WalletMoney {
  readonly user_game_id: number | null;
  readonly game_id: string;
  readonly currency: string;
  readonly available_balance: number;
  readonly reserved_balance: number;
}

/**
 * SPEC §2.14, a player's data rights: everything held about a user as one JSON document (admin, or the
 * user themself), and the erase of what identifies them, which keeps the books whole (every ledger
 * move, transaction and audit entry stays, under a pseudonym). Money is the engine's to read: the
 * erase is refused while a wallet holds any (closing it is an explicit, audited move first).
 */
export function createPlayerDataService(deps: { store: Store<'playerData' | 'users'>; wallet: WalletService; defaultCurrency: string }) {
  const { store, wallet, defaultCurrency } = deps;
  const { read } = store;

  async function mustFindRow(userId: number) {
    const row = await read.users.findUserById(userId);
    if (!row) throw new AppError('NOT_FOUND', `user ${userId} not found`);
    return row;
  }

  /**
   * The games connected now, then those only the ledger or the audit log still names (disconnected
   * with their wallets; the audit log knows a wallet the sync has not written to the ledger yet).
   */
  async function gamesOf(userId: number, reads: GameReads = read.playerData): Promise<PlayerGame[]> {
    const [connections, ledgerGames, auditedGames] = await Promise.all([reads.connectionsOf(userId), reads.ledgerGamesOf(userId), reads.auditedGamesOf(userId)]);
    const connected = new Set(connections.map((ug) => String(ug.game_id)));
    const others = [...new Set([...ledgerGames, ...auditedGames])].filter((id) => !connected.has(id)).sort();
    const named = new Map((await reads.gamesByIds(others)).map((game) => [String(game.id), game]));
    return [
      ...connections.map((ug) => ({ gameId: String(ug.game_id), connection: ug, game: { id: ug.game_id, name: ug.game_name, slug: ug.game_slug } })),
      ...others.map((gameId) => ({ gameId, connection: null, game: named.get(gameId) ?? null })),
    ];
  }

  /** Each wallet of these games with its balances, now (from the engine). */
  async function walletsOf(userId: number, games: readonly PlayerGame[]): Promise<WalletMoney[]> {
    const perGame = await Promise.all(games.map(async (g) => (await wallet.balances(String(userId), g.gameId, defaultCurrency)).map((balance) => ({
      user_game_id: g.connection?.id ?? null, game_id: g.gameId, currency: balance.currency,
      available_balance: Number(balance.availableBalance), reserved_balance: Number(balance.reservedBalance),
    }))));
    return perGame.flat();
  }

  const ledgerItem = (row: LedgerEntryRow) => ({
    id: row.id, kind: row.kind, currency: row.currency, amount: money(row.amount), win_amount: money(row.win_amount),
    available_balance: money(row.available_balance), reserved_balance: money(row.reserved_balance),
    transaction_id: row.transaction_id, round_id: row.round_id, comment: row.comment, created_at: iso(row.created_at),
  });

  /** An audit entry as exported: the client's address only where the user acted (another's is theirs). */
  const auditItem = (userId: number) => (row: AuditEntryRow) => ({
    id: Number(row.id), action: row.action, actor_user_id: row.actor_user_id, actor_role: row.actor_role, target_type: row.target_type,
    target_id: row.target_id, game_id: row.game_id, ip: row.actor_user_id === userId ? row.ip : null,
    changes: row.changes ? (JSON.parse(row.changes) as unknown) : null, created_at: iso(row.created_at),
  });

  /**
   * The users whose export this process is writing now: one at a time each (a long one is a thousand
   * queries a million moves; the same download asked for again and again would multiply them).
   */
  const exporting = new Map<number, symbol>();
  /** Claims the user's export; the release ends this claim only (a late release of an earlier one never ends a newer one). */
  function claimExport(userId: number): () => void {
    if (exporting.has(userId)) {
      throw new AppError('RATE_LIMITED', `an export of user ${userId} is being written: ask again once it has finished`, { retryAfterS: 5 });
    }
    const claim = Symbol(`export of user ${userId}`);
    exporting.set(userId, claim);
    return () => {
      if (exporting.get(userId) === claim) exporting.delete(userId);
    };
  }

  /** The document of a user's export: its small parts read now, the long lists when they are written. */
  async function exportDocument(actor: Actor, row: UserRow): Promise<() => AsyncIterable<string>> {
    const userId = row.id;
    const user = toPublicUser(row);
    const erased = row.erased_at !== null;
    const now = new Date();
    const [games, freeze, apiKeys, invites, inviteUsed, memberships] = await Promise.all([
      gamesOf(userId), read.playerData.userFreezeOf(userId), read.playerData.apiKeysCreatedBy(userId),
      read.playerData.invitesCreatedBy(userId, now), read.playerData.inviteUsedBy(userId, now), read.playerData.membershipsOf(userId),
    ]);
    const userGameIds = games.flatMap((g) => (g.connection ? [g.connection.id] : []));
    const [limits, scores, wallets, everUserGames, groupIds] = await Promise.all([
      read.playerData.limitsOf(userGameIds), read.playerData.scoresOf(userGameIds), walletsOf(userId, games), read.playerData.everUserGameIds(userId),
      read.playerData.everGroupIds(userId),
    ]);
    const auditedUserGames = [...new Set([...userGameIds, ...everUserGames])];
    const auditTargets = { userGameIds: auditedUserGames, scoreTargets: await read.playerData.scoreTargetsOf(auditedUserGames), groupIds };
    await store.recordAlone(actor, { action: 'user.export', targetId: userId, changes: {} });

    const profile = {
      id: user.id, email: erased ? null : user.email, username: erased ? null : user.username, role: user.role, is_active: user.is_active,
      created_at: user.created_at, erased_at: iso(row.erased_at), frozen: freeze?.frozen_reason ? { reason: freeze.frozen_reason, at: iso(freeze.frozen_at) } : null,
    };
    const gameParts = ({ gameId, connection: ug, game }: PlayerGame) => [
      ['user_game_id', { value: ug?.id ?? null }],
      ['game', { value: game ?? { id: gameId, name: null, slug: null } }],
      ['connected_at', { value: iso(ug?.created_at) }],
      ['frozen', { value: ug?.frozen_reason ? { reason: ug.frozen_reason, at: iso(ug.frozen_at) } : null }],
      ['wallets', {
        value: wallets.filter((w) => w.game_id === gameId).map((w) => {
          const limit = ug ? limits.find((l) => l.user_game_id === ug.id && l.currency === w.currency) : undefined;
          return {
            currency: w.currency, available_balance: w.available_balance, reserved_balance: w.reserved_balance,
            limits: limit ? {
              max_bet: money(limit.max_bet), loss_limit: money(limit.loss_limit), loss_period: limit.loss_period,
              pending: limit.pending_at ? { max_bet: money(limit.pending_max_bet), loss_limit: money(limit.pending_loss_limit), loss_period: limit.pending_loss_period, at: iso(limit.pending_at) } : null,
            } : null,
          };
        }),
      }],
      ['scores', {
        value: scores.filter((s) => s.user_game_id === ug?.id).map((s) => ({
          leaderboard_id: s.leaderboard_id, leaderboard_key: s.leaderboard_key, leaderboard_name: s.leaderboard_name,
          period_start: iso(s.period_start), score: s.score, updated_at: iso(s.updated_at),
        })),
      }],
      ['groups', {
        value: memberships.filter((m) => String(m.game_id) === gameId).map((m) => ({
          group_id: m.group_id, key: m.group_key, name: m.group_name, leaderboard_id: m.leaderboard_id, joined_at: iso(m.created_at),
        })),
      }],
      ['ledger', { rows: mapRows(pagedRows<LedgerEntryRow>((after) => read.playerData.ledgerMovesPage(userId, gameId, after, EXPORT_PAGE)), ledgerItem) }],
    ] as const;
    const audit = pagedRows<AuditEntryRow>((after) => read.playerData.auditEntriesPage(userId, auditTargets, after ? Number(after.id) : 0, EXPORT_PAGE, EXPORT_PAGE_BYTES));
    const chunks = () => jsonObject([
      ['format', { value: 'player-data-export/1' }],
      ['exported_at', { value: new Date().toISOString() }],
      ['user', { value: profile }],
      ['two_factor', { value: { enabled: user.two_factor_enabled } }],
      ['invite_used', { value: inviteUsed ? withoutLiveCode(inviteUsed) : null }],
      ['games', jsonObjects(games, gameParts)],
      ['api_keys', { value: apiKeys }],
      ['invites', { value: invites.map(withoutLiveCode) }],
      ['audit', { rows: mapRows(audit, auditItem(userId)) }],
      // Last: a file cut short by a failure halfway (the status was sent with the first byte) lacks it.
      ['complete', { value: true }],
    ]);
    return chunks;
  }

  return {
    /**
     * Everything held about the user, as one document written while it is read (the ledger and the audit
     * entries a page at a time). An admin's or the user's own; audited before the first byte goes; one
     * at a time per user in this process (429 while one is written).
     */
    async exportOf(caller: SessionUser, actor: Actor, userId: number): Promise<DataExport> {
      if (caller.id !== userId && caller.role !== 'admin') throw new AppError('FORBIDDEN', 'only an admin or the user themself may export their data');
      const row = await mustFindRow(userId);
      const release = claimExport(userId);
      try {
        const chunks = await exportDocument(actor, row);
        return new DataExport(`user-${userId}-data.json`, async function* written() {
          try {
            yield* chunks();
          } finally {
            release();
          }
        }, release);
      } catch (error) {
        release();
        throw error;
      }
    },

    /** When the user was erased (null: never): staff, or the user themself. */
    async erasedAt(caller: SessionUser, userId: number): Promise<string | null> {
      assertSelfOrStaff(caller, userId);
      return iso((await mustFindRow(userId)).erased_at);
    },

    /**
     * Erases what identifies the user (SPEC §2.14), in one unit of work under the user's row lock:
     * refused while a wallet (of a game connected now, or once, or only in the ledger) has money
     * reserved (`reservations`) or available (`balance`); then the pseudonym replaces email and username, the password, second factor, scores and
     * group memberships go, and the invites and API keys they created stop working. A repeat answers
     * the same and changes nothing.
     */
    async erase(actor: Actor, userId: number, body: EraseInput): Promise<Erasure> {
      const row = await mustFindRow(userId);
      const { confirm } = validateBody(eraseSchema, body);
      if (row.erased_at) return erasureOf(row);
      if (confirm !== row.username) {
        throw new AppError('INVALID_ARGUMENT', 'confirm must be the username of the user to erase', { errors: [{ path: 'confirm', message: "must be the user's username" }] });
      }
      if (actor.userId === userId) throw new AppError('CONFLICT', 'an admin cannot erase themself');
      await store.run(actor, async ({ repos, audit, changed }) => {
        const locked = await repos.users.lockUser(userId);
        if (!locked || locked.erased_at) return;
        const pseudonym = await freePseudonym(repos.users, userId);
        // Under the user's row lock, which every credit of theirs holds while it moves (unerased-gate.ts):
        // money that lands before this read refuses the erase; none lands after it. Read in this
        // transaction: requests waiting for the lock may hold every other connection of the pool. A
        // deadlock (a score save and a disconnection of the same user-game at once) runs it all again.
        refuseWhileMoneyIsHeld(await walletsOf(userId, await gamesOf(userId, repos.playerData)));
        if (locked.role === 'admin' && locked.is_active && (await repos.users.lockActiveAdminIds()).length === 1) {
          throw new AppError('CONFLICT', 'the last active admin cannot be erased');
        }
        await repos.playerData.pseudonymizeUser(userId, pseudonym);
        const rankedGames = await repos.playerData.removeScoresAndMemberships(userId);
        const apiKeys = await repos.playerData.revokeApiKeysCreatedBy(userId);
        const invites = await repos.playerData.endInvitesCreatedBy(userId);
        await repos.playerData.pseudonymizeAuditEntries(userId, pseudonym);
        audit({ action: 'user.erase', targetId: userId, changes: { erased: [false, true], api_keys_revoked: [null, apiKeys], invites_ended: [null, invites] } });
        for (const gameId of rankedGames) changed('game.ranking', gameId);
        changed('user', userId);
      }, { retryOnDeadlock: true });
      return erasureOf(await mustFindRow(userId));
    },
  };
}

interface PseudonymReads {
  isUsernameTaken(username: string): Promise<boolean>;
  findUserByEmail(email: string): Promise<{ id: number } | undefined>;
}

/**
 * The user's pseudonym, or, when an account made before its space was reserved holds it, the same with
 * a random tail: an erase never fails on a taken name (SPEC §2.14).
 */
async function freePseudonym(users: PseudonymReads, userId: number): Promise<{ username: string; email: string }> {
  const username = pseudonymOf(userId);
  const email = pseudonymEmailOf(userId);
  const other = await users.findUserByEmail(email);
  if (!(await users.isUsernameTaken(username)) && (other === undefined || other.id === userId)) return { username, email };
  const tail = randomBytes(4).toString('hex');
  return { username: `${username}-${tail}`, email: email.replace('@', `-${tail}@`) };
}

/**
 * An invite as the export shows it: its code only once it can no longer be used (expired or used up):
 * an export is a file that travels, and a live code in it would let anyone register with its role
 * (SPEC §2.14), also after its creator lost the right to hand such invites out.
 */
function withoutLiveCode({ usable, ...invite }: ExportedInvite): Omit<ExportedInvite, 'usable'> {
  return usable ? { ...invite, code: REDACTED } : invite;
}

const erasureOf = (row: UserRow): Erasure => ({ id: row.id, email: row.email, username: row.username, erased_at: row.erased_at!.toISOString() });

/** 409 naming `reservations` while a wallet has money reserved, then `balance` while one holds money (each wallet named). */
function refuseWhileMoneyIsHeld(wallets: readonly WalletMoney[]): void {
  const named = (list: readonly WalletMoney[], amount: (w: WalletMoney) => number) =>
    list.map((w) => `${w.user_game_id === null ? `game ${w.game_id} (no connection: \`npm run cli -- close\` closes it)` : `user-game ${w.user_game_id}`} ${w.currency} ${amount(w)}`).join(', ');
  const reserved = wallets.filter((w) => w.reserved_balance > 0);
  if (reserved.length > 0) {
    throw new AppError('CONFLICT', `open reservations hold money (${named(reserved, (w) => w.reserved_balance)}): wait until their rounds settle`, {
      errors: [{ path: 'reservations', message: 'must be none: rounds are open' }], wallets: reserved,
    });
  }
  const funded = wallets.filter((w) => w.available_balance > 0);
  if (funded.length > 0) {
    throw new AppError('CONFLICT', `wallets hold money (${named(funded, (w) => w.available_balance)}): close each first (POST /api/user-games/{ug_id}/close)`, {
      errors: [{ path: 'balance', message: 'must be 0 in every wallet: close them first' }], wallets: funded,
    });
  }
}

export type PlayerDataService = ReturnType<typeof createPlayerDataService>;
