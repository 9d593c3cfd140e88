import { guarded, type ResolverMap } from './resolver-types';

/** The console's ops page: the ledger sync's backlog and queue. */
export const opsResolvers: ResolverMap = {
  Query: {
    syncStatus: guarded('staff', (_args, { services }) => services.ops.syncStatus()),
  },
};
