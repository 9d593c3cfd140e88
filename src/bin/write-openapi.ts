/**
 * Writes the HTTP role's OpenAPI document to a file (default .data/openapi.json), for the linter
 * (`npm run lint:openapi`, Redocly's recommended rules) and for anyone who wants it without a server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../admin/openapi/openapi-document';

const file = path.resolve(process.argv[2] ?? '.data/openapi.json');
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`OpenAPI document written: ${path.relative(process.cwd(), file)}`);
