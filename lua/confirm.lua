--[[ confirm: settle a reservation with a win: reserved -= amount, available += win.

KEYS[1] transaction record     (keys.transaction of the transaction_id)
KEYS[2] wallet                 w{p}:<user-game ref>:<currency>  (from the transaction_id)
KEYS[3] idempotency record     i{p}:c:<transaction_id>:<request_id>  (requests that did not settle it)
KEYS[4] outbox stream          o{p}
KEYS[5] open reservations      e{p}

ARGV[1] request_id   ARGV[2] transaction_id   ARGV[3] round_id ('' accepts any)
ARGV[4] win_amount (canonical decimal string, 0 .. 2^53-1)   ARGV[5] now (ms)   ARGV[6] idempotency TTL (s)
ARGV[7] expiry cutoff (ms): a reservation created at or before it has expired ('0': none expire)
ARGV[8] the transaction_id's currency

The Confirm that settles the transaction keeps its reply in the transaction record (sid, srd, win, a1, r1).

Returns {code, status, transaction_id, available, reserved}:
  OK              status 'confirmed' (balances moved) or 'already_confirmed' (nothing moved)
  REPLAY          the first reply to this request_id, unchanged
  CONFLICT        the request_id was used with other fields
  NOT_FOUND       no such transaction (in Redis: a settled one may have moved to MySQL)
  ROUND_MISMATCH  round_id given and not the transaction's
  CANCELED        the transaction was canceled
  EXPIRED         the reservation is past its deadline (the sweeper cancels it)
  BALANCE_LIMIT   the win would push the wallet past 2^53-1
Error codes come alone and change nothing.

Outbox entry: c, transaction_id, user_id, game_id, round_id, amount, win, available, reserved, request_id,
the round_id this call gave (maybe ''), now.
]]
local stored = read_records(KEYS[1], KEYS[2])
local tx = named(parse_tx(stored[1]), ARGV[2], ARGV[8])
if not tx then return { 'NOT_FOUND' } end
local wallet = parse_wallet(stored[2])
local round_given_differs = ARGV[3] ~= '' and ARGV[3] ~= tx[ROUND]

if tx[ST] == 'reserved' then
  if round_given_differs then return { 'ROUND_MISMATCH' } end
  if tx[CREATED] ~= '' and tonumber(tx[CREATED]) <= tonumber(ARGV[7]) then return { 'EXPIRED' } end
  if tonumber(wallet[AVAILABLE]) + tonumber(wallet[RESERVED]) - tonumber(tx[AMOUNT]) + tonumber(ARGV[4]) > MAX_AMOUNT then
    return { 'BALANCE_LIMIT' }
  end
  local keys = { tx = KEYS[1], wallet = KEYS[2], outbox = KEYS[4], open = KEYS[5] }
  local available, reserved = settle(keys, ARGV[2], tx, wallet, 'confirm', ARGV[4], ARGV[1], ARGV[3], ARGV[5])
  return { 'OK', 'confirmed', ARGV[2], available, reserved }
end

if tx[ST] == 'confirmed' and tx[SETTLER] == ARGV[1] then
  if tx[SETTLER_ROUND] ~= ARGV[3] or tx[WIN] ~= ARGV[4] then return { 'CONFLICT' } end
  return { 'REPLAY', 'confirmed', ARGV[2], tx[A1], tx[R1] }
end
local fingerprint = confirm_fingerprint(ARGV[3], ARGV[4])
local seen = replay(KEYS[3], fingerprint)
if seen then return seen end
if round_given_differs then return { 'ROUND_MISMATCH' } end
if tx[ST] == 'canceled' then return { 'CANCELED' } end

remember(KEYS[3], ARGV[6], fingerprint, { 'already_confirmed', ARGV[2], wallet[AVAILABLE], wallet[RESERVED] })
return { 'OK', 'already_confirmed', ARGV[2], wallet[AVAILABLE], wallet[RESERVED] }
