--[[ confirm: settle a reservation with a win: reserved -= amount, available += win; for each item in
order (a unary Confirm is a batch of one). On Redis Cluster a call's items share one partition; on a
single Redis one call may span partitions.

KEYS[1..n] the count first, as EVAL takes it; six for each item i (1-based), KEYS[6i - 5 .. 6i]:
  transaction record           (keys.transaction of the transaction_id)
  wallet                       w{p}:<user-game ref>:<currency>  (from the transaction_id)
  limits record                l{p}:<user-game ref>:<currency>  (when present, counts the net loss)
  idempotency record           i{p}:c:<transaction_id>:<request_id>  (requests that did not settle it)
  outbox stream                o{p}
  open reservations            e{p}

ARGV[1] now (ms)   ARGV[2] idempotency TTL (s)
ARGV[3] expiry cutoff (ms): a reservation created at or before it has expired ('0': none expire)
ARGV[4..6] the starts (ms) of the UTC day, week (from Monday) and month that hold now
then 5 per item: request_id, transaction_id, round_id ('' accepts any), win_amount (canonical decimal
string, 0 .. 2^53-1), the transaction_id's currency

The Confirm that settles the transaction keeps its reply in the transaction record (sid, srd, win, a1, r1).
A wallet with a limits record counts the confirmation's amount less its win as net loss of the
current day, week and month (lua/lib/controls.lua).
An item sees what the items before it did.

Returns one reply per item (joined as lua/lib/items.lua says), code status transaction_id available
reserved:
  OK              status 'confirmed' (balances moved) or 'already_confirmed' (nothing moved)
  REPLAY          the first reply to this request_id, unchanged
  CONFLICT        the request_id was used with other fields
  NOT_FOUND       no such transaction (in Redis: a settled one may have moved to MySQL)
  ROUND_MISMATCH  round_id given and not the transaction's
  CANCELED        the transaction was canceled
  EXPIRED         the reservation is past its deadline (the sweeper cancels it)
  BALANCE_LIMIT   the win would push the wallet past 2^53-1
Error codes come alone and change nothing.

Outbox entry: c, transaction_id, user_id, game_id, round_id, amount, win, available, reserved, request_id,
the round_id this call gave (maybe ''), now.
]]
-- include: items, settle, idempotency, numbers, controls
local now, ttl, cutoff = ARGV[1], ARGV[2], tonumber(ARGV[3])
local starts = { tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]) }

-- The net loss a confirmation adds to its wallet's periods, when the wallet has limits.
local function count_confirmed_loss(work, limits_key, tx, win)
  local limits = limits_of(work, limits_key, tonumber(now))
  if not limits then return end
  count_loss(limits, tonumber(tx[AMOUNT]) - tonumber(win), starts)
  put_record(work, limits_key, pack_limits(limits))
end

local function confirm_one(work, k, a)
  local tx_key, wallet_key, limits_key, request_key, outbox_key, open_key = KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], KEYS[k + 4], KEYS[k + 5], KEYS[k + 6]
  local request_id, transaction_id, round_id, win, currency = unpack(ARGV, a + 1, a + 5)
  local tx = named(record_of(work, tx_key), transaction_id, currency)
  if not tx then return CODE.NOT_FOUND end
  local wallet = wallet_of(work, wallet_key)
  local round_given_differs = round_id ~= '' and round_id ~= tx[ROUND]
  if tx[ST] == STATUS.reserved then
    if round_given_differs then return CODE.ROUND_MISMATCH end
    if tx[CREATED] ~= '' and tonumber(tx[CREATED]) <= cutoff then return CODE.EXPIRED end
    if wallet[AVAILABLE] + wallet[RESERVED] - tonumber(tx[AMOUNT]) + tonumber(win) > MAX_AMOUNT then return CODE.BALANCE_LIMIT end
    local available, reserved = settle(work, tx_key, wallet_key, outbox_key, open_key, transaction_id, tx, 'confirm', win, request_id, round_id, now)
    count_confirmed_loss(work, limits_key, tx, win)
    return CODE.OK .. ' ' .. STATUS.confirmed .. ' ' .. transaction_id .. ' ' .. available .. ' ' .. reserved
  end
  if tx[ST] == STATUS.confirmed and tx[SETTLER] == request_id then
    if tx[SETTLER_ROUND] ~= round_id or tx[WIN] ~= win then return CODE.CONFLICT end
    return CODE.REPLAY .. ' ' .. STATUS.confirmed .. ' ' .. transaction_id .. ' ' .. tx[A1] .. ' ' .. tx[R1]
  end
  local fingerprint = confirm_fingerprint(round_id, win)
  local seen = replay(work, request_key, fingerprint)
  if seen then return table.concat(seen, ' ') end
  if round_given_differs then return CODE.ROUND_MISMATCH end
  if tx[ST] == STATUS.canceled then return CODE.CANCELED end
  local reply = { STATUS.already_confirmed, transaction_id, int(wallet[AVAILABLE]), int(wallet[RESERVED]) }
  remember(work, request_key, ttl, fingerprint, reply)
  return CODE.OK .. ' ' .. table.concat(reply, ' ')
end

return apply_items(KEYS, 6, 3, 6, 5, confirm_one)
