import { AppError } from '../../errors';
import { createdFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import type { Store } from '../unit-of-work';
import { validateBody } from '../core/validation';
import { canonicalEmail } from '../users/email';
import type { AdminCaches } from '../cache/admin-caches';
import { toPublicUser, type PublicUser } from '../users/user-accounts';
import { loginSchema, loginTwoFactorSchema, registerSchema, type LoginInput, type LoginTwoFactorInput, type RegisterInput } from './auth-schemas';
import { CHALLENGE_TTL_S, CHALLENGE_WRONG_CODES, type TwoFactorChallenges } from './two-factor-challenges';
import { checkSecondFactor } from './two-factor-service';
import type { LoginReply, TokenReply } from './auth-replies';
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
  /** The time invites expire by and TOTP codes are judged at (default Date.now). */
  readonly clock?: () => number;
  /** Sign-ins waiting for their second factor (SPEC §2.12). */
  readonly challenges: TwoFactorChallenges;
  /** STAFF_2FA_REQUIRED: staff without two-factor sign-in may only enrol. */
  readonly staff2faRequired: boolean;
}

export function createAuthService({ store, tokens, limiter, hasher, caches, clock = Date.now, challenges, staff2faRequired }: AuthDeps) {
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
    async login(body: LoginInput, clientAddress: string): Promise<LoginReply> {
      const input = validateBody(loginSchema, body);
      const email = canonicalEmail(input.email);
      await limiter.attempt(email, clientAddress);
      const user = await read.userAccounts.findUserByEmail(email);
      const valid = user ? await hasher.verify(input.password, user.password_hash) : await hasher.verifyDecoy(input.password);
      if (!user || !valid || !user.is_active) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS);
      if (user.totp_enabled_at) {
        // The attempt stays counted until the second factor is right: wrong codes count as failed logins.
        const challenge = await challenges.open({ userId: user.id, email, address: clientAddress });
        return { two_factor_required: true, challenge, expires_in: CHALLENGE_TTL_S };
      }
      await limiter.succeeded(email, clientAddress);
      return reply(toPublicUser(user));
    },

    /**
     * SPEC §2.12's second step: the challenge a right password answered, and a current TOTP code or a
     * recovery code. Each code counts as a login attempt (10 failures per email and address in 15
     * minutes: 429); a challenge takes 5 wrong codes, then a new sign-in is needed.
     */
    async loginTwoFactor(body: LoginTwoFactorInput, clientAddress: string): Promise<TokenReply> {
      const input = validateBody(loginTwoFactorSchema, body);
      const challenge = await challenges.find(input.challenge);
      if (!challenge) throw new AppError('UNAUTHENTICATED', 'the sign-in challenge is unknown or has expired: sign in again');
      await limiter.attempt(challenge.email, clientAddress);
      const user = await read.userAccounts.findUserById(challenge.userId);
      if (!user || !user.is_active || user.erased_at || !user.totp_enabled_at) {
        await challenges.close(input.challenge);
        throw new AppError('UNAUTHENTICATED', 'the sign-in challenge is unknown or has expired: sign in again');
      }
      const attempt = await challenges.takeTry(input.challenge);
      if (attempt === null) throw new AppError('UNAUTHENTICATED', 'too many wrong codes: sign in again');
      const checked = await checkSecondFactor(read.userAccounts, user, input.code, clock());
      if (checked !== 'ok') {
        const spent = attempt === CHALLENGE_WRONG_CODES;
        if (spent) await challenges.close(input.challenge);
        throw new AppError('UNAUTHENTICATED', spent ? 'too many wrong codes: sign in again' : checked === 'used' ? 'this recovery code was used already: each works once' : 'wrong code');
      }
      // A right code signs in once: another right code racing this one finds the challenge closed.
      if (!(await challenges.close(input.challenge))) throw new AppError('UNAUTHENTICATED', 'the sign-in challenge is unknown or has expired: sign in again');
      await limiter.succeeded(challenge.email, clientAddress);
      return reply(toPublicUser(user));
    },

    /**
     * STAFF_2FA_REQUIRED: an admin or moderator without two-factor sign-in may call only what enrols
     * them (403 naming the way out); everyone else passes.
     */
    assertEnrolled(user: PublicUser): void {
      if (!staff2faRequired || user.two_factor_enabled || user.role === 'user') return;
      throw new AppError('FORBIDDEN', 'two-factor sign-in is required for staff: enrol first (POST /api/auth/2fa/setup, then /api/auth/2fa/confirm)');
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
        const invite = await repos.inviteRedemption.consumeInvite(input.invite_code, new Date(clock()));
        const role = invite.role;
        const fields = { email: canonicalEmail(input.email), username: input.username, password_hash: passwordHash, role };
        const userId = await repos.userAccounts.insertUser({ ...fields, invite_id: invite.id });
        const changes = createdFields({ ...fields, invite_code: input.invite_code });
        audit({ action: 'user.register', targetId: userId, changes, actedBy: { userId, role } });
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
    // An erased user (SPEC §2.14) stays signed out, whatever is done to the row after.
    if (!user || !user.is_active || user.erased_at) throw new AppError('UNAUTHENTICATED', 'the access token is invalid or expired');
    return toPublicUser(user);
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
