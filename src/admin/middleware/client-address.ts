import type { Middleware } from 'koa';
import { addressMatcher } from '../../config/address-range';
import type { AppState } from '../koa-types';

/**
 * The client's address (SPEC §2.2), for rate limits: the socket's, unless that is a trusted proxy;
 * then X-Forwarded-For is walked from the right, past every trusted hop, to the first one that is not.
 * Without TRUSTED_PROXIES the header is ignored: anyone can write it.
 */
export function clientAddress(trustedProxies: readonly string[]): Middleware<AppState> {
  const trusted = addressMatcher(trustedProxies);
  return async (ctx, next) => {
    ctx.state.clientAddress = resolve(ctx.req.socket.remoteAddress ?? '', ctx.get('x-forwarded-for'), trusted);
    await next();
  };
}

function resolve(socketAddress: string, forwardedFor: string, trusted: (address: string) => boolean): string {
  let address = socketAddress;
  const hops = forwardedFor.split(',').map((hop) => hop.trim()).filter(Boolean);
  while (trusted(address) && hops.length > 0) address = hops.pop()!;
  return address;
}
