--[[ rank_index_set: puts a user-game's rank score into a leaderboard period's rank index, and into
the index being built for it, where each exists (a missing index is built from MySQL when read).

Saves of one row commit in MySQL one after another, but their updates reach Redis in any order (from
several HTTP processes): each update carries a stamp, taken (INCR) after its save committed and before
the score was read back from MySQL, and a member keeps the value of its highest stamp. The update
with the highest stamp read the row after every save that committed before it, so the index ends
with MySQL's value. An update without a stamp (a value read at another moment) only fills a member
that is not there yet, as the builder's ZADD NX does.

KEYS[1] rank index            lbr{<leaderboard>}:<generation>:<period ms>
KEYS[2] index being built     the same key with ':building'
KEYS[3] members' stamps       the same key with ':stamps' (a hash)

ARGV[1] member (the user_game_id)   ARGV[2] rank score (a double as text)   ARGV[3] stamp, or ''
ARGV[4] the stamps' time to live (ms)

Returns which exist: 1 the index, 2 the build, 3 both, 0 neither (whether the value was newer or not).
]]
local present = { redis.call('EXISTS', KEYS[1]) == 1, redis.call('EXISTS', KEYS[2]) == 1 }
local stamped = ARGV[3] ~= ''
local newer = true
if stamped and (present[1] or present[2]) then
  local seen = tonumber(redis.call('HGET', KEYS[3], ARGV[1]) or '0')
  newer = tonumber(ARGV[3]) > seen
  if newer then
    redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
    redis.call('PEXPIRE', KEYS[3], ARGV[4])
  end
end
for i = 1, 2 do
  if present[i] and newer then
    if stamped then redis.call('ZADD', KEYS[i], ARGV[2], ARGV[1]) else redis.call('ZADD', KEYS[i], 'NX', ARGV[2], ARGV[1]) end
  end
end
return (present[1] and 1 or 0) + (present[2] and 2 or 0)
