import { AppError } from '../errors';
import { ISO_CURRENCIES } from './iso-currencies';

/**
 * Which currencies new money may move in (SPEC §1.11), as each process knows them: the enabled codes
 * of MySQL's `currencies` table, read again every REFRESH_MS, so a change reaches every process within
 * a second. The scripts never read MySQL: a Reserve is told whether its currency is open, and refuses
 * only after its request_id's replay (SPEC §1.4 comes first). Until the first read answers (MySQL down
 * as a process starts), ISO 4217's codes are open, as the table is seeded.
 */
export interface CurrencyGate {
  isOpen(code: string): boolean;
  /** Reads the table now (after a change this process made, so it holds at once here). */
  refresh(): Promise<void>;
  stop(): void;
}

export const CURRENCY_REFRESH_MS = 500;

export function currencyClosedError(code: string): AppError {
  const rule = `${code} is not an enabled currency (unknown, or disabled by an admin)`;
  return new AppError('INVALID_ARGUMENT', `currency ${rule}`, { errors: [{ path: 'currency', message: rule }] });
}

export function createCurrencyGate(
  readEnabled: () => Promise<readonly string[]>,
  options: { refreshMs?: number; onError?: (error: unknown) => void } = {},
): CurrencyGate {
  let open = new Set(ISO_CURRENCIES.map(({ code }) => code));
  let stopped = false;
  const refresh = async () => {
    open = new Set(await readEnabled());
  };
  const timer = setInterval(() => {
    if (!stopped) refresh().catch((error: unknown) => options.onError?.(error));
  }, options.refreshMs ?? CURRENCY_REFRESH_MS);
  timer.unref();
  refresh().catch((error: unknown) => options.onError?.(error));
  return {
    isOpen: (code) => open.has(code),
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
