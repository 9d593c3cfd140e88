import { endpoint, one, made, page, paged } from '../http/endpoint';
import { createCurrencySchema, updateCurrencySchema } from './currencies-service';
import { currencyReply } from './currencies-replies';

/** The currencies money may move in (SPEC §1.11). */
export const currenciesEndpoints = [
  endpoint({
    method: 'get', path: '/api/currencies', tag: 'currencies', summary: 'Currencies, by code', access: 'any', query: { page: page() }, ok: paged(currencyReply),
    graphql: { type: 'Query', field: 'currencies', total: 'currenciesTotal' },
    handle: (_, { currencies }) => currencies.list(),
  }),
  endpoint({
    method: 'post', path: '/api/currencies', tag: 'currencies', summary: 'Add a currency (enabled)', access: 'admin',
    body: createCurrencySchema, ok: made(currencyReply, false), errors: [409],
    graphql: { type: 'Mutation', field: 'createCurrency' },
    handle: ({ actor, body }, { currencies }) => currencies.create(actor, body),
  }),
  endpoint({
    method: 'patch', path: '/api/currencies/{code}', tag: 'currencies', summary: 'Enable or disable a currency', access: 'admin',
    body: updateCurrencySchema, ok: one(currencyReply),
    description: 'A disabled currency refuses new Reserves and top-ups (INVALID_ARGUMENT / 400 naming `currency`); its balances stay and its open reservations still settle.',
    graphql: { type: 'Mutation', field: 'updateCurrency' },
    handle: ({ actor, params, body }, { currencies }) => currencies.update(actor, params.code, body),
  }),
];
