import { apiKeysEndpoints } from './api-keys/api-keys-endpoints';
import { auditEndpoints } from './audit/audit-endpoints';
import { reportsEndpoints } from './reports/reports-endpoints';
import { authEndpoints } from './auth/auth-endpoints';
import { balanceEndpoints } from './balance/balance-endpoints';
import { connectionsEndpoints } from './connections/connections-endpoints';
import { currenciesEndpoints } from './currencies/currencies-endpoints';
import { gamesEndpoints } from './games/games-endpoints';
import type { AnyEndpoint } from './http/endpoint';
import { imagesEndpoints } from './images/images-endpoints';
import { invitesEndpoints } from './invites/invites-endpoints';
import { languagesEndpoints } from './languages/languages-endpoints';
import { leaderboardsEndpoints } from './leaderboards/leaderboards-endpoints';
import { modulesEndpoints } from './modules/modules-endpoints';
import { notificationsEndpoints } from './notifications/notifications-endpoints';
import { usersEndpoints } from './users/users-endpoints';
import { playerDataEndpoints } from './player-data/player-data-endpoints';
import { configOverridesEndpoints } from './variables/config-overrides-endpoints';
import { variablesEndpoints } from './variables/variables-endpoints';
import { walletControlsEndpoints } from './wallet-controls/wallet-controls-endpoints';

/**
 * Every management endpoint, each declared once in its feature folder (`<feature>-endpoints.ts`):
 * the Koa routes, the OpenAPI document's paths and the GraphQL fields that serve the same operations
 * are all made from this list.
 */
export const ADMIN_ENDPOINTS: readonly AnyEndpoint[] = [
  ...authEndpoints,
  ...invitesEndpoints,
  ...usersEndpoints,
  ...playerDataEndpoints,
  ...connectionsEndpoints,
  ...gamesEndpoints,
  ...modulesEndpoints,
  ...languagesEndpoints,
  ...variablesEndpoints,
  ...configOverridesEndpoints,
  ...notificationsEndpoints,
  ...leaderboardsEndpoints,
  ...balanceEndpoints,
  ...currenciesEndpoints,
  ...walletControlsEndpoints,
  ...apiKeysEndpoints,
  ...imagesEndpoints,
  ...auditEndpoints,
  ...reportsEndpoints,
];
