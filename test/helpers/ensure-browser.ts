/**
 * Part of `npm test`, beside `services up`: installs Debian's `chromium` when it is missing (as root,
 * or through password-less sudo), for the console's end-to-end tests. Playwright's own browser
 * downloads are not used: they need the internet.
 */
import { installDebianPackages } from '../../src/local-services/debian-packages';
import { findBinary } from '../../src/local-services/process-tools';
import { CHROMIUM_NAMES } from './browser';

async function main(): Promise<void> {
  const found = findBinary(...CHROMIUM_NAMES);
  if (found) {
    console.log(`browser: ${found}`);
    return;
  }
  await installDebianPackages(['chromium'], (message) => console.log(`browser: ${message}`));
  console.log(`browser: ${findBinary(...CHROMIUM_NAMES)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
