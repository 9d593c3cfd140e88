--[[ expire_reservation: cancel a reservation that outlived RESERVATION_TIMEOUT_S, exactly as Cancel would
(balances, outbox, later Cancel → already_canceled, later Confirm → FAILED_PRECONDITION), with reason
'expired' and no request_id.

KEYS[1] transaction hash       t{p}:<transaction_id>
KEYS[2] wallet hash            w{p}:<user-game ref>:<currency>
KEYS[3] outbox stream          o{p}
KEYS[4] open reservations      e{p}

ARGV[1] transaction_id   ARGV[2] cutoff (ms): only a reservation created at or before it expires
ARGV[3] now (ms)

Returns {code}:
  OK       expired (balances moved)
  SKIPPED  not due, or no longer reserved (then it also leaves the open index)

Outbox entry: k expire, tx, u, g, c, rd, amt, win 0, a, r, rid '', rs 'expired', ts.
]]
local tx = redis.call('HMGET', KEYS[1], unpack(TX_FIELDS))
if tx[1] ~= 'reserved' then
  redis.call('ZREM', KEYS[4], ARGV[1])
  return { 'SKIPPED' }
end
if tonumber(tx[7]) > tonumber(ARGV[2]) then return { 'SKIPPED' } end

release(KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV[1], tx, 'expire', 'expired', '', ARGV[3])
return { 'OK' }
