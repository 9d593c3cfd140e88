import { hash } from 'node:crypto';
import test from 'ava';
import { PARTITION_COUNT, walletAddress } from '../../src/redis/wallet-keys';

/** The address computed from its definition, without the cache. */
function expected(userId: string, gameId: string) {
  const digest = hash('sha256', `${userId}\0${gameId}`, 'buffer');
  return { partition: digest[0]! % PARTITION_COUNT, userGameRef: digest.toString('base64url', 1, 17) };
}

test('a wallet address is SHA-256 over user_id NUL game_id: pinned, since existing keys depend on it', (t) => {
  const address = walletAddress('user-1', 'game-1', 'EUR');
  t.deepEqual({ partition: address.partition, userGameRef: address.userGameRef }, { partition: 44, userGameRef: 'j5XnyYZjwLqZGNJEQqWvUQ' });
  t.is(address.tag, '{p2c}');
  t.is(address.currency, 'EUR');
});

test('the user-game cache answers what the digest gives, for repeats and after it evicts', (t) => {
  const seed = Math.floor(Math.random() * 1e9);
  t.log(`seed ${seed}`);
  const users = Array.from({ length: 60_000 }, (_, i) => `u${seed}-${i}`); // more than the cache holds
  for (const round of [1, 2]) {
    for (let i = 0; i < users.length; i += 997) {
      const address = walletAddress(users[i]!, 'g', round === 1 ? 'EUR' : 'USD');
      t.deepEqual({ partition: address.partition, userGameRef: address.userGameRef }, expected(users[i]!, 'g'));
    }
    for (const user of users) walletAddress(user, 'g', 'EUR'); // fill and evict
  }
});
