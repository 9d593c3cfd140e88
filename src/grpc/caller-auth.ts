import { timingSafeEqual } from 'node:crypto';
import {
  Metadata,
  ResponderBuilder,
  ServerInterceptingCall,
  ServerListenerBuilder,
  status as GrpcStatus,
  type ServerInterceptor,
} from '@grpc/grpc-js';
import { AppError } from '../errors';
import type { ApiKeyRegistry, GameScope, ResolvedKey } from './api-key-registry';
import { RESERVATION_SERVICE_NAME } from './service-name';

const RESERVATION_PATH = `/${RESERVATION_SERVICE_NAME}/`;

/** What a call's `authorization: Bearer …` carries, or '' (the secret of a server API key, say). */
export function bearerOf(metadata: Metadata): string {
  const given = metadata.get('authorization')[0];
  return typeof given === 'string' && given.startsWith(BEARER) ? given.slice(BEARER.length) : '';
}
const BEARER = 'Bearer ';

/** Who a call is, as its metadata was checked: a caller token (every game) or a server API key. */
type Caller = { readonly token: true } | { readonly key: ResolvedKey };
/** Each checked call's caller, by its metadata object (the one the handler then sees). */
const callers = new WeakMap<Metadata, Caller>();
const TOKEN_CALLER: Caller = Object.freeze({ token: true });

const unauthenticated = (details: string) => new AppError('UNAUTHENTICATED', details);
/** When MySQL has not confirmed a key lately (a revoke could not be seen): fail closed, but retryable. */
const KEYS_UNCONFIRMED = 'API keys cannot be confirmed now (their store does not answer): try again';

/**
 * SPEC §1.6's caller tokens, checked when a call's metadata arrives: a call of the reservation service
 * without `authorization: Bearer <one of the tokens>` is answered UNAUTHENTICATED before its message
 * is read or parsed (a batch may weigh up to GRPC_MAX_MESSAGE_BYTES). Health and reflection stay open.
 * With no tokens there is nothing to check, and no interceptor: the server gets an empty list. With
 * tokens, an active server API key is accepted too (SPEC §2.12: `keys`, the process's registry),
 * resolved here once and carried with the call (`callerScope`).
 */
export function callerAuthInterceptors(tokens: readonly string[], keys?: Pick<ApiKeyRegistry, 'resolve'>): ServerInterceptor[] {
  const accepted = tokens.map((token) => Buffer.from(`Bearer ${token}`));
  if (accepted.length === 0) return [];
  const refuse = (call: Parameters<ServerInterceptor>[1]) =>
    call.sendStatus({ code: GrpcStatus.UNAUTHENTICATED, details: 'authorization metadata must carry a valid Bearer token', metadata: new Metadata() });
  return [(method, call) => {
    if (!method.path.startsWith(RESERVATION_PATH)) return new ServerInterceptingCall(call);
    const listener = new ServerListenerBuilder()
      .withOnReceiveMetadata((metadata, next) => {
        if (hasToken(metadata, accepted)) {
          callers.set(metadata, TOKEN_CALLER);
          next(metadata);
          return;
        }
        const secret = keys ? bearerOf(metadata) : '';
        if (!secret) return refuse(call);
        keys!.resolve(secret).then((key) => {
          if (key === 'unknown') return call.sendStatus({ code: GrpcStatus.UNAVAILABLE, details: KEYS_UNCONFIRMED, metadata: new Metadata() });
          if (!key) return refuse(call);
          callers.set(metadata, { key });
          next(metadata);
        }, () => refuse(call));
      })
      .build();
    return new ServerInterceptingCall(call, new ResponderBuilder().withStart((next) => next(listener)).build());
  }];
}

/** Who a call's caller is, for per-caller bounds: an API key, the caller tokens (one caller), or anyone (no authentication). */
export function callerIdOf(metadata: Metadata): string {
  const caller = callers.get(metadata);
  return !caller ? 'anyone' : 'token' in caller ? 'token' : `key ${caller.key.id}`;
}

/**
 * The games a call may touch now (null: every game), from the caller its metadata was checked as:
 * with caller authentication off (`keys` absent), every call may touch every game. A key is checked
 * again here, at each step of the call (its message; a stream's every tick): revoked or expired since
 * the call began, or a call whose caller was never checked, is UNAUTHENTICATED, never unscoped.
 */
export function callerScope(metadata: Metadata, keys: Pick<ApiKeyRegistry, 'isActive'> | undefined): GameScope {
  if (!keys) return null;
  const caller = callers.get(metadata);
  if (!caller) throw unauthenticated('authorization metadata must carry a valid Bearer token');
  if ('token' in caller) return null;
  const active = keys.isActive(caller.key);
  if (active === 'unknown') throw new AppError('UNAVAILABLE', KEYS_UNCONFIRMED);
  if (!active) throw unauthenticated('this API key was revoked or has expired');
  return caller.key.games;
}

function hasToken(metadata: Metadata, tokens: readonly Buffer[]): boolean {
  const given = metadata.get('authorization')[0];
  if (typeof given !== 'string') return false;
  const presented = Buffer.from(given);
  // Compare against every token so the time taken does not tell which one nearly matched.
  let match = false;
  for (const token of tokens) {
    if (token.length === presented.length && timingSafeEqual(token, presented)) match = true;
  }
  return match;
}
