/**
 * What registration (the auth feature) may do with an invite (ARCHITECTURE.md, layering 8): check that
 * it can still be used, then use it up in the registration's transaction. Creating, listing and
 * deleting invites stays behind the invites service.
 */
export { assertInviteUsable, consumeInvite } from './invites-repository';
