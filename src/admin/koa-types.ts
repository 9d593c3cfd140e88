import type { ParameterizedContext } from 'koa';
import type { Logger } from '../logging/logger';
import type { SessionUser } from './core/session-user';

/** What every request carries through the middleware chain. */
export interface AppState {
  requestId: string;
  /** The client's address: the socket's, or the X-Forwarded-For hop that TRUSTED_PROXIES vouches for. */
  clientAddress: string;
  log: Logger;
  /** Set by the access guard on every non-public route. */
  user: SessionUser;
}

export type AppContext = ParameterizedContext<AppState>;
