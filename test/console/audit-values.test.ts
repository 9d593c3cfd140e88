import test from 'ava';

// The console's reading of audit values (console/src/format/audit-values.ts): money in major units of
// the entry's currency, instants in the reader's zone, the rest as stored.
type AuditValues = typeof import('../../console/src/format/audit-values.js', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { auditField, auditValue } = require('../../console/src/format/audit-values') as AuditValues;

test('money fields in major units of the entry\'s currency; instants in the zone; the rest as stored', (t) => {
  const limits = { currency: ['EUR', 'EUR'], loss_limit: [20000, 50000], loss_period: ['week', 'day'] } as Record<string, [unknown, unknown]>;
  t.is(auditValue('loss_limit', 20000, limits), '€200.00');
  t.is(auditValue('loss_limit', 50000, limits), '€500.00');
  t.is(auditValue('loss_period', 'week', limits), 'week');
  t.is(auditValue('loss_limit', null, limits), '—');
  const topup = { amount: [null, 123450], currency: [null, 'JPY'] } as Record<string, [unknown, unknown]>;
  t.is(auditValue('amount', 123450, topup), '¥123,450', 'the currency\'s own exponent');
  t.is(auditValue('amount', 5, {}), '5', 'no currency: as stored');
  t.is(auditValue('waits_until', '2026-12-03T10:00:00.000Z', limits, 'Asia/Kolkata'), new Date('2026-12-03T10:00:00.000Z').toLocaleString(undefined, { timeZone: 'Asia/Kolkata' }));
  t.is(auditValue('name', 'Summer', {}), 'Summer');
  t.is(auditValue('ids', [1, 2], {}), '[1,2]');
  t.is(auditField('waits_until'), 'waits until');
});
