import { createHash, randomBytes } from 'node:crypto';

/** A key's secret as a game server presents it: a prefix, then 256 random bits (url-safe). */
export const newApiKeySecret = (): string => `rsk_${randomBytes(32).toString('base64url')}`;

/** What is stored of a secret, and what a presented one is looked up by. */
export const apiKeySecretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Whether a presented bearer string could be a key's secret at all (only those are looked up in MySQL). */
export const looksLikeApiKeySecret = (secret: string): boolean => /^rsk_[A-Za-z0-9_-]{43}$/.test(secret);
