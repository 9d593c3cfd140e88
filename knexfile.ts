import { loadConfig } from './src/config';
import { knexConfig } from './src/db/knex-factory';
import { migrationConfig } from './src/db/migrations';

// For the knex CLI (`npx knex --knexfile knexfile.ts migrate:status`): the same config as the app.
export default { ...knexConfig(loadConfig(process.env).mysql.url), migrations: migrationConfig };
