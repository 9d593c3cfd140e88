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

/** Turns a raw stream entry ([id, [field, value, ...]]) into an event; a malformed one is a bug. */
export function parseOutboxEntry(partition: number, [streamId, flat]: [string, string[]]): OutboxEvent {
  const f: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) f[flat[i]!] = flat[i + 1]!;
  const kind = f.k as OutboxKind;
  if (!KINDS.has(kind) || !f.u || !f.g || !f.c || !f.amt || !f.a || !f.r || !f.ts) {
    throw new AppError('INTERNAL', `malformed outbox entry ${streamId} in partition ${partition}`);
  }
  return {
    eventId: `${partition.toString(16).padStart(2, '0')}-${streamId}`,
    streamId,
    kind,
    userId: f.u,
    gameId: f.g,
    currency: f.c,
    amount: f.amt,
    winAmount: f.win ?? '0',
    availableBalance: f.a,
    reservedBalance: f.r,
    transactionId: f.tx ?? null,
    roundId: f.rd ?? null,
    requestId: f.rid ?? null,
    requestRoundId: f.rq ?? null,
    topupId: f.id ?? null,
    comment: f.cm ?? f.rs ?? null,
    atMs: Number(f.ts),
  };
}
