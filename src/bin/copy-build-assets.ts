/**
 * The last step of `npm run build`: copies what the compiled code reads at run time (the Lua
 * scripts, the proto, the GraphQL schema, the built console, GraphQL explorer and API docs page) into
 * the output folder (`dist/`, or the one given) at the same place relative to the code as in the
 * source tree, so it runs on its own: `node dist/src/cli.js …`.
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { SCHEMA_FILES } from '../admin/graphql/schema-files';

const ROOT = path.resolve(__dirname, '../..');
const SDL = SCHEMA_FILES.map((file) => path.relative(ROOT, file));
const BUILD_ASSETS = ['lua', 'proto', ...SDL, 'console/dist', 'explorer/dist', 'api-docs/dist'];

const outDir = path.resolve(ROOT, process.argv[2] ?? 'dist');

for (const asset of BUILD_ASSETS) {
  if (!existsSync(path.join(ROOT, asset))) throw new Error(`${asset} is missing: run the whole \`npm run build\` (it builds the browser apps first)`);
  cpSync(path.join(ROOT, asset), path.join(outDir, asset), { recursive: true });
}
