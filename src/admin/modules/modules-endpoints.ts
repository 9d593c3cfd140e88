import { endpoint, gone, list, made } from '../http/endpoint';
import { connectModuleSchema } from './modules-service';
import { moduleReply } from './modules-replies';

/** The modules a game may enable, and which it has. */
export const modulesEndpoints = [
  endpoint({
    method: 'get', path: '/api/modules', tag: 'modules', summary: 'Every module a game may enable', access: 'any', ok: list(moduleReply),
    graphql: { type: 'Query', field: 'modules' },
    handle: (_, { modules }) => modules.list(),
  }),
  endpoint({
    method: 'get', path: '/api/games/{id}/modules', tag: 'modules', summary: 'A game\'s modules', access: 'any', ok: list(moduleReply),
    handle: ({ params }, { modules }) => modules.ofGame(params.id),
  }),
  endpoint({
    method: 'post', path: '/api/games/{id}/modules', tag: 'modules', summary: 'Enable a module for a game', access: 'staff',
    body: connectModuleSchema, ok: made(moduleReply, false), errors: [409],
    graphql: { type: 'Mutation', field: 'connectModule', params: { id: 'game_id' } },
    handle: ({ actor, params, body }, { modules }) => modules.connect(actor, params.id, body),
  }),
  endpoint({
    method: 'delete', path: '/api/games/{id}/modules/{module_key}', tag: 'modules', summary: 'Disable a module (its data stays)', access: 'staff', ok: gone,
    graphql: { type: 'Mutation', field: 'disconnectModule', params: { id: 'game_id' } },
    handle: ({ actor, params }, { modules }) => modules.disconnect(actor, params.id, params.module_key),
  }),
];
