-- wallet: a wallet record w{p}:<ref>:<currency>, one string: the byte WALLET_LAYOUT, available and
-- reserved as little-endian doubles (exact below 2^53), then "<user_id>\0<game_id>\0<currency>".
-- `struct` reads and writes the balances in C, as numbers: no MessagePack, no decimal parsing.
-- include: layouts

-- A wallet in a call: { available, reserved (numbers), the stored owner "<user_id>\0<game_id>\0<currency>" }.
local AVAILABLE, RESERVED, OWNER = 1, 2, 3

-- A wallet's values from its stored string (false/nil: an unfunded wallet, 0 / 0).
local function parse_wallet(stored)
  if not stored then return { 0, 0, '' } end
  local _, available, reserved, owner_at = struct.unpack(WALLET_BALANCES, stored)
  return { available, reserved, string.sub(stored, owner_at) }
end

local function pack_wallet(wallet)
  return struct.pack(WALLET_BALANCES, WALLET_LAYOUT, wallet[AVAILABLE], wallet[RESERVED]) .. wallet[OWNER]
end

local function wallet_owner(user_id, game_id, currency) return user_id .. '\0' .. game_id .. '\0' .. currency end
