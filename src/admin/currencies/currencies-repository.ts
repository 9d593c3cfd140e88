import type { Knex } from 'knex';
import { conflictOnDuplicate } from '../../db/mysql-errors';
import { listingOf, type Listing } from '../../db/page';
import { lockedIf } from '../../db/row-lock';

export const CURRENCIES = 'currencies';

export interface CurrencyRow {
  code: string;
  exponent: number;
  enabled: number | boolean;
}

const COLUMNS = ['code', 'exponent', 'enabled'] as const;

export function listCurrencies(db: Knex): Listing<CurrencyRow> {
  return listingOf(db<CurrencyRow>(CURRENCIES).select(...COLUMNS).orderBy('code'));
}

export function findCurrency(db: Knex, code: string, forUpdate = false): Promise<CurrencyRow | undefined> {
  return lockedIf(db<CurrencyRow>(CURRENCIES).where({ code }), forUpdate).first(...COLUMNS);
}

/** The codes money may move in (each process's CurrencyGate reads these). */
export function enabledCurrencyCodes(db: Knex): Promise<string[]> {
  return db(CURRENCIES).where({ enabled: true }).pluck('code');
}

export async function insertCurrency(db: Knex, fields: { code: string; exponent: number }): Promise<void> {
  await conflictOnDuplicate(db(CURRENCIES).insert(fields), () => `currency ${fields.code} already exists`, 'code');
}

export async function setCurrencyEnabled(db: Knex, code: string, enabled: boolean): Promise<void> {
  await db(CURRENCIES).where({ code }).update({ enabled, updated_at: db.fn.now(3) });
}
