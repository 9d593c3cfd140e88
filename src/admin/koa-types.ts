import type { ParameterizedContext } from 'koa';
import type { Logger } from '../logging/logger';
import type { PublicUser } from './users/users-repository';

/** What every request carries through the middleware chain. */
export interface AppState {
  requestId: string;
  /** The client's address: the socket's, or the X-Forwarded-For hop that TRUSTED_PROXIES vouches for. */
  clientAddress: string;
  log: Logger;
  /** Set by the access guard on every non-public route. */
  user: PublicUser;
}

export type AppContext = ParameterizedContext<AppState>;
