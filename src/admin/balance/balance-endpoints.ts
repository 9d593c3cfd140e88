import { userGamesGame } from '../http/game-scope';
import { LEDGER_KINDS } from '../../records/ledger-reads';
import { endpoint, idQuery, list, made, one, page, textParam } from '../http/endpoint';

const TIMESTAMP = { type: 'string', format: 'date-time' };
import { LEDGER_PAGE } from '../http/params';
import { closeSchema, topupSchema } from './balance-service';
import { balanceReply, closeReply, ledgerItemReply, topupReply } from './balance-replies';

const USER_GAME = '/api/user-games/{ug_id}';
/** A user-game in its GraphQL fields. */
const USER_GAME_ARGS = { ug_id: 'user_game_id' };
const IDEMPOTENCY_KEY = { name: 'Idempotency-Key', schema: { type: 'string' }, description: 'a repeat returns the first reply; the same key with another body is a 409' };

/** A user-game's wallet: top-ups through the engine, balances live from Redis, the ledger from MySQL. */
export const balanceEndpoints = [
  endpoint({
    method: 'post', path: `${USER_GAME}/topup`, tag: 'balance', summary: 'Credit a user-game\'s wallet', access: 'admin',
    body: topupSchema, ok: made(topupReply, false), errors: [409],
    headers: [IDEMPOTENCY_KEY],
    description: 'Through the same Lua script and outbox as the gRPC engine. A top-up past 2^53−1 is a 409.',
    graphql: { type: 'Mutation', field: 'topup', params: USER_GAME_ARGS, headers: { 'idempotency-key': 'idempotency_key' } },
    handle: ({ actor, params, body, header }, { balance }) => balance.topup(actor, params.ug_id, body, header('idempotency-key')),
  }),
  endpoint({
    method: 'post', path: `${USER_GAME}/close`, tag: 'balance', summary: 'Close a wallet: a ledger move of kind close takes its available balance out', access: 'admin',
    body: closeSchema, ok: one(closeReply), errors: [409],
    headers: [IDEMPOTENCY_KEY],
    description: 'SPEC §2.14, before an erase. A 409 naming `reserved` while money is reserved. An empty wallet answers amount 0 and writes no move. Audited.',
    graphql: { type: 'Mutation', field: 'closeWallet', params: USER_GAME_ARGS, headers: { 'idempotency-key': 'idempotency_key' } },
    handle: ({ actor, params, body, header }, { balance }) => balance.close(actor, params.ug_id, body, header('idempotency-key')),
  }),
  endpoint({
    method: 'get', path: `${USER_GAME}/transactions`, tag: 'balance', summary: 'The wallet\'s ledger from MySQL, newest first', access: 'self', game: userGamesGame,
    query: {
      kind: textParam('kind', { type: 'string', enum: [...LEDGER_KINDS] }), round_id: textParam('round_id'),
      since: textParam('since', TIMESTAMP), until: textParam('until', TIMESTAMP, 'moves before this instant'),
      after_id: idQuery('after_id', 'moves older than this one of the wallet: the next page after one that ended with it, stable while moves are added'),
      page: page(LEDGER_PAGE),
    },
    ok: list(ledgerItemReply),
    description: 'The owner, an admin or a moderator. It trails the engine by the sync lag.',
    graphql: { type: 'Query', field: 'transactions', params: USER_GAME_ARGS },
    handle: ({ caller, params, query: { page: moves, ...filters } }, { balance }) => balance.ledger(caller, params.ug_id, filters, moves),
  }),
  endpoint({
    method: 'get', path: `${USER_GAME}/balance`, tag: 'balance', summary: 'The wallet\'s balances per currency, from Redis (or at an instant, from the ledger)', access: 'self', game: userGamesGame, ok: list(balanceReply),
    query: { at: textParam('at', TIMESTAMP, 'the balances as of this instant, from the ledger: each currency that had moved by then') },
    graphql: { type: 'Query', field: 'balances', params: USER_GAME_ARGS },
    handle: ({ caller, params, query }, { balance }) => balance.balances(caller, params.ug_id, query.at),
  }),
];
