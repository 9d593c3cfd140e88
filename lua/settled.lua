--[[ settled: the reply to a Confirm or Cancel of a transaction that has left Redis because MySQL
holds it settled (SPEC §1.6): already_confirmed or already_canceled with the wallet's balances now,
remembered under the request_id like any reply. The caller has checked the transaction in MySQL.

KEYS[1] idempotency record     i{p}:c:<transaction_id>:<request_id> (Confirm) or i{p}:x:... (Cancel)
KEYS[2] wallet                 w{p}:<user-game ref>:<currency>

ARGV[1] operation: 'confirm' or 'cancel'   ARGV[2] transaction_id
ARGV[3] round_id (confirm) or reason (cancel)   ARGV[4] win_amount (confirm; '' for cancel)
ARGV[5] idempotency TTL (s)

Returns {code, status, transaction_id, available, reserved}:
  OK        status already_confirmed / already_canceled (nothing moved)
  REPLAY    the first reply to this request_id, unchanged
  CONFLICT  the request_id was used with other fields
]]
-- include: idempotency, numbers
local fingerprint, status
if ARGV[1] == 'confirm' then
  fingerprint, status = confirm_fingerprint(ARGV[3], ARGV[4]), STATUS.already_confirmed
else
  fingerprint, status = cancel_fingerprint(ARGV[3]), STATUS.already_canceled
end
local work = begin({ KEYS[2] })
local seen = replay(work, KEYS[1], fingerprint)
if seen then return seen end

local wallet = wallet_of(work, KEYS[2])
local reply = { status, ARGV[2], int(wallet[AVAILABLE]), int(wallet[RESERVED]) }
remember(work, KEYS[1], ARGV[5], fingerprint, reply)
commit(work)
return { CODE.OK, unpack(reply) }
