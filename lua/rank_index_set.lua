--[[ rank_index_set: puts a user-game's new rank score into a leaderboard period's rank index, and
into the index being built for it, where each exists (a missing index is built from MySQL when read).
Called after the score's MySQL transaction committed; the builder adds members only when absent
(ZADD NX), so a save made during a build is never overwritten by the builder's older read.

KEYS[1] rank index            lbr{<leaderboard>}:<generation>:<period ms>
KEYS[2] index being built     the same key with ':building'

ARGV[1] member (the user_game_id)   ARGV[2] rank score (a double as text)

Returns which were updated: 1 the index, 2 the build, 3 both, 0 neither.
]]
local updated = 0
for i = 1, 2 do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    redis.call('ZADD', KEYS[i], ARGV[2], ARGV[1])
    updated = updated + i
  end
end
return updated
