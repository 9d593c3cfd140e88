import { enumComponent, flagField, idField, listOf, type ReplyOf, replySchema, textField, timestampField } from './reply-schema';
import { ROLES } from './roles';

export const roleReply = enumComponent('Role', ROLES);

/** What clients see of a user, never the password hash: the signed-in user on every request, too. */
export const userReply = replySchema('User', {
  id: idField(),
  email: textField().meta({ format: 'email' }),
  username: textField(),
  role: roleReply,
  is_active: flagField(),
  two_factor_enabled: flagField().meta({ description: 'whether sign-in asks for a second factor (SPEC §2.12)' }),
  game_scope: listOf(idField()).nullable()
    .meta({ description: 'a moderator limited to games: the games they act on as staff (SPEC §2.12); null: every game' }),
  created_at: timestampField(),
  updated_at: timestampField(),
});
export type PublicUser = ReplyOf<typeof userReply>;

/** The user a request is made by (the access guard sets it). */
export type SessionUser = PublicUser;
