/**
 * What other parts may read of server API keys (ARCHITECTURE.md, layering 8): each gRPC process's key
 * registry reads the active keys and notes their use. Making and revoking them stays behind the service.
 */
export { activeApiKeys, touchApiKeys } from './api-keys-repository';
export { apiKeySecretHash, looksLikeApiKeySecret } from './api-key-secret';
