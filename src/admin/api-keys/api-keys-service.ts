import { bodySchema } from '../core/body-schema';
import * as yup from 'yup';
import { jsonIds } from '../../db/json-ids';
import { mapListing, type Listing } from '../../db/page';
import { AppError } from '../../errors';
import { createdFields } from '../audit/audit-changes';
import type { Actor } from '../core/actor';
import { gameIdList, isoTimestamp, text, validateBody } from '../core/validation';
import type { GamesPort } from '../games/games-service';
import type { Store } from '../unit-of-work';
import { apiKeySecretHash, newApiKeySecret } from './api-key-secret';
import type { CreatedApiKey, PublicApiKey } from './api-keys-replies';
import type { ApiKeyRow } from './api-keys-repository';

export const createApiKeySchema = bodySchema({ component: 'ApiKeyCreateInput' }, yup.object({
  name: text(1, 255).defined('is required'),
  game_ids: gameIdList().optional()
    .meta({ description: 'the games the key may touch; absent or empty: every game' }),
  expires_at: isoTimestamp().optional().meta({ description: 'ISO 8601; absent: never' }),
}));
export type CreateApiKeyInput = Partial<yup.InferType<typeof createApiKeySchema>>;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

const toPublic = (row: ApiKeyRow): PublicApiKey => ({
  id: row.id, name: row.name, game_ids: jsonIds(row.game_ids), created_at: row.created_at.toISOString(),
  expires_at: iso(row.expires_at), last_used_at: iso(row.last_used_at), revoked_at: iso(row.revoked_at),
});

/**
 * Server API keys (SPEC §2.12): admins make them (the secret answered once, kept as a hash), list and
 * revoke them; every gRPC process accepts the active ones within a second (src/grpc/api-key-registry.ts).
 */
export function createApiKeysService(store: Store<'apiKeys' | 'userStanding'>, games: Pick<GamesPort, 'exists'>, clock: () => number = Date.now) {
  const { read } = store;

  async function mustFind(id: number): Promise<ApiKeyRow> {
    const row = await read.apiKeys.findApiKey(id);
    if (!row) throw new AppError('NOT_FOUND', `API key ${id} not found`);
    return row;
  }

  return {
    list(): Listing<PublicApiKey> {
      return mapListing(read.apiKeys.listApiKeys(), (rows) => rows.map(toPublic));
    },
    async create(actor: Actor, body: CreateApiKeyInput): Promise<CreatedApiKey> {
      const input = validateBody(createApiKeySchema, body);
      const gameIds = input.game_ids && input.game_ids.length > 0 ? [...new Set(input.game_ids as number[])].sort((a, b) => a - b) : null;
      for (const gameId of gameIds ?? []) {
        if (!(await games.exists(gameId))) throw new AppError('INVALID_ARGUMENT', `game ${gameId} not found`, { errors: [{ path: 'game_ids', message: `game ${gameId} does not exist` }] });
      }
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= clock()) {
        throw new AppError('INVALID_ARGUMENT', 'expires_at must be in the future', { errors: [{ path: 'expires_at', message: 'must be in the future' }] });
      }
      const secret = newApiKeySecret();
      const id = await store.run(actor, async ({ repos, audit }) => {
        await repos.userStanding.lockUnerasedActor(actor);
        const keyId = await repos.apiKeys.insertApiKey({ name: input.name, secret_hash: apiKeySecretHash(secret), game_ids: gameIds, created_by: actor.userId, expires_at: expiresAt });
        audit({ action: 'api_key.create', targetId: keyId, changes: createdFields({ name: input.name, game_ids: gameIds, expires_at: iso(expiresAt) }) });
        return keyId;
      });
      return { ...toPublic(await mustFind(id)), secret };
    },
    async revoke(actor: Actor, id: number): Promise<void> {
      const key = await mustFind(id);
      if (key.revoked_at) return;
      await store.run(actor, async ({ repos, audit }) => {
        await repos.apiKeys.revokeApiKey(id);
        audit({ action: 'api_key.revoke', targetId: id, changes: { revoked: [false, true] } });
      });
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
