import { AUDIT_PAGE } from '../http/params';
import { endpoint, idQuery, list, page, textParam } from '../http/endpoint';
import { auditEntryReply } from './audit-replies';

const TIMESTAMP = { type: 'string', format: 'date-time' };

/**
 * `GET /api/audit` (admins only). No other method is routed here, so PUT, PATCH and DELETE are 405:
 * no interface changes or deletes an entry (and the table's triggers refuse it anyway).
 */
export const auditEndpoints = [
  endpoint({
    method: 'get', path: '/api/audit', tag: 'audit', summary: 'The audit log, newest first', access: 'admin', ok: list(auditEntryReply),
    query: {
      action: textParam('action'), actor_user_id: idQuery('actor_user_id'), target_type: textParam('target_type'), target_id: textParam('target_id'),
      game_id: idQuery('game_id'), since: textParam('since', TIMESTAMP), until: textParam('until', TIMESTAMP),
      after_id: idQuery('after_id', 'entries older than this id: the next page after one that ended with it (keyset paging, constant time)'),
      page: page(AUDIT_PAGE),
    },
    description: 'One entry per successful write (REST, GraphQL, operator commands). Entries cannot be changed or deleted: PUT, PATCH and DELETE here are 405.',
    graphql: { type: 'Query', field: 'audit' },
    handle: ({ query: { page: entries, ...filters } }, { audit }) => audit.list(filters, entries),
  }),
  endpoint({
    method: 'get', path: '/api/audit/actions', tag: 'audit', summary: 'Every action the audit log holds, in order', access: 'admin', lookup: false,
    ok: { status: 200, body: { type: 'array', items: { type: 'string' } } },
    graphql: { type: 'Query', field: 'auditActions', returns: '[String!]' },
    handle: (_, { audit }) => audit.actions(),
  }),
];
