--[[ rank_index_publish: a finished build becomes the rank index: its start marker goes, it takes the
index's name and starts its time to live. The index is derived data: it expires, and is built again
from MySQL, so an update lost between a commit and rank_index_set lives at most that long.

KEYS[1] index being built     lbr{<leaderboard>}:<generation>:<period ms>:building
KEYS[2] rank index            lbr{<leaderboard>}:<generation>:<period ms>

ARGV[1] the build's start marker (a member that is no user-game)   ARGV[2] time to live (ms)

Returns 1, or 0 when the build is gone (its lock expired and another build replaced it).
]]
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('RENAME', KEYS[1], KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1
