-- Shared prelude: prepended by the script registry to every script in lua/ (EVALSHA), and loaded once
-- at the head of the engine's function library (FCALL, src/redis/engine-functions.ts). Not a command itself.
--
-- Redis layout 4 (src/redis/layout-upgrade.ts; every role refuses to start on another).
--
-- Wallet w{p}:<ref>:<currency>: one string: the byte 4, available and reserved as little-endian
-- doubles (exact below 2^53), then "<user_id>\0<game_id>\0<currency>". `struct` reads and writes the
-- balances in C, as numbers: no MessagePack, no decimal parsing. A call reads its records with one MGET
-- and writes them with one MSET, however many items it applies (the unit of work below): each
-- redis.call costs more than the command it runs. A key of another type where a record belongs is an
-- error (begin), never an empty record.
--
-- Transaction record t{p}:<ref>.<derived> (see src/redis/wallet-keys.ts): one string, the fields in
-- the order below, each of the first sixteen ended by "\0" (`struct`'s 's', read in one C call), the
-- reason last, to the end of the string (it is the only field that may hold any byte; the others are
-- ids without control characters, digits and statuses). A reservation leaves the last six empty.
--   st   reserved | confirmed | canceled; or 'reply': only the idempotency record of a Reserve that
--        made no transaction here (rejected, or carried over from an earlier layout)
--   c, rd, amt, u, g  currency, round_id, amount, user_id, game_id
--   ct   creation time (ms) while expiry is on ('' otherwise): then it is also in the open index
--   rid  the Reserve's request_id; a0, r0 the balances after it (its reply)
--   tx   a transaction's nonce, the last part of its transaction_id ('' for ids of layouts 1 and 2,
--        which have none); a 'reply' record's whole transaction_id ('' when it was rejected)
--   sid  request_id of the Confirm or Cancel that settled it ('' for expiry), srd the round_id that
--        Confirm gave; win; a1, r1 the balances after it (its reply); rs the reason (canceled)
-- Other Confirm and Cancel requests (already_confirmed, already_canceled) and top-ups with a key keep
-- their replies in idempotency records of their own: one string key per request, holding the reply
-- fields and the request's fingerprint: "<n>\n<field 1>\n...<field n>\n<fingerprint>" (reply fields
-- never hold "\n", the fingerprint comes last and may hold anything).
--
-- Outbox entry: one field `e`, the move's values joined by "\n" in a fixed order per kind (the comment
-- or reason last). See src/sync/outbox-event.ts.
--
-- Replies of the item scripts (reserve, confirm, cancel): one string for the whole call, an item's
-- fields joined by ' ' (none holds a space), the items by "\n" (src/redis/script-registry.ts).

local MAX_AMOUNT = 9007199254740991

-- An integer below 2^53 as a decimal string: exact, no exponent (never tostring: SPEC, money).
local function int(value) return string.format('%.0f', value) end

-- What a repeat must match: the request's fields other than its request_id and target.
local function confirm_fingerprint(round_id, win_amount) return round_id .. '\n' .. win_amount end
local function cancel_fingerprint(reason) return reason end

-- A wallet in a call: { available, reserved (numbers), the stored owner "<user_id>\0<game_id>\0<currency>" }.
local AVAILABLE, RESERVED, OWNER = 1, 2, 3
local WALLET_LAYOUT, WALLET_BALANCES = 4, '<Bdd'

-- A wallet's values from its stored string (false/nil: an unfunded wallet, 0 / 0).
local function parse_wallet(stored)
  if not stored then return { 0, 0, '' } end
  local _, available, reserved, owner_at = struct.unpack(WALLET_BALANCES, stored)
  return { available, reserved, string.sub(stored, owner_at) }
end

local function pack_wallet(wallet)
  return struct.pack(WALLET_BALANCES, WALLET_LAYOUT, wallet[AVAILABLE], wallet[RESERVED]) .. wallet[OWNER]
end

local function wallet_owner(user_id, game_id, currency) return user_id .. '\0' .. game_id .. '\0' .. currency end

local ST, CUR, ROUND, AMOUNT, USER, GAME, CREATED, RID, A0, R0, TX, SETTLER, SETTLER_ROUND, WIN, A1, R1, REASON =
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
-- The sixteen fields before the reason, each ended by "\0".
local RECORD_FIELDS = 'ssssssssssssssss'

-- A transaction record's values from its stored string, or nil (false/nil: none).
local function parse_tx(stored)
  if not stored then return nil end
  local tx = { struct.unpack(RECORD_FIELDS, stored) } -- the 16 fields, then where the reason starts
  tx[REASON] = string.sub(stored, tx[REASON])
  return tx
end

-- A record's values (all seventeen) as stored (one concatenation: cheaper than table.concat).
local function pack_tx(tx)
  return tx[1] .. '\0' .. tx[2] .. '\0' .. tx[3] .. '\0' .. tx[4] .. '\0' .. tx[5] .. '\0' .. tx[6] .. '\0' .. tx[7] .. '\0' ..
    tx[8] .. '\0' .. tx[9] .. '\0' .. tx[10] .. '\0' .. tx[11] .. '\0' .. tx[12] .. '\0' .. tx[13] .. '\0' .. tx[14] .. '\0' ..
    tx[15] .. '\0' .. tx[16] .. '\0' .. tx[17]
end

-- A new record as stored: the eleven fields a reservation (or a Reserve's reply record) holds.
local function new_tx(st, currency, round_id, amount, user_id, game_id, created, request_id, available, reserved, tx)
  return st .. '\0' .. currency .. '\0' .. round_id .. '\0' .. amount .. '\0' .. user_id .. '\0' .. game_id .. '\0' ..
    created .. '\0' .. request_id .. '\0' .. available .. '\0' .. reserved .. '\0' .. tx .. '\0\0\0\0\0\0'
end

-- What precedes the nonce in a transaction_id: '<pp>.<ref 22>.<CUR>-<derived 16>-' (src/redis/wallet-keys.ts).
local NONCE_OFFSET = 47

-- The transaction a transaction_id names, or nil when its record holds none: a Reserve's reply record,
-- another currency, or another nonce (a later transaction of a reused request_id) is none.
local function named(tx, transaction_id, currency)
  if not tx or tx[ST] == 'reply' or tx[CUR] ~= currency or tx[TX] ~= string.sub(transaction_id, NONCE_OFFSET + 1) then
    return nil
  end
  return tx
end

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
    for _, key in ipairs(work.events) do
      local events = work.events[key]
      for i = 1, #events do redis.call('XADD', key, '*', 'e', events[i]) end
    end
  end
  if work.opened then
    for _, key in ipairs(work.opened) do redis.call('ZADD', key, unpack(work.opened[key])) end
  end
  if work.closed then
    for _, key in ipairs(work.closed) do redis.call('ZREM', key, unpack(work.closed[key])) end
  end
end

-- Idempotency records of their own (already_* replies, keyed top-ups): read when needed, not in begin.
local function remember(work, key, ttl_s, fingerprint, reply)
  part(work, 'text')[key] = #reply .. '\n' .. table.concat(reply, '\n') .. '\n' .. fingerprint
  part(work, 'writes')[key] = ttl_s
end

-- nil when the request is new, false when the key was used with other fields, else the reply fields.
local function recall(work, key, fingerprint)
  local stored = (work.text and work.text[key]) or redis.call('GET', key)
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
local function replay(work, key, fingerprint)
  local fields = recall(work, key, fingerprint)
  if fields == nil then return nil end
  if fields == false then return { 'CONFLICT' } end
  table.insert(fields, 1, 'REPLAY')
  return fields
end

-- Settles a reservation (as read into `work`): status, balances, one outbox entry, out of the open
-- index when it is in it. The keys of its record, wallet, outbox stream and open index; `kind`
-- 'confirm' | 'cancel' | 'expire'; `detail` the win (confirm) or the reason (cancel, expire). Returns
-- the balances after it, as decimal strings.
local function settle(work, tx_key, wallet_key, outbox_key, open_key, transaction_id, tx, kind, detail, request_id, request_round, now)
  local wallet = wallet_of(work, wallet_key)
  local amount = tonumber(tx[AMOUNT])
  local credit = kind == 'confirm' and tonumber(detail) or amount
  wallet[AVAILABLE], wallet[RESERVED] = wallet[AVAILABLE] + credit, wallet[RESERVED] - amount
  local available, reserved = int(wallet[AVAILABLE]), int(wallet[RESERVED])
  tx[SETTLER], tx[A1], tx[R1] = request_id, available, reserved
  if kind == 'confirm' then
    tx[ST], tx[SETTLER_ROUND], tx[WIN] = 'confirmed', request_round, detail
  else
    tx[ST], tx[WIN], tx[REASON] = 'canceled', '0', detail
  end
  put_record(work, wallet_key, wallet)
  put_record(work, tx_key, tx)
  if kind == 'confirm' then
    outbox(work, outbox_key, 'c\n' .. transaction_id .. '\n' .. tx[USER] .. '\n' .. tx[GAME] .. '\n' .. tx[ROUND] .. '\n' .. tx[AMOUNT] ..
      '\n' .. detail .. '\n' .. available .. '\n' .. reserved .. '\n' .. request_id .. '\n' .. request_round .. '\n' .. now)
  else
    outbox(work, outbox_key, (kind == 'cancel' and 'x\n' or 'e\n') .. transaction_id .. '\n' .. tx[USER] .. '\n' .. tx[GAME] .. '\n' ..
      tx[ROUND] .. '\n' .. tx[AMOUNT] .. '\n' .. available .. '\n' .. reserved .. '\n' .. request_id .. '\n' .. now .. '\n' .. detail)
  end
  if tx[CREATED] ~= '' then open_index(work, open_key, transaction_id) end
  return available, reserved
end

-- A batch script's items, applied in order through one unit of work. Each item has `keys_per_item`
-- keys in `keys` (the first two are the records `begin` reads) and `args_per_item` values in `args`
-- after the first `shared_args`: the call's KEYS and ARGV (passed in, since a Redis Function gets them
-- as arguments, not as globals). `apply(work, k, a)` answers one item whose keys follow keys[k] and
-- whose values follow args[a] (no table per item), with its reply's fields joined by ' '. Returns the
-- replies, joined by "\n", after the commit.
local function apply_items(keys, keys_per_item, shared_args, args_per_item, apply)
  local count = #keys / keys_per_item
  local records = {}
  for i = 1, count do
    records[2 * i - 1], records[2 * i] = keys[keys_per_item * (i - 1) + 1], keys[keys_per_item * (i - 1) + 2]
  end
  local work = begin(records)
  local replies = {}
  for i = 1, count do
    replies[i] = apply(work, keys_per_item * (i - 1), shared_args + (i - 1) * args_per_item)
  end
  commit(work)
  return table.concat(replies, '\n')
end
