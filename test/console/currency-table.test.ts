import test from 'ava';

type Money = typeof import('../../console/src/format/money.js', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const money = require('../../console/src/format/money') as Money;

// Once the console has read the server's currencies (SPEC §1.11), their exponents rule amounts and the
// pickers offer the enabled codes only (this file's process holds the learned table alone).

test('the server\'s table gives the exponents and the enabled codes', (t) => {
  t.is(money.minorDigits('XGC'), 2, 'unknown to the browser: 2 before the table is read');
  money.learnCurrencies([
    { code: 'EUR', exponent: 2, enabled: true },
    { code: 'XGC', exponent: 4, enabled: true },
    { code: 'JPY', exponent: 0, enabled: false },
  ]);
  t.is(money.minorDigits('XGC'), 4);
  t.deepEqual(money.toMinorUnits('1.2345', 'XGC'), { minor: '12345' });
  t.deepEqual(money.toMinorUnits('1.23456', 'XGC'), { problem: 'XGC has 4 decimal places at most' });
  t.deepEqual(money.toMinorUnits('0', 'EUR', 0), { minor: '0' });
  t.deepEqual(money.toMinorUnits('0', 'EUR'), { problem: 'must be more than zero' });
  t.regex(money.formatMoney('12345', 'XGC'), /1\.2345/);
  t.deepEqual(money.knownCurrencies(), ['EUR', 'XGC']);
});
