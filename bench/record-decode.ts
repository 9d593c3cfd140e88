/**
 * What decoding a stored record costs the Node side (GetTransaction and GetBalance read them on every
 * call, src/redis/stored-records.ts): layout 4's decoders against layout 3's MessagePack arrays
 * (msgpackr, as this code read them before), alternating round by round in one run; ns per record.
 *
 *   npm run bench:decode -- [--records 2000000] [--rounds 3]
 */
import { parseArgs } from 'node:util';
import { pack, unpack } from 'msgpackr';
import { formatTransactionRecord, formatWalletRecord, parseTransactionRecord, parseWalletRecord } from '../src/redis/stored-records';
import { RESERVATION_FIELD_COUNT, TRANSACTION_RECORD_FIELDS } from '../src/redis/shared-layouts';
import { fmt, table } from './lib/report';

const { values } = parseArgs({ options: { records: { type: 'string', default: '2000000' }, rounds: { type: 'string', default: '3' } } });
const records = Number(values.records);

const transaction = { st: 'reserved', c: 'EUR', rd: 'round-000123', amt: '120', u: 'user-000123', g: 'game-42', ct: '1732560000000', rid: 'req-abcdef0123456789', a0: '1000', r0: '0', tx: 'RpieuRyK6dnIgkfjH4wnzQ' } as const;
const wallet = { available: '880', reserved: '120', userId: 'user-000123', gameId: 'game-42', currency: 'EUR' } as const;

const layouts = {
  'layout 4': { transaction: formatTransactionRecord(transaction), wallet: formatWalletRecord(wallet), decodeTransaction: parseTransactionRecord, decodeWallet: parseWalletRecord },
  'layout 3 (MessagePack)': {
    transaction: pack(TRANSACTION_RECORD_FIELDS.slice(0, RESERVATION_FIELD_COUNT).map((field) => (transaction as Record<string, string>)[field] ?? '')),
    wallet: pack([wallet.available, wallet.reserved, wallet.userId, wallet.gameId, wallet.currency]),
    decodeTransaction: (stored: Buffer) => unpack(stored) as string[],
    decodeWallet: (stored: Buffer) => unpack(stored) as string[],
  },
};

function nsPer(decode: () => unknown): number {
  for (let i = 0; i < records / 10; i += 1) decode(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < records; i += 1) decode();
  return Number(process.hrtime.bigint() - start) / records;
}

const rows: string[][] = [];
for (let round = 1; round <= Number(values.rounds); round += 1) {
  for (const [name, layout] of Object.entries(layouts)) {
    const tx = nsPer(() => layout.decodeTransaction(layout.transaction));
    const w = nsPer(() => layout.decodeWallet(layout.wallet));
    rows.push([String(round), name, fmt(tx), fmt(w), String(layout.transaction.length), String(layout.wallet.length)]);
  }
}
console.log(`Decoding the stored records, ${records} per kind and layout, rounds alternating:`);
console.log(table(['round', 'layout', 'transaction ns', 'wallet ns', 'transaction bytes', 'wallet bytes'], rows));
