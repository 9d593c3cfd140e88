--[[ rank_index_set: puts a user-game's row into a leaderboard period's rank index, and into the index
being built for it, where each exists (a missing index is built from MySQL when read).

An index is a sorted set in ranking order: score rank_score, member `<updated_at ms, 13 digits>:<user_game_id,
10 digits>`, so members of one score sort by the earlier save, then the lower user_game_id (Redis orders
equal scores by member), and a row's rank is its ZRANK. A hash beside it names each user-game's member.

Saves of one row commit in MySQL one after another, but their updates reach Redis in any order (from
several HTTP processes): each update carries a stamp, taken (INCR) after its save committed and before
the row was read back from MySQL, and a row keeps the value of its highest stamp. The update with the
highest stamp read the row after every save that committed before it, so the index ends with MySQL's
value. An update without a stamp (a value read at another moment) only fills a row not there yet, as
the builder does.

KEYS[1] rank index            lbr{<leaderboard>}:<generation>:<period ms>
KEYS[2] its members           the same key with ':m' (hash: user_game_id → member)
KEYS[3] index being built     the same key with ':building'
KEYS[4] its members           the same key with ':building:m'
KEYS[5] rows' stamps          the same key with ':stamps' (hash: user_game_id → stamp)

ARGV[1] user_game_id   ARGV[2] rank score (a double as text)   ARGV[3] member   ARGV[4] stamp, or ''
ARGV[5] the stamps' time to live (ms)

Returns which exist: 1 the index, 2 the build, 3 both, 0 neither (whether the value was newer or not).
]]
local present = { redis.call('EXISTS', KEYS[1]) == 1, redis.call('EXISTS', KEYS[3]) == 1 }
local stamped = ARGV[4] ~= ''
local newer = true
if stamped and (present[1] or present[2]) then
  local seen = tonumber(redis.call('HGET', KEYS[5], ARGV[1]) or '0')
  newer = tonumber(ARGV[4]) > seen
  if newer then
    redis.call('HSET', KEYS[5], ARGV[1], ARGV[4])
    redis.call('PEXPIRE', KEYS[5], ARGV[5])
  end
end
for i = 1, 2 do
  local index, members = KEYS[2 * i - 1], KEYS[2 * i]
  if present[i] and newer then
    local old = redis.call('HGET', members, ARGV[1])
    if stamped or not old then
      if old then redis.call('ZREM', index, old) end
      redis.call('ZADD', index, ARGV[2], ARGV[3])
      redis.call('HSET', members, ARGV[1], ARGV[3])
    end
  end
end
return (present[1] and 1 or 0) + (present[2] and 2 or 0)
