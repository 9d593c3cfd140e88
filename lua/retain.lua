--[[ retain: starts the retention of a settled transaction once MySQL holds it (SPEC §1.6): its record
expires after the given time. A record that no longer holds that transaction is left alone: a later
transaction of a reused request_id (made after this one's record expired) or one of another type.

KEYS[1] transaction record     (keys.transaction of the transaction_id)

ARGV[1] transaction_id   ARGV[2] the transaction_id's currency   ARGV[3] retention (s)

Returns 1 when the record got its expiry, 0 when it holds no settled transaction of that id.
]]
local stored = redis.pcall('GET', KEYS[1])
if type(stored) == 'table' then return 0 end -- another type than a string: not a record of ours
local tx = named(parse_tx(stored), ARGV[1], ARGV[2])
if not tx or tx[ST] == 'reserved' then return 0 end
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
