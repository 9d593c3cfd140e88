import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config';
import { AppError } from './errors';
import { ensureBrowserAppsBuilt } from './bin/browser-apps-build';
import { reportHealth } from './bin/healthcheck-command';
import { restoreCommand } from './bin/restore-command';
import { servicesCommand } from './bin/services-command';
import { withDevelopmentAdmin } from './bin/dev-admin';
import { serve } from './bin/serve';
import { servePrimary } from './bin/serve-processes';
import { reconcileCommand, reportsRebuildCommand, syncStatusCommand } from './bin/sync-commands';
import { payoutsReconcileCommand } from './bin/payouts-command';
import { topupCommand } from './bin/topup-command';
import { closeCommand } from './bin/close-command';
import { createAdminCommand, migrateAndSeed } from './bin/migrate-command';
import { ROLE_NAMES, type RoleName, type RunningRole } from './lifecycle/running-role';
import { startBanner } from './bin/start-banner';
import { StartupRefused } from './lifecycle/startup-refused';
import { createLogger } from './logging/logger';
import { ensureLocalServices } from './local-services/local-services';

const USAGE = `usage: cli <command> [options]

  start                    bring up Redis and MySQL, build the console if missing, migrate, seed, serve every role
  serve [--roles LIST] [--processes N]
                           serve roles (comma-separated: ${ROLE_NAMES.join(',')}; default all); --processes N
                           serves the grpc role alone in N processes sharing its port (default 1)
  migrate                  apply pending migrations and seed data; bring Redis to the record layout the roles read
  services up|down [--replicated]
                           start (or stop) local Valkey and MariaDB at the configured URLs; --replicated also a
                           primary, 2 replicas and 3 Sentinels (ports 6380-6382, 26380-26382)
  create-admin             create the admin of ADMIN_EMAIL / ADMIN_PASSWORD, or promote that account
  reconcile                compare every Redis wallet with MySQL's ledger, and the report rollups with the
                           ledger's sums (exit 1 on a mismatch)
  reports rebuild [--from DATE]
                           recompute the report rollups from the ledger, from the UTC day of DATE (default:
                           all); resumable: run again with the same --from after an interruption
  payouts reconcile        settle period payouts left unpaid past IDEMPOTENCY_TTL_S from the ledger: mark paid
                           the ones it holds a top-up for, pay the others (once the sync has drained)
  restore [--force]        rebuild the engine's Redis state from MySQL after Redis lost it (docs/operations.md);
                           --force deletes the engine data Redis still holds first
  sync status              outbox backlog per partition and sync queue counts
  healthcheck ROLE         exit 0 when this host's grpc, http or worker role is healthy (containers)
  topup --user-id ID --game-id ID --amount N [--currency EUR] [--comment TEXT] [--idempotency-key K]
                           credit a wallet (same script and outbox as the management API)
  close --user-id ID --game-id ID --currency EUR --reason TEXT [--idempotency-key K]
                           take a wallet's available balance out (a ledger move of kind close, SPEC §2.14),
                           for a wallet no user-game names (a disconnected or deleted game)

Configuration comes from the environment (and ./.env when present); see docs/configuration.md.`;

async function main(argv: string[]): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      roles: { type: 'string' },
      force: { type: 'boolean' },
      replicated: { type: 'boolean' },
      processes: { type: 'string' },
      'user-id': { type: 'string' },
      'game-id': { type: 'string' },
      amount: { type: 'string' },
      currency: { type: 'string' },
      comment: { type: 'string' },
      reason: { type: 'string' },
      from: { type: 'string' },
      'idempotency-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  for (const warning of config.warnings) logger.warn(warning);

  switch (command) {
    case 'start': {
      await ensureLocalServices(config, (message) => logger.info(message));
      await ensureBrowserAppsBuilt((message) => logger.info(message));
      await migrateAndSeed(config, logger);
      const withAdmin = withDevelopmentAdmin(config);
      await serveAndAnnounce(withAdmin, logger, [...ROLE_NAMES], withAdmin.admin !== config.admin);
      return;
    }
    case 'serve': {
      const roles = parseRoles(values.roles);
      const processes = parseProcesses(values.processes, roles);
      if (cluster.isWorker) await serve(config, logger, roles, { clusterWorker: true });
      else if (processes > 1) {
        const address = await servePrimary(config, logger, processes);
        logger.info(`ready: grpc (${processes} processes)`);
        announce(config, [{ name: 'grpc', address }]);
      }
      else await serveAndAnnounce(config, logger, roles);
      return;
    }
    case 'migrate':
      await migrateAndSeed(config, logger);
      return;
    case 'services':
      await servicesCommand(config, rest[0], values.replicated === true);
      return;
    case 'create-admin':
      await createAdminCommand(config);
      return;
    case 'reconcile':
      process.exitCode = await reconcileCommand(config);
      return;
    case 'reports': {
      if (rest[0] !== 'rebuild') throw new UsageError('use: reports rebuild [--from DATE]');
      const fromMs = values.from === undefined ? undefined : Date.parse(values.from);
      if (fromMs !== undefined && Number.isNaN(fromMs)) throw new UsageError('--from must be a date (YYYY-MM-DD) or an ISO 8601 instant');
      await reportsRebuildCommand(config, values.from, fromMs);
      return;
    }
    case 'payouts':
      if (rest[0] !== 'reconcile') throw new UsageError('use: payouts reconcile');
      process.exitCode = await payoutsReconcileCommand(config);
      return;
    case 'restore':
      process.exitCode = await restoreCommand(config, values.force === true);
      return;
    case 'sync':
      if (rest[0] !== 'status') throw new UsageError('use: sync status');
      await syncStatusCommand(config);
      return;
    case 'healthcheck':
      process.exitCode = await reportHealth(config, rest[0]);
      return;
    case 'topup':
      await topupCommand(config, {
        userId: values['user-id'],
        gameId: values['game-id'],
        amount: values.amount,
        currency: values.currency,
        comment: values.comment,
        idempotencyKey: values['idempotency-key'],
      });
      return;
    case 'close':
      await closeCommand(config, {
        userId: values['user-id'], gameId: values['game-id'], currency: values.currency, reason: values.reason, idempotencyKey: values['idempotency-key'],
      });
      return;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

async function serveAndAnnounce(config: Config, logger: ReturnType<typeof createLogger>, roles: RoleName[], showPassword = false) {
  const running = await serve(config, logger, roles);
  logger.info(`ready: ${running.map((role) => role.name).join(', ')}`);
  announce(config, running, showPassword);
}

/** The banner (on stderr, apart from the JSON log lines on stdout). */
function announce(config: Config, running: ReadonlyArray<Pick<RunningRole, 'name' | 'address'>>, showPassword = false): void {
  console.error(startBanner(config, running, showPassword));
}

function parseRoles(list: string | undefined): RoleName[] {
  if (!list) return [...ROLE_NAMES];
  const roles = list.split(',').map((role) => role.trim());
  const unknown = roles.filter((role) => !(ROLE_NAMES as readonly string[]).includes(role));
  if (unknown.length > 0 || roles.length === 0) {
    throw new UsageError(`unknown role(s) ${unknown.join(', ')}: choose from ${ROLE_NAMES.join(', ')}`);
  }
  return [...new Set(roles)] as RoleName[];
}

/** --processes N: only the gRPC role runs in several processes (the others keep state per process). */
function parseProcesses(given: string | undefined, roles: readonly RoleName[]): number {
  if (given === undefined) return 1;
  const processes = Number(given);
  if (!Number.isInteger(processes) || processes < 1 || processes > 64) throw new UsageError(`--processes must be an integer from 1 to 64 (got ${given})`);
  if (processes > 1 && (roles.length !== 1 || roles[0] !== 'grpc')) throw new UsageError('--processes above 1 serves the grpc role alone: use --roles grpc');
  return processes;
}

class UsageError extends Error {}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof AppError && error.spec.httpStatus < 500) {
    console.error(`${error.code}: ${error.message}`);
    process.exit(2);
  }
  if (error instanceof StartupRefused) {
    console.error(error.message);
    process.exit(1);
  }
  const parseError = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ?? false;
  if (error instanceof ConfigError || error instanceof UsageError || parseError) {
    console.error((error as Error).message);
    if (!(error instanceof ConfigError)) console.error(`\n${USAGE}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
