-- Shared prelude, prepended by the script registry to every script in lua/ (not a command itself).
--
-- Idempotency records: one string key per request, holding the reply fields of the first call and
-- the request's fingerprint (its fields other than the request id), so a repeat returns that reply
-- and a repeat with other fields is told apart. Layout: "<n>\n<field 1>\n...<field n>\n<fingerprint>";
-- reply fields never hold "\n", the fingerprint comes last and may hold anything.

local MAX_AMOUNT = 9007199254740991

local function remember(key, ttl_s, fingerprint, reply)
  redis.call('SET', key, #reply .. '\n' .. table.concat(reply, '\n') .. '\n' .. fingerprint, 'EX', ttl_s)
end

-- nil when the request is new, false when the key was used with other fields, else the reply fields.
local function recall(key, fingerprint)
  local stored = redis.call('GET', key)
  if not stored then return nil end
  local newline = string.find(stored, '\n', 1, true)
  local count = tonumber(string.sub(stored, 1, newline - 1))
  local fields, position = {}, newline + 1
  for i = 1, count do
    newline = string.find(stored, '\n', position, true)
    fields[i] = string.sub(stored, position, newline - 1)
    position = newline + 1
  end
  if string.sub(stored, position) ~= fingerprint then return false end
  return fields
end

-- The answer to a request seen before: {'REPLAY', fields...} or {'CONFLICT'}; nil when it is new.
local function replay(key, fingerprint)
  local fields = recall(key, fingerprint)
  if fields == nil then return nil end
  if fields == false then return { 'CONFLICT' } end
  table.insert(fields, 1, 'REPLAY')
  return fields
end

-- What a repeat must match: the request's fields other than its request_id and target.
local function confirm_fingerprint(round_id, win_amount) return round_id .. '\n' .. win_amount end
local function cancel_fingerprint(reason) return reason end

local function balances(wallet_key)
  local values = redis.call('HMGET', wallet_key, 'a', 'r')
  return values[1] or '0', values[2] or '0'
end

-- The fields of a transaction hash the settling scripts read, in this order.
local TX_FIELDS = { 'st', 'rd', 'amt', 'u', 'g', 'c', 'ct' }

-- Releases a reservation (Cancel and expiry): reserved -= amount, available += amount, status
-- canceled, out of the open index, one outbox entry of `kind`. `tx` is HMGET of TX_FIELDS.
local function release(tx_key, wallet_key, outbox_key, open_key, transaction_id, tx, kind, reason, request_id, now)
  redis.call('HINCRBY', wallet_key, 'r', '-' .. tx[3])
  redis.call('HINCRBY', wallet_key, 'a', tx[3])
  local available, reserved = balances(wallet_key)
  redis.call('HSET', tx_key, 'st', 'canceled', 'rs', reason, 'ut', now)
  redis.call('ZREM', open_key, transaction_id)
  redis.call('XADD', outbox_key, '*', 'k', kind, 'tx', transaction_id, 'u', tx[4], 'g', tx[5], 'c', tx[6],
    'rd', tx[2], 'amt', tx[3], 'win', '0', 'a', available, 'r', reserved, 'rid', request_id, 'rs', reason,
    'ts', now)
  return available, reserved
end
