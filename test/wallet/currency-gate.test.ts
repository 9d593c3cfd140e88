import test from 'ava';
import { enabledCurrencyCodes } from '../../src/admin/currencies/currencies-reads';
import { createCurrencyGate } from '../../src/wallet/currency-gate';
import { createTestDatabase } from '../helpers/mysql';
import { until } from '../helpers/until';

// SPEC §1.11: each process's view of the enabled currencies follows MySQL's table within a second.

test('a process\'s gate follows the table: a currency disabled elsewhere closes here within a second, and opens again', async (t) => {
  const database = await createTestDatabase({ migrate: true });
  t.teardown(() => database.drop());
  const gate = createCurrencyGate(() => enabledCurrencyCodes(database.db));
  t.teardown(() => gate.stop());
  await gate.refresh();
  t.true(gate.isOpen('JPY'));
  t.false(gate.isOpen('ZZZ'), 'a code the table does not hold is closed');

  await database.db('currencies').where({ code: 'JPY' }).update({ enabled: false });
  const changed = Date.now();
  await until('JPY closed', () => !gate.isOpen('JPY'), 1000, 10);
  t.log(`closed ${Date.now() - changed} ms after the change`);
  await database.db('currencies').insert({ code: 'XGC', exponent: 4 });
  await database.db('currencies').where({ code: 'JPY' }).update({ enabled: true });
  await until('JPY and XGC open', () => gate.isOpen('JPY') && gate.isOpen('XGC'), 1000, 10);
  t.pass();
});

test('until the table first answers, ISO 4217\'s codes are open (as the table is seeded); a failed read keeps the last view', async (t) => {
  let fail = true;
  const errors: unknown[] = [];
  const gate = createCurrencyGate(async () => {
    if (fail) throw new Error('MySQL is down');
    return ['EUR'];
  }, { refreshMs: 20, onError: (error) => errors.push(error) });
  t.teardown(() => gate.stop());
  await until('a failed read', () => errors.length > 0);
  t.true(gate.isOpen('EUR') && gate.isOpen('JPY') && gate.isOpen('KWD'));
  t.false(gate.isOpen('XGC'));
  fail = false;
  await until('the table read', () => !gate.isOpen('JPY'));
  fail = true;
  const failures = errors.length;
  await until('another failed read', () => errors.length > failures);
  t.true(gate.isOpen('EUR') && !gate.isOpen('JPY'), 'the last view holds while MySQL is down');
});
