import { endpoint, gone, made, one } from '../http/endpoint';
import { codeSchema, loginSchema, loginTwoFactorSchema, registerSchema } from './auth-schemas';
import { userReply } from '../core/session-user';
import { loginReply, recoveryCodesLeftReply, recoveryCodesReply, tokenReply, twoFactorSetupReply } from './auth-replies';

/** Sign-in, registration with an invite, and who the caller is. */
export const authEndpoints = [
  endpoint({
    method: 'post', path: '/api/auth/login', tag: 'auth', summary: 'Sign in', access: 'public',
    body: loginSchema, ok: one(loginReply), errors: [401, 429],
    description: 'Ten failures for one email from one address within 15 minutes, or LOGIN_ADDRESS_LIMIT from one address: 429. A user with two-factor sign-in gets `{two_factor_required, challenge}` and no token: POST /api/auth/login/2fa follows.',
    graphql: { type: 'Mutation', field: 'login', reply: (reply) => ({ two_factor_required: false, ...(reply as object) }) },
    handle: ({ body, clientAddress }, { auth }) => auth.login(body, clientAddress),
  }),
  endpoint({
    method: 'post', path: '/api/auth/login/2fa', tag: 'auth', summary: 'Sign in, second step: a TOTP code or a recovery code', access: 'public',
    body: loginTwoFactorSchema, ok: one(tokenReply), errors: [401, 429],
    description: 'The challenge lives 5 minutes and takes 5 wrong codes (then 401: sign in again); every code counts as a login attempt. A TOTP code is accepted once.',
    graphql: { type: 'Mutation', field: 'loginTwoFactor' },
    handle: ({ body, clientAddress }, { auth }) => auth.loginTwoFactor(body, clientAddress),
  }),
  endpoint({
    method: 'post', path: '/api/auth/2fa/setup', tag: 'auth', summary: 'Start two-factor enrolment: a new TOTP secret, as a URI and a QR image', access: 'any', enrolment: true,
    ok: one(twoFactorSetupReply), errors: [409], lookup: false,
    graphql: { type: 'Mutation', field: 'setupTwoFactor' },
    handle: ({ actor, caller }, { twoFactor }) => twoFactor.setup(actor, caller.id),
  }),
  endpoint({
    method: 'post', path: '/api/auth/2fa/confirm', tag: 'auth', summary: 'Turn two-factor sign-in on with a code from the app; answers ten recovery codes, once', access: 'any', enrolment: true,
    body: codeSchema, ok: one(recoveryCodesReply), errors: [409], lookup: false,
    graphql: { type: 'Mutation', field: 'confirmTwoFactor' },
    handle: ({ actor, caller, body }, { twoFactor }) => twoFactor.confirm(actor, caller.id, body),
  }),
  endpoint({
    method: 'delete', path: '/api/auth/2fa', tag: 'auth', summary: 'Turn two-factor sign-in off with a current code or a recovery code', access: 'any',
    body: codeSchema, ok: gone, errors: [409, 429], lookup: false,
    graphql: { type: 'Mutation', field: 'disableTwoFactor' },
    handle: ({ actor, caller, body }, { twoFactor }) => twoFactor.disable(actor, caller.id, body),
  }),
  endpoint({
    method: 'get', path: '/api/auth/2fa/recovery-codes', tag: 'auth', summary: 'How many of your recovery codes are left', access: 'any',
    ok: one(recoveryCodesLeftReply), lookup: false,
    graphql: { type: 'Query', field: 'recoveryCodesLeft' },
    handle: ({ caller }, { twoFactor }) => twoFactor.recoveryCodesLeft(caller.id),
  }),
  endpoint({
    method: 'post', path: '/api/auth/2fa/recovery-codes', tag: 'auth', summary: 'Ten new recovery codes for a current code; the old ones stop working', access: 'any',
    body: codeSchema, ok: one(recoveryCodesReply), errors: [409, 429], lookup: false,
    description: 'The code is a current TOTP code or an unused recovery code; it counts as a login attempt. The new codes are shown this once.',
    graphql: { type: 'Mutation', field: 'renewRecoveryCodes' },
    handle: ({ actor, caller, body }, { twoFactor }) => twoFactor.renewRecoveryCodes(actor, caller.id, body),
  }),
  endpoint({
    method: 'post', path: '/api/auth/register', tag: 'auth', summary: 'Register with an invite', access: 'public',
    body: registerSchema, ok: made(tokenReply), errors: [409],
    description: 'The role comes from the invite. An unknown, expired or used-up invite is a 400 on `invite_code`.',
    graphql: { type: 'Mutation', field: 'register' },
    handle: ({ actor, body }, { auth }) => auth.register(actor, body),
    location: { path: '/api/users/{id}', params: (reply) => ({ id: reply.user.id }) },
  }),
  endpoint({
    method: 'get', path: '/api/auth/me', tag: 'auth', summary: 'The signed-in user', access: 'any', enrolment: true, ok: one(userReply),
    graphql: { type: 'Query', field: 'me' },
    handle: async ({ caller }) => caller,
  }),
];
