import { endpoint, gone, made, one, page, paged } from '../http/endpoint';
import { configOverrideSchema } from './config-override-rules';
import { configOverrideReply } from './config-overrides-replies';

const OVERRIDES = '/api/games/{id}/config/overrides';
const OVERRIDE = `${OVERRIDES}/{override_id}` as const;
/** An override's path parameters as its GraphQL fields name them. */
const OVERRIDE_ARGS = { id: 'game_id', override_id: 'id' };

/** Timed config overrides (SPEC §2.12): live events that change a game's config document by the clock. */
export const configOverridesEndpoints = [
  endpoint({
    method: 'get', path: OVERRIDES, tag: 'variables', summary: 'A game\'s timed config overrides, the latest start first', access: 'staff', module: 'variables',
    query: { page: page() }, ok: paged(configOverrideReply),
    graphql: { type: 'Query', field: 'configOverrides', params: { id: 'game_id' }, total: 'configOverridesTotal' },
    handle: ({ params }, { configOverrides }) => configOverrides.list(params.id),
  }),
  endpoint({
    method: 'get', path: OVERRIDE, tag: 'variables', summary: 'A timed config override', access: 'staff', module: 'variables', ok: one(configOverrideReply),
    graphql: { type: 'Query', field: 'configOverride', params: OVERRIDE_ARGS },
    handle: ({ params }, { configOverrides }) => configOverrides.get(params.id, params.override_id),
  }),
  endpoint({
    method: 'post', path: OVERRIDES, tag: 'variables', summary: 'Make a timed config override', access: 'staff', module: 'variables',
    body: configOverrideSchema, ok: made(configOverrideReply), errors: [409],
    description: 'While starts_at ≤ now < ends_at the config document serves these values over the base ones; where overrides overlap on a key, the later starts_at wins. Not a config version.',
    graphql: { type: 'Mutation', field: 'createConfigOverride', params: { id: 'game_id' } },
    handle: ({ actor, params, body }, { configOverrides }) => configOverrides.create(actor, params.id, body),
    location: { path: OVERRIDE, params: (override) => ({ id: override.game_id, override_id: override.id }) },
  }),
  endpoint({
    method: 'put', path: OVERRIDE, tag: 'variables', summary: 'Replace a timed config override', access: 'staff', module: 'variables',
    body: configOverrideSchema, ok: one(configOverrideReply), errors: [409],
    graphql: { type: 'Mutation', field: 'replaceConfigOverride', params: OVERRIDE_ARGS },
    handle: ({ actor, params, body }, { configOverrides }) => configOverrides.replace(actor, params.id, params.override_id, body),
  }),
  endpoint({
    method: 'delete', path: OVERRIDE, tag: 'variables', summary: 'Delete a timed config override', access: 'staff', module: 'variables', ok: gone,
    graphql: { type: 'Mutation', field: 'deleteConfigOverride', params: OVERRIDE_ARGS },
    handle: ({ actor, params }, { configOverrides }) => configOverrides.remove(actor, params.id, params.override_id),
  }),
];
