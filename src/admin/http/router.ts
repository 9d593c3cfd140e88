import Router from '@koa/router';
import type { AppState } from '../koa-types';

/**
 * Every router of the HTTP role. Paths match case-sensitively (SPEC §2.1): `/API/auth/login` is a 404,
 * so no header, limit or log rule keyed on a path can be sidestepped by spelling it otherwise.
 * ESLint refuses `new Router(` anywhere else.
 */
export function createRouter<State = AppState>(): Router<State> {
  return new Router<State>({ sensitive: true });
}
