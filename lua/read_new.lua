--[[ read_new: reads a partition's new outbox entries through the sync's consumer group, as XREADGROUP
with '>' does (they become pending for the consumer), and returns only where they lie: the relay's job
names the range, and the processor reads the entries themselves when it applies them. The group
delivers new entries in id order, so the entries read are all of the stream's entries in the range.

KEYS[1] outbox stream          o{p}

ARGV[1] consumer group   ARGV[2] consumer   ARGV[3] most entries to read

Returns {} when there is nothing new, else {first id, last id, count}.
]]
local reply = redis.call('XREADGROUP', 'GROUP', ARGV[1], ARGV[2], 'COUNT', ARGV[3], 'STREAMS', KEYS[1], '>')
local entries = reply and reply[1] and reply[1][2]
if not entries or #entries == 0 then return {} end
return {entries[1][1], entries[#entries][1], #entries}
