import { TIMELINE_MAX_MINUTES } from '../../../metrics/ops-timeline';
import { intArg } from '../graphql-args';
import { guarded, type ResolverMap } from './resolver-types';

/** The console's ops page: the ledger sync's backlog and queue, the ops timeline (GraphQL only). */
export const opsResolvers: ResolverMap = {
  Query: {
    syncStatus: guarded('staff', (_args, ctx) => ctx.once('syncStatus', () => ctx.services.ops.syncStatus())),
    opsTimeline: guarded('staff', (args, ctx) => {
      const minutes = intArg(args, 'minutes', 5, 1, TIMELINE_MAX_MINUTES);
      return ctx.once(`opsTimeline:${minutes}`, () => ctx.services.ops.timeline(minutes));
    }),
  },
};
