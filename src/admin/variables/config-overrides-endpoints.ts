import { gameItemsEndpoints } from '../http/game-items';
import { configOverrideSchema } from './config-override-rules';
import { configOverrideReply } from './config-overrides-replies';

/** Timed config overrides (SPEC §2.12): live events that change a game's config document by the clock. */
export const configOverridesEndpoints = [
  ...gameItemsEndpoints({
    items: 'configOverrides', path: 'config/overrides', item: 'configOverride', param: 'override_id', tag: 'variables', module: 'variables', readAccess: 'staff', reply: configOverrideReply,
    paged: true, errors: [409],
    summaries: { list: 'A game\'s timed config overrides, the latest start first', one: 'A timed config override', remove: 'Delete a timed config override' },
    create: {
      body: configOverrideSchema, summary: 'Make a timed config override',
      description: 'While starts_at ≤ now < ends_at the config document serves these values over the base ones; where overrides overlap on a key, the later starts_at wins. Not a config version.',
    },
    change: { verb: 'replace', body: configOverrideSchema, summary: 'Replace a timed config override' },
    service: ({ configOverrides }) => configOverrides,
  }),
];
