// Writes docs/configuration.md's settings table from src/config/settings.ts (npm run docs:config).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withSettingsTable } from '../config/settings-doc';

const file = path.resolve(__dirname, '../../docs/configuration.md');
writeFileSync(file, withSettingsTable(readFileSync(file, 'utf8')));
