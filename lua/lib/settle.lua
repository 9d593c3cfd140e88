-- settle: a reservation confirmed, canceled or expired.
-- include: numbers, unit_of_work, layouts

-- Settles a reservation (as read into `work`): status, balances, one outbox entry, out of the open
-- index when it is in it. The keys of its record, wallet, outbox stream and open index; `kind`
-- 'confirm' | 'cancel' | 'expire'; `detail` the win (confirm) or the reason (cancel, expire). Returns
-- the balances after it, as decimal strings.
local function settle(work, tx_key, wallet_key, outbox_key, open_key, transaction_id, tx, kind, detail, request_id, request_round, now)
  local wallet = wallet_of(work, wallet_key)
  local amount = tonumber(tx[AMOUNT])
  local credit = kind == 'confirm' and tonumber(detail) or amount
  wallet[AVAILABLE], wallet[RESERVED] = wallet[AVAILABLE] + credit, wallet[RESERVED] - amount
  local available, reserved = int(wallet[AVAILABLE]), int(wallet[RESERVED])
  tx[SETTLER], tx[A1], tx[R1] = request_id, available, reserved
  if kind == 'confirm' then
    tx[ST], tx[SETTLER_ROUND], tx[WIN] = STATUS.confirmed, request_round, detail
  else
    tx[ST], tx[WIN], tx[REASON] = STATUS.canceled, '0', detail
  end
  put_record(work, wallet_key, wallet)
  put_record(work, tx_key, tx)
  if kind == 'confirm' then
    outbox(work, outbox_key, outbox_confirm(transaction_id, tx[USER], tx[GAME], tx[ROUND], tx[AMOUNT], detail, available, reserved,
      request_id, request_round, now))
  else
    outbox(work, outbox_key, (kind == 'cancel' and outbox_cancel or outbox_expire)(transaction_id, tx[USER], tx[GAME], tx[ROUND],
      tx[AMOUNT], available, reserved, request_id, now, detail))
  end
  if tx[CREATED] ~= '' then open_index(work, open_key, transaction_id) end
  return available, reserved
end
