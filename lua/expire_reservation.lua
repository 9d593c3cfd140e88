--[[ expire_reservation: cancel a reservation that outlived RESERVATION_TIMEOUT_S, exactly as Cancel would
(balances, outbox, later Cancel → already_canceled, later Confirm → FAILED_PRECONDITION), with reason
'expired' and no request_id.

KEYS[1] transaction record     (keys.transaction of the transaction_id)
KEYS[2] wallet                 w{p}:<user-game ref>:<currency>
KEYS[3] outbox stream          o{p}
KEYS[4] open reservations      e{p}

ARGV[1] transaction_id   ARGV[2] cutoff (ms): only a reservation created at or before it expires
ARGV[3] now (ms)   ARGV[4] the transaction_id's currency

Returns {code}:
  OK       expired (balances moved)
  SKIPPED  not due, or no longer reserved (then it also leaves the open index)

Outbox entry: e, transaction_id, user_id, game_id, round_id, amount, available, reserved, '', now, 'expired'.
]]
-- include: settle
local work = begin({ KEYS[1], KEYS[2] })
local tx = named(record_of(work, KEYS[1]), ARGV[1], ARGV[4])
if not tx or tx[ST] ~= STATUS.reserved then
  redis.call('ZREM', KEYS[4], ARGV[1])
  return { CODE.SKIPPED }
end
if tx[CREATED] == '' or tonumber(tx[CREATED]) > tonumber(ARGV[2]) then return { CODE.SKIPPED } end

settle(work, KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV[1], tx, 'expire', 'expired', '', '', ARGV[3])
commit(work)
return { CODE.OK }
