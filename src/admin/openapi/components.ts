import { ADMIN_ENDPOINTS } from '../admin-endpoints';
import { auditEntryReply } from '../audit/audit-replies';
import { recoveryCodesReply, tokenReply, twoFactorChallengeReply, twoFactorSetupReply } from '../auth/auth-replies';
import { balanceReply, ledgerItemReply, topupReply } from '../balance/balance-replies';
import { connectionReply, gameOfUserReply, userGameReply, userOfGameReply } from '../connections/connections-replies';
import { roleReply, userReply } from '../core/session-user';
import { gameReply } from '../games/games-replies';
import { healthReply, readinessReply } from '../health/health-replies';
import { imageReply } from '../images/images-replies';
import { inviteReply } from '../invites/invites-replies';
import { apiKeyReply, createdApiKeyReply } from '../api-keys/api-keys-replies';
import { currencyReply } from '../currencies/currencies-replies';
import { freezeReply, walletFreezeReply, walletLimitsReply } from '../wallet-controls/wallet-controls-replies';
import { languageReply } from '../languages/languages-replies';
import {
  groupMemberReply, groupMembershipReply, groupReply, leaderboardReply, payoutReply, rankingsReply, savedScoreReply, scoreOperatorReply,
} from '../leaderboards/leaderboards-replies';
import { moduleReply } from '../modules/modules-replies';
import { notificationEntryReply, notificationReply, notificationWithMacrosReply } from '../notifications/notifications-replies';
import { configVersionDetailReply, configVersionReply, rollbackReply } from '../variables/config-history-replies';
import { configOverrideReply } from '../variables/config-overrides-replies';
import { jsonSchemaOf, replyComponents } from './from-yup';
import { ERROR_SPECS } from '../../errors/error-specs';
import { ITEM_VALUE_TYPES, MAX_KEY_CHARS, MAX_STRING_CHARS } from '../variables/variable-rules';
import {
  arrayOf, id, int, num, object, oneOfValues, ref, str, timestamp, type Schema,
} from './schema-kit';

const PROBLEM_CODES = [...new Set(Object.values(ERROR_SPECS).map((spec) => spec.problemCode))];
const itemValue = { number_value: num(), string_value: str({ maxLength: MAX_STRING_CHARS }) };
const variableStored = { id: id(), game_id: id(), key: str({ minLength: 1, maxLength: MAX_KEY_CHARS }), created_at: timestamp(), updated_at: timestamp() };
const tableValueType = oneOfValues(ITEM_VALUE_TYPES);

/** The request bodies the endpoints declare with a yup schema, by their component names. */
function requestBodies(): Record<string, Schema> {
  const bodies: Record<string, Schema> = {};
  for (const { body } of ADMIN_ENDPOINTS) {
    if (body && body !== 'multipart' && body.schema) bodies[body.component] = jsonSchemaOf(body.schema);
  }
  return bodies;
}

/**
 * Every schema the paths name with `ref(…)`. The replies' shapes are derived from the reply schemas
 * the services' types come from (each feature's `-replies.ts`); written here are only the error body,
 * the two unions yup does not express (an invite check, a variable) and the free-form config document.
 */
export const COMPONENT_SCHEMAS: Record<string, Schema> = {
  ...replyComponents([
    roleReply, moduleReply, gameReply, gameOfUserReply, userReply, userOfGameReply, languageReply, connectionReply, userGameReply, tokenReply, inviteReply,
    notificationEntryReply, notificationReply, notificationWithMacrosReply, scoreOperatorReply, leaderboardReply, groupReply, groupMemberReply,
    groupMembershipReply, savedScoreReply, rankingsReply, payoutReply, configVersionReply, configVersionDetailReply, rollbackReply, auditEntryReply,
    topupReply, balanceReply, ledgerItemReply, imageReply, healthReply, readinessReply, currencyReply, freezeReply, walletFreezeReply, walletLimitsReply, apiKeyReply, createdApiKeyReply, configOverrideReply, twoFactorChallengeReply, twoFactorSetupReply, recoveryCodesReply,
  ]),
  Problem: {
    ...object({
      type: str({ const: 'about:blank' }), title: str(), status: int({ minimum: 400, maximum: 599 }), code: oneOfValues(PROBLEM_CODES), detail: str(),
      errors: arrayOf(object({ path: str(), message: str() })),
    }, { optional: ['errors'] }),
    description: 'RFC 9457 problem details; `errors` lists every violation of a 400.',
  },
  LoginReply: {
    description: 'A token, or for a user with two-factor sign-in a challenge for POST /api/auth/login/2fa (SPEC §2.12).',
    oneOf: [ref('TokenReply'), ref('TwoFactorChallenge')],
  },
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

  // Request bodies: unknown fields are ignored; every violation is a 400 naming its path. Each is
  // derived from the yup schema its endpoint declares (from-yup.ts); a variable's, one variant per type.
  ...requestBodies(),
};
