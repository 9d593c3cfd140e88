import anyTest, { type TestFn } from 'ava';
import fc from 'fast-check';

// The console is an ES module package: the type checker reads its types as such (a static import here
// would be refused), and the test loads it through tsx's loader, as every test file.
type Money = typeof import('../../console/src/format/money.js', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const money = require('../../console/src/format/money') as Money;
const test = anyTest as TestFn<Money>;
test.beforeEach((t) => {
  t.context = money;
});

// The console's money: minor units shown in major units of the currency's ISO 4217 exponent, and
// typed major units turned back into minor units on the digits, exact up to 2^53−1.

test('each currency has its ISO 4217 exponent', (t) => {
  const { exampleAmount, minorDigits } = t.context;
  t.deepEqual(['EUR', 'USD', 'JPY', 'KRW', 'BHD', 'KWD'].map(minorDigits), [2, 2, 0, 0, 3, 3]);
  t.deepEqual(['EUR', 'JPY', 'BHD'].map(exampleAmount), ['12.50', '500', '12.500']);
});

test('typed amounts become minor units; anything else says why', (t) => {
  const { toMinorUnits } = t.context;
  t.deepEqual(toMinorUnits('1,234.5', 'EUR'), { minor: '123450' });
  t.deepEqual(toMinorUnits(' 12.50 ', 'EUR'), { minor: '1250' });
  t.deepEqual(toMinorUnits('7', 'EUR'), { minor: '700' });
  t.deepEqual(toMinorUnits('500', 'JPY'), { minor: '500' });
  t.deepEqual(toMinorUnits('1.005', 'BHD'), { minor: '1005' });
  t.deepEqual(toMinorUnits('12.505', 'EUR'), { problem: 'EUR has 2 decimal places at most' });
  t.deepEqual(toMinorUnits('5.5', 'JPY'), { problem: 'JPY has no minor unit: a whole amount' });
  t.deepEqual(toMinorUnits('0.00', 'EUR'), { problem: 'must be more than zero' });
  t.deepEqual(toMinorUnits('-3', 'EUR'), { problem: 'must be an amount such as 12.50' });
  t.deepEqual(toMinorUnits('1e3', 'EUR'), { problem: 'must be an amount such as 12.50' });
  // A decimal comma is named as such, not counted as digits after a point.
  t.deepEqual(toMinorUnits('1.234,50', 'EUR'), { problem: 'uses a comma for decimals: write 1234.50' });
  t.deepEqual(toMinorUnits('12,5', 'EUR'), { problem: 'uses a comma for decimals: write 12.5' });
  t.deepEqual(toMinorUnits('1,234', 'EUR'), { minor: '123400' }, 'three digits after a comma: thousands');
  t.deepEqual(toMinorUnits('90071992547409.92', 'EUR'), { problem: 'is too large' });
  t.deepEqual(toMinorUnits('90071992547409.91', 'EUR'), { minor: String(Number.MAX_SAFE_INTEGER) });
});

test('any amount up to 2^53−1 minor units reads back as typed from what is shown (seeded)', (t) => {
  const { formatMoney, toMinorUnits } = t.context;
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  t.log(`seed ${seed}`);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom('EUR', 'JPY', 'BHD'), (minor, currency) => {
      const shown = formatMoney(minor, currency).replace(/[^\d.,]/g, '');
      const back = toMinorUnits(shown, currency);
      return 'minor' in back && back.minor === String(minor);
    }),
    { seed, numRuns: 500 },
  );
  t.is(formatMoney('123456', 'EUR').replace(/\s/g, ' '), '€1,234.56');
  t.is(formatMoney('-5', 'EUR'), '-€0.05');
  t.is(formatMoney(500, 'JPY'), '¥500');
});
