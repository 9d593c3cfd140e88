import { AppError } from '../errors';
import { currencyOfTransaction, OUTBOX_KINDS, OUTBOX_LAYOUTS, type OutboxKind } from '../redis/shared-layouts';

export { OUTBOX_KINDS, type OutboxKind } from '../redis/shared-layouts';

/** One outbox stream entry (see the headers of lua/*.lua), as the sync moves it into MySQL. */
export interface OutboxEvent {
  /** `<pp>-<stream id>` for an entry's first move, `<pp>-<stream id>/<sub>` for the next: unique across partitions. */
  readonly eventId: string;
  readonly streamId: string;
  /** The move's place among its entry's moves (0 for the first): the ledger orders by stream id, then this. */
  readonly streamSub: number;
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
  /** A top-up's audit trail (TopupInput.auditTrail), when its caller gave one. */
  readonly auditTrail: string | null;
  readonly atMs: number;
}

type Fields = Omit<OutboxEvent, 'eventId' | 'streamId' | 'streamSub' | 'atMs'> & { readonly at: string };
/** The values an entry carries, by name (the wire's short names are decoded into these, here only). */
type ValueName = Exclude<keyof Fields, 'kind'>;
type Values = Partial<Record<ValueName, string>>;

/** The layout before the packed one: a stream field per value, under these short names. */
const NAMED: Readonly<Record<string, ValueName>> = {
  u: 'userId', g: 'gameId', c: 'currency', amt: 'amount', win: 'winAmount', a: 'availableBalance', r: 'reservedBalance',
  tx: 'transactionId', rd: 'roundId', rid: 'requestId', rq: 'requestRoundId', id: 'topupId', cm: 'comment', rs: 'comment', ts: 'at',
};
const KINDS = new Set<string>(OUTBOX_KINDS);

/** The fields of an entry from its named values: absent ones empty, null, or their defaults. */
function fieldsOf(kind: OutboxKind, v: Values): Fields {
  return {
    kind,
    userId: v.userId ?? '',
    gameId: v.gameId ?? '',
    currency: v.currency ?? currencyOfTransaction(v.transactionId ?? ''),
    amount: v.amount ?? '',
    winAmount: v.winAmount ?? '0',
    availableBalance: v.availableBalance ?? '',
    reservedBalance: v.reservedBalance ?? '',
    transactionId: v.transactionId ?? null,
    roundId: v.roundId ?? null,
    requestId: v.requestId ?? null,
    requestRoundId: v.requestRoundId ?? null,
    topupId: v.topupId ?? null,
    comment: v.comment ?? null,
    auditTrail: v.auditTrail ?? null,
    at: v.at ?? '',
  };
}

function packedFields([code, ...rest]: string[]): Fields | null {
  const layout = code === undefined ? undefined : OUTBOX_LAYOUTS[code];
  if (!layout) return null;
  const values: Values = {};
  layout.values.forEach((name, i) => (values[name] = rest[i]));
  if (layout.commentFollows) values.comment = rest.slice(layout.values.length).join('\n');
  return fieldsOf(layout.kind, values);
}

function namedFields(flat: string[]): Fields | null {
  const stored: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) stored[flat[i]!] = flat[i + 1]!;
  if (stored.k === undefined || !KINDS.has(stored.k)) return null;
  const values: Values = {};
  for (const [short, name] of Object.entries(NAMED)) if (stored[short] !== undefined) values[name] ??= stored[short]; // cm before rs
  return fieldsOf(stored.k as OutboxKind, values);
}

/**
 * The moves of a raw stream entry ([id, [field, value, ...]]), in order: one per `e` field (a call
 * writes one entry per outbox it touched, its items' moves as repeated `e` fields), or the one move
 * of an entry in the named layout. A malformed entry is a bug.
 */
export function outboxEventsOf(partition: number, [streamId, flat]: [string, string[]]): OutboxEvent[] {
  const packed = flat.length >= 2 && flat.every((value, i) => i % 2 === 1 || value === 'e');
  const all = packed ? flat.filter((_, i) => i % 2 === 1).map((entry) => packedFields(entry.split('\n'))) : [namedFields(flat)];
  const firstId = `${partition.toString(16).padStart(2, '0')}-${streamId}`;
  return all.map((fields, sub) => {
    if (!fields || !fields.userId || !fields.gameId || !fields.currency || !fields.amount || !fields.availableBalance || !fields.reservedBalance || !fields.at) {
      throw new AppError('INTERNAL', `malformed outbox entry ${streamId} in partition ${partition}`);
    }
    const { at, ...event } = fields;
    return { eventId: sub === 0 ? firstId : `${firstId}/${sub}`, streamId, streamSub: sub, ...event, atMs: Number(at) };
  });
}
