import { createHash, randomBytes } from 'node:crypto';

/** A key's secret as a game server presents it: a prefix, then 256 random bits (url-safe). */
export const newApiKeySecret = (): string => `rsk_${randomBytes(32).toString('base64url')}`;

/** What is stored of a secret, and what a presented one is looked up by. */
export const apiKeySecretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');
