-- controls: what a Reserve checks before it moves money (SPEC §1.11): freezes and a wallet's limits.
-- Freezes are string keys that exist while frozen (src/redis/wallet-keys.ts: keys.userFreeze,
-- keys.userGameFreeze). A wallet's limits record l{p}:<user-game ref>:<currency> is one string packed
-- with struct (LIMITS_RECORD): its limits now, a pending change and when it applies, and the net loss
-- of the current UTC day, week and month, each with the start of the period it counts. After the packed
-- values, while the record's first count waits for the ledger (the losses made before it), the outbox
-- id the ledger must hold first (lua/limits.lua's seed): a loss limit then refuses every Reserve (SPEC
-- §1.11: it fails closed until those losses are counted). Read where Reserve reads the record anyway,
-- so it costs no key; a record without it (any older one) has nothing pending.
-- include: numbers, layouts

local LIMITS_RECORD = '<BddBdddBdddddd'
local LIMITS_LAYOUT = 1
-- A limits record's values, by index (NONE: no such limit; a period is 0 none, 1 day, 2 week, 3 month).
local L_MAX_BET, L_LOSS_LIMIT, L_PERIOD, L_PENDING_AT, L_PENDING_MAX_BET, L_PENDING_LOSS_LIMIT, L_PENDING_PERIOD = 1, 2, 3, 4, 5, 6, 7
-- Period p's start is at L_STARTS + 2p - 2, its net loss right after.
local L_STARTS = 8
local NONE = -1

local function parse_limits(stored)
  local values = { struct.unpack(LIMITS_RECORD, stored) }
  table.remove(values, 1) -- the layout byte
  local after = values[#values] -- where the packed values end
  values[#values] = nil
  if after <= #stored then values.seed_through = string.sub(stored, after) end
  return values
end

local function pack_limits(l)
  return struct.pack(LIMITS_RECORD, LIMITS_LAYOUT, l[1], l[2], l[3], l[4], l[5], l[6], l[7], l[8], l[9], l[10], l[11], l[12], l[13])
    .. (l.seed_through or '')
end

-- A record with no limits, counting from the periods that hold now. `starts`: the day's, week's and
-- month's starts (ms), as the call gives them.
local function new_limits(starts)
  return { NONE, NONE, 0, 0, NONE, NONE, 0, starts[1], 0, starts[2], 0, starts[3], 0 }
end

-- The record as it holds now: a pending change whose time has come applies.
local function limits_now(l, now)
  if l[L_PENDING_AT] > 0 and now >= l[L_PENDING_AT] then
    l[L_MAX_BET], l[L_LOSS_LIMIT], l[L_PERIOD] = l[L_PENDING_MAX_BET], l[L_PENDING_LOSS_LIMIT], l[L_PENDING_PERIOD]
    l[L_PENDING_AT], l[L_PENDING_MAX_BET], l[L_PENDING_LOSS_LIMIT], l[L_PENDING_PERIOD] = 0, NONE, NONE, 0
  end
  return l
end

-- The net loss so far of period p (1 day, 2 week, 3 month) that starts at `start`: 0 when the record
-- counted an earlier one. A caller whose clock is behind (a period that started before the one the
-- record counts) gets the record's count: the later period's, never none.
local function net_loss(l, p, start)
  local at = L_STARTS + 2 * p - 2
  if l[at] < start then return 0 end
  return l[at + 1]
end

-- Adds a confirmation's loss (its amount less its win; negative for a net win) to every period's count.
-- A period's start only moves forward: a confirmation from a process whose clock is behind counts in
-- the period the record counts now, rather than setting it back and dropping that period's count.
local function count_loss(l, loss, starts)
  for p = 1, 3 do
    local at = L_STARTS + 2 * p - 2
    if starts[p] > l[at] then l[at], l[at + 1] = starts[p], 0 end
    l[at + 1] = l[at + 1] + loss
  end
end

-- Why a Reserve of `held` may not open, by the wallet's limits (nil: they allow it). `reserved`: what
-- the wallet holds reserved now (open reservations count against the loss limit).
-- While the record's first count waits for the ledger, a loss limit refuses (fails closed).
local function limit_refusal(l, held, reserved, starts)
  if l[L_MAX_BET] ~= NONE and held > l[L_MAX_BET] then return REJECT.max_bet end
  if l[L_LOSS_LIMIT] ~= NONE and l[L_PERIOD] > 0 and (l.seed_through
    or held + net_loss(l, l[L_PERIOD], starts[l[L_PERIOD]]) + reserved > l[L_LOSS_LIMIT]) then
    return REJECT.loss_limit
  end
  return nil
end

-- A wallet's limits as they hold now (nil: it has none), from a record `begin` read. Parsed once per
-- call; a script that changes it puts it back packed (put_record(work, key, pack_limits(l))).
local function limits_of(work, key, now)
  local l = work.records[key]
  if not l then return nil end
  if type(l) == 'string' then
    l = parse_limits(l)
    work.records[key] = l
  end
  return limits_now(l, now)
end
