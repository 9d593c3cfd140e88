--[[ rank_index_publish: a finished build becomes the rank index: its start marker goes, it and its
members take the index's names and start their time to live. The index is derived data: it expires,
and is built again from MySQL, so an update lost between a commit and rank_index_set lives at most that long.

KEYS[1] index being built     lbr{<leaderboard>}:<generation>:<period ms>:building
KEYS[2] its members           the same key with ':m'
KEYS[3] rank index            lbr{<leaderboard>}:<generation>:<period ms>
KEYS[4] its members           the same key with ':m'

ARGV[1] the build's start marker (a member that is no row)   ARGV[2] time to live (ms)

Returns 1, or 0 when the build is gone (its lock expired and another build replaced it) or found no
rows (an empty period has no index: its ranks are counted in MySQL, which costs nothing there).
]]
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('DEL', KEYS[2])
  return 0
end
redis.call('RENAME', KEYS[1], KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
if redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('RENAME', KEYS[2], KEYS[4])
  redis.call('PEXPIRE', KEYS[4], ARGV[2])
else
  redis.call('DEL', KEYS[4])
end
return 1
