import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The endpoints' fields and the types they name, written by `npm run codegen` from their declarations (endpoint-sdl.ts). */
export const ENDPOINTS_SDL_PATH = path.join(__dirname, 'generated', 'endpoints.graphql');

/**
 * The SDL: the endpoints' part, generated; what is not an endpoint's, by hand: what the features
 * share (this folder's schema.graphql: scalars, the schema's notes, fields GraphQL adds to the
 * endpoints' types), then a feature's own where it has one (`src/admin/<feature>/<feature>.graphql`:
 * its GraphQL-only fields and the types only GraphQL answers with).
 */
export const SCHEMA_FILES: readonly string[] = [path.join(__dirname, 'schema.graphql'), ENDPOINTS_SDL_PATH, ...featureSchemaFiles(path.join(__dirname, '..'))];

function featureSchemaFiles(adminDir: string): string[] {
  return readdirSync(adminDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(adminDir, entry.name, `${entry.name}.graphql`))
    .filter((file) => existsSync(file))
    .sort();
}

/** The whole SDL, as one document. */
export const schemaSource = (): string => SCHEMA_FILES.map((file) => readFileSync(file, 'utf8')).join('\n');
