import { AppError } from '../../errors';
import { REWARD_KEY_PREFIX } from '../../records/ledger-tables';

/**
 * An Idempotency-Key a caller of the API or the top-up command may give: not a period reward's
 * (`lb-payout-…`), which the ledger and the reports read as a reward, and which a staff top-up must
 * not take before the payout does.
 */
export function callerTopupKey(key: string | undefined): string | undefined {
  if (key !== undefined && key.startsWith(REWARD_KEY_PREFIX)) {
    const message = `must not start with ${REWARD_KEY_PREFIX} (the keys of period rewards)`;
    throw new AppError('BAD_REQUEST', `Idempotency-Key ${message}`, { errors: [{ path: 'Idempotency-Key', message }] });
  }
  return key;
}
