-- idempotency: records of their own for the replies that leave no trace in a transaction record
-- (already_confirmed, already_canceled) and for keyed top-ups: one string key per request, holding the
-- reply fields and the request's fingerprint, as the layouts chunk's idempotency_record packs them
-- (src/redis/shared-layouts.ts: FINGERPRINTS say what each operation's fingerprint holds).
-- include: unit_of_work, layouts

-- Idempotency records of their own (already_* replies, keyed top-ups): read when needed, not in begin.
local function remember(work, key, ttl_s, fingerprint, reply)
  part(work, 'text')[key] = idempotency_record(reply, fingerprint)
  part(work, 'writes')[key] = ttl_s
end

-- nil when the request is new, false when the key was used with other fields, else the reply fields.
local function recall(work, key, fingerprint)
  local stored = (work.text and work.text[key]) or redis.call('GET', key)
  if not stored then return nil end
  local newline = string.find(stored, IDEMPOTENCY_SEPARATOR, 1, true)
  local count = tonumber(string.sub(stored, 1, newline - 1))
  local fields, position = {}, newline + 1
  for i = 1, count do
    newline = string.find(stored, IDEMPOTENCY_SEPARATOR, position, true)
    fields[i] = string.sub(stored, position, newline - 1)
    position = newline + 1
  end
  if string.sub(stored, position) ~= fingerprint then return false end
  return fields
end

-- The answer to a request seen before: {REPLAY, fields...} or {CONFLICT}; nil when it is new.
local function replay(work, key, fingerprint)
  local fields = recall(work, key, fingerprint)
  if fields == nil then return nil end
  if fields == false then return { CODE.CONFLICT } end
  table.insert(fields, 1, CODE.REPLAY)
  return fields
end
