--[[ reserve: hold `amount` of a wallet's available balance for a game round.

KEYS[1] wallet                 w{p}:<user-game ref>:<currency>
KEYS[2] transaction record     t{p}:<user-game ref>.<derived>   named by the request_id in this period
KEYS[3] transaction record     t{p}:<user-game ref>.<derived>   named by the request_id in the period before
KEYS[4] outbox stream          o{p}
KEYS[5] open reservations      e{p}  zset: transaction_id scored by creation time (only with expiry on)

ARGV[1] request_id   ARGV[2] user_id   ARGV[3] game_id   ARGV[4] round_id
ARGV[5] amount (canonical decimal string, 1 .. 2^53-1)   ARGV[6] currency
ARGV[7] transaction_id of KEYS[2]   ARGV[8] transaction_id of KEYS[3]   ARGV[9] now (ms)
ARGV[10] idempotency TTL (s)   ARGV[11] '1' when reservations expire (RESERVATION_TIMEOUT_S > 0), else '0'

The transaction record is the Reserve's idempotency record (layout in lua/lib/prelude.lua); a rejected
Reserve leaves a 'reply' record there for the TTL.

Returns {code, status, transaction_id, available, reserved}; balances as the strings Redis stores.
  OK         status 'reserved' (balances moved) or 'rejected' (available < amount, nothing moved)
  REPLAY     the request_id was seen with the same fields: the first reply, unchanged
  CONFLICT   the request_id was seen with other fields (only the code)
  COLLISION  another request_id's record has this name (a 96-bit digest collision; only the code)

Outbox entry: r, transaction_id, user_id, game_id, round_id, amount, available, reserved, request_id, now.
]]
local function recorded(stored, transaction_id)
  local tx = parse_tx(stored)
  if not tx then return nil end
  -- The name is derived from (user-game ref, request_id, period): only a digest collision brings another here.
  if tx[RID] ~= ARGV[1] then return { 'COLLISION' } end
  if tx[CUR] ~= ARGV[6] or tx[ROUND] ~= ARGV[4] or tx[AMOUNT] ~= ARGV[5] then return { 'CONFLICT' } end
  if tx[ST] ~= 'reply' then return { 'REPLAY', 'reserved', transaction_id, tx[A0], tx[R0] } end
  return { 'REPLAY', tx[REPLIED] == '' and 'rejected' or 'reserved', tx[REPLIED], tx[A0], tx[R0] }
end

local stored = redis.call('MGET', KEYS[1], KEYS[2], KEYS[3])
local seen = recorded(stored[2], ARGV[7]) or recorded(stored[3], ARGV[8])
if seen then return seen end

local function record(status, created, available, reserved)
  return cmsgpack.pack({ status, ARGV[6], ARGV[4], ARGV[5], ARGV[2], ARGV[3], created, ARGV[1], available, reserved, '' })
end

local wallet = parse_wallet(stored[1])
local available, reserved = wallet[AVAILABLE], wallet[RESERVED]
if tonumber(available) < tonumber(ARGV[5]) then
  redis.call('SET', KEYS[2], record('reply', '', available, reserved), 'EX', ARGV[10])
  return { 'OK', 'rejected', '', available, reserved }
end

available, reserved = int(tonumber(available) - tonumber(ARGV[5])), int(tonumber(reserved) + tonumber(ARGV[5]))
wallet[AVAILABLE], wallet[RESERVED] = available, reserved
local created = ARGV[11] == '1' and ARGV[9] or ''
redis.call('MSET', KEYS[1], cmsgpack.pack(wallet), KEYS[2], record('reserved', created, available, reserved))
if created ~= '' then redis.call('ZADD', KEYS[5], ARGV[9], ARGV[7]) end
outbox(KEYS[4], 'r', ARGV[7], ARGV[2], ARGV[3], ARGV[4], ARGV[5], available, reserved, ARGV[1], ARGV[9])
return { 'OK', 'reserved', ARGV[7], available, reserved }
