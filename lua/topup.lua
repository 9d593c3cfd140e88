--[[ topup: credit a wallet's available balance (management API and operator command).

KEYS[1] wallet                 w{p}:<user-game ref>:<currency>
KEYS[2] idempotency record     i{p}:t:<user-game ref>:<idempotency key>  (unused when ARGV[8] is '')
KEYS[3] outbox stream          o{p}
KEYS[4] top-up sequence        n{p}  (counter; a top-up id is sequence * 64 + partition)
KEYS[5] currencies             c{p}:<user-game ref>  (set of the user-game's wallet currencies)

ARGV[1] user_id   ARGV[2] game_id   ARGV[3] currency   ARGV[4] amount (canonical decimal, 1 .. 2^53-1)
ARGV[5] comment   ARGV[6] now (ms)   ARGV[7] idempotency TTL (s)   ARGV[8] idempotency key or ''
ARGV[9] partition number (0 .. 63)   ARGV[10] audit trail or '' (opaque one-line text: who asked, for
        the audit entry the sync writes with the ledger row)   ARGV[11] '1' when the currency is
        enabled (a repeated key replays whatever it says: SPEC §1.11, the replay comes first)

Returns {code, topup_id, available, reserved, created_at_ms}:
  OK             credited
  REPLAY         the idempotency key was seen with the same fields: the first reply, unchanged
  CONFLICT       the idempotency key was used with other fields (only the code)
  CURRENCY       the currency is not enabled and the key is new (only the code)
  BALANCE_LIMIT  available + reserved would pass 2^53-1 (only the code; nothing changed)

Outbox entry: t, topup_id, user_id, game_id, currency, amount, available, reserved, now, comment; with an
audit trail: T, the same values, the trail, comment. With an idempotency key: k (or K with a trail), the
same values, the key (then the trail), comment.
]]
-- include: idempotency, numbers, layouts
local user_id, game_id, currency, amount, comment, now, ttl, key, partition, trail, enabled = unpack(ARGV, 1, 11)
local fingerprint = topup_fingerprint(amount, currency, comment)
local work = begin({ KEYS[1] })
if key ~= '' then
  local seen = replay(work, KEYS[2], fingerprint)
  if seen then return seen end
end
if enabled ~= '1' then return { CODE.CURRENCY } end

local wallet = wallet_of(work, KEYS[1])
local credit = tonumber(amount)
if wallet[AVAILABLE] + wallet[RESERVED] + credit > MAX_AMOUNT then
  return { CODE.BALANCE_LIMIT }
end
wallet[AVAILABLE], wallet[OWNER] = wallet[AVAILABLE] + credit, wallet_owner(user_id, game_id, currency)
local available, reserved = int(wallet[AVAILABLE]), int(wallet[RESERVED])
-- The sequence and the currency set first: under OOM the first write fails and nothing is written.
redis.call('SADD', KEYS[5], currency)
local id = int(redis.call('INCR', KEYS[4]) * 64 + tonumber(partition))
put_record(work, KEYS[1], wallet)
if key ~= '' then remember(work, KEYS[2], ttl, fingerprint, topup_reply(id, available, reserved, now)) end
-- A keyed top-up's entry carries its key, so the ledger keeps it and `restore` can rebuild its record.
local entry
if key == '' and trail == '' then
  entry = outbox_topup(id, user_id, game_id, currency, amount, available, reserved, now, comment)
elseif key == '' then
  entry = outbox_audited_topup(id, user_id, game_id, currency, amount, available, reserved, now, trail, comment)
elseif trail == '' then
  entry = outbox_keyed_topup(id, user_id, game_id, currency, amount, available, reserved, now, key, comment)
else
  entry = outbox_keyed_audited_topup(id, user_id, game_id, currency, amount, available, reserved, now, key, trail, comment)
end
outbox(work, KEYS[3], entry)
commit(work)
return { CODE.OK, unpack(topup_reply(id, available, reserved, now)) }
