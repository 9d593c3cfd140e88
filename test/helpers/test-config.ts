import { loadConfig, type Config, type Env } from '../../src/config';

/** The suite's configuration: the environment's URLs (as `npm test` brought them up), quiet logs. */
export function testConfig(overrides: Env = {}): Config {
  return loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...overrides });
}
