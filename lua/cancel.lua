--[[ cancel: release a reservation: reserved -= amount, available += amount.

KEYS[1] transaction hash       t{p}:<transaction_id>
KEYS[2] wallet hash            w{p}:<user-game ref>:<currency>  (from the transaction_id)
KEYS[3] idempotency record     i{p}:x:<transaction_id>:<request_id>
KEYS[4] outbox stream          o{p}
KEYS[5] open reservations      e{p}

ARGV[1] request_id   ARGV[2] transaction_id   ARGV[3] reason (stored; may be '')
ARGV[4] now (ms)   ARGV[5] idempotency TTL (s)

Returns {code, status, transaction_id, available, reserved}:
  OK          status 'canceled' (balances moved) or 'already_canceled' (nothing moved)
  REPLAY      the first reply to this request_id, unchanged
  CONFLICT    the request_id was used with other fields
  NOT_FOUND   no such transaction (in Redis: a settled one may have moved to MySQL)
  CONFIRMED   the transaction was confirmed
Error codes come alone and change nothing.

Outbox entry: k cancel, tx, u, g, c, rd, amt, win 0, a, r, rid, rs (reason), ts.
]]
local fingerprint = cancel_fingerprint(ARGV[3])
local seen = replay(KEYS[3], fingerprint)
if seen then return seen end

local tx = redis.call('HMGET', KEYS[1], unpack(TX_FIELDS))
local status = tx[1]
if not status then return { 'NOT_FOUND' } end
if status == 'confirmed' then return { 'CONFIRMED' } end

local available, reserved
if status == 'canceled' then
  available, reserved = balances(KEYS[2])
  remember(KEYS[3], ARGV[5], fingerprint, { 'already_canceled', ARGV[2], available, reserved })
  return { 'OK', 'already_canceled', ARGV[2], available, reserved }
end

available, reserved = release(KEYS[1], KEYS[2], KEYS[4], KEYS[5], ARGV[2], tx, 'cancel', ARGV[3], ARGV[1], ARGV[4])
remember(KEYS[3], ARGV[5], fingerprint, { 'canceled', ARGV[2], available, reserved })
return { 'OK', 'canceled', ARGV[2], available, reserved }
