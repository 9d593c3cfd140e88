--[[ topup: credit a wallet's available balance (management API and operator command).

KEYS[1] wallet hash            w{p}:<user-game ref>:<currency>
KEYS[2] idempotency record     i{p}:t:<user-game ref>:<idempotency key>  (unused when ARGV[8] is '')
KEYS[3] outbox stream          o{p}
KEYS[4] top-up sequence        n{p}  (counter; a top-up id is sequence * 64 + partition)
KEYS[5] currencies             c{p}:<user-game ref>  (set of the user-game's wallet currencies)

ARGV[1] user_id   ARGV[2] game_id   ARGV[3] currency   ARGV[4] amount (canonical decimal, 1 .. 2^53-1)
ARGV[5] comment   ARGV[6] now (ms)   ARGV[7] idempotency TTL (s)   ARGV[8] idempotency key or ''
ARGV[9] partition number (0 .. 63)

Returns {code, topup_id, available, reserved, created_at_ms}:
  OK             credited
  REPLAY         the idempotency key was seen with the same fields: the first reply, unchanged
  CONFLICT       the idempotency key was used with other fields (only the code)
  BALANCE_LIMIT  available + reserved would pass 2^53-1 (only the code; nothing changed)

Outbox entry: k topup, id, u, g, c, amt, a, r, cm (comment), ts.
]]
local fingerprint = ARGV[4] .. '\n' .. ARGV[3] .. '\n' .. ARGV[5]
if ARGV[8] ~= '' then
  local seen = replay(KEYS[2], fingerprint)
  if seen then return seen end
end

local available, reserved = balances(KEYS[1])
if tonumber(available) + tonumber(reserved) + tonumber(ARGV[4]) > MAX_AMOUNT then
  return { 'BALANCE_LIMIT' }
end

redis.call('HINCRBY', KEYS[1], 'a', ARGV[4])
redis.call('HSET', KEYS[1], 'u', ARGV[1], 'g', ARGV[2], 'c', ARGV[3])
redis.call('SADD', KEYS[5], ARGV[3])
available, reserved = balances(KEYS[1])
local id = string.format('%.0f', redis.call('INCR', KEYS[4]) * 64 + tonumber(ARGV[9]))
if ARGV[8] ~= '' then remember(KEYS[2], ARGV[7], fingerprint, { id, available, reserved, ARGV[6] }) end
redis.call('XADD', KEYS[3], '*', 'k', 'topup', 'id', id, 'u', ARGV[1], 'g', ARGV[2], 'c', ARGV[3],
  'amt', ARGV[4], 'a', available, 'r', reserved, 'cm', ARGV[5], 'ts', ARGV[6])
return { 'OK', id, available, reserved, ARGV[6] }
