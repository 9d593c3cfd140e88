--[[ close_wallet: take a wallet's whole available balance out (SPEC §2.14: an admin's closing move,
before a player's data is erased). The move is a ledger row of kind `close`; its id comes from the
top-up sequence, and its Idempotency-Key shares the top-ups' records (one key, one request).

KEYS[1] wallet                 w{p}:<user-game ref>:<currency>
KEYS[2] idempotency record     i{p}:t:<user-game ref>:<idempotency key>  (unused when ARGV[7] is '')
KEYS[3] outbox stream          o{p}
KEYS[4] top-up sequence        n{p}  (counter; a close id is sequence * 64 + partition)

ARGV[1] user_id   ARGV[2] game_id   ARGV[3] currency   ARGV[4] reason (any text)   ARGV[5] now (ms)
ARGV[6] idempotency TTL (s)   ARGV[7] idempotency key or ''   ARGV[8] partition number (0 .. 63)
ARGV[9] audit trail (opaque one-line text: who asked, for the audit entry the sync writes)

Returns {code, close_id, amount, available, reserved, created_at_ms}:
  OK        closed: amount is what was taken (0, with close_id '', when nothing was available: no move;
            a keyed one is remembered all the same (SPEC §2.14), so a repeat of its key answers this reply
            and never takes money that arrived since)
  REPLAY    the idempotency key was seen with the same fields: the first reply, unchanged
  CONFLICT  the idempotency key was used with other fields (only the code)
  RESERVED  money is reserved in the wallet (only the code; nothing changed)

Outbox entry: z, close_id, user_id, game_id, currency, amount, available (0), reserved (0), now, trail,
reason; with an idempotency key: Z, the same values, the key, then the trail, reason.
]]
-- include: idempotency, numbers, layouts
local user_id, game_id, currency, reason, now, ttl, key, partition, trail = unpack(ARGV, 1, 9)
local fingerprint = close_fingerprint(currency, reason)
local work = begin({ KEYS[1] })
if key ~= '' then
  local seen = replay(work, KEYS[2], fingerprint)
  if seen then return seen end
end

local wallet = wallet_of(work, KEYS[1])
if wallet[RESERVED] > 0 then return { CODE.RESERVED } end
local amount = int(wallet[AVAILABLE])
local reply
if wallet[AVAILABLE] == 0 then
  reply = close_reply('', '0', '0', '0', now)
  if key ~= '' then remember(work, KEYS[2], ttl, fingerprint, reply) end
else
  wallet[AVAILABLE], wallet[OWNER] = 0, wallet_owner(user_id, game_id, currency)
  -- The sequence first: under OOM the first write fails and nothing is written.
  local id = int(redis.call('INCR', KEYS[4]) * 64 + tonumber(partition))
  put_record(work, KEYS[1], wallet)
  reply = close_reply(id, amount, '0', '0', now)
  if key == '' then
    outbox(work, KEYS[3], outbox_close(id, user_id, game_id, currency, amount, '0', '0', now, trail, reason))
  else
    remember(work, KEYS[2], ttl, fingerprint, reply)
    outbox(work, KEYS[3], outbox_keyed_close(id, user_id, game_id, currency, amount, '0', '0', now, key, trail, reason))
  end
end
commit(work)
return { CODE.OK, unpack(reply) }
