/**
 * Redis cost of each engine script and memory per reservation, against REDIS_URL.
 *   npm run bench:scripts -- [--calls 5000]
 * It resets Redis' command statistics (CONFIG RESETSTAT): run it against a Redis whose statistics
 * nobody else needs.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { table } from './lib/report';
import { measureScriptCosts } from './lib/script-cost';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '5000' } } });

measureScriptCosts(loadConfig(process.env).redis.url, Number(values.calls)).then(
  (costs) => {
    console.log(`Redis cost per script (EVALSHA, INFO commandstats), ${values.calls} calls per phase:`);
    console.log(table(['script', 'calls', 'usec/call', 'usec/op'], costs.scripts.map((row) => [row.script, String(row.calls), row.usecPerCall.toFixed(2), row.usecPerOp.toFixed(2)])));
    console.log(`memory per open reservation (its record, which is also the Reserve's idempotency record, and its outbox entry; expiry off): ${costs.bytesPerOpenReservation.toFixed(0)} bytes`);
    console.log(`memory per Confirm/Cancel idempotency record of its own (already_*; MEMORY USAGE): ${costs.bytesPerIdempotencyRecord.toFixed(0)} bytes`);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
