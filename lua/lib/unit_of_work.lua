-- unit_of_work: what one call reads and writes (begin ... commit).
-- include: wallet, records

-- A unit of work: what one call reads and writes. The records it names are read with one MGET (and a
-- key of another type there is an error, never an empty record); changes stay in memory, so each item
-- of a batch sees what the items before it did; commit writes them all at the end: the records (a SET
-- for each that expires, one MSET for the others), the outbox entries, the open index. An error before commit
-- writes nothing. Under OOM Redis refuses a function call (FCALL) before it starts, and a script sent
-- with EVALSHA fails at commit's first write, before any other (Redis judges memory once, as it starts). Each table costs an allocation per call, so the unit makes few: `records` holds
-- a key's stored string until it is first read, then its values; the write lists appear when needed.
local function begin(names)
  local values = redis.call('MGET', unpack(names))
  local records, absent = {}, nil
  for i = 1, #names do
    if values[i] then
      records[names[i]] = values[i]
    else
      records[names[i]] = false
      absent = absent or {}
      absent[#absent + 1] = names[i]
    end
  end
  if absent and redis.call('EXISTS', unpack(absent)) > 0 then
    error({ err = 'WRONGTYPE a record key holds another type than a string (an older Redis layout? run migrate)' })
  end
  -- writes (key -> true, or its TTL), text (key -> string); events, opened, closed: per stream or index
  -- key, in the order first used (a call may span partitions on a single Redis). Each is made when first
  -- needed; naming them here sizes the table once instead of growing it field by field.
  return { records = records, writes = false, text = false, events = false, opened = false, closed = false }
end

-- One of the unit's lists, made when first needed.
local function part(work, name)
  local list = work[name]
  if not list then
    list = {}
    work[name] = list
  end
  return list
end

-- A wallet named in begin: its values, changed in place by the caller, then put back with put_record.
local function wallet_of(work, key)
  local wallet = work.records[key]
  if type(wallet) ~= 'table' then
    wallet = parse_wallet(wallet)
    work.records[key] = wallet
  end
  return wallet
end

-- A transaction record named in begin (nil: none).
local function record_of(work, key)
  local tx = work.records[key]
  if type(tx) == 'string' then
    tx = parse_tx(tx)
    work.records[key] = tx
  end
  return tx or nil
end

-- A record to write at commit (a wallet's or a transaction's values, or a record already packed: a
-- string), expiring after ttl_s when given.
local function put_record(work, key, record, ttl_s)
  work.records[key] = record
  part(work, 'writes')[key] = ttl_s or true
end

-- A record's stored string: wallets hold their balances as numbers, transactions their fields.
local function packed(record)
  if type(record) == 'string' then return record end
  if type(record[AVAILABLE]) == 'number' then return pack_wallet(record) end
  return pack_tx(record)
end

-- The list under `key` in the unit's part `name` (a list of keys in the order first used, each with its list).
local function list_of(work, name, key)
  local lists = part(work, name)
  local list = lists[key]
  if not list then
    list = {}
    lists[key] = list
    lists[#lists + 1] = key
  end
  return list
end

-- An outbox entry (its values already joined by "\n") to add at commit.
local function outbox(work, outbox_key, entry)
  local events = list_of(work, 'events', outbox_key)
  events[#events + 1] = entry
end

-- A transaction_id into (opened, with its creation time) or out of (closed) an open index at commit.
local function open_index(work, open_key, transaction_id, created)
  if created then
    local opened = list_of(work, 'opened', open_key)
    opened[#opened + 1] = created
    opened[#opened + 1] = transaction_id
  else
    local closed = list_of(work, 'closed', open_key)
    closed[#closed + 1] = transaction_id
  end
end

local function commit(work)
  if work.writes then
    local mset, text = {}, work.text
    for key, ttl in pairs(work.writes) do
      local value = text and text[key] or packed(work.records[key])
      if ttl == true then
        mset[#mset + 1] = key
        mset[#mset + 1] = value
      else
        redis.call('SET', key, value, 'EX', ttl)
      end
    end
    if #mset > 0 then redis.call('MSET', unpack(mset)) end
  end
  if work.events then
    -- One stream entry per outbox the call touched (per MOVES_PER_ENTRY of its moves there), its moves
    -- in order as repeated `e` fields: the sync expands it into ledger rows with a sub-sequence. One
    -- XADD per call, not per item; the bound keeps an entry, and what the sync reads at once, small.
    for _, key in ipairs(work.events) do
      local events = work.events[key]
      for first = 1, #events, MOVES_PER_ENTRY do
        local fields = { key, '*' }
        for i = first, math.min(#events, first + MOVES_PER_ENTRY - 1) do
          fields[#fields + 1] = 'e'
          fields[#fields + 1] = events[i]
        end
        redis.call('XADD', unpack(fields))
      end
    end
  end
  if work.opened then
    for _, key in ipairs(work.opened) do redis.call('ZADD', key, unpack(work.opened[key])) end
  end
  if work.closed then
    for _, key in ipairs(work.closed) do redis.call('ZREM', key, unpack(work.closed[key])) end
  end
end
