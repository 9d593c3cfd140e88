--[[ confirm: settle a reservation with a win: reserved -= amount, available += win.

KEYS[1] transaction hash       t{p}:<transaction_id>
KEYS[2] wallet hash            w{p}:<user-game ref>:<currency>  (from the transaction_id)
KEYS[3] idempotency record     i{p}:c:<transaction_id>:<request_id>
KEYS[4] outbox stream          o{p}
KEYS[5] open reservations      e{p}

ARGV[1] request_id   ARGV[2] transaction_id   ARGV[3] round_id ('' accepts any)
ARGV[4] win_amount (canonical decimal string, 0 .. 2^53-1)   ARGV[5] now (ms)   ARGV[6] idempotency TTL (s)
ARGV[7] expiry cutoff (ms): a reservation created at or before it has expired ('0': none expire)

Returns {code, status, transaction_id, available, reserved}:
  OK              status 'confirmed' (balances moved) or 'already_confirmed' (nothing moved)
  REPLAY          the first reply to this request_id, unchanged
  CONFLICT        the request_id was used with other fields
  NOT_FOUND       no such transaction (in Redis: a settled one may have moved to MySQL)
  ROUND_MISMATCH  round_id given and not the transaction's
  CANCELED        the transaction was canceled
  EXPIRED         the reservation is past its deadline (the sweeper cancels it)
  BALANCE_LIMIT   the win would push the wallet past 2^53-1
Error codes come alone and change nothing.

Outbox entry: k confirm, tx, u, g, c, rd, amt, win, a, r, rid, rq (the round_id this call gave, maybe ''), ts.
]]
local fingerprint = confirm_fingerprint(ARGV[3], ARGV[4])
local seen = replay(KEYS[3], fingerprint)
if seen then return seen end

local tx = redis.call('HMGET', KEYS[1], unpack(TX_FIELDS))
local status, round, amount = tx[1], tx[2], tx[3]
if not status then return { 'NOT_FOUND' } end
if ARGV[3] ~= '' and ARGV[3] ~= round then return { 'ROUND_MISMATCH' } end
if status == 'canceled' then return { 'CANCELED' } end

local available, reserved = balances(KEYS[2])
if status == 'confirmed' then
  remember(KEYS[3], ARGV[6], fingerprint, { 'already_confirmed', ARGV[2], available, reserved })
  return { 'OK', 'already_confirmed', ARGV[2], available, reserved }
end
if tonumber(tx[7]) <= tonumber(ARGV[7]) then return { 'EXPIRED' } end
if tonumber(available) + tonumber(reserved) - tonumber(amount) + tonumber(ARGV[4]) > MAX_AMOUNT then
  return { 'BALANCE_LIMIT' }
end

redis.call('HINCRBY', KEYS[2], 'r', '-' .. amount)
if ARGV[4] ~= '0' then redis.call('HINCRBY', KEYS[2], 'a', ARGV[4]) end
available, reserved = balances(KEYS[2])
redis.call('HSET', KEYS[1], 'st', 'confirmed', 'win', ARGV[4], 'ut', ARGV[5])
redis.call('ZREM', KEYS[5], ARGV[2])
remember(KEYS[3], ARGV[6], fingerprint, { 'confirmed', ARGV[2], available, reserved })
redis.call('XADD', KEYS[4], '*', 'k', 'confirm', 'tx', ARGV[2], 'u', tx[4], 'g', tx[5], 'c', tx[6],
  'rd', round, 'amt', amount, 'win', ARGV[4], 'a', available, 'r', reserved, 'rid', ARGV[1], 'rq', ARGV[3], 'ts', ARGV[5])
return { 'OK', 'confirmed', ARGV[2], available, reserved }
