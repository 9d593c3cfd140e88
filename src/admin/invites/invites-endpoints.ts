import { endpoint, flagParam, gone, made, one, page, paged } from '../http/endpoint';
import { createInviteSchema } from './invites-service';
import { inviteCheckReply, inviteReply } from './invites-replies';

/** Invites: how users, moderators and admins join. */
export const invitesEndpoints = [
  endpoint({
    method: 'get', path: '/api/invites/validate/{code}', tag: 'invites', summary: 'Whether an invite can still register someone', access: 'public',
    lookup: false, ok: one(inviteCheckReply),
    graphql: { type: 'Query', field: 'inviteCheck' },
    handle: ({ params }, { invites }) => invites.validate(params.code),
  }),
  endpoint({
    method: 'get', path: '/api/invites', tag: 'invites', summary: 'Invites, newest first', access: 'staff', game: 'none',
    query: { usable: flagParam('usable', false, 'only those that can still register someone (not used up, not expired)'), page: page() }, ok: paged(inviteReply),
    description: 'A moderator sees invites of role user only.',
    graphql: { type: 'Query', field: 'invites', total: 'invitesTotal' },
    handle: ({ caller, query }, { invites }) => invites.list(caller, query.usable),
  }),
  endpoint({
    method: 'post', path: '/api/invites', tag: 'invites', summary: 'Create an invite', access: 'staff', game: 'none',
    body: createInviteSchema, ok: made(inviteReply), errors: [409],
    description: 'A moderator may create invites of role user only. A creator erased while the request ran (SPEC §2.14) is answered 409.',
    graphql: { type: 'Mutation', field: 'createInvite' },
    handle: ({ actor, body }, { invites }) => invites.create(actor, body),
    location: { path: '/api/invites/validate/{code}', params: (invite) => ({ code: invite.code }) },
  }),
  endpoint({
    method: 'delete', path: '/api/invites/{code}', tag: 'invites', summary: 'Delete an invite', access: 'staff', game: 'none', ok: gone,
    graphql: { type: 'Mutation', field: 'deleteInvite' },
    handle: ({ actor, params }, { invites }) => invites.remove(actor, params.code),
  }),
];
