import { TIMELINE_MAX_MINUTES } from '../../../metrics/ops-timeline';
import { AUDIT_PAGE } from '../../http/params';
import { intArg, optionalIdArg, pageArgs } from '../graphql-args';
import { guarded, type ResolverMap } from './resolver-types';

/** The console's ops page (the ledger sync's backlog and queue, the ops timeline) and the audit log. */
export const opsResolvers: ResolverMap = {
  Query: {
    syncStatus: guarded('staff', (_args, ctx) => ctx.once('syncStatus', () => ctx.services.ops.syncStatus())),
    opsTimeline: guarded('staff', (args, ctx) => {
      const minutes = intArg(args, 'minutes', 5, 1, TIMELINE_MAX_MINUTES);
      return ctx.once(`opsTimeline:${minutes}`, () => ctx.services.ops.timeline(minutes));
    }),
    audit: guarded('admin', (args, { services }) => {
      const filters = {
        action: args.action ?? undefined, target_type: args.target_type ?? undefined, target_id: args.target_id ?? undefined,
        since: args.since ?? undefined, until: args.until ?? undefined,
        actor_user_id: optionalIdArg(args, 'actor_user_id'), game_id: optionalIdArg(args, 'game_id'), after_id: optionalIdArg(args, 'after_id'),
      };
      return services.audit.list(filters, pageArgs(args, AUDIT_PAGE));
    }),
  },
};
