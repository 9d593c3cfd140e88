import { optionalIdArg, pageArgs } from '../graphql-args';
import { guarded, type ResolverMap } from './resolver-types';

/** The console's ops page (the ledger sync's backlog and queue) and the audit log. */
export const opsResolvers: ResolverMap = {
  Query: {
    syncStatus: guarded('staff', (_args, { services }) => services.ops.syncStatus()),
    audit: guarded('admin', (args, { services }) => {
      const text = (name: string) => (typeof args[name] === 'string' ? (args[name] as string) : undefined);
      const filters = {
        action: text('action'), target_type: text('target_type'), target_id: text('target_id'), since: text('since'), until: text('until'),
        actor_user_id: optionalIdArg(args, 'actor_user_id'), game_id: optionalIdArg(args, 'game_id'),
      };
      return services.audit.list(filters, pageArgs(args, { defaultLimit: 100, maxLimit: 1000 }));
    }),
  },
};
