--[[ reserve: hold `amount` of a wallet's available balance for a game round.

KEYS[1] wallet                 w{p}:<user-game ref>:<currency>
KEYS[2] transaction record     t{p}:<user-game ref>.<derived>   named by the request_id alone
KEYS[3] outbox stream          o{p}
KEYS[4] open reservations      e{p}  zset: transaction_id scored by creation time (only with expiry on)

ARGV[1] request_id   ARGV[2] user_id   ARGV[3] game_id   ARGV[4] round_id
ARGV[5] amount (canonical decimal string, 1 .. 2^53-1)   ARGV[6] currency
ARGV[7] the transaction_id a new reservation gets (KEYS[2]'s name and a fresh nonce)   ARGV[8] now (ms)
ARGV[9] idempotency TTL (s)   ARGV[10] '1' when reservations expire (RESERVATION_TIMEOUT_S > 0), else '0'

The transaction record is the Reserve's idempotency record (layout in lua/lib/prelude.lua): its name
holds no clock and no setting, so every instance finds it whatever its clock or TTL. A rejected Reserve
leaves a 'reply' record there for the TTL.

Returns {code, status, transaction_id, available, reserved}; balances as the strings Redis stores.
  OK         status 'reserved' (balances moved) or 'rejected' (available < amount, nothing moved)
  REPLAY     the request_id was seen with the same fields: the first reply, unchanged
  CONFLICT   the request_id was seen with other fields (only the code)
  COLLISION  another request_id's record has this name (a 96-bit digest collision; only the code)

Outbox entry: r, transaction_id, user_id, game_id, round_id, amount, available, reserved, request_id, now.
]]
local stored = read_records(KEYS[1], KEYS[2])
local seen = parse_tx(stored[2])
if seen then
  -- The name is derived from (user-game ref, request_id): only a digest collision brings another here.
  if seen[RID] ~= ARGV[1] then return { 'COLLISION' } end
  if seen[CUR] ~= ARGV[6] or seen[ROUND] ~= ARGV[4] or seen[AMOUNT] ~= ARGV[5] then return { 'CONFLICT' } end
  if seen[ST] == 'reply' then return { 'REPLAY', seen[TX] == '' and 'rejected' or 'reserved', seen[TX], seen[A0], seen[R0] } end
  -- Same name and currency: the first call's transaction_id is this one's with the stored nonce.
  return { 'REPLAY', 'reserved', string.sub(ARGV[7], 1, NONCE_OFFSET) .. seen[TX], seen[A0], seen[R0] }
end

local function record(status, created, available, reserved, tx)
  return cmsgpack.pack({ status, ARGV[6], ARGV[4], ARGV[5], ARGV[2], ARGV[3], created, ARGV[1], available, reserved, tx })
end

local wallet = parse_wallet(stored[1])
local available, reserved = wallet[AVAILABLE], wallet[RESERVED]
if tonumber(available) < tonumber(ARGV[5]) then
  redis.call('SET', KEYS[2], record('reply', '', available, reserved, ''), 'EX', ARGV[9])
  return { 'OK', 'rejected', '', available, reserved }
end

available, reserved = int(tonumber(available) - tonumber(ARGV[5])), int(tonumber(reserved) + tonumber(ARGV[5]))
wallet[AVAILABLE], wallet[RESERVED] = available, reserved
local created = ARGV[10] == '1' and ARGV[8] or ''
local nonce = string.sub(ARGV[7], NONCE_OFFSET + 1)
redis.call('MSET', KEYS[1], cmsgpack.pack(wallet), KEYS[2], record('reserved', created, available, reserved, nonce))
if created ~= '' then redis.call('ZADD', KEYS[4], ARGV[8], ARGV[7]) end
outbox(KEYS[3], 'r', ARGV[7], ARGV[2], ARGV[3], ARGV[4], ARGV[5], available, reserved, ARGV[1], ARGV[8])
return { 'OK', 'reserved', ARGV[7], available, reserved }
