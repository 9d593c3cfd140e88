import { AppError } from '../errors';

export type OutboxKind = 'topup' | 'reserve' | 'confirm' | 'cancel' | 'expire';

/** One outbox stream entry (see the headers of lua/*.lua), as the sync moves it into MySQL. */
export interface OutboxEvent {
  /** `<pp>-<stream id>`: unique across partitions. */
  readonly eventId: string;
  readonly streamId: string;
  readonly kind: OutboxKind;
  readonly userId: string;
  readonly gameId: string;
  readonly currency: string;
  readonly amount: string;
  readonly winAmount: string;
  readonly availableBalance: string;
  readonly reservedBalance: string;
  readonly transactionId: string | null;
  readonly roundId: string | null;
  readonly requestId: string | null;
  /** The round_id a Confirm gave (it may be empty): half of its idempotency fingerprint. */
  readonly requestRoundId: string | null;
  readonly topupId: string | null;
  /** Top-up comment or cancel reason. */
  readonly comment: string | null;
  readonly atMs: number;
}

const KINDS = new Set<OutboxKind>(['topup', 'reserve', 'confirm', 'cancel', 'expire']);

type Fields = Omit<OutboxEvent, 'eventId' | 'streamId' | 'atMs'> & { readonly at: string };

/** The currency inside a transaction_id (`<pp>.<ref 22>.<CUR>...`). */
const currencyOf = (transactionId: string) => transactionId.slice(26, 29);

/** The packed entry (field `e`, see lua/lib/prelude.lua): the values in a fixed order per kind. */
function packedFields(values: string[]): Fields | null {
  const [k] = values;
  const move = (kind: OutboxKind, v: Record<string, string | undefined>): Fields => ({
    kind,
    transactionId: v.tx ?? null,
    userId: v.u ?? '',
    gameId: v.g ?? '',
    currency: v.c ?? currencyOf(v.tx ?? ''),
    roundId: v.rd ?? null,
    amount: v.amt ?? '',
    winAmount: v.win ?? '0',
    availableBalance: v.a ?? '',
    reservedBalance: v.r ?? '',
    requestId: v.rid ?? null,
    requestRoundId: v.rq ?? null,
    topupId: v.id ?? null,
    comment: v.cm ?? null,
    at: v.ts ?? '',
  });
  const rest = (from: number) => values.slice(from).join('\n');
  switch (k) {
    case 'r': {
      const [, tx, u, g, rd, amt, a, r, rid, ts] = values;
      return move('reserve', { tx, u, g, rd, amt, a, r, rid, ts });
    }
    case 'c': {
      const [, tx, u, g, rd, amt, win, a, r, rid, rq, ts] = values;
      return move('confirm', { tx, u, g, rd, amt, win, a, r, rid, rq, ts });
    }
    case 'x':
    case 'e': {
      const [, tx, u, g, rd, amt, a, r, rid, ts] = values;
      return move(k === 'x' ? 'cancel' : 'expire', { tx, u, g, rd, amt, a, r, rid, ts, cm: rest(10) });
    }
    case 't': {
      const [, id, u, g, c, amt, a, r, ts] = values;
      return move('topup', { id, u, g, c, amt, a, r, ts, cm: rest(9) });
    }
    default:
      return null;
  }
}

/** The entry of the layout before the packed one: a field per value, named as in `f`. */
function namedFields(flat: string[]): Fields | null {
  const f: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) f[flat[i]!] = flat[i + 1]!;
  const kind = f.k as OutboxKind;
  if (!KINDS.has(kind)) return null;
  return {
    kind,
    userId: f.u ?? '',
    gameId: f.g ?? '',
    currency: f.c ?? '',
    amount: f.amt ?? '',
    winAmount: f.win ?? '0',
    availableBalance: f.a ?? '',
    reservedBalance: f.r ?? '',
    transactionId: f.tx ?? null,
    roundId: f.rd ?? null,
    requestId: f.rid ?? null,
    requestRoundId: f.rq ?? null,
    topupId: f.id ?? null,
    comment: f.cm ?? f.rs ?? null,
    at: f.ts ?? '',
  };
}

/** Turns a raw stream entry ([id, [field, value, ...]]) into an event; a malformed one is a bug. */
export function parseOutboxEntry(partition: number, [streamId, flat]: [string, string[]]): OutboxEvent {
  const fields = flat.length === 2 && flat[0] === 'e' ? packedFields(flat[1]!.split('\n')) : namedFields(flat);
  if (!fields || !fields.userId || !fields.gameId || !fields.currency || !fields.amount || !fields.availableBalance || !fields.reservedBalance || !fields.at) {
    throw new AppError('INTERNAL', `malformed outbox entry ${streamId} in partition ${partition}`);
  }
  const { at, ...event } = fields;
  return { eventId: `${partition.toString(16).padStart(2, '0')}-${streamId}`, streamId, ...event, atMs: Number(at) };
}
