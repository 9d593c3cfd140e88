import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { Knex } from 'knex';
import type { Page } from '../../db/page';
import { USERS } from '../users/users-repository';
import type { PublicVariable } from './variable-view';

export const CONFIG_VERSIONS = 'config_versions';

export const CONFIG_CHANGES = ['create', 'update', 'delete', 'rollback'] as const;
export type ConfigChange = (typeof CONFIG_CHANGES)[number];

export interface ConfigVersionRow {
  game_id: number;
  version: number;
  change: ConfigChange;
  key: string | null;
  created_by: number | null;
  /** The author's username now (null for a command or a deleted user). */
  created_by_username: string | null;
  created_at: Date;
}

export interface NewConfigVersion {
  readonly change: ConfigChange;
  readonly key: string | null;
  readonly createdBy: number | null;
  /** The game's variables right after the change, as the variables list shows them. */
  readonly variables: readonly PublicVariable[];
}

const SUMMARY = ['game_id', 'version', 'change', 'key', 'created_by', 'created_at'].map((column) => `${CONFIG_VERSIONS}.${column}`);

/** The versions of a game with their authors' usernames. */
const versionsOf = (db: Knex, gameId: number) =>
  db(CONFIG_VERSIONS).leftJoin(`${USERS} as author`, 'author.id', `${CONFIG_VERSIONS}.created_by`).where(`${CONFIG_VERSIONS}.game_id`, gameId);
const AUTHOR = 'author.username as created_by_username';

/**
 * Appends the game's next version in the caller's transaction, which holds the game's lock (so numbers
 * never race), and drops the versions older than the last `keep`.
 */
export async function appendConfigVersion(trx: Knex.Transaction, gameId: number, next: NewConfigVersion, keep: number): Promise<number> {
  const [row] = (await trx(CONFIG_VERSIONS).where({ game_id: gameId }).max({ last: 'version' })) as Array<{ last: number | null }>;
  const version = Number(row?.last ?? 0) + 1;
  await trx(CONFIG_VERSIONS).insert({
    game_id: gameId,
    version,
    change: next.change,
    key: next.key,
    created_by: next.createdBy,
    variables_packed: await pack(next.variables),
  });
  if (version > keep) await trx(CONFIG_VERSIONS).where({ game_id: gameId }).andWhere('version', '<=', version - keep).delete();
  return version;
}

/** Newest first, without the variables. */
export function listConfigVersions(db: Knex, gameId: number, page: Page): Promise<ConfigVersionRow[]> {
  return versionsOf(db, gameId).orderBy(`${CONFIG_VERSIONS}.version`, 'desc').limit(page.limit).offset(page.offset).select(...SUMMARY, AUTHOR);
}

export async function findConfigVersion(db: Knex, gameId: number, version: number): Promise<(ConfigVersionRow & { variables: PublicVariable[] }) | undefined> {
  const row = (await versionsOf(db, gameId).where(`${CONFIG_VERSIONS}.version`, version).first([...SUMMARY, AUTHOR, 'variables', 'variables_packed'])) as
    (ConfigVersionRow & { variables: string | null; variables_packed: Buffer | null }) | undefined;
  if (!row) return undefined;
  const { variables_packed: packed, variables: text, ...summary } = row;
  return { ...summary, variables: JSON.parse(packed ? await unpack(packed) : text!) as PublicVariable[] };
}

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/**
 * A version's variables as deflated JSON: a game keeps its last 300 versions, each the whole set of
 * variables (up to a 1 MiB document), and their repeated shapes deflate to a few percent of that.
 * Versions written before are plain text in `variables`, read as they are.
 */
async function pack(variables: readonly PublicVariable[]): Promise<Buffer> {
  return deflate(JSON.stringify(variables));
}

async function unpack(packed: Buffer): Promise<string> {
  return (await inflate(packed)).toString('utf8');
}
