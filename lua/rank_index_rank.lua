--[[ rank_index_rank: how many rows of a rank index come before a row as MySQL holds it now, in
O(log n), ties included: the row's member is put in its place, ranked (ZRANK) and taken out again
when it was not there, in one atomic call, so nobody sees it. The row's own stored entry, if it holds
an older position (an update lost between a commit and the index), is not counted.

KEYS[1] rank index            lbr{<leaderboard>}:<generation>:<period ms>
KEYS[2] its members           the same key with ':m'

ARGV[1] user_game_id   ARGV[2] rank score (a double as text)   ARGV[3] member

Returns the count, or -1 when the index does not exist.
]]
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local stored = redis.call('HGET', KEYS[2], ARGV[1])
local added = redis.call('ZADD', KEYS[1], 'NX', ARGV[2], ARGV[3])
local rank = redis.call('ZRANK', KEYS[1], ARGV[3])
if added == 1 then redis.call('ZREM', KEYS[1], ARGV[3]) end
if stored and stored ~= ARGV[3] then
  local storedRank = redis.call('ZRANK', KEYS[1], stored)
  if storedRank and storedRank < rank then rank = rank - 1 end
end
return rank
