import { timingSafeEqual } from 'node:crypto';
import {
  Metadata,
  ResponderBuilder,
  ServerInterceptingCall,
  ServerListenerBuilder,
  status as GrpcStatus,
  type ServerInterceptor,
} from '@grpc/grpc-js';
import type { ApiKeyRegistry } from './api-key-registry';
import { RESERVATION_SERVICE_NAME } from './service-name';

const RESERVATION_PATH = `/${RESERVATION_SERVICE_NAME}/`;

/** What a call's `authorization: Bearer …` carries, or '' (the secret of a server API key, say). */
export function bearerOf(metadata: Metadata): string {
  const given = metadata.get('authorization')[0];
  return typeof given === 'string' && given.startsWith(BEARER) ? given.slice(BEARER.length) : '';
}
const BEARER = 'Bearer ';

/**
 * SPEC §1.6's caller tokens, checked when a call's metadata arrives: a call of the reservation service
 * without `authorization: Bearer <one of the tokens>` is answered UNAUTHENTICATED before its message
 * is read or parsed (a batch may weigh up to GRPC_MAX_MESSAGE_BYTES). Health and reflection stay open.
 * With no tokens there is nothing to check, and no interceptor: the server gets an empty list. With
 * tokens, an active server API key is accepted too (SPEC §2.12: `keys`, the process's registry).
 */
export function callerAuthInterceptors(tokens: readonly string[], keys?: Pick<ApiKeyRegistry, 'find'>): ServerInterceptor[] {
  const accepted = tokens.map((token) => Buffer.from(`Bearer ${token}`));
  if (accepted.length === 0) return [];
  return [(method, call) => {
    if (!method.path.startsWith(RESERVATION_PATH)) return new ServerInterceptingCall(call);
    const listener = new ServerListenerBuilder()
      .withOnReceiveMetadata((metadata, next) => {
        if (hasToken(metadata, accepted) || (keys && keys.find(bearerOf(metadata)) !== null)) next(metadata);
        else call.sendStatus({ code: GrpcStatus.UNAUTHENTICATED, details: 'authorization metadata must carry a valid Bearer token', metadata: new Metadata() });
      })
      .build();
    return new ServerInterceptingCall(call, new ResponderBuilder().withStart((next) => next(listener)).build());
  }];
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
