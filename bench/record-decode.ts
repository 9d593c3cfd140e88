/**
 * What msgpackr's optional native decoder (msgpackr-extract) buys the engine's stored records, which
 * GetTransaction and GetBalance unpack on every call (src/redis/stored-records.ts). The image installs
 * without optional packages (Dockerfile), so it runs without that decoder: this measures both sides in
 * one run, alternating child processes with the decoder on and off (msgpackr reads
 * MSGPACKR_NATIVE_ACCELERATION_DISABLED when it loads), and prints each side's ns per record.
 *
 *   npm run bench:decode -- [--records 2000000] [--rounds 3]
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { isNativeAccelerationEnabled } from 'msgpackr';
import { formatTransactionRecord, formatWalletRecord, parseTransactionRecord, parseWalletRecord } from '../src/redis/stored-records';
import { fmt, table } from './lib/report';

const { values } = parseArgs({
  options: { records: { type: 'string', default: '2000000' }, rounds: { type: 'string', default: '3' }, child: { type: 'boolean', default: false } },
});
const records = Number(values.records);

/** In a child: ns per unpack of each record kind, as JSON on stdout. */
function measure(): { transaction: number; wallet: number; native: boolean } {
  const transaction = formatTransactionRecord({ st: 'reserved', c: 'EUR', rd: 'round-000123', amt: '120', u: 'user-000123', g: 'game-42', ct: '1732560000000', rid: 'req-abcdef0123456789', a0: '1000', r0: '0', tx: 'RpieuRyK6dnIgkfjH4wnzQ' });
  const wallet = formatWalletRecord({ available: '880', reserved: '120', userId: 'user-000123', gameId: 'game-42', currency: 'EUR' });
  const nsPer = (decode: () => unknown) => {
    for (let i = 0; i < records / 10; i += 1) decode(); // warm-up
    const start = process.hrtime.bigint();
    for (let i = 0; i < records; i += 1) decode();
    return Number(process.hrtime.bigint() - start) / records;
  };
  return { transaction: nsPer(() => parseTransactionRecord(transaction)), wallet: nsPer(() => parseWalletRecord(wallet)), native: isNativeAccelerationEnabled };
}

if (values.child) {
  process.stdout.write(JSON.stringify(measure()));
} else {
  const rows: string[][] = [];
  for (let round = 1; round <= Number(values.rounds); round += 1) {
    for (const disabled of [false, true]) {
      const env = { ...process.env, ...(disabled ? { MSGPACKR_NATIVE_ACCELERATION_DISABLED: 'true' } : {}) };
      const out = execFileSync(process.execPath, [...process.execArgv, __filename, '--child', '--records', String(records)], { env, encoding: 'utf8' });
      const result = JSON.parse(out) as ReturnType<typeof measure>;
      rows.push([String(round), result.native ? 'native' : 'JavaScript', fmt(result.transaction), fmt(result.wallet)]);
    }
  }
  console.log(`msgpackr decode of the stored records, ${records} unpacks per kind and side`);
  console.log(table(['round', 'decoder', 'transaction ns', 'wallet ns'], rows));
}
