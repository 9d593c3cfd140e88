import { AppError } from '../errors';
import type { Amount, CancelInput, CloseInput, ConfirmInput, ReserveInput, TopupInput } from './wallet-types';

/** SPEC: the largest accepted amount or balance, exact in Lua, JavaScript and MySQL BIGINT. */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;
const MAX_ID_BYTES = 128;
const MAX_REASON_CHARS = 256;
const MAX_COMMENT_CHARS = 255;
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const CURRENCY = /^[A-Z]{3}$/;
const INTEGER = /^-?\d+$/;

function invalid(field: string, rule: string): AppError {
  return new AppError('INVALID_ARGUMENT', `${field} ${rule}`, { errors: [{ path: field, message: rule }] });
}

/** An opaque id: required (unless optional), at most 128 bytes, no control characters. */
export function checkId(field: string, value: string, { optional = false } = {}): string {
  if (value === '') {
    if (optional) return value;
    throw invalid(field, 'is required');
  }
  if (Buffer.byteLength(value) > MAX_ID_BYTES) throw invalid(field, `must be at most ${MAX_ID_BYTES} bytes`);
  if (CONTROL_CHARACTERS.test(value)) throw invalid(field, 'must not contain control characters');
  return value;
}

/** An int64 that arrived as a decimal string: returned in canonical form, within [min, 2^53-1]. */
export function checkAmount(field: string, value: string | number, min: 0 | 1): Amount {
  const text = String(value);
  if (!INTEGER.test(text)) throw invalid(field, 'must be a whole number of minor units');
  const parsed = Number(text);
  if (parsed < min || parsed > MAX_AMOUNT) {
    throw invalid(field, `must be ${min === 1 ? 'greater than 0' : 'at least 0'} and at most ${MAX_AMOUNT}`);
  }
  return String(parsed);
}

export function checkCurrency(field: string, value: string): string {
  if (value === '') throw invalid(field, 'is required');
  if (!CURRENCY.test(value)) throw invalid(field, 'must be 3 upper-case letters (ISO 4217), as in EUR');
  return value;
}

function checkText(field: string, value: string, maxChars: number): string {
  if ([...value].length > maxChars) throw invalid(field, `must be at most ${maxChars} characters`);
  return value;
}

export function checkReserve(input: ReserveInput): ReserveInput {
  return {
    requestId: checkId('request_id', input.requestId),
    userId: checkId('user_id', input.userId),
    gameId: checkId('game_id', input.gameId),
    roundId: checkId('round_id', input.roundId),
    amount: checkAmount('amount', input.amount, 1),
    currency: checkCurrency('currency', input.currency),
  };
}

export function checkConfirm(input: ConfirmInput): ConfirmInput {
  return {
    requestId: checkId('request_id', input.requestId),
    transactionId: checkId('transaction_id', input.transactionId),
    roundId: checkId('round_id', input.roundId, { optional: true }),
    winAmount: checkAmount('win_amount', input.winAmount, 0),
  };
}

export function checkCancel(input: CancelInput): CancelInput {
  return {
    requestId: checkId('request_id', input.requestId),
    transactionId: checkId('transaction_id', input.transactionId),
    reason: checkText('reason', input.reason, MAX_REASON_CHARS),
  };
}

export function checkTopup(input: TopupInput): TopupInput {
  return {
    userId: checkId('user_id', input.userId),
    gameId: checkId('game_id', input.gameId),
    currency: checkCurrency('currency', input.currency),
    amount: checkAmount('amount', input.amount, 1),
    comment: checkText('comment', input.comment, MAX_COMMENT_CHARS),
    idempotencyKey:
      input.idempotencyKey === undefined ? undefined : checkId('Idempotency-Key', input.idempotencyKey),
    auditTrail: input.auditTrail === undefined ? undefined : checkOneLine('audit trail', input.auditTrail),
  };
}

export function checkClose(input: CloseInput): CloseInput {
  return {
    userId: checkId('user_id', input.userId),
    gameId: checkId('game_id', input.gameId),
    currency: checkCurrency('currency', input.currency),
    reason: checkText('reason', input.reason, MAX_COMMENT_CHARS),
    idempotencyKey: input.idempotencyKey === undefined ? undefined : checkId('Idempotency-Key', input.idempotencyKey),
    auditTrail: checkOneLine('audit trail', input.auditTrail),
  };
}

/** Text the outbox keeps among an entry's values, one per line: no line break may split it. */
function checkOneLine(field: string, value: string): string {
  if (CONTROL_CHARACTERS.test(value)) throw invalid(field, 'must be one line of text without control characters');
  return value;
}
