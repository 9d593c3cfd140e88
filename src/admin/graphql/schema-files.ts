import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The SDL: what the features share (this folder's schema.graphql: scalars, roles, the types many of
 * them answer with), then each feature's part beside its endpoints (`src/admin/<feature>/<feature>.graphql`:
 * its Query and Mutation fields as `extend type`, and the types and inputs only it uses).
 */
export const SCHEMA_FILES: readonly string[] = [path.join(__dirname, 'schema.graphql'), ...featureSchemaFiles(path.join(__dirname, '..'))];

function featureSchemaFiles(adminDir: string): string[] {
  return readdirSync(adminDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(adminDir, entry.name, `${entry.name}.graphql`))
    .filter((file) => existsSync(file))
    .sort();
}

/** The whole SDL, as one document. */
export const schemaSource = (): string => SCHEMA_FILES.map((file) => readFileSync(file, 'utf8')).join('\n');
