import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import { text } from '../core/validation';
import { isReservedEmail, isReservedUsername, RESERVED_EMAIL_RULE, RESERVED_USERNAME_RULE } from '../users/pseudonyms';

export const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;

const email = () => text(3, 254).email('must be a valid email address');
const password = () => text(8, 256);

export const loginSchema = bodySchema({ component: 'LoginInput' }, yup.object({
  email: text(1, 254).defined('is required'),
  password: text(1, 256).defined('is required'),
}));

export type LoginInput = Partial<yup.InferType<typeof loginSchema>>;

export const registerSchema = bodySchema({ component: 'RegisterInput' }, yup.object({
  email: email().test('reserved', RESERVED_EMAIL_RULE, (value) => value === undefined || !isReservedEmail(value)).defined('is required'),
  username: text(3, 32).matches(USERNAME, 'must be 3 to 32 of A-Z a-z 0-9 _ . -')
    .test('reserved', RESERVED_USERNAME_RULE, (value) => value === undefined || !isReservedUsername(value)).defined('is required'),
  password: password().defined('is required'),
  invite_code: text(1, 64).defined('is required'),
}));

export type RegisterInput = Partial<yup.InferType<typeof registerSchema>>;

/** A second factor: a 6-digit TOTP code, or one of the recovery codes. */
const secondFactor = () => text(1, 64).defined('is required').meta({ description: 'a 6-digit TOTP code or a recovery code' });

export const codeSchema = bodySchema({ component: 'CodeInput' }, yup.object({ code: secondFactor() }));
export type CodeInput = Partial<yup.InferType<typeof codeSchema>>;

export const loginTwoFactorSchema = bodySchema({ component: 'LoginTwoFactorInput' }, yup.object({
  challenge: text(1, 64).defined('is required'),
  code: secondFactor(),
}));
export type LoginTwoFactorInput = Partial<yup.InferType<typeof loginTwoFactorSchema>>;
