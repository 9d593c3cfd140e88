--[[ limits: read, set or rebuild a wallet's limits (SPEC §1.11), as Reserve and Confirm count them.

KEYS[1] limits record          l{p}:<user-game ref>:<currency>
KEYS[2] outbox stream          o{p}  (the wallet's partition: where a new record's earlier moves stand)
KEYS[3] pending seed           k{p}:<user-game ref>:<currency>  (while a new record waits for the ledger)

ARGV[1] 'get' | 'set' | 'rebuild' | 'seed'   ARGV[2] now (ms)   ARGV[3..5] the starts (ms) of the UTC day, week
and month that hold now
for 'set', then: ARGV[6] the delay (ms) before a loosening applies (LIMIT_RAISE_DELAY_S), ARGV[7] max_bet,
ARGV[8] loss_limit (-1: none), ARGV[9] loss_period (0 none, 1 day, 2 week, 3 month; 0 exactly when
there is no loss_limit)
for 'rebuild' (restore, from what MySQL keeps), then: ARGV[6..12] max_bet, loss_limit, loss_period,
pending_at (0: none), pending max_bet, loss_limit, loss_period; ARGV[13..15] the net loss so far of the
current day, week and month (from the ledger). The record is written as given.
for 'seed', then: ARGV[6..8] the starts of the day, week and month a seed counts, ARGV[9..11] the net
loss the ledger held for them up to the outbox id ARGV[12]: added, once (only while the pending seed
is that id, which it then ends), to each period the record still counts from that start (a period
that has rolled over since keeps its own count).

A 'set' that makes the record (the wallet's first limits) counts confirmations from then on, and
keeps as its pending seed the id of the last entry ever added to the partition's outbox ('0-0':
none): every confirmation up to it was made before the record, and is seeded from the ledger once the
sync has written it there (SPEC §1.11: net loss is everything confirmed in the period). The pending
seed is kept in the record itself (lua/lib/controls.lua: a loss limit refuses every Reserve until it
ends) and, for roles of the release before, in KEYS[3]; a record only KEYS[3] names as pending (made
by that release) is pending too. 'get' and 'set' answer a pending seed after the values, so whoever
finishes seeds (the worker, or the PUT that made the record) can; the 'set' that made the record adds
'made' after it.

'set' asks for these limits. What tightens applies at once: a lower max_bet or loss_limit, or a first
one (with its period). What loosens (a higher limit, a removal, another period) is pending until
now + delay, and the pending change is then the whole of what was asked. A set that loosens nothing
drops a pending change (a decrease cancels a pending increase); one that asks again for the pending
change keeps its time.

Returns {} for 'get' of a wallet without a record; else, as integers in decimal strings: max_bet,
loss_limit, loss_period, pending_at (0: nothing pending), pending max_bet, loss_limit, loss_period, and
the net loss so far of the current day, week and month.
]]
-- include: controls
local now = tonumber(ARGV[2])
local starts = { tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]) }
local stored = redis.call('GET', KEYS[1])

-- Whether `asked` is tighter than `current` (NONE: no limit).
local function tighter(asked, current)
  return asked ~= NONE and (current == NONE or asked < current)
end

local function state(l)
  local reply = {}
  for i = 1, 7 do reply[i] = int(l[i]) end
  for p = 1, 3 do reply[7 + p] = int(net_loss(l, p, starts[p])) end
  return reply
end

-- The id of the last entry ever added to a stream ('0-0': none), whether or not the sync has deleted it
-- since: every move made so far has an id up to it, every later move a greater one.
local function last_generated_id(stream)
  if redis.call('EXISTS', stream) == 0 then return '0-0' end
  local info = redis.call('XINFO', 'STREAM', stream)
  for i = 1, #info, 2 do
    if info[i] == 'last-generated-id' then return info[i + 1] end
  end
  return '0-0'
end

-- The outbox id a record's first count still waits for (nil: none): the record's own, or KEYS[3]'s.
local function pending_seed(l)
  return l.seed_through or redis.call('GET', KEYS[3]) or nil
end

-- The values, and after them the pending seed when there is one.
local function answer(l)
  local reply = state(l)
  local pending = pending_seed(l)
  if pending then reply[11] = pending end
  return reply
end

if ARGV[1] == 'get' then
  if not stored then return {} end
  return answer(limits_now(parse_limits(stored), now))
end

if ARGV[1] == 'rebuild' then
  local l = new_limits(starts)
  for i = 1, 7 do l[i] = tonumber(ARGV[5 + i]) end
  for p = 1, 3 do l[L_STARTS + 2 * p - 1] = tonumber(ARGV[12 + p]) end
  redis.call('SET', KEYS[1], pack_limits(l))
  return state(limits_now(l, now))
end

if ARGV[1] == 'seed' then
  if not stored then return {} end
  local l = limits_now(parse_limits(stored), now)
  if pending_seed(l) ~= ARGV[12] then return answer(l) end
  for p = 1, 3 do
    local at = L_STARTS + 2 * p - 2
    if l[at] == tonumber(ARGV[5 + p]) then l[at + 1] = l[at + 1] + tonumber(ARGV[8 + p]) end
  end
  l.seed_through = nil
  redis.call('SET', KEYS[1], pack_limits(l))
  redis.call('DEL', KEYS[3])
  return state(l)
end

local l = stored and limits_now(parse_limits(stored), now) or new_limits(starts)
local delay, max_bet, loss_limit, period = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local loosens = false
if max_bet ~= l[L_MAX_BET] then
  if tighter(max_bet, l[L_MAX_BET]) then l[L_MAX_BET] = max_bet else loosens = true end
end
if loss_limit ~= l[L_LOSS_LIMIT] then
  if tighter(loss_limit, l[L_LOSS_LIMIT]) then
    if l[L_LOSS_LIMIT] == NONE then l[L_PERIOD] = period end
    l[L_LOSS_LIMIT] = loss_limit
  else
    loosens = true
  end
end
if period ~= l[L_PERIOD] then loosens = true end

if not loosens then
  l[L_PENDING_AT], l[L_PENDING_MAX_BET], l[L_PENDING_LOSS_LIMIT], l[L_PENDING_PERIOD] = 0, NONE, NONE, 0
elseif not (l[L_PENDING_AT] > 0 and l[L_PENDING_MAX_BET] == max_bet and l[L_PENDING_LOSS_LIMIT] == loss_limit
    and l[L_PENDING_PERIOD] == period) then
  l[L_PENDING_AT], l[L_PENDING_MAX_BET], l[L_PENDING_LOSS_LIMIT], l[L_PENDING_PERIOD] = now + delay, max_bet, loss_limit, period
end
if stored then
  redis.call('SET', KEYS[1], pack_limits(l))
  return answer(l)
end
l.seed_through = last_generated_id(KEYS[2])
redis.call('SET', KEYS[1], pack_limits(l))
redis.call('SET', KEYS[3], l.seed_through)
local reply = answer(l)
reply[12] = 'made'
return reply
