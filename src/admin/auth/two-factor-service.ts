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
 * is used up), or an unused recovery code (used up). Either way a right code works once; a recovery
 * code used before is told apart ('used'), so its owner knows to take another.
 */
export async function checkSecondFactor(accounts: Accounts, user: Pick<UserRow, 'id' | 'totp_secret'>, code: string, nowMs: number): Promise<'ok' | 'wrong' | 'used'> {
  if (isRecoveryCode(code)) {
    const hash = recoveryCodeHash(code);
    if (await accounts.useRecoveryCode(user.id, hash)) return 'ok';
    return (await accounts.recoveryCodeUsed(user.id, hash)) ? 'used' : 'wrong';
  }
  const step = user.totp_secret ? stepOfCode(user.totp_secret, code.trim(), nowMs) : null;
  return step !== null && (await accounts.useTotpStep(user.id, step)) ? 'ok' : 'wrong';
}

/** What a refused second factor says, at the code field. */
const SECOND_FACTOR_REFUSALS = {
  wrong: 'is wrong or was used already',
  used: 'is a recovery code used already: each works once; take another',
} as const;

const wrongCode = (why: 'wrong' | 'used' = 'wrong') =>
  new AppError('INVALID_ARGUMENT', `the code ${SECOND_FACTOR_REFUSALS[why]}`, { errors: [{ path: 'code', message: SECOND_FACTOR_REFUSALS[why] }] });

/**
 * Two-factor sign-in for any signed-in user (SPEC §2.12): setup answers a new secret as an
 * `otpauth://` URI and a QR image; a right code confirms it and answers ten recovery codes, shown
 * this once and kept as hashes; a right code (or recovery code) turns it off. Audited; each change
 * reaches the user's next request on every instance.
 */
export function createTwoFactorService({ store, limiter, clock = Date.now }: { store: Store<'userAccounts' | 'userStanding'>; limiter: LoginLimiter; clock?: () => number }) {
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
        await repos.userStanding.lockUnerasedUser(userId);
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
        await repos.userStanding.lockUnerasedUser(userId);
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
        await repos.userStanding.lockUnerasedUser(userId);
        const checked = await checkSecondFactor(repos.userAccounts, user, code, clock());
        if (checked !== 'ok') throw wrongCode(checked);
        await repos.userAccounts.disableTotp(userId);
        audit({ action: 'user.two_factor_off', targetId: userId, changes: { two_factor_enabled: [true, false] } });
        changed('user', userId);
      });
      await limiter.succeeded(user.email, actor.ip ?? '');
    },

    /** How many recovery codes the user has left (the console shows it, and warns when few are). */
    async recoveryCodesLeft(userId: number): Promise<{ left: number }> {
      return { left: await read.userAccounts.unusedRecoveryCodes(userId) };
    },

    /** Ten new recovery codes for a current code (or a recovery code): the old ones stop working. Audited without the codes. */
    async renewRecoveryCodes(actor: Actor, userId: number, body: CodeInput): Promise<{ recovery_codes: string[] }> {
      const { code } = validateBody(codeSchema, body);
      const user = await mustFind(userId);
      if (!user.totp_enabled_at) throw new AppError('CONFLICT', 'two-factor sign-in is not on');
      await limiter.attempt(user.email, actor.ip ?? '');
      const codes = newRecoveryCodes();
      await store.run(actor, async ({ repos, audit }) => {
        await repos.userStanding.lockUnerasedUser(userId);
        const checked = await checkSecondFactor(repos.userAccounts, user, code, clock());
        if (checked !== 'ok') throw wrongCode(checked);
        await repos.userAccounts.replaceRecoveryCodes(userId, codes.map(recoveryCodeHash));
        audit({ action: 'user.recovery_codes_renewed', targetId: userId, changes: {} });
      });
      await limiter.succeeded(user.email, actor.ip ?? '');
      return { recovery_codes: codes };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
