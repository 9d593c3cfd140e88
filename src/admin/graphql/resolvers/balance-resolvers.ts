import type { TopupInput } from '../../balance/balance-service';
import { LEDGER_PAGE } from '../../http/params';
import { idArg, pageArgs } from '../graphql-args';
import { guarded, input, type ResolverMap } from './resolver-types';

/** A user-game's wallet: balances live from the engine, the ledger from MySQL, top-ups through the engine. */
export const balanceResolvers: ResolverMap = {
  Query: {
    balances: guarded('any', (args, { services }, caller) => services.balance.balances(caller, idArg(args, 'user_game_id'))),
    transactions: guarded('any', (args, { services }, caller) => services.balance.ledger(caller, idArg(args, 'user_game_id'), pageArgs(args, LEDGER_PAGE))),
  },
  Mutation: {
    topup: guarded('admin', (args, { services }) => {
      const key = typeof args.idempotency_key === 'string' ? args.idempotency_key : undefined;
      return services.balance.topup(idArg(args, 'user_game_id'), input<TopupInput>(args), key);
    }),
  },
};
