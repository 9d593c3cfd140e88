import { findBinary } from '../../src/local-services/process-tools';

/** The system's Chromium (Debian's `chromium`), which the end-to-end tests drive through playwright-core. */
export const CHROMIUM_NAMES = ['chromium', 'chromium-browser'] as const;

export function chromiumPath(): string {
  const found = findBinary(...CHROMIUM_NAMES);
  if (!found) throw new Error('no chromium: `npm test` installs it (test/helpers/ensure-browser.ts)');
  return found;
}
