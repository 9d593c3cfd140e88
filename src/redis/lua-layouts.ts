import { REJECTION_REASONS, REPLY_RECORD_STATUS, SCRIPT_CODES, STATUSES } from './shared-codes';
import {
  CLOSE_REPLY, CURRENCY_AT, FINGERPRINTS, IDEMPOTENCY_SEPARATOR, MOVES_PER_ENTRY, NONCE_OFFSET, OUTBOX_LAYOUTS, REDIS_LAYOUT, RESERVATION_FIELD_COUNT, TOPUP_REPLY,
  TRANSACTION_ID_PARTS, TRANSACTION_RECORD, WALLET_HEAD_FORMAT,
} from './shared-layouts';

/**
 * The shared layouts (shared-layouts.ts) as Lua: the chunk a script gets when it includes `layouts`
 * (lua-sources.ts joins it in front of the helpers that use it). Made once, when the scripts load.
 */

/** Lua's name for a value of an outbox entry: transactionId → transaction_id. */
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** `a .. '<sep>' .. b .. …`: one concatenation (cheaper in Lua than table.concat for a fixed list). */
const joined = (parts: readonly string[], separator: string) => parts.join(` .. '${separator}' .. `);

function recordFields(): string[] {
  // records.lua's parse_tx reads the last field to the end of the string as the reason (any byte).
  if (TRANSACTION_RECORD.at(-1)?.lua !== 'REASON') throw new Error('shared-layouts.ts: the reason must be the last record field');
  const indexes = TRANSACTION_RECORD.map((_, i) => String(i + 1));
  const params = TRANSACTION_RECORD.slice(0, RESERVATION_FIELD_COUNT).map((field) => field.lua.toLowerCase());
  const emptyRest = '\\0'.repeat(TRANSACTION_RECORD.length - RESERVATION_FIELD_COUNT);
  return [
    '-- A transaction record\'s fields, by index (src/redis/shared-layouts.ts says what each holds).',
    `local ${TRANSACTION_RECORD.map((field) => field.lua).join(', ')} =\n  ${indexes.join(', ')}`,
    `-- The ${TRANSACTION_RECORD.length - 1} fields before the last, each ended by "\\0" (struct's 's'); the last runs to the end.`,
    `local RECORD_FIELDS = '${'s'.repeat(TRANSACTION_RECORD.length - 1)}'`,
    '-- A record\'s values as stored.',
    `local function pack_tx(tx)\n  return ${joined(indexes.map((i) => `tx[${i}]`), '\\0')}\nend`,
    `-- A new record as stored: the ${RESERVATION_FIELD_COUNT} fields a reservation (or a Reserve's reply record) holds.`,
    `local function new_tx(${params.join(', ')})\n  return ${joined(params, '\\0')} .. '${emptyRest}'\nend`,
  ];
}

/** A Lua string literal of `value` (no byte of it is taken as Lua syntax). */
const luaString = (value: string) => `'${value.replace(/[\\'\n\0]/g, (c) => ({ '\\': '\\\\', "'": "\\'", '\n': '\\n', '\0': '\\0' })[c]!)}'`;

/**
 * A table of words by their names. Redis Functions have no setmetatable, so a misspelt name would read
 * nil: test/redis/shared-layouts.test.ts checks every name the scripts use against these tables.
 */
const wordTable = (name: string, words: readonly string[]) =>
  `local ${name} = { ${words.map((word) => `${word} = ${luaString(word)}`).join(', ')} }`;

/** The tables of reply words the scripts name (CODE.NOT_FOUND, STATUS.reserved, REJECT.max_bet), by table. */
export const LUA_WORD_TABLES: Readonly<Record<string, readonly string[]>> = {
  CODE: Object.keys(SCRIPT_CODES),
  STATUS: STATUSES,
  REJECT: REJECTION_REASONS,
};

function replyWords(): string[] {
  return [
    '-- The words replies use: codes (src/redis/shared-codes.ts), statuses and rejection reasons (the .proto).',
    ...Object.entries(LUA_WORD_TABLES).map(([name, words]) => wordTable(name, words)),
    `-- The status of a record that holds only a Reserve's reply.\nlocal REPLY_RECORD = ${luaString(REPLY_RECORD_STATUS)}`,
  ];
}

function recordsOfTheirOwn(): string[] {
  const sep = luaString(IDEMPOTENCY_SEPARATOR);
  const fingerprints = Object.entries(FINGERPRINTS).map(([operation, fields]) =>
    `local function ${operation}_fingerprint(${fields.join(', ')})\n  return ${fields.join(` .. ${sep} .. `)}\nend`);
  return [
    '-- A wallet record\'s head (struct format): the layout byte, available, reserved; the owner follows.',
    `local WALLET_BALANCES = ${luaString(WALLET_HEAD_FORMAT)}`,
    '-- Idempotency records of their own: "<n>" SEP fields SEP fingerprint; a fingerprint is what a repeat must match.',
    `local IDEMPOTENCY_SEPARATOR = ${sep}`,
    `local function idempotency_record(reply, fingerprint)\n  return #reply .. ${sep} .. table.concat(reply, ${sep}) .. ${sep} .. fingerprint\nend`,
    ...fingerprints,
    `-- A top-up's reply fields.\nlocal function topup_reply(${TOPUP_REPLY.join(', ')})\n  return { ${TOPUP_REPLY.join(', ')} }\nend`,
    `-- A close's reply fields.\nlocal function close_reply(${CLOSE_REPLY.join(', ')})\n  return { ${CLOSE_REPLY.join(', ')} }\nend`,
  ];
}

function outboxEntries(): string[] {
  return Object.entries(OUTBOX_LAYOUTS).flatMap(([code, layout]) => {
    const params = [...layout.values.map(snake), ...(layout.commentFollows ? ['comment'] : [])];
    return [`local function ${layout.lua}(${params.join(', ')})\n  return '${code}\\n' .. ${joined(params, '\\n')}\nend`];
  });
}

export const LUA_LAYOUTS = [
  '-- layouts: made from src/redis/shared-layouts.ts by src/redis/lua-layouts.ts as the scripts load.',
  `local WALLET_LAYOUT = ${REDIS_LAYOUT}`,
  `local MOVES_PER_ENTRY = ${MOVES_PER_ENTRY}`,
  `-- Where a transaction_id's currency and nonce start (1-based, as string.sub counts).`,
  `local CURRENCY_AT, CURRENCY_END, NONCE_AT = ${CURRENCY_AT + 1}, ${CURRENCY_AT + TRANSACTION_ID_PARTS.currency}, ${NONCE_OFFSET + 1}`,
  ...recordFields(),
  ...replyWords(),
  ...recordsOfTheirOwn(),
  '-- Outbox entries, one function per code: the values joined by "\\n" after the code.',
  ...outboxEntries(),
].join('\n');
