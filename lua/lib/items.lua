-- items: the item scripts (reserve, confirm, cancel) apply their items through one unit of work and
-- reply with one string for the whole call: an item's fields joined by ' ' (none holds a space), the
-- items by "\n" (src/redis/script-registry.ts's itemReplies).
-- include: unit_of_work

-- A batch script's items, applied in order through one unit of work. Each item has `keys_per_item`
-- keys in `keys` (the first `reads_per_item` are the records `begin` reads) and `args_per_item` values in `args`
-- after the first `shared_args`: the call's KEYS and ARGV (passed in, since a Redis Function gets them
-- as arguments, not as globals). `apply(work, k, a)` answers one item whose keys follow keys[k] and
-- whose values follow args[a] (no table per item), with its reply's fields joined by ' '. Returns the
-- replies, joined by "\n", after the commit.
local function apply_items(keys, keys_per_item, reads_per_item, shared_args, args_per_item, apply)
  local count = #keys / keys_per_item
  local records = {}
  for i = 1, count do
    for r = 1, reads_per_item do
      records[reads_per_item * (i - 1) + r] = keys[keys_per_item * (i - 1) + r]
    end
  end
  local work = begin(records)
  local replies = {}
  for i = 1, count do
    replies[i] = apply(work, keys_per_item * (i - 1), shared_args + (i - 1) * args_per_item)
  end
  commit(work)
  return table.concat(replies, '\n')
end
