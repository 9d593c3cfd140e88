import { findBinary, runCommand, type Log } from './process-tools';

/**
 * Installs Debian packages when a daemon's binary is missing: directly as root, through `sudo -n` when
 * that works without a password, and otherwise not at all (the error says what to install).
 */
export async function installDebianPackages(packages: string[], log: Log): Promise<void> {
  const aptGet = findBinary('apt-get');
  if (!aptGet) throw new Error(`install ${packages.join(', ')} (no apt-get on this machine)`);
  const prefix = await privilegePrefix();
  if (!prefix) {
    throw new Error(`install ${packages.join(', ')}: apt-get needs root (or password-less sudo)`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = async (args: string[]) => {
    const [command, ...rest] = [...prefix, aptGet, ...args];
    const result = await runCommand(command as string, rest, env);
    if (result.code !== 0) throw new Error(`apt-get ${args.join(' ')} failed:\n${result.output.slice(-2000)}`);
  };
  log(`installing Debian packages: ${packages.join(', ')}`);
  await run(['update', '-qq']);
  await run(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

async function privilegePrefix(): Promise<string[] | null> {
  if (process.getuid?.() === 0) return [];
  const sudo = findBinary('sudo');
  if (sudo && (await runCommand(sudo, ['-n', 'true'])).code === 0) return [sudo, '-n'];
  return null;
}
