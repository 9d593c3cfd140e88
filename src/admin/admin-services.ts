import type { RedisLike } from '../redis/script-registry';
import type { Queue } from 'bullmq';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Logger } from '../logging/logger';
import type { WalletService } from '../wallet/wallet-service';
import { createApiKeysService } from './api-keys/api-keys-service';
import { createAuditLog } from './audit/audit-service';
import { createAuthService } from './auth/auth-service';
import { createLoginLimiter } from './auth/login-limiter';
import { createTwoFactorChallenges } from './auth/two-factor-challenges';
import { createTwoFactorService } from './auth/two-factor-service';
import { createPasswordHasher } from './auth/password-hasher';
import { createTokenService } from './auth/token-service';
import { createBalanceService } from './balance/balance-service';
import { createCurrenciesService } from './currencies/currencies-service';
import { createConnectionsService } from './connections/connections-service';
import { createGamesService } from './games/games-service';
import { createImagesService } from './images/images-service';
import { createInvitesService } from './invites/invites-service';
import { createLanguagesService } from './languages/languages-service';
import { createModulesService } from './modules/modules-service';
import { createLeaderboardGroupsService } from './leaderboards/leaderboard-groups-service';
import { createLeaderboardPayoutsService } from './leaderboards/leaderboard-payouts-service';
import { createLeaderboardScope } from './leaderboards/leaderboard-scope';
import { createLeaderboardsService } from './leaderboards/leaderboards-service';
import { createOpsService } from './ops/ops-service';
import { createReportsService } from './reports/reports-service';
import { createNotificationsService } from './notifications/notifications-service';
import { createDashboardSessions } from './queues/dashboard-sessions';
import { createUsersService } from './users/users-service';
import { createPlayerDataService } from './player-data/player-data-service';
import { createConfigHistoryService } from './variables/config-history-service';
import { createConfigOverridesService } from './variables/config-overrides-service';
import { createConfigWriter } from './variables/config-writer';
import { createVariablesService } from './variables/variables-service';
import { createWalletControlsService } from './wallet-controls/wallet-controls-service';
import { createAdminStore } from './admin-store';
import { createFirstAdminService } from './users/first-admin';

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

/** Every service of the management API; the endpoints' handlers (REST and GraphQL) and the other resolvers call these and only these. */
export function createAdminServices({ db, redis, adminRedis = redis, wallet, config, clock = Date.now, syncQueue, logger, cacheClock }: AdminDeps) {
  const tokens = createTokenService(config.auth.jwtSecret, config.auth.jwtTtlS);
  const hasher = createPasswordHasher(config.auth.maxConcurrentHashes);
  const limiter = createLoginLimiter(adminRedis, { addressLimit: config.auth.loginAddressLimit });
  /** Admin writes: one transaction each, audited, and what they changed told to the subscribers after the commit. */
  const { store, caches, configVersions, rankIndex } = createAdminStore({ db, adminRedis, logger, cacheClock });
  const audit = createAuditLog(store);
  const games = createGamesService(store);
  const users = createUsersService(store, games);
  const modules = createModulesService(store, games, caches);
  const connections = createConnectionsService(store, users, games);
  const leaderboardScope = createLeaderboardScope({ store, games, modules, caches });
  const configWriter = createConfigWriter({ store, games, modules, clock });
  return {
    caches,
    audit,
    /** Leaderboards' rank indexes in Redis (the bench and tests wait for a build). */
    rankIndex,
    auth: createAuthService({ store, tokens, limiter, hasher, caches, clock, challenges: createTwoFactorChallenges(adminRedis), staff2faRequired: config.auth.staff2faRequired ?? false }),
    twoFactor: createTwoFactorService({ store, limiter, clock }),
    tokens,
    hasher,
    users,
    /** The ADMIN_EMAIL admin: made at start-up, or made or promoted by the create-admin command. */
    firstAdmin: createFirstAdminService(store),
    invites: createInvitesService(store, clock),
    games,
    modules,
    variables: createVariablesService({ store, games, modules, versions: configVersions, writer: configWriter, clock }),
    configOverrides: createConfigOverridesService({ store, games, modules, clock }),
    configHistory: createConfigHistoryService({ store, writer: configWriter }),
    languages: createLanguagesService(store, (languageId) => store.read.notifications.isLanguageUsed(languageId)),
    notifications: createNotificationsService({ store, games, modules }),
    leaderboards: createLeaderboardsService({ store, scope: leaderboardScope, caches, rankIndex, auditScoreSaves: config.audit?.scoreSaves ?? true, clock }),
    leaderboardGroups: createLeaderboardGroupsService({ store, scope: leaderboardScope }),
    leaderboardPayouts: createLeaderboardPayoutsService({ store, scope: leaderboardScope, clock }),
    connections,
    ops: createOpsService({ redis, syncQueue }),
    reports: createReportsService(store, games, clock),
    currencies: createCurrenciesService(store, wallet),
    walletControls: createWalletControlsService({ store, wallet, users, connections, logger }),
    apiKeys: createApiKeysService(store, games, clock),
    /** The game an operation acts on, from what its path names (SPEC §2.12's scoped moderators); undefined when that does not exist. */
    gameOf: {
      leaderboard: leaderboardScope.gameOfLeaderboard,
      group: leaderboardScope.gameOfGroup,
      userGame: async (id: number) => (await store.read.connections.findUserGame(id))?.game_id,
    },
    playerData: createPlayerDataService({ store, wallet, defaultCurrency: config.engine.defaultCurrency }),
    balance: createBalanceService({ store, wallet, connections, defaultCurrency: config.engine.defaultCurrency, logger }),
    dashboardSessions: createDashboardSessions(adminRedis),
    /** SPEC §2.10: a cookie the server sets is Secure whenever PUBLIC_BASE_URL is https. */
    secureCookies: config.http.publicBaseUrl.startsWith('https://'),
    images: createImagesService({ uploadDir: config.uploads.dir, maxBytes: config.uploads.maxBytes, publicBaseUrl: config.http.publicBaseUrl, store }),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
