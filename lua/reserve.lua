--[[ reserve: hold `amount` of a wallet's available balance for a game round, for each item in order
(a unary Reserve is a batch of one). On Redis Cluster a call's items share one partition; on a single
Redis one call may span partitions.

KEYS[1..n] the count first, as EVAL takes it; seven for each item i (1-based), KEYS[7i - 6 .. 7i]:
  wallet                       w{p}:<user-game ref>:<currency>
  transaction record           t{p}:<user-game ref>.<derived>   named by the request_id alone
  limits record                l{p}:<user-game ref>:<currency>  (lua/lib/controls.lua; absent: no limits)
  user-game freeze             z{p}:g:<user-game ref>           (exists while the user-game is frozen)
  user freeze                  z{p}:u:<user_id>                 (exists while the user is frozen)
  outbox stream                o{p}
  open reservations            e{p}  zset: transaction_id scored by creation time (only with expiry on)

ARGV[1] now (ms)   ARGV[2] idempotency TTL (s)   ARGV[3] '1' when reservations expire, else '0'
ARGV[4..6] the starts (ms) of the UTC day, week (from Monday) and month that hold now
then 8 per item: request_id, user_id, game_id, round_id, amount (canonical decimal string,
1 .. 2^53-1), currency, the transaction_id a new reservation gets (the record's name and a fresh nonce),
and '1' when the currency is enabled ('0': a new Reserve in it is refused; a repeat still replays)

The transaction record is the Reserve's idempotency record (layout in src/redis/shared-layouts.ts): its name
holds no clock and no setting, so every instance finds it whatever its clock or TTL. A rejected Reserve
leaves a 'reply' record there for the TTL. An item sees what the items before it did (a repeated
request_id in one batch replays the earlier item).

Returns one reply per item (joined as lua/lib/items.lua says), code status transaction_id available
reserved [reason]; balances as decimal strings.
  OK         status 'reserved' (balances moved) or 'rejected' (nothing moved; its transaction_id empty,
             then its reason: the first of frozen, max_bet, loss_limit, insufficient_funds that applies)
  REPLAY     the request_id was seen with the same fields: the first reply, unchanged
  CONFLICT   the request_id was seen with other fields (only the code)
  COLLISION  another request_id's record has this name (a 96-bit digest collision; only the code)
  CURRENCY   the currency is not enabled and the request_id is new (only the code)

Outbox entry: r, transaction_id, user_id, game_id, round_id, amount, available, reserved, request_id, now.
]]
-- include: items, numbers, layouts, controls
local now, ttl, expiring = ARGV[1], ARGV[2], ARGV[3] == '1'
local starts = { tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]) }

-- Why this Reserve may not open (nil: it may), in SPEC §1.11's order.
local function refusal(work, wallet, held, limits_key, freeze_keys_at)
  if work.records[KEYS[freeze_keys_at]] or work.records[KEYS[freeze_keys_at + 1]] then return REJECT.frozen end
  local limits = limits_of(work, limits_key, tonumber(now))
  local refused = limits and limit_refusal(limits, held, wallet[RESERVED], starts)
  if refused then return refused end
  if wallet[AVAILABLE] < held then return REJECT.insufficient_funds end
  return nil
end

local function reserve_one(work, k, a)
  local wallet_key, record_key, limits_key, outbox_key, open_key = KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], KEYS[k + 6], KEYS[k + 7]
  local request_id, user_id, game_id, round_id, amount, currency, transaction_id, enabled = unpack(ARGV, a + 1, a + 8)
  local seen = record_of(work, record_key)
  if seen then
    -- The name is derived from (user-game ref, request_id): only a digest collision brings another here.
    if seen[RID] ~= request_id then return CODE.COLLISION end
    if seen[CUR] ~= currency or seen[ROUND] ~= round_id or seen[AMOUNT] ~= amount then return CODE.CONFLICT end
    if seen[ST] == REPLY_RECORD then
      if seen[TX] == '' then return CODE.REPLAY .. ' ' .. STATUS.rejected .. '  ' .. seen[A0] .. ' ' .. seen[R0] .. ' ' .. seen[REASON] end
      return CODE.REPLAY .. ' ' .. STATUS.reserved .. ' ' .. seen[TX] .. ' ' .. seen[A0] .. ' ' .. seen[R0]
    end
    -- Same name and currency: the first call's transaction_id is this one's with the stored nonce.
    return CODE.REPLAY .. ' ' .. STATUS.reserved .. ' ' .. string.sub(transaction_id, 1, NONCE_AT - 1) .. seen[TX] .. ' ' .. seen[A0] .. ' ' .. seen[R0]
  end

  if enabled ~= '1' then return CODE.CURRENCY end

  local wallet = wallet_of(work, wallet_key)
  local held = tonumber(amount)
  local reason = refusal(work, wallet, held, limits_key, k + 4)
  if reason then
    local available, reserved = int(wallet[AVAILABLE]), int(wallet[RESERVED])
    -- A 'reply' record keeps the reason in its last field (a transaction's cancel reason).
    put_record(work, record_key, new_tx(REPLY_RECORD, currency, round_id, amount, user_id, game_id, '', request_id, available, reserved, '') .. reason, ttl)
    return CODE.OK .. ' ' .. STATUS.rejected .. '  ' .. available .. ' ' .. reserved .. ' ' .. reason
  end

  wallet[AVAILABLE], wallet[RESERVED] = wallet[AVAILABLE] - held, wallet[RESERVED] + held
  local available, reserved = int(wallet[AVAILABLE]), int(wallet[RESERVED])
  local created = expiring and now or ''
  put_record(work, wallet_key, wallet)
  put_record(work, record_key, new_tx(STATUS.reserved, currency, round_id, amount, user_id, game_id, created, request_id, available, reserved,
    string.sub(transaction_id, NONCE_AT)))
  if expiring then open_index(work, open_key, transaction_id, now) end
  outbox(work, outbox_key, outbox_reserve(transaction_id, user_id, game_id, round_id, amount, available, reserved, request_id, now))
  return CODE.OK .. ' ' .. STATUS.reserved .. ' ' .. transaction_id .. ' ' .. available .. ' ' .. reserved
end

return apply_items(KEYS, 7, 5, 6, 8, reserve_one)
