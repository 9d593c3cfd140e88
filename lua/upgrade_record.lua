--[[ upgrade_record: moves one record of an earlier layout into layout 4 (run by `migrate`,
src/redis/layout-upgrade.ts; safe to repeat).

KEYS[1] the record of the earlier layout
KEYS[2] its name in layout 4 ('reserve_request', 'derived'; the same as KEYS[1] otherwise)

ARGV[1] what KEYS[1] holds:
  'packed'           a wallet or transaction record as layouts 2 and 3 stored them (a MessagePack array):
                     re-encoded in place, with the same expiry (a record already in layout 4 is left);
                     ARGV[2] says which: 'wallet' or 'transaction'
  'wallet'           a wallet hash (a, r, u, g, c) of layout 1: becomes a wallet record under the same key
  'transaction'      a transaction hash (u, g, c, rd, amt, win, st, rid, ct, rs) of layout 1: becomes a
                     transaction record (src/redis/shared-layouts.ts) under the same key, with the same expiry;
                     its settling request's reply stays in its own idempotency record, as before
  'reserve_request'  a Reserve's idempotency record i{p}:r:<ref>:<request_id> of layout 1: becomes a
                     'reply' record at KEYS[2], with what is left of its TTL
  'derived'          a record of layout 2, named with the idempotency period: a 'reply' record moves to
                     KEYS[2] with what is left of its TTL; a transaction stays (its id leads to it) and
                     KEYS[2] gets a 'reply' record naming it, for what is left of its TTL or else ARGV[3]
ARGV[2] the request_id ('reserve_request'); the transaction_id of KEYS[1] ('derived'); see 'packed'
ARGV[3] the idempotency TTL (s) ('derived')

Returns 1 when it moved a record, 0 when there was nothing to move.
]]
-- include: records, wallet
local ttl = redis.call('PTTL', KEYS[1])
if ARGV[1] == 'wallet' then
  if redis.call('TYPE', KEYS[1]).ok ~= 'hash' then return 0 end
  local h = redis.call('HMGET', KEYS[1], 'a', 'r', 'u', 'g', 'c')
  redis.call('DEL', KEYS[1])
  redis.call('SET', KEYS[1], pack_wallet({ tonumber(h[1] or '0'), tonumber(h[2] or '0'), wallet_owner(h[3] or '', h[4] or '', h[5] or '') }))
  return 1
end
if ARGV[1] == 'packed' then
  if redis.call('TYPE', KEYS[1]).ok ~= 'string' then return 0 end
  local stored = redis.call('GET', KEYS[1])
  -- MessagePack arrays start with 0x90-0x9f or 0xdc; layout 4 with 4 (a wallet) or a status's letter.
  local first = string.byte(stored, 1)
  if not first or (first < 0x90 or first > 0x9f) and first ~= 0xdc then return 0 end
  local values = cmsgpack.unpack(stored)
  local record
  if ARGV[2] == 'wallet' then
    record = pack_wallet({ tonumber(values[1]), tonumber(values[2]), wallet_owner(values[3] or '', values[4] or '', values[5] or '') })
  else
    for i = #values + 1, REASON do values[i] = '' end
    record = pack_tx(values)
  end
  redis.call('SET', KEYS[1], record, 'KEEPTTL')
  return 1
end
if ARGV[1] == 'transaction' then
  if redis.call('TYPE', KEYS[1]).ok ~= 'hash' then return 0 end
  local h = redis.call('HMGET', KEYS[1], 'st', 'c', 'rd', 'amt', 'u', 'g', 'ct', 'rid', 'win', 'rs')
  local tx = { h[1] or '', h[2] or '', h[3] or '', h[4] or '', h[5] or '', h[6] or '', h[7] or '', h[8] or '', '', '', '', '', '', h[9] or '0', '', '', h[10] or '' }
  redis.call('DEL', KEYS[1])
  if ttl > 0 then
    redis.call('SET', KEYS[1], pack_tx(tx), 'PX', ttl)
  else
    redis.call('SET', KEYS[1], pack_tx(tx))
  end
  return 1
end
if ARGV[1] == 'derived' then
  if redis.call('TYPE', KEYS[1]).ok ~= 'string' then return 0 end
  local stored = redis.call('GET', KEYS[1])
  local tx = parse_tx(stored)
  if tx[ST] == REPLY_RECORD then
    if ttl > 0 then redis.call('SET', KEYS[2], stored, 'PX', ttl, 'NX') end
    redis.call('DEL', KEYS[1])
    return 1
  end
  local reply = new_tx(REPLY_RECORD, tx[CUR], tx[ROUND], tx[AMOUNT], tx[USER], tx[GAME], '', tx[RID], tx[A0], tx[R0], ARGV[2])
  if ttl <= 0 then ttl = tonumber(ARGV[3]) * 1000 end
  return redis.call('SET', KEYS[2], reply, 'PX', ttl, 'NX') and 1 or 0
end

-- A Reserve's record: "<n>\n<status>\n<transaction_id>\n<available>\n<reserved>\n<round_id>\n<amount>\n<currency>".
local stored = redis.call('GET', KEYS[1])
if not stored or ttl <= 0 then return 0 end
local values, position = {}, 1
for i = 1, 8 do
  local newline = string.find(stored, '\n', position, true)
  values[i] = string.sub(stored, position, (newline or 0) - 1)
  position = (newline or #stored) + 1
end
local record = new_tx(REPLY_RECORD, values[8], values[6], values[7], '', '', '', ARGV[2], values[4], values[5], values[3])
redis.call('SET', KEYS[2], record, 'PX', ttl, 'NX')
redis.call('DEL', KEYS[1])
return 1
