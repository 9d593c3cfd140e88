import type { RedisLike } from '../redis/script-registry';
import type { Queue } from 'bullmq';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Logger } from '../logging/logger';
import type { WalletService } from '../wallet/wallet-service';
import { createAuditLog } from './audit/audit-service';
import { createAuthService } from './auth/auth-service';
import { createLoginLimiter } from './auth/login-limiter';
import { createPasswordHasher } from './auth/password-hasher';
import { createTokenService } from './auth/token-service';
import { createBalanceService } from './balance/balance-service';
import { createAdminCaches } from './cache/admin-caches';
import { createConnectionsService } from './connections/connections-service';
import { createGamesService } from './games/games-service';
import { createImagesService } from './images/images-service';
import { createInvitesService } from './invites/invites-service';
import { createLanguagesService } from './languages/languages-service';
import { createModulesService } from './modules/modules-service';
import { createLeaderboardGroupsService } from './leaderboards/leaderboard-groups-service';
import { createLeaderboardScope } from './leaderboards/leaderboard-scope';
import { createLeaderboardsService } from './leaderboards/leaderboards-service';
import { createRankIndex } from './leaderboards/rank-index-store';
import { createOpsService } from './ops/ops-service';
import { createNotificationsService } from './notifications/notifications-service';
import { isLanguageUsed } from './notifications/notifications-repository';
import { createDashboardSessions } from './queues/dashboard-sessions';
import { createUsersService } from './users/users-service';
import { createConfigHistoryService } from './variables/config-history-service';
import { createConfigVersions } from './variables/config-versions';
import { createConfigWriter } from './variables/config-writer';
import { createVariablesService } from './variables/variables-service';

export interface AdminDeps {
  readonly db: Knex;
  /** The HTTP role's engine Redis: what the ops page reads of the engine (outbox, timeline). */
  readonly redis: RedisLike;
  /**
   * Admin data that requests can grow (rank indexes, read caches and their invalidations, config
   * versions, login limits, dashboard sessions): ADMIN_REDIS_URL's Redis, the engine's when not given.
   */
  readonly adminRedis?: RedisLike;
  readonly wallet: WalletService;
  readonly config: Pick<Config, 'auth' | 'engine' | 'uploads' | 'http'> & Partial<Pick<Config, 'audit'>>;
  /** The time of score saves, rankings and invite expiry (tests move it instead of waiting). */
  readonly clock?: () => number;
  /** The ledger-sync queue, for the ops page's job counts (without it they are null). */
  readonly syncQueue?: Queue;
  readonly logger?: Logger;
  /** The time of the read caches' expiry (tests freeze it, so only invalidations refresh an entry). */
  readonly cacheClock?: () => number;
}

/** Every service of the management API; REST routes (and GraphQL resolvers) call these and only these. */
export function createAdminServices({ db, redis, adminRedis = redis, wallet, config, clock = Date.now, syncQueue, logger, cacheClock }: AdminDeps) {
  const tokens = createTokenService(config.auth.jwtSecret, config.auth.jwtTtlS);
  const hasher = createPasswordHasher(config.auth.maxConcurrentHashes);
  const limiter = createLoginLimiter(adminRedis, { addressLimit: config.auth.loginAddressLimit });
  const caches = createAdminCaches(adminRedis, { logger, clock: cacheClock });
  const audit = createAuditLog(db);
  const users = createUsersService(db, caches, audit);
  const configVersions = createConfigVersions(adminRedis);
  const rankIndex = createRankIndex({ db, redis: adminRedis, logger });
  const games = createGamesService(db, audit, async (gameId) => {
    await caches.gameRemoved(gameId);
    await configVersions.bump(gameId);
    await rankIndex.gameChanged(gameId);
  });
  const modules = createModulesService(db, games, caches, audit, configVersions.bump);
  const connections = createConnectionsService(db, users, games, audit, rankIndex.gameChanged);
  const leaderboardScope = createLeaderboardScope({ db, games, modules, caches });
  const configWriter = createConfigWriter({ db, games, modules, versions: configVersions, audit });
  return {
    caches,
    audit,
    /** Leaderboards' rank indexes in Redis (the bench and tests wait for a build). */
    rankIndex,
    auth: createAuthService({ db, tokens, limiter, hasher, caches, audit, clock }),
    tokens,
    hasher,
    users,
    invites: createInvitesService(db, audit, clock),
    games,
    modules,
    variables: createVariablesService({ db, games, modules, versions: configVersions, writer: configWriter }),
    configHistory: createConfigHistoryService({ db, writer: configWriter }),
    languages: createLanguagesService(db, audit, (languageId) => isLanguageUsed(db, languageId)),
    notifications: createNotificationsService({ db, games, modules, audit }),
    leaderboards: createLeaderboardsService({ db, scope: leaderboardScope, caches, audit, rankIndex, auditScoreSaves: config.audit?.scoreSaves ?? true, clock }),
    leaderboardGroups: createLeaderboardGroupsService({ db, scope: leaderboardScope, audit }),
    connections,
    ops: createOpsService({ redis, syncQueue }),
    balance: createBalanceService({ db, wallet, connections, audit, defaultCurrency: config.engine.defaultCurrency, logger }),
    dashboardSessions: createDashboardSessions(adminRedis),
    /** SPEC §2.10: a cookie the server sets is Secure whenever PUBLIC_BASE_URL is https. */
    secureCookies: config.http.publicBaseUrl.startsWith('https://'),
    images: createImagesService({ uploadDir: config.uploads.dir, maxBytes: config.uploads.maxBytes, publicBaseUrl: config.http.publicBaseUrl, audit }),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
