import * as yup from 'yup';
import { componentName, countField, enumField, handWrittenComponent, listOf, type ReplyOf, replySchema, textField } from '../core/reply-schema';
import { ref } from '../openapi/schema-kit';
import { userReply } from '../core/session-user';

/** What sign-in and registration answer (the reply type and OpenAPI component, src/admin/core/reply-schema.ts). */
export const tokenReply = replySchema('TokenReply', {
  access_token: textField(),
  token_type: enumField(['Bearer'] as const),
  expires_in: countField(1, 'seconds'),
  user: userReply,
});
export type TokenReply = ReplyOf<typeof tokenReply>;

/** A right password of a user with two-factor sign-in: no token yet, a challenge for the second step (SPEC §2.12). */
export const twoFactorChallengeReply = replySchema('TwoFactorChallenge', {
  two_factor_required: yup.boolean().oneOf([true]).defined(),
  challenge: textField('send it with a code to POST /api/auth/login/2fa'),
  expires_in: countField(1, 'seconds the challenge lives'),
});
export type TwoFactorChallengeReply = ReplyOf<typeof twoFactorChallengeReply>;

/** What login answers: a token, or a two-factor challenge. */
export type LoginReply = TokenReply | TwoFactorChallengeReply;
export const loginReply = handWrittenComponent<LoginReply>('LoginReply', {
  description: 'A token, or for a user with two-factor sign-in a challenge for POST /api/auth/login/2fa (SPEC §2.12).',
  oneOf: [ref(componentName(tokenReply)), ref(componentName(twoFactorChallengeReply))],
}, [tokenReply, twoFactorChallengeReply]);

/** What enrolment answers (SPEC §2.12). */
export const twoFactorSetupReply = replySchema('TwoFactorSetup', {
  secret: textField('the TOTP secret in base32, for apps that take it typed'),
  otpauth_uri: textField('otpauth://totp/…, what an authenticator app enrols from'),
  qr_image: textField('the URI as a QR code: a PNG data URL'),
});
export const recoveryCodesLeftReply = replySchema('RecoveryCodesLeft', {
  left: yup.number().integer().defined().meta({ description: 'unused recovery codes (0 when two-factor sign-in is off)' }),
});

export const recoveryCodesReply = replySchema('RecoveryCodes', {
  recovery_codes: listOf(yup.string().defined()).meta({ description: 'ten single-use codes, shown this once' }),
});
