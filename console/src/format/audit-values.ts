import { formatMoney } from './money.js';

/** An entry's `changes` (JSON in the SDL): each changed field as [before, after] (SPEC §2.11). */
export type Changes = Record<string, [unknown, unknown]>;

/** Fields that hold money in minor units, in the currency the entry's `currency` field names. */
const MONEY_FIELDS = new Set(['amount', 'max_bet', 'loss_limit', 'pending_max_bet', 'pending_loss_limit', 'balance']);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * One side of a change as an admin reads it: money in major units with its currency ("€200.00", not
 * 20000), instants in the reader's time zone (`zone` named once, in the column's header), none as
 * "—"; anything else as stored.
 */
export function auditValue(field: string, value: unknown, changes: Changes, zone?: string): string {
  if (value === null || value === undefined) return '—';
  const currency = changes.currency?.[1] ?? changes.currency?.[0];
  if (MONEY_FIELDS.has(field) && typeof currency === 'string' && (typeof value === 'number' || (typeof value === 'string' && /^-?\d+$/.test(value)))) {
    return formatMoney(String(value), currency);
  }
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return new Date(value).toLocaleString(undefined, zone ? { timeZone: zone } : {});
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A field's name as an admin reads it: "waits_until" → "waits until", "max_bet" → "max bet". */
export const auditField = (field: string): string => field.replace(/_/g, ' ');
