import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { AppError } from '../../errors';

import { ROLES, type Role } from '../core/roles';

export { ROLES, type Role };

export interface TokenClaims {
  readonly sub: string;
  readonly role: Role;
}

/**
 * HS256 access tokens; verification accepts HS256 only, so `alg: none` or another algorithm fails.
 * The secret becomes a KeyObject once: given a string, jsonwebtoken first tries it as a PEM public key
 * on every call, an exception that took a quarter of the HTTP role's CPU under load.
 */
export function createTokenService(secret: string, ttlS: number) {
  const key = createSecretKey(Buffer.from(secret));
  return {
    ttlS,
    issue(userId: number, role: Role): string {
      return jwt.sign({ role }, key, { algorithm: 'HS256', subject: String(userId), expiresIn: ttlS });
    },
    /** An API access token; one carrying an audience was issued for another use and is refused. */
    verify(token: string): TokenClaims {
      try {
        const claims = jwt.verify(token, key, { algorithms: ['HS256'] }) as jwt.JwtPayload;
        if (typeof claims.sub !== 'string' || !/^\d+$/.test(claims.sub)) throw new Error('no subject');
        if (typeof claims.exp !== 'number') throw new Error('no expiry'); // SPEC §2.2: a token must end
        if (claims.aud !== undefined) throw new Error('another use');
        return { sub: claims.sub, role: claims.role as Role };
      } catch {
        throw new AppError('UNAUTHENTICATED', 'the access token is invalid or expired');
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
