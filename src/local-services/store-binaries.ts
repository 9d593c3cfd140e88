import { existsSync, writeFileSync } from 'node:fs';
import { installDebianPackages } from './debian-packages';
import { findBinary, runCommand, type Log } from './process-tools';

export interface StoreBinaries {
  /** valkey-server, or redis-server where Valkey is missing. */
  readonly server: string;
  readonly cli: string;
}

/** Valkey 8 lives in Debian's bookworm-backports suite; these files add it for the valkey packages only. */
const BACKPORTS_SOURCES = '/etc/apt/sources.list.d/reservation-valkey.sources';
const BACKPORTS_PIN = '/etc/apt/preferences.d/reservation-valkey';
const VALKEY_PACKAGES = ['valkey-server', 'valkey-tools'];

/** The installed store's binaries: Valkey's first, then Redis' (which `local` durability still runs on). */
export function findStoreBinaries(): StoreBinaries | null {
  for (const [server, cli] of [['valkey-server', 'valkey-cli'], ['redis-server', 'redis-cli']] as const) {
    const found = [findBinary(server), findBinary(cli)];
    if (found[0] && found[1]) return { server: found[0], cli: found[1] };
  }
  return null;
}

/**
 * The project's store (SPEC §1.10): Valkey 8, installed from bookworm-backports through a sources file
 * and a pin of the project's own (every other package keeps coming from the release it came from).
 * Where Valkey is installed already, or cannot be (no root, another distribution), an installed
 * redis-server is used with a note: Redis 7.0 serves `local` durability, not `replicated`.
 */
export async function ensureStoreBinaries(log: Log): Promise<StoreBinaries> {
  const valkey = [findBinary('valkey-server'), findBinary('valkey-cli')];
  if (valkey[0] && valkey[1]) return { server: valkey[0], cli: valkey[1] };
  try {
    await addBackportsForValkey(log);
    await installDebianPackages(VALKEY_PACKAGES, log);
  } catch (error) {
    const fallback = findStoreBinaries();
    if (!fallback) throw error;
    log(`valkey: not installed (${(error as Error).message.split('\n')[0]}); using ${fallback.server}`);
    return fallback;
  }
  const installed = findStoreBinaries();
  if (!installed) throw new Error('valkey-server is still missing after installing it from bookworm-backports');
  return installed;
}

async function addBackportsForValkey(log: Log): Promise<void> {
  if (existsSync(BACKPORTS_SOURCES) && existsSync(BACKPORTS_PIN)) return;
  const release = (await runCommand('sh', ['-c', '. /etc/os-release && echo "$VERSION_CODENAME"'])).output.trim();
  if (release !== 'bookworm') throw new Error(`Valkey 8 comes from bookworm-backports; this machine runs "${release || 'not Debian'}"`);
  if (process.getuid?.() !== 0) throw new Error('adding bookworm-backports for valkey needs root');
  log(`valkey: adding bookworm-backports for the valkey packages only (${BACKPORTS_SOURCES}, ${BACKPORTS_PIN})`);
  writeFileSync(BACKPORTS_SOURCES, [
    'Types: deb',
    'URIs: http://deb.debian.org/debian',
    'Suites: bookworm-backports',
    'Components: main',
    'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg',
    '',
  ].join('\n'));
  writeFileSync(BACKPORTS_PIN, [
    'Package: *',
    'Pin: release n=bookworm-backports',
    'Pin-Priority: -1',
    '',
    `Package: ${VALKEY_PACKAGES.join(' ')}`,
    'Pin: release n=bookworm-backports',
    'Pin-Priority: 500',
    '',
  ].join('\n'));
}
