--[[ cancel: release a reservation: reserved -= amount, available += amount; for each item in order (a
unary Cancel is a batch of one). On Redis Cluster a call's items share one partition; on a single
Redis one call may span partitions.

KEYS[1..n] the count first, as EVAL takes it; five for each item i (1-based), KEYS[5i - 4 .. 5i]:
  transaction record           (keys.transaction of the transaction_id)
  wallet                       w{p}:<user-game ref>:<currency>  (from the transaction_id)
  idempotency record           i{p}:x:<transaction_id>:<request_id>  (requests that did not settle it)
  outbox stream                o{p}
  open reservations            e{p}

ARGV[1] now (ms)   ARGV[2] idempotency TTL (s)
then 4 per item: request_id, transaction_id, reason (stored; may be ''), the transaction_id's currency

The Cancel that settles the transaction keeps its reply in the transaction record (sid, rs, a1, r1).
An item sees what the items before it did.

Returns one reply per item (joined as lua/lib/items.lua says), code status transaction_id available
reserved:
  OK          status 'canceled' (balances moved) or 'already_canceled' (nothing moved)
  REPLAY      the first reply to this request_id, unchanged
  CONFLICT    the request_id was used with other fields
  NOT_FOUND   no such transaction (in Redis: a settled one may have moved to MySQL)
  CONFIRMED   the transaction was confirmed
Error codes come alone and change nothing.

Outbox entry: x, transaction_id, user_id, game_id, round_id, amount, available, reserved, request_id, now,
reason.
]]
-- include: items, settle, idempotency, numbers
local now, ttl = ARGV[1], ARGV[2]

local function cancel_one(work, k, a)
  local tx_key, wallet_key, request_key, outbox_key, open_key = KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], KEYS[k + 4], KEYS[k + 5]
  local request_id, transaction_id, reason, currency = unpack(ARGV, a + 1, a + 4)
  local tx = named(record_of(work, tx_key), transaction_id, currency)
  if not tx then return CODE.NOT_FOUND end
  if tx[ST] == STATUS.reserved then
    local available, reserved = settle(work, tx_key, wallet_key, outbox_key, open_key, transaction_id, tx, 'cancel', reason, request_id, '', now)
    return CODE.OK .. ' ' .. STATUS.canceled .. ' ' .. transaction_id .. ' ' .. available .. ' ' .. reserved
  end
  if tx[ST] == STATUS.canceled and tx[SETTLER] == request_id then
    if tx[REASON] ~= reason then return CODE.CONFLICT end
    return CODE.REPLAY .. ' ' .. STATUS.canceled .. ' ' .. transaction_id .. ' ' .. tx[A1] .. ' ' .. tx[R1]
  end
  local fingerprint = cancel_fingerprint(reason)
  local seen = replay(work, request_key, fingerprint)
  if seen then return table.concat(seen, ' ') end
  if tx[ST] == STATUS.confirmed then return CODE.CONFIRMED end
  local wallet = wallet_of(work, wallet_key)
  local reply = { STATUS.already_canceled, transaction_id, int(wallet[AVAILABLE]), int(wallet[RESERVED]) }
  remember(work, request_key, ttl, fingerprint, reply)
  return CODE.OK .. ' ' .. table.concat(reply, ' ')
end

return apply_items(KEYS, 5, 2, 2, 4, cancel_one)
