import { AppError } from '../../errors';
import type { Actor } from '../core/actor';
import { validateBody } from '../core/validation';
import type { Store, Work } from '../unit-of-work';
import type { UserRow } from '../users/users-repository';
import { codeSchema, type CodeInput } from './auth-schemas';
import type { LoginLimiter } from './login-limiter';
import { enrolment, isRecoveryCode, newRecoveryCodes, newTotpSecret, recoveryCodeHash, stepOfCode } from './totp';

type Accounts = Store<'userAccounts'>['read']['userAccounts'] | Work<'userAccounts'>['repos']['userAccounts'];

/**
 * Whether `code` is a second factor of this user now: a current TOTP code not used before (its step
 * is used up), or an unused recovery code (used up). Either way a right code works once.
 */
export async function checkSecondFactor(accounts: Accounts, user: Pick<UserRow, 'id' | 'totp_secret'>, code: string, nowMs: number): Promise<boolean> {
  if (isRecoveryCode(code)) return accounts.useRecoveryCode(user.id, recoveryCodeHash(code));
  const step = user.totp_secret ? stepOfCode(user.totp_secret, code.trim(), nowMs) : null;
  return step !== null && accounts.useTotpStep(user.id, step);
}

const wrongCode = () => new AppError('INVALID_ARGUMENT', 'the code is wrong or was used already', { errors: [{ path: 'code', message: 'is wrong or was used already' }] });

/**
 * Two-factor sign-in for any signed-in user (SPEC §2.12): setup answers a new secret as an
 * `otpauth://` URI and a QR image; a right code confirms it and answers ten recovery codes, shown
 * this once and kept as hashes; a right code (or recovery code) turns it off. Audited; each change
 * reaches the user's next request on every instance.
 */
export function createTwoFactorService({ store, limiter, clock = Date.now }: { store: Store<'userAccounts'>; limiter: LoginLimiter; clock?: () => number }) {
  const { read } = store;

  async function mustFind(userId: number): Promise<UserRow> {
    const user = await read.userAccounts.findUserById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'the access token is invalid or expired');
    return user;
  }

  return {
    async setup(actor: Actor, userId: number): Promise<{ secret: string; otpauth_uri: string; qr_image: string }> {
      const user = await mustFind(userId);
      if (user.totp_enabled_at) throw new AppError('CONFLICT', 'two-factor sign-in is on already; turn it off first to enrol again');
      const secret = newTotpSecret();
      await store.run(actor, async ({ repos, changed }) => {
        if (!(await repos.userAccounts.setTotpSecret(userId, secret))) throw new AppError('CONFLICT', 'two-factor sign-in is on already; turn it off first to enrol again');
        changed('user', userId);
      });
      return { secret, ...(await enrolment(secret, user.email)) };
    },

    async confirm(actor: Actor, userId: number, body: CodeInput): Promise<{ recovery_codes: string[] }> {
      const { code } = validateBody(codeSchema, body);
      const user = await mustFind(userId);
      if (user.totp_enabled_at) throw new AppError('CONFLICT', 'two-factor sign-in is on already');
      if (!user.totp_secret) throw new AppError('CONFLICT', 'no enrolment under way: POST /api/auth/2fa/setup first');
      const step = stepOfCode(user.totp_secret, code.trim(), clock());
      if (step === null) throw wrongCode();
      const codes = newRecoveryCodes();
      await store.run(actor, async ({ repos, audit, changed }) => {
        if (!(await repos.userAccounts.enableTotp(userId, step))) throw new AppError('CONFLICT', 'two-factor sign-in is on already');
        await repos.userAccounts.replaceRecoveryCodes(userId, codes.map(recoveryCodeHash));
        audit({ action: 'user.two_factor_on', targetId: userId, changes: { two_factor_enabled: [false, true] } });
        changed('user', userId);
      });
      return { recovery_codes: codes };
    },

    async disable(actor: Actor, userId: number, body: CodeInput): Promise<void> {
      const { code } = validateBody(codeSchema, body);
      const user = await mustFind(userId);
      if (!user.totp_enabled_at) throw new AppError('CONFLICT', 'two-factor sign-in is not on');
      // Guesses count as failed logins do (a stolen session cannot try every code).
      await limiter.attempt(user.email, actor.ip ?? '');
      await store.run(actor, async ({ repos, audit, changed }) => {
        if (!(await checkSecondFactor(repos.userAccounts, user, code, clock()))) throw wrongCode();
        await repos.userAccounts.disableTotp(userId);
        audit({ action: 'user.two_factor_off', targetId: userId, changes: { two_factor_enabled: [true, false] } });
        changed('user', userId);
      });
      await limiter.succeeded(user.email, actor.ip ?? '');
    },

    /** How many recovery codes the user has left (the console warns when few are). */
    async recoveryCodesLeft(userId: number): Promise<number> {
      return read.userAccounts.unusedRecoveryCodes(userId);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
