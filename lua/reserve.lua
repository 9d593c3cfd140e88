--[[ reserve: hold `amount` of a wallet's available balance for a game round.

KEYS[1] wallet hash            w{p}:<user-game ref>:<currency>  fields a (available), r (reserved)
KEYS[2] idempotency record     i{p}:r:<user-game ref>:<request_id>
KEYS[3] transaction hash       t{p}:<transaction_id>            (the id is new: made by the caller)
KEYS[4] outbox stream          o{p}
KEYS[5] open reservations      e{p}  zset: transaction_id scored by creation time (for expiry)

ARGV[1] request_id   ARGV[2] user_id   ARGV[3] game_id   ARGV[4] round_id
ARGV[5] amount (canonical decimal string, 1 .. 2^53-1)   ARGV[6] currency
ARGV[7] transaction_id for a new transaction   ARGV[8] now (ms)   ARGV[9] idempotency TTL (s)

Returns {code, status, transaction_id, available, reserved}; balances as the strings Redis stores.
  OK        status 'reserved' (balances moved) or 'rejected' (available < amount, nothing moved)
  REPLAY    the request_id was seen with the same fields: the first reply, unchanged
  CONFLICT  the request_id was seen with other fields (only the code)

Outbox entry (XADD o{p} *): k reserve, tx, u, g, c, rd, amt, win 0, a, r (balances after), rid, ts.
]]
local fingerprint = ARGV[4] .. '\n' .. ARGV[5] .. '\n' .. ARGV[6]
local seen = replay(KEYS[2], fingerprint)
if seen then return seen end

local available, reserved = balances(KEYS[1])
if tonumber(available) < tonumber(ARGV[5]) then
  remember(KEYS[2], ARGV[9], fingerprint, { 'rejected', '', available, reserved })
  return { 'OK', 'rejected', '', available, reserved }
end

redis.call('HINCRBY', KEYS[1], 'a', '-' .. ARGV[5])
redis.call('HINCRBY', KEYS[1], 'r', ARGV[5])
available, reserved = balances(KEYS[1])
redis.call('HSET', KEYS[3], 'u', ARGV[2], 'g', ARGV[3], 'c', ARGV[6], 'rd', ARGV[4], 'amt', ARGV[5],
  'win', '0', 'st', 'reserved', 'rid', ARGV[1], 'ct', ARGV[8], 'ut', ARGV[8])
redis.call('ZADD', KEYS[5], ARGV[8], ARGV[7])
remember(KEYS[2], ARGV[9], fingerprint, { 'reserved', ARGV[7], available, reserved })
redis.call('XADD', KEYS[4], '*', 'k', 'reserve', 'tx', ARGV[7], 'u', ARGV[2], 'g', ARGV[3], 'c', ARGV[6],
  'rd', ARGV[4], 'amt', ARGV[5], 'win', '0', 'a', available, 'r', reserved, 'rid', ARGV[1], 'ts', ARGV[8])
return { 'OK', 'reserved', ARGV[7], available, reserved }
