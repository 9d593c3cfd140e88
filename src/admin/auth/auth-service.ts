import { AppError } from '../../errors';
import { createdFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import { validateBody } from '../core/validation';
import { canonicalEmail } from '../users/email';
import type { AdminCaches } from '../cache/admin-caches';
import { toPublicUser, type PublicUser } from '../users/user-accounts';
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from './auth-schemas';
import type { TokenReply } from './auth-replies';
import type { LoginLimiter } from './login-limiter';
import type { PasswordHasher } from './password-hasher';
import type { TokenService } from './token-service';


const WRONG_CREDENTIALS = 'wrong email or password';

export interface AuthDeps {
  /** Sign-in reads accounts; registration uses up an invite and writes the user in one unit of work. */
  readonly store: Store<'userAccounts' | 'inviteRedemption'>;
  readonly tokens: TokenService;
  readonly limiter: LoginLimiter;
  readonly hasher: PasswordHasher;
  /** The token's user is read through them on every request. */
  readonly caches: AdminCaches;
  /** The time invites expire by (default Date.now). */
  readonly clock?: () => number;
}

export function createAuthService({ store, tokens, limiter, hasher, caches, clock = Date.now }: AuthDeps) {
  const { read } = store;
  const reply = (user: PublicUser): TokenReply => ({
    access_token: tokens.issue(user.id, user.role),
    token_type: 'Bearer',
    expires_in: tokens.ttlS,
    user,
  });

  return {
    /**
     * The attempt is counted before the password is checked (a right one gives it back), so racing
     * guesses cannot pass the limit. Wrong email and wrong password get the same 401, after the same
     * amount of hashing work.
     */
    async login(body: LoginInput, clientAddress: string): Promise<TokenReply> {
      const input = validateBody(loginSchema, body);
      const email = canonicalEmail(input.email);
      await limiter.attempt(email, clientAddress);
      const user = await read.userAccounts.findUserByEmail(email);
      const valid = user ? await hasher.verify(input.password, user.password_hash) : await hasher.verifyDecoy(input.password);
      if (!user || !valid || !user.is_active) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS);
      await limiter.succeeded(email, clientAddress);
      return reply(toPublicUser(user));
    },

    /**
     * Registration by invite: the invite is checked before the password is hashed (a bogus invite
     * costs no hashing), and its uses are counted under a row lock with the insert. The role comes
     * from the invite.
     */
    async register(actor: Actor, body: RegisterInput): Promise<TokenReply> {
      const input = validateBody(registerSchema, body);
      await read.inviteRedemption.assertInviteUsable(input.invite_code, new Date(clock()));
      const passwordHash = await hasher.hash(input.password);
      const id = await store.run(actor, async ({ repos, audit }) => {
        const role = await repos.inviteRedemption.consumeInvite(input.invite_code, new Date(clock()));
        const fields = { email: canonicalEmail(input.email), username: input.username, password_hash: passwordHash, role };
        const userId = await repos.userAccounts.insertUser(fields);
        const changes = createdFields({ ...fields, invite_code: input.invite_code });
        audit({ action: 'user.register', targetId: userId, changes });
        return userId;
      });
      return reply(toPublicUser((await read.userAccounts.findUserById(id))!));
    },

    /** The bearer token's user, re-read: a deactivated user is 401, a role change applies at once. */
    async authenticate(authorization: string | undefined): Promise<PublicUser> {
      const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(authorization ?? '');
      if (!match) throw new AppError('UNAUTHENTICATED', 'an Authorization: Bearer token is required');
      return activeUser(Number(tokens.verify(match[1]!).sub));
    },

    /** A user a server-side session names (the queue dashboard's), re-read as for bearer tokens. */
    activeUser,
  };

  async function activeUser(userId: number): Promise<PublicUser> {
    const user = await caches.user(userId, () => read.userAccounts.findUserById(userId));
    if (!user || !user.is_active) throw new AppError('UNAUTHENTICATED', 'the access token is invalid or expired');
    return toPublicUser(user);
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
