--[[ read_new: reads a partition's new outbox entries through the sync's consumer group, as XREADGROUP
with '>' does (they become pending for the consumer), and returns only where they lie: the relay's job
names the range, and the processor reads the entries themselves when it applies them. The group
delivers new entries in id order, so the entries read are all of the stream's entries in the range.

An entry holds one call's moves in the partition (up to MOVES_PER_ENTRY, src/redis/shared-layouts.ts),
so the read is bounded by moves, the ledger rows they make: a first read of FIRST_READ entries, then
as many as the moves still wanted take at the moves per entry seen so far (at most MOST_AT_ONCE per
read), until the moves wanted are read or no entry is left: past the moves wanted by less than an
entry's, or by the first read's when it alone reaches them.

KEYS[1] outbox stream          o{p}

ARGV[1] consumer group   ARGV[2] consumer   ARGV[3] the moves wanted (at least one entry is read)

Returns {} when there is nothing new, else {first id, last id, entries, moves}.
]]
local FIRST_READ, MOST_AT_ONCE = 8, 128
local wanted = tonumber(ARGV[3])
local first, last, entries, moves = nil, nil, 0, 0
local count = math.max(1, math.min(FIRST_READ, wanted))
while true do
  local reply = redis.call('XREADGROUP', 'GROUP', ARGV[1], ARGV[2], 'COUNT', count, 'STREAMS', KEYS[1], '>')
  local read = reply and reply[1] and reply[1][2]
  if not read or #read == 0 then break end
  first = first or read[1][1]
  last = read[#read][1]
  entries = entries + #read
  for i = 1, #read do moves = moves + #read[i][2] / 2 end
  if #read < count or moves >= wanted then break end
  count = math.max(1, math.min(MOST_AT_ONCE, math.floor((wanted - moves) * entries / moves)))
end
if not first then return {} end
return { first, last, entries, moves }
