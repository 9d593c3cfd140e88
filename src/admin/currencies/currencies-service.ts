import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import { mapListing, type Listing } from '../../db/page';
import { AppError } from '../../errors';
import type { WalletService } from '../../wallet/wallet-service';
import { changedFields, createdFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import { currencyCode, flag, integer, validateBody } from '../core/validation';
import type { Store } from '../unit-of-work';
import type { PublicCurrency } from './currencies-replies';
import type { CurrencyRow } from './currencies-repository';

export const createCurrencySchema = bodySchema({ component: 'CurrencyCreateInput' }, yup.object({
  code: currencyCode().defined('is required'),
  exponent: integer().min(0, 'must be 0 to 8').max(8, 'must be 0 to 8').defined('is required'),
}));
export const updateCurrencySchema = bodySchema({ component: 'CurrencyUpdateInput' }, yup.object({ enabled: flag().defined('is required') }));
export type CreateCurrencyInput = Partial<yup.InferType<typeof createCurrencySchema>>;
export type UpdateCurrencyInput = Partial<yup.InferType<typeof updateCurrencySchema>>;

const toPublic = (row: CurrencyRow): PublicCurrency => ({ code: row.code, exponent: row.exponent, enabled: Boolean(row.enabled) });

/**
 * The currencies money may move in (SPEC §1.11). A change reaches this process at once and every
 * other within a second (each one's CurrencyGate reads the table again); a disabled currency keeps
 * its balances and still settles its open reservations.
 */
export function createCurrenciesService(store: Store<'currencies'>, wallet: Pick<WalletService, 'refreshCurrencies'>) {
  const { read } = store;

  async function mustFind(code: string): Promise<CurrencyRow> {
    const row = await read.currencies.findCurrency(code);
    if (!row) throw new AppError('NOT_FOUND', `currency ${code} not found`);
    return row;
  }

  /** After a change: this process's gate reads the table again (a failure there leaves the 1 s refresh to it). */
  const told = () => wallet.refreshCurrencies().catch(() => undefined);

  return {
    list(): Listing<PublicCurrency> {
      return mapListing(read.currencies.listCurrencies(), (rows) => rows.map(toPublic));
    },
    async create(actor: Actor, body: CreateCurrencyInput): Promise<PublicCurrency> {
      const input = validateBody(createCurrencySchema, body);
      await store.run(actor, async ({ repos, audit }) => {
        await repos.currencies.insertCurrency(input);
        audit({ action: 'currency.create', targetId: input.code, changes: createdFields({ exponent: input.exponent, enabled: true }) });
      });
      await told();
      return toPublic(await mustFind(input.code));
    },
    async update(actor: Actor, code: string, body: UpdateCurrencyInput): Promise<PublicCurrency> {
      await mustFind(code);
      const { enabled } = validateBody(updateCurrencySchema, body);
      await store.run(actor, async ({ repos, audit }) => {
        const before = toPublic((await repos.currencies.findCurrency(code, true))!);
        if (before.enabled === enabled) return;
        await repos.currencies.setCurrencyEnabled(code, enabled);
        audit({ action: 'currency.update', targetId: code, changes: changedFields(before, { enabled }) });
      });
      await told();
      return toPublic(await mustFind(code));
    },
  };
}

export type CurrenciesService = ReturnType<typeof createCurrenciesService>;
