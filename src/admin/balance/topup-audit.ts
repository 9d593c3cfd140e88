import type { Knex } from 'knex';
import type { OutboxEvent } from '../../sync/outbox-event';
import { createdFields } from '../audit/audit-changes';
import { auditRow, recordEntriesOnce, type AuditRecord } from '../audit/audit-writes';
import type { Logger } from '../../logging/logger';
import type { Actor } from '../core/actor';

/** What a top-up's entry names: the user-game (or `<user_id>:<game_id>` for a wallet the API does not know) and its game. */
export interface TopupTarget {
  readonly targetId: number | string;
  readonly gameId: number | null;
}

interface TopupFacts {
  readonly amount: number | string;
  readonly currency: string;
  readonly comment: string;
  readonly topupId: string;
}

export interface CloseFacts {
  readonly amount: number | string;
  readonly currency: string;
  readonly reason: string;
  readonly closeId: string;
}

/** What each audited wallet move's entry is called, and the name of its text. */
const AUDITED_MOVES = {
  topup: { action: 'user_game.topup', text: 'comment' },
  close: { action: 'user_game.close', text: 'reason' },
} as const;

/**
 * The audit entry of a top-up (the API's and the operator command's) or of a close (SPEC §2.14): at
 * most one per move id (`topup:<id>`, `close:<id>`).
 */
function walletMoveAuditRecord(kind: keyof typeof AUDITED_MOVES, target: TopupTarget, move: { amount: number | string; currency: string; text: string; id: string }): AuditRecord {
  const { action, text } = AUDITED_MOVES[kind];
  const changes = createdFields({ amount: Number(move.amount), currency: move.currency, [text]: move.text, [`${kind}_id`]: move.id });
  return { action, targetId: target.targetId, gameId: target.gameId, changes, dedupeKey: `${kind}:${move.id}` };
}

const topupAuditRecord = (target: TopupTarget, topup: TopupFacts) =>
  walletMoveAuditRecord('topup', target, { amount: topup.amount, currency: topup.currency, text: topup.comment, id: topup.topupId });
const closeAuditRecord = (target: TopupTarget, close: CloseFacts) =>
  walletMoveAuditRecord('close', target, { amount: close.amount, currency: close.currency, text: close.reason, id: close.closeId });

interface Trail {
  readonly actor: Actor;
  readonly target: TopupTarget;
}

/**
 * The audit trail a top-up hands to the engine (TopupInput.auditTrail): who asks, and what the entry
 * will name. The engine keeps it in the move's outbox entry, so the sync can write the entry with the
 * ledger row when the writer that credited could not (SPEC §2.11: the entry exists once the engine has
 * credited). JSON on one line (JSON escapes newlines).
 */
export function topupAuditTrail(actor: Actor, target: TopupTarget): string {
  const trail: Trail = { actor, target };
  return JSON.stringify(trail);
}

/**
 * A top-up's audit entry right after the credit (SPEC §2.11). The credit is done and is never reported
 * as a failure: when MySQL refuses the entry now, the sync writes it with the top-up's ledger row from
 * the trail the engine keeps (topup-audit.ts), and a replay of the same Idempotency-Key writes it too.
 * Either way there is one entry per top-up (its dedupe key).
 */
export async function recordTopupAudit(
  record: (entry: AuditRecord) => Promise<void>,
  target: TopupTarget,
  topup: TopupFacts,
  logger?: Logger,
): Promise<void> {
  await record(topupAuditRecord(target, topup)).catch((error: unknown) =>
    logger?.warn({ err: error, topupId: topup.topupId }, 'the top-up is credited; its audit entry follows with the ledger row'));
}

/** A close's audit entry right after the engine took the money out: as for a top-up (recordTopupAudit). */
export async function recordCloseAudit(
  record: (entry: AuditRecord) => Promise<void>,
  target: TopupTarget,
  close: CloseFacts,
  logger?: Logger,
): Promise<void> {
  await record(closeAuditRecord(target, close)).catch((error: unknown) =>
    logger?.warn({ err: error, closeId: close.closeId }, 'the wallet is closed; its audit entry follows with the ledger row'));
}


/**
 * For the sync: the audit entries of the audited top-ups and closes among a batch's events, written in
 * the batch's ledger transaction unless the move's writer wrote them already (same dedupe key).
 */
export async function auditWalletMovesFromLedger(trx: Knex, events: readonly OutboxEvent[]): Promise<void> {
  const rows = events.flatMap((event) => {
    if ((event.kind !== 'topup' && event.kind !== 'close') || event.auditTrail === null || event.topupId === null) return [];
    const { actor, target } = JSON.parse(event.auditTrail) as Trail;
    const record = walletMoveAuditRecord(event.kind, target, { amount: event.amount, currency: event.currency, text: event.comment ?? '', id: event.topupId });
    return [{ ...auditRow(record, actor), dedupe_key: record.dedupeKey!, created_at: new Date(event.atMs) }];
  });
  await recordEntriesOnce(trx, rows);
}
