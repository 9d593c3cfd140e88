import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's scrypt parameters: N = 2^17, r = 8, p = 1 (128 MiB and ~0.3 s per hash here). */
const COST = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_BYTES = 64;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Hashing for request handlers (SPEC §2.2: hashing can't starve the server). scrypt runs on libuv's
 * thread pool, which file reads and DNS share; at most `maxConcurrent` hashes run at once and the rest
 * wait their turn in order, so a burst of logins or registrations cannot take every thread.
 */
export function createPasswordHasher(maxConcurrent: number) {
  let running = 0;
  let peak = 0;
  const waiting: Array<() => void> = [];
  // A hash of nothing in particular, verified when the email is unknown so both paths take as long.
  let decoy: Promise<string> | null = null;

  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running < maxConcurrent) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the releaser hands over its slot
    peak = Math.max(peak, running);
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  const hash = (password: string) => inTurn(() => hashPassword(password));
  const verify = (password: string, stored: string) => inTurn(() => verifyPassword(password, stored));
  return {
    hash,
    verify,
    /** Verifies against the decoy: the same work as a real check, for an email that has no account. */
    async verifyDecoy(password: string): Promise<false> {
      decoy ??= hash(randomBytes(16).toString('hex'));
      await verify(password, await decoy);
      return false;
    },
    /** For tests and metrics: hashes running now, the most that ever ran at once, and those waiting. */
    stats: () => ({ running, peak, waiting: waiting.length }),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
