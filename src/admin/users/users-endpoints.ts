import { endpoint, one, page, paged, search } from '../http/endpoint';
import { USERS_PAGE } from '../http/params';
import { gameScopeSchema, patchUserSchema } from './users-service';
import { userReply } from '../core/session-user';

/** Accounts: listed and changed by staff; each user reads their own. */
export const usersEndpoints = [
  endpoint({
    method: 'get', path: '/api/users', tag: 'users', summary: 'Users, newest first', access: 'staff', game: 'none',
    query: { search: search('username or email; an integer matches the id'), page: page(USERS_PAGE) }, ok: paged(userReply),
    graphql: { type: 'Query', field: 'users', total: 'usersTotal' },
    handle: ({ query }, { users }) => users.list(query.search),
  }),
  endpoint({
    method: 'get', path: '/api/users/{id}', tag: 'users', summary: 'A user', access: 'self', ok: one(userReply),
    graphql: { type: 'Query', field: 'user' },
    handle: ({ caller, params }, { users }) => users.get(caller, params.id),
  }),
  endpoint({
    method: 'patch', path: '/api/users/{id}', tag: 'users', summary: 'Change a user\'s role or active flag', access: 'admin',
    body: patchUserSchema, ok: one(userReply), errors: [409],
    description: 'An admin cannot demote or deactivate themself; the last active admin stays (409).',
    graphql: { type: 'Mutation', field: 'updateUser' },
    handle: ({ actor, params, body }, { users }) => users.patch(actor, params.id, body),
  }),
  endpoint({
    method: 'put', path: '/api/users/{id}/game-scope', tag: 'users', summary: 'Limit a moderator to games (empty: every game)', access: 'admin',
    body: gameScopeSchema, ok: one(userReply), errors: [409],
    description: 'The moderator then acts as staff on those games only: staff operations on another game are 403 (making a game too), and game lists show only those. Applies to their next request. 409 for a user who is not a moderator.',
    graphql: { type: 'Mutation', field: 'setUserGameScope' },
    handle: ({ actor, params, body }, { users }) => users.setGameScope(actor, params.id, body),
  }),
];
