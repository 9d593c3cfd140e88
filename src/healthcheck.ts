/**
 * The containers' health check as an entry point of its own: `node dist/src/healthcheck.js
 * grpc|http|worker` (the CLI's `healthcheck` command does the same). It loads the configuration and
 * the check only, not the CLI with every role's modules (Koa, knex, BullMQ, GraphQL…): a check runs
 * every 10 s in each container.
 */
import { existsSync } from 'node:fs';
import { reportHealth } from './bin/healthcheck-command';
import { loadConfig } from './config';

async function main(role: string | undefined): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  process.exitCode = await reportHealth(loadConfig(process.env), role);
}

if (require.main === module) {
  main(process.argv[2]).catch((error: unknown) => {
    console.error(`unhealthy: ${(error as Error).message}`);
    process.exitCode = 1;
  });
}
