import { endpoint, made, one } from '../http/endpoint';
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from './auth-schemas';

/** Sign-in, registration with an invite, and who the caller is. */
export const authEndpoints = [
  endpoint({
    method: 'post', path: '/api/auth/login', tag: 'auth', summary: 'Sign in', access: 'public',
    body: { component: 'LoginInput', schema: loginSchema }, ok: one('TokenReply'), errors: [401, 429],
    description: 'Ten failures for one email from one address within 15 minutes, or LOGIN_ADDRESS_LIMIT from one address: 429.',
    graphql: { type: 'Mutation', field: 'login' },
    handle: ({ body, clientAddress }, { auth }) => auth.login(body as LoginInput, clientAddress),
  }),
  endpoint({
    method: 'post', path: '/api/auth/register', tag: 'auth', summary: 'Register with an invite', access: 'public',
    body: { component: 'RegisterInput', schema: registerSchema }, ok: made('TokenReply'), errors: [409],
    description: 'The role comes from the invite. An unknown, expired or used-up invite is a 400 on `invite_code`.',
    graphql: { type: 'Mutation', field: 'register' },
    handle: ({ actor, body }, { auth }) => auth.register(actor, body as RegisterInput),
    location: (reply) => `/api/users/${reply.user.id}`,
  }),
  endpoint({
    method: 'get', path: '/api/auth/me', tag: 'auth', summary: 'The signed-in user', access: 'any', ok: one('User'),
    graphql: { type: 'Query', field: 'me' },
    handle: async ({ caller }) => caller,
  }),
];
