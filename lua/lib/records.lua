-- records: transaction records t{p}:<ref>.<derived> (src/redis/wallet-keys.ts), their fields as
-- src/redis/shared-layouts.ts defines them (the layouts chunk gives their indexes, pack_tx and new_tx).
-- include: layouts

-- A transaction record's values from its stored string, or nil (false/nil: none).
local function parse_tx(stored)
  if not stored then return nil end
  local tx = { struct.unpack(RECORD_FIELDS, stored) } -- the fields before the last, then where the last starts
  tx[REASON] = string.sub(stored, tx[REASON])
  return tx
end

-- The transaction a transaction_id names, or nil when its record holds none: a Reserve's reply record,
-- another currency, or another nonce (a later transaction of a reused request_id) is none.
local function named(tx, transaction_id, currency)
  if not tx or tx[ST] == REPLY_RECORD or tx[CUR] ~= currency or tx[TX] ~= string.sub(transaction_id, NONCE_AT) then
    return nil
  end
  return tx
end
