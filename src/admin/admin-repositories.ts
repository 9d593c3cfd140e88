import * as apiKeysRepository from './api-keys/api-keys-repository';
import * as auditRepository from './audit/audit-repository';
import * as currenciesRepository from './currencies/currencies-repository';
import * as connectionsReads from './connections/connections-reads';
import * as connectionsRepository from './connections/connections-repository';
import * as gamesRepository from './games/games-repository';
import * as inviteRedemption from './invites/invite-redemption';
import * as invitesRepository from './invites/invites-repository';
import * as languagesReads from './languages/languages-reads';
import * as languagesRepository from './languages/languages-repository';
import * as leaderboardGroupsRepository from './leaderboards/leaderboard-groups-repository';
import * as leaderboardPayoutsRepository from './leaderboards/leaderboard-payouts-repository';
import * as leaderboardScoresRepository from './leaderboards/leaderboard-scores-repository';
import * as leaderboardsRepository from './leaderboards/leaderboards-repository';
import * as modulesReads from './modules/modules-reads';
import * as modulesRepository from './modules/modules-repository';
import * as notificationsRepository from './notifications/notifications-repository';
import * as userAccounts from './users/user-accounts';
import * as usersRepository from './users/users-repository';
import * as userStanding from './users/user-standing-reads';
import * as configHistoryRepository from './variables/config-history-repository';
import * as configOverridesRepository from './variables/config-overrides-repository';
import * as variablesRepository from './variables/variables-repository';
import * as walletControlsRepository from './wallet-controls/wallet-controls-repository';
import * as ledgerReads from '../records/ledger-reads';
import * as reportsRepository from './reports/reports-repository';
import * as playerDataRepository from './player-data/player-data-repository';

/**
 * Every repository of the management API, and the modules through which a feature reads another's
 * data (its `-reads` module): what a unit of work binds to its transaction, or to the pool for reads.
 * A service is given the names it may use (`Store<'games' | 'modulesReads'>`): its own repository and
 * the other features' read ports, nothing else.
 */
export const ADMIN_REPOSITORIES = {
  apiKeys: apiKeysRepository,
  audit: auditRepository,
  connections: connectionsRepository,
  connectionsReads,
  currencies: currenciesRepository,
  games: gamesRepository,
  invites: invitesRepository,
  inviteRedemption,
  languages: languagesRepository,
  languagesReads,
  leaderboardGroups: leaderboardGroupsRepository,
  leaderboardPayouts: leaderboardPayoutsRepository,
  leaderboardScores: leaderboardScoresRepository,
  leaderboards: leaderboardsRepository,
  modules: modulesRepository,
  modulesReads,
  notifications: notificationsRepository,
  users: usersRepository,
  userStanding,
  userAccounts,
  configHistory: configHistoryRepository,
  configOverrides: configOverridesRepository,
  variables: variablesRepository,
  ledgerReads,
  reports: reportsRepository,
  playerData: playerDataRepository,
  walletControls: walletControlsRepository,
};

export type AdminRepositories = typeof ADMIN_REPOSITORIES;
export type RepositoryName = keyof AdminRepositories;
