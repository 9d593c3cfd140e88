--[[ retain: starts the retention of settled transactions once MySQL holds them (SPEC §1.6): each record
expires after the given time. A record that no longer holds its transaction is left alone: a later
transaction of a reused request_id (made after this one's record expired) or a key of another type.

KEYS[1..n] transaction records (keys.transaction of each transaction_id), all of one partition

ARGV[1] retention (s)   ARGV[1 + i] the transaction_id of KEYS[i] (its currency at characters 27-29)

Returns how many records got their expiry.
]]
-- include: records
local retained = 0
for i = 1, #KEYS do
  local transaction_id = ARGV[i + 1]
  local stored = redis.pcall('GET', KEYS[i])
  if type(stored) ~= 'table' then -- a table: an error reply, another type than a string
    local tx = named(parse_tx(stored), transaction_id, string.sub(transaction_id, CURRENCY_AT, CURRENCY_END))
    if tx and tx[ST] ~= STATUS.reserved then
      redis.call('EXPIRE', KEYS[i], ARGV[1])
      retained = retained + 1
    end
  end
end
return retained
