import path from 'node:path';
import { SETTINGS } from './settings';

/** The document that shows the settings table (`npm run codegen` writes the table). */
export const CONFIGURATION_DOC_PATH = path.resolve(__dirname, '../../docs/configuration.md');

/** Where docs/configuration.md holds the table written from the settings table. */
export const TABLE_START = '<!-- settings table: written by `npm run codegen` from src/config/settings.ts -->';
export const TABLE_END = '<!-- end of settings table -->';

function shownDefault(value: unknown): string {
  return value === '' || value === undefined ? 'empty' : `\`${String(value)}\``;
}

/** The settings as a markdown table: variable, default, meaning. */
export function settingsTable(): string {
  const rows = Object.entries(SETTINGS).map(
    ([name, setting]) => `| \`${name}\` | ${setting.shownDefault ?? shownDefault(setting.rule.getDefault())} | ${setting.doc} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The document with its settings table written afresh between the two markers. */
export function withSettingsTable(markdown: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the document has no settings table markers (${TABLE_START} … ${TABLE_END})`);
  return `${markdown.slice(0, start + TABLE_START.length)}\n${settingsTable()}\n${markdown.slice(end)}`;
}
