import type { ParameterizedContext } from 'koa';
import type { Logger } from '../logging/logger';

/** What every request carries through the middleware chain. */
export interface AppState {
  requestId: string;
  log: Logger;
}

export type AppContext = ParameterizedContext<AppState>;
