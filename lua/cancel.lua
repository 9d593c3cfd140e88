--[[ cancel: release a reservation: reserved -= amount, available += amount.

KEYS[1] transaction record     (keys.transaction of the transaction_id)
KEYS[2] wallet                 w{p}:<user-game ref>:<currency>  (from the transaction_id)
KEYS[3] idempotency record     i{p}:x:<transaction_id>:<request_id>  (requests that did not settle it)
KEYS[4] outbox stream          o{p}
KEYS[5] open reservations      e{p}

ARGV[1] request_id   ARGV[2] transaction_id   ARGV[3] reason (stored; may be '')
ARGV[4] now (ms)   ARGV[5] idempotency TTL (s)   ARGV[6] the transaction_id's currency

The Cancel that settles the transaction keeps its reply in the transaction record (sid, rs, a1, r1).

Returns {code, status, transaction_id, available, reserved}:
  OK          status 'canceled' (balances moved) or 'already_canceled' (nothing moved)
  REPLAY      the first reply to this request_id, unchanged
  CONFLICT    the request_id was used with other fields
  NOT_FOUND   no such transaction (in Redis: a settled one may have moved to MySQL)
  CONFIRMED   the transaction was confirmed
Error codes come alone and change nothing.

Outbox entry: x, transaction_id, user_id, game_id, round_id, amount, available, reserved, request_id, now,
reason.
]]
local stored = read_records(KEYS[1], KEYS[2])
local tx = named(parse_tx(stored[1]), ARGV[2], ARGV[6])
if not tx then return { 'NOT_FOUND' } end
local wallet = parse_wallet(stored[2])

if tx[ST] == 'reserved' then
  local keys = { tx = KEYS[1], wallet = KEYS[2], outbox = KEYS[4], open = KEYS[5] }
  local available, reserved = settle(keys, ARGV[2], tx, wallet, 'cancel', ARGV[3], ARGV[1], '', ARGV[4])
  return { 'OK', 'canceled', ARGV[2], available, reserved }
end

if tx[ST] == 'canceled' and tx[SETTLER] == ARGV[1] then
  if tx[REASON] ~= ARGV[3] then return { 'CONFLICT' } end
  return { 'REPLAY', 'canceled', ARGV[2], tx[A1], tx[R1] }
end
local fingerprint = cancel_fingerprint(ARGV[3])
local seen = replay(KEYS[3], fingerprint)
if seen then return seen end
if tx[ST] == 'confirmed' then return { 'CONFIRMED' } end

remember(KEYS[3], ARGV[5], fingerprint, { 'already_canceled', ARGV[2], wallet[AVAILABLE], wallet[RESERVED] })
return { 'OK', 'already_canceled', ARGV[2], wallet[AVAILABLE], wallet[RESERVED] }
