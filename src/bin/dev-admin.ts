import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * `npm start` on a development machine with no ADMIN_EMAIL: an admin `admin@example.com` with a random
 * password kept in the (git-ignored) services data folder, so the printed login works every time.
 */
export function withDevelopmentAdmin(config: Config): Config {
  if (config.admin || config.nodeEnv === 'production') return config;
  const file = path.join(config.services.dataDir, 'dev-admin.json');
  if (!existsSync(file)) {
    mkdirSync(config.services.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ email: 'admin@example.com', password: randomBytes(12).toString('base64url') }), { mode: 0o600 });
  }
  const admin = JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
  return { ...config, admin };
}
