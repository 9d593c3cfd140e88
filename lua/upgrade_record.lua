--[[ upgrade_record: moves one record of the layout before derived transaction ids into today's layout
(run by `migrate`, src/redis/layout-upgrade.ts; safe to repeat).

KEYS[1] the record of the old layout
KEYS[2] where it goes ('reserve_request'; the same as KEYS[1] otherwise)

ARGV[1] what KEYS[1] holds:
  'wallet'           a wallet hash (a, r, u, g, c): becomes a wallet record under the same key
  'transaction'      a transaction hash (u, g, c, rd, amt, win, st, rid, ct, rs): becomes a transaction
                     record (lua/lib/prelude.lua) under the same key, with the same expiry; its settling
                     request's reply stays in its own idempotency record, as before
  'reserve_request'  a Reserve's idempotency record i{p}:r:<ref>:<request_id>: becomes a 'reply' record
                     at KEYS[2] (the name today's Reserve looks under), with what is left of its TTL
ARGV[2] the request_id ('reserve_request')

Returns 1 when it moved a record, 0 when there was nothing to move.
]]
local ttl = redis.call('PTTL', KEYS[1])
if ARGV[1] == 'wallet' then
  if redis.call('TYPE', KEYS[1]).ok ~= 'hash' then return 0 end
  local h = redis.call('HMGET', KEYS[1], 'a', 'r', 'u', 'g', 'c')
  redis.call('DEL', KEYS[1])
  redis.call('SET', KEYS[1], cmsgpack.pack({ h[1] or '0', h[2] or '0', h[3] or '', h[4] or '', h[5] or '' }))
  return 1
end
if ARGV[1] == 'transaction' then
  if redis.call('TYPE', KEYS[1]).ok ~= 'hash' then return 0 end
  local h = redis.call('HMGET', KEYS[1], 'st', 'c', 'rd', 'amt', 'u', 'g', 'ct', 'rid', 'win', 'rs')
  local tx = { h[1], h[2], h[3], h[4], h[5], h[6], h[7] or '', h[8] or '', '', '', '', '', '', h[9] or '0', '', '', h[10] or '' }
  redis.call('DEL', KEYS[1])
  if ttl > 0 then
    redis.call('SET', KEYS[1], cmsgpack.pack(tx), 'PX', ttl)
  else
    redis.call('SET', KEYS[1], cmsgpack.pack(tx))
  end
  return 1
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
local record = { 'reply', values[8], values[6], values[7], '', '', '', ARGV[2], values[4], values[5], values[3] }
redis.call('SET', KEYS[2], cmsgpack.pack(record), 'PX', ttl, 'NX')
redis.call('DEL', KEYS[1])
return 1
