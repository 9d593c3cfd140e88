import { loginSchema, registerSchema } from '../auth/auth-schemas';
import { topupSchema } from '../balance/balance-service';
import { connectGameSchema } from '../connections/connections-service';
import { createGameSchema, updateGameSchema } from '../games/games-schemas';
import { createInviteSchema } from '../invites/invites-service';
import { createLanguageSchema, updateLanguageSchema } from '../languages/languages-service';
import { createGroupSchema, createLeaderboardSchema, memberSchema, scoreSchema, updateGroupSchema, updateLeaderboardSchema } from '../leaderboards/leaderboards-schemas';
import { connectModuleSchema } from '../modules/modules-service';
import { patchUserSchema } from '../users/users-service';
import { rollbackSchema } from '../variables/config-history-service';
import { jsonSchemaOf } from './from-yup';
import { ERROR_SPECS } from '../../errors/error-specs';
import { MAX_KEY_CHARS, MAX_STRING_CHARS } from '../variables/variable-rules';
import {
  arrayOf, bool, id, int, input, nullable, num, object, oneOfValues, ref, str, timestamp, type Schema,
} from './schema-kit';

const ROLES = ['user', 'moderator', 'admin'] as const;
const PROBLEM_CODES = [...new Set(Object.values(ERROR_SPECS).map((spec) => spec.problemCode))];
/** Amounts in minor units: integers up to 2^53−1 (SPEC §2.7). */
const money = (description?: string) => int({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, ...(description ? { description } : {}) });

const gameFields = {
  id: id(), name: str(), slug: str(), description: str(), image_url: str({ description: 'empty, an absolute http(s) URL, or a path under /uploads/images/' }),
  is_active: bool(), modules: arrayOf(ref('Module')), created_at: timestamp(), updated_at: timestamp(),
};
const userFields = {
  id: id(), email: str({ format: 'email' }), username: str(), role: ref('Role'), is_active: bool(), created_at: timestamp(), updated_at: timestamp(),
};
const itemValue = { number_value: num(), string_value: str({ maxLength: MAX_STRING_CHARS }) };
const variableStored = { id: id(), game_id: id(), key: str({ minLength: 1, maxLength: MAX_KEY_CHARS }), created_at: timestamp(), updated_at: timestamp() };
const tableValueType = oneOfValues(['number', 'string']);
const notificationFields = {
  id: id(), game_id: id(), name: str(),
  descriptions: arrayOf(object({ language_id: id(), description: str() })),
  variables: arrayOf(object({ key: str() })),
  entries: arrayOf(ref('NotificationEntry')),
  created_at: timestamp(), updated_at: timestamp(),
};

/** Every schema the paths name with `ref(…)`: the replies' shapes, and the request bodies. */
export const COMPONENT_SCHEMAS: Record<string, Schema> = {
  Problem: {
    ...object({
      type: str({ const: 'about:blank' }), title: str(), status: int({ minimum: 400, maximum: 599 }), code: oneOfValues(PROBLEM_CODES), detail: str(),
      errors: arrayOf(object({ path: str(), message: str() })),
    }, { optional: ['errors'] }),
    description: 'RFC 9457 problem details; `errors` lists every violation of a 400.',
  },
  Role: oneOfValues(ROLES),
  Module: object({ id: id(), key: str(), name: str() }),
  Game: object(gameFields),
  GameOfUser: { ...object({ ...gameFields, user_game_id: id() }), description: 'A game the user is connected to, with the connection id.' },
  User: object(userFields),
  UserOfGame: { ...object({ ...userFields, user_game_id: id() }), description: 'A user connected to the game, with the connection id.' },
  Language: object({ id: id(), code: str(), name: str() }),
  Connection: { ...object({ id: id('the user_game_id'), user_id: id(), game_id: id(), created_at: timestamp() }) },
  TokenReply: object({ access_token: str(), token_type: str({ const: 'Bearer' }), expires_in: int({ minimum: 1, description: 'seconds' }), user: ref('User') }),
  Invite: object({
    id: id(), code: str(), role: ref('Role'), max_uses: int({ minimum: 1, maximum: 10000 }), uses: int({ minimum: 0 }),
    expires_at: nullable(timestamp()), created_by: nullable(id()), created_at: timestamp(),
  }),
  InviteCheck: {
    oneOf: [
      object({ valid: { const: true }, role: ref('Role'), remaining_uses: int({ minimum: 1 }) }),
      object({ valid: { const: false } }),
    ],
  },
  Variable: {
    description: 'Only the fields of its type; vector items sorted by index.',
    oneOf: [
      object({ ...variableStored, type: { const: 'number' }, number_value: num() }),
      object({ ...variableStored, type: { const: 'string' }, string_value: itemValue.string_value }),
      object({ ...variableStored, type: { const: 'table' }, table_value_type: tableValueType, items: arrayOf(object({ key: str({ minLength: 1 }), ...itemValue }, { optional: ['number_value', 'string_value'] })) }),
      object({ ...variableStored, type: { const: 'vector' }, table_value_type: tableValueType, items: arrayOf(object({ index: int({ minimum: 0 }), ...itemValue }, { optional: ['number_value', 'string_value'] })) }),
    ],
  },
  ConfigDocument: {
    type: 'object',
    description: 'The game\'s variables as `{key: value}`: a table as an object, a vector as an array in index order with null in the gaps.',
  },
  NotificationEntry: object({ time_second: int({ minimum: 0 }), image: str(), login: str(), variables: arrayOf(object({ key: str(), value: str() })) }),
  Notification: object(notificationFields),
  NotificationWithMacros: object({ ...notificationFields, macros: arrayOf(str()) }),
  Leaderboard: object({
    id: id(), game_id: id(), key: str(), name: str(), sort_order: oneOfValues(['asc', 'desc']),
    period_type: oneOfValues(['all_time', 'daily', 'weekly', 'monthly']), operator: ref('ScoreOperator'), is_active: bool(), created_at: timestamp(), updated_at: timestamp(),
  }),
  ScoreOperator: { ...oneOfValues(['set', 'best', 'incr']), description: 'set replaces the period\'s score; best keeps a strictly better one (by sort_order); incr adds to it' },
  LeaderboardGroup: object({ id: id(), leaderboard_id: id(), key: str(), name: str(), is_default: bool(), created_at: timestamp(), updated_at: timestamp() }),
  GroupMember: object({ user_id: id(), username: str(), created_at: timestamp() }),
  GroupMembership: object({ group_id: id(), user_id: id(), created_at: timestamp() }),
  SavedScore: object({ leaderboard_id: id(), user_game_id: id(), score: num(), period_start: timestamp(), updated_at: timestamp() }),
  Rankings: object({
    leaderboard: ref('Leaderboard'),
    items: arrayOf(object({ rank: int({ minimum: 1 }), user_id: id(), user_game_id: id(), username: str(), score: num(), period_start: timestamp() }, { optional: ['period_start'] })),
  }),
  ConfigVersion: object({
    version: int({ minimum: 1 }), change: oneOfValues(['create', 'update', 'delete', 'rollback']), key: nullable(str({ description: 'the variable changed (null for a rollback)' })),
    created_by: nullable(id()), created_at: timestamp(),
  }),
  ConfigVersionDetail: object({
    version: int({ minimum: 1 }), change: oneOfValues(['create', 'update', 'delete', 'rollback']), key: nullable(str()), created_by: nullable(id()), created_at: timestamp(),
    document: ref('ConfigDocument'), variables: arrayOf(ref('Variable')),
  }),
  RollbackResult: object({ version: int({ minimum: 1, description: 'the new version the rollback made' }), document: ref('ConfigDocument') }),
  AuditEntry: object({
    id: id(), action: str({ description: '<resource>.<verb>, e.g. game.update' }), actor_user_id: nullable(id()), actor_role: nullable(str()),
    target_type: str(), target_id: nullable(str()), game_id: nullable(id()), request_id: nullable(str()), ip: nullable(str()),
    changes: { type: 'object', description: 'each changed field as [before, after]; secrets show as "[redacted]"', additionalProperties: { type: 'array', minItems: 2, maxItems: 2 } },
    created_at: timestamp(),
  }),
  Topup: object({
    id: id(), user_game_id: id(), amount: money(), currency: str(), comment: str(), available_balance: money(), reserved_balance: money(), created_at: timestamp(),
  }),
  Balance: object({ currency: str(), available_balance: money(), reserved_balance: money() }),
  LedgerItem: object({
    id: id(), kind: oneOfValues(['topup', 'reserve', 'confirm', 'cancel', 'expire']), amount: money(), win_amount: money(), currency: str(),
    transaction_id: nullable(str()), round_id: nullable(str()), comment: nullable(str()), available_balance: money(), reserved_balance: money(), created_at: timestamp(),
  }),
  Image: object({ name: str(), path: str(), url: str(), content_type: oneOfValues(['image/png', 'image/jpeg', 'image/gif', 'image/webp']) }),
  Health: object({ status: str({ const: 'ok' }) }),
  Readiness: object({ status: oneOfValues(['ready', 'not_ready']), checks: { type: 'object', additionalProperties: oneOfValues(['ok', 'unavailable']) } }),

  // Request bodies: unknown fields are ignored; every violation is a 400 naming its path. Each is
  // derived from the yup schema its service validates with (from-yup.ts), but for variables and
  // notifications, whose rules are code (variable-rules.ts, the notification checks), written here.
  LoginInput: jsonSchemaOf(loginSchema),
  RegisterInput: jsonSchemaOf(registerSchema),
  UserPatch: jsonSchemaOf(patchUserSchema),
  InviteInput: jsonSchemaOf(createInviteSchema),
  GameCreateInput: jsonSchemaOf(createGameSchema),
  GameUpdateInput: jsonSchemaOf(updateGameSchema),
  ModuleConnectInput: jsonSchemaOf(connectModuleSchema),
  LanguageCreateInput: jsonSchemaOf(createLanguageSchema),
  LanguageUpdateInput: jsonSchemaOf(updateLanguageSchema),
  ConnectGameInput: jsonSchemaOf(connectGameSchema),
  VariableInput: input({
    key: str({ minLength: 1, maxLength: MAX_KEY_CHARS }), type: oneOfValues(['number', 'string', 'table', 'vector']), ...itemValue, table_value_type: tableValueType,
    items: arrayOf(input({ key: str(), index: int({ minimum: 0 }), ...itemValue })),
  }, ['key', 'type']),
  NotificationInput: input({
    name: str({ minLength: 1, maxLength: 255 }),
    descriptions: arrayOf(input({ language_id: id(), description: str({ minLength: 1, maxLength: 4096 }) }, ['language_id', 'description'])),
    variables: arrayOf(input({ key: str({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }) }, ['key'])),
    entries: arrayOf(input({ time_second: int({ minimum: 0 }), image: str(), login: str(), variables: arrayOf(input({ key: str(), value: str() })) })),
  }, ['name', 'descriptions', 'entries']),
  LeaderboardCreateInput: jsonSchemaOf(createLeaderboardSchema),
  LeaderboardUpdateInput: jsonSchemaOf(updateLeaderboardSchema),
  RollbackInput: jsonSchemaOf(rollbackSchema),
  GroupCreateInput: jsonSchemaOf(createGroupSchema),
  GroupUpdateInput: jsonSchemaOf(updateGroupSchema),
  MemberInput: jsonSchemaOf(memberSchema),
  ScoreInput: jsonSchemaOf(scoreSchema),
  TopupInput: jsonSchemaOf(topupSchema),
};
