// `npm run codegen`: writes every generated file of the project; `--check` (run by `npm run lint`)
// writes nothing and fails naming each file that is stale. GraphQL's types come from graphql-codegen
// (codegen.ts), run after these with the same flag.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_ENDPOINTS } from '../admin/admin-endpoints';
import { endpointSdlSource } from '../admin/graphql/endpoint-sdl';
import { ENDPOINTS_SDL_PATH } from '../admin/graphql/schema-files';
import { CONSOLE_ENUMS_PATH, consoleEnumsSource } from '../admin/openapi/body-enums';
import { CONSOLE_ACCESS_PATH, consoleAccessSource } from '../admin/openapi/console-access';
import { CONFIGURATION_DOC_PATH, withSettingsTable } from '../config/settings-doc';
import { PROTO_PATH, WIRE_TYPES_PATH } from '../grpc/reservation-proto';
import { wireTypesSource } from '../grpc/wire-types-source';
import { WIRE_CODEC_PATH, wireCodecSource } from '../grpc/wire-codec-source';

const ROOT = path.resolve(__dirname, '../..');

/** Each generated file: where it is, what it is made from, and its text as made from that now. */
const GENERATED: readonly { file: string; from: string; text: () => string }[] = [
  { file: ENDPOINTS_SDL_PATH, from: 'the endpoint declarations (ADMIN_ENDPOINTS)', text: () => endpointSdlSource(ADMIN_ENDPOINTS) },
  { file: WIRE_TYPES_PATH, from: 'proto/reservation.proto', text: () => wireTypesSource(PROTO_PATH) },
  { file: WIRE_CODEC_PATH, from: 'proto/reservation.proto', text: () => wireCodecSource(PROTO_PATH) },
  { file: CONSOLE_ENUMS_PATH, from: "the management API's body schemas", text: consoleEnumsSource },
  { file: CONSOLE_ACCESS_PATH, from: "the endpoints' declared access", text: consoleAccessSource },
  { file: CONFIGURATION_DOC_PATH, from: 'src/config/settings.ts (its settings table)', text: () => withSettingsTable(readFileSync(CONFIGURATION_DOC_PATH, 'utf8')) },
];

const check = process.argv.includes('--check');
const stale: string[] = [];
for (const { file, from, text } of GENERATED) {
  const made = text();
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const name = path.relative(ROOT, file);
  if (made === current) continue;
  if (check) stale.push(`${name} (from ${from})`);
  else {
    writeFileSync(file, made);
    console.log(`wrote ${name}`);
  }
}
const graphql = path.join(ROOT, 'node_modules/@graphql-codegen/cli/cjs/bin.js');
try {
  execFileSync(process.execPath, [graphql, '--config', 'codegen.ts', ...(check ? ['--check'] : [])], { cwd: ROOT, stdio: check ? 'pipe' : 'inherit' });
} catch (error) {
  if (!check) process.exit(1);
  // Stale output or an SDL/operation graphql-codegen cannot read: its own words say which.
  const lines = `${(error as { stdout?: Buffer }).stdout ?? ''}${(error as { stderr?: Buffer }).stderr ?? ''}`.split('\n').map((line) => line.trim()).filter(Boolean);
  const said = (lines.some((line) => /error|unknown|cannot/i.test(line)) ? lines.filter((line) => /error|unknown|cannot/i.test(line)) : lines).filter((line, i, all) => all.indexOf(line) === i).slice(-5).join('\n    ');
  stale.push(`src/admin/graphql/generated/ or console/src/api/generated/ (from the SDL and the console's operations: graphql-codegen)\n    ${said}`);
}
if (stale.length > 0) {
  console.error(`stale generated files: run npm run codegen\n${stale.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
if (check) console.log(`generated files up to date (${GENERATED.length} + graphql-codegen)`);
