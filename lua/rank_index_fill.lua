--[[ rank_index_fill: adds a chunk of rows read from MySQL to an index being built (see
rank_index_set.lua for the layout), each only when its user-game is not there yet: a save that reached
the build while it was being read is newer than the builder's read and stays.

KEYS[1] index being built     lbr{<leaderboard>}:<generation>:<period ms>:building
KEYS[2] its members           the same key with ':m'

ARGV: triples of user_game_id, rank score, member.

Returns how many rows were added.
]]
local added = 0
for i = 1, #ARGV, 3 do
  if redis.call('HSETNX', KEYS[2], ARGV[i], ARGV[i + 2]) == 1 then
    redis.call('ZADD', KEYS[1], ARGV[i + 1], ARGV[i + 2])
    added = added + 1
  end
end
return added
