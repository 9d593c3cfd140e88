import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { installDebianPackages } from '../../src/local-services/debian-packages';
import { findBinary } from '../../src/local-services/process-tools';
import { grpcFrame } from './proto-wire';

const run = promisify(execFile);

/** Installs nghttp2-client when h2load is missing, as the services script installs Redis. */
export async function ensureH2load(log: (line: string) => void): Promise<void> {
  if (!findBinary('h2load')) await installDebianPackages(['nghttp2-client'], log);
}

/**
 * h2load (nghttp2-client) against the echo server with the same Reserve message, as the yardstick for
 * the load generator. Null when h2load is not installed.
 */
export async function h2loadRate(address: string, seconds: number, concurrency: number, connections: number): Promise<{ reqPerSecond: number; output: string } | null> {
  const h2load = findBinary('h2load');
  if (!h2load) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'h2load-'));
  try {
    const body = path.join(dir, 'reserve.bin');
    writeFileSync(body, grpcFrame([[1, 'h2load'], [2, 'w1'], [3, 'bench'], [4, 'round'], [5, 1], [6, 'EUR']]));
    const { stdout } = await run(h2load, [
      '-D', String(Math.max(1, Math.round(seconds))), '-c', String(connections), '-m', String(Math.max(1, Math.ceil(concurrency / connections))),
      '-H', 'content-type: application/grpc', '-H', 'te: trailers', '-d', body,
      `http://${address}/reservation.ReservationService/Reserve`,
    ], { maxBuffer: 10 * 1024 * 1024 });
    const match = /finished in [\d.]+s, ([\d.]+) req\/s/.exec(stdout);
    return { reqPerSecond: match ? Number(match[1]) : 0, output: stdout.split('\n').filter((l) => /finished|requests:|status codes/.test(l)).join('\n') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
