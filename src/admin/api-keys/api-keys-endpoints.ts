import { endpoint, gone, made, page, paged } from '../http/endpoint';
import { createApiKeySchema } from './api-keys-service';
import { apiKeyReply, createdApiKeyReply } from './api-keys-replies';

/** Server API keys for game servers (SPEC §2.12). */
export const apiKeysEndpoints = [
  endpoint({
    method: 'get', path: '/api/api-keys', tag: 'api keys', summary: 'Server API keys, newest first (never their secrets)', access: 'admin', query: { page: page() }, ok: paged(apiKeyReply),
    graphql: { type: 'Query', field: 'apiKeys', total: 'apiKeysTotal' },
    handle: (_, { apiKeys }) => apiKeys.list(),
  }),
  endpoint({
    method: 'post', path: '/api/api-keys', tag: 'api keys', summary: 'Make a server API key (its secret is answered this once)', access: 'admin',
    body: createApiKeySchema, ok: made(createdApiKeyReply, false), errors: [409],
    description: 'The gRPC service accepts `authorization: Bearer <secret>` besides GRPC_AUTH_TOKENS, within a second on every process; a key with game_ids gets PERMISSION_DENIED for a wallet or transaction of another game. A creator erased while the request ran (SPEC §2.14) is answered 409.',
    graphql: { type: 'Mutation', field: 'createApiKey' },
    handle: ({ actor, body }, { apiKeys }) => apiKeys.create(actor, body),
  }),
  endpoint({
    method: 'delete', path: '/api/api-keys/{id}', tag: 'api keys', summary: 'Revoke a server API key', access: 'admin', ok: gone,
    description: 'Refused by every gRPC process within a second.',
    graphql: { type: 'Mutation', field: 'revokeApiKey' },
    handle: ({ actor, params }, { apiKeys }) => apiKeys.revoke(actor, params.id),
  }),
];
