import { idField, type ReplyOf, replySchema, textField, timestampField } from '../core/reply-schema';
import { userReply } from '../core/session-user';
import { gameReply } from '../games/games-replies';

/** What the API answers for user-game connections (reply types and OpenAPI components, src/admin/core/reply-schema.ts). */
export const connectionReply = replySchema('Connection', { id: idField('the user_game_id'), user_id: idField(), game_id: idField(), created_at: timestampField() });
export type PublicConnection = ReplyOf<typeof connectionReply>;

export const userGameReply = replySchema('UserGameDetail', {
  id: idField('the user_game_id'),
  user_id: idField(),
  username: textField(),
  game_id: idField(),
  game_name: textField(),
  created_at: timestampField(),
}, 'A user-game (the wallet that balances and scores belong to): whose, in which game, by name.');
export type PublicUserGame = ReplyOf<typeof userGameReply>;

export const gameOfUserReply = replySchema('GameOfUser', { ...gameReply.fields, user_game_id: idField() }, 'A game the user is connected to, with the connection id.');
export type GameOfUser = ReplyOf<typeof gameOfUserReply>;

export const userOfGameReply = replySchema('UserOfGame', { ...userReply.fields, user_game_id: idField() }, 'A user connected to the game, with the connection id.');
export type UserOfGame = ReplyOf<typeof userOfGameReply>;
