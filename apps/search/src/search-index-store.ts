/**
 * Where built search indexes are kept between starts, next to the catalog snapshot they were built
 * from: in the shared database (every search instance loads what one of them built) or, for the
 * embedded single-process setup, as files in the data directory. A store keeps a few recent
 * indexes and forgets older ones; what it returns is checked by the loader (index-codec), so a
 * store never has to trust its own bytes.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { byteaColumn, byteaParam, byteaResult, byteaValue, migrate, type Db, type Migration } from '@grocery/store';

/** Which index: the catalog snapshot it indexes and the format (code and settings) that built it. */
export interface SearchIndexKey {
  snapshotVersion: string;
  format: string;
}

/** A place to keep built index files (see `encodeIndexData`). */
export interface SearchIndexStore {
  /** The stored file for `key`, or null. */
  load(key: SearchIndexKey): Promise<Uint8Array | null>;
  /** Stores the file for `key` (replacing one already there) and forgets older ones. */
  save(key: SearchIndexKey, bytes: Uint8Array): Promise<void>;
}

/** Indexes kept by default: the current one and the one before it, for a rollback. */
const DEFAULT_KEEP = 2;

/** The search module's tables in the API's database. */
export const SEARCH_MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_search_index_files',
    sql: `
      CREATE TABLE search_index_files (
        snapshot_version text NOT NULL,
        format text NOT NULL,
        saved_at timestamptz NOT NULL DEFAULT now(),
        bytes integer NOT NULL,
        body bytea NOT NULL,
        PRIMARY KEY (snapshot_version, format)
      );
      -- The files are already dense; PostgreSQL need not try to compress them.
      ALTER TABLE search_index_files ALTER COLUMN body SET STORAGE EXTERNAL;
    `,
  },
];

/**
 * Indexes in the database (PostgreSQL shared by several search instances, or PGlite).
 *
 * @example
 * const store = createDatabaseIndexStore(db);
 * await store.save({ snapshotVersion, format }, bytes);
 */
export function createDatabaseIndexStore(db: Db, options: { keep?: number } = {}): SearchIndexStore {
  const keep = Math.max(1, options.keep ?? DEFAULT_KEEP);
  let migrated: Promise<void> | null = null;
  const ready = () =>
    (migrated ??= migrateWithRetry(db).catch((error: unknown) => {
      migrated = null;
      throw error;
    }));
  return {
    async load(key) {
      await ready();
      const { rows } = await db.query<{ body: unknown }>(
        `SELECT ${byteaColumn(db, 'body')} AS body FROM search_index_files WHERE snapshot_version = $1 AND format = $2`,
        [key.snapshotVersion, key.format],
      );
      return rows[0] ? byteaResult(rows[0].body) : null;
    },
    async save(key, bytes) {
      await ready();
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO search_index_files (snapshot_version, format, bytes, body) VALUES ($1, $2, $3, ${byteaParam(tx, 4)})
           ON CONFLICT (snapshot_version, format) DO UPDATE SET saved_at = now(), bytes = EXCLUDED.bytes, body = EXCLUDED.body`,
          [key.snapshotVersion, key.format, bytes.byteLength, byteaValue(tx, bytes)],
        );
        await tx.query(
          `DELETE FROM search_index_files WHERE (snapshot_version, format) NOT IN (
             SELECT snapshot_version, format FROM search_index_files ORDER BY saved_at DESC LIMIT $1)`,
          [keep],
        );
      });
    },
  };
}

// Instances starting together race in migrate()'s bookkeeping table; the loser succeeds on a retry.
async function migrateWithRetry(db: Db, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(db, 'search', SEARCH_MIGRATIONS);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}

const FILE_SUFFIX = '.gsix';

/**
 * Indexes as files in a directory (the embedded setup's data directory): written to a temporary
 * name and renamed, so a crash mid-write never leaves a half file under the real name.
 *
 * @example
 * const store = createFileIndexStore(join(dataDir, 'search-index'));
 */
export function createFileIndexStore(dir: string, options: { keep?: number } = {}): SearchIndexStore {
  const keep = Math.max(1, options.keep ?? DEFAULT_KEEP);
  const fileOf = (key: SearchIndexKey) =>
    join(dir, `${safeName(key.snapshotVersion)}.${safeName(key.format)}${FILE_SUFFIX}`);
  return {
    async load(key) {
      try {
        const bytes = await readFile(fileOf(key));
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async save(key, bytes) {
      await mkdir(dir, { recursive: true });
      const target = fileOf(key);
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
      const files = await Promise.all(
        (await readdir(dir))
          .filter((name) => name.endsWith(FILE_SUFFIX) || name.endsWith('.tmp'))
          .map(async (name) => ({
            name,
            mtimeMs: await stat(join(dir, name)).then(
              (s) => s.mtimeMs,
              () => 0,
            ),
          })),
      );
      const stale = files.filter((f) => f.name.endsWith('.tmp') && f.mtimeMs < Date.now() - 10 * 60_000);
      const kept = files
        .filter((f) => f.name.endsWith(FILE_SUFFIX))
        .sort((a, b) => b.mtimeMs - a.mtimeMs || a.name.localeCompare(b.name));
      const old = kept.filter((f) => f.name !== basename(target)).slice(keep - 1);
      await Promise.all([...stale, ...old].map((f) => rm(join(dir, f.name), { force: true })));
    },
  };
}

/** Versions and formats are hex and dashes; anything else is encoded so a key can never name a path outside `dir`. */
function safeName(value: string): string {
  return /^[\w.-]{1,100}$/.test(value) && !value.startsWith('.')
    ? value
    : `x${Buffer.from(value).toString('hex').slice(0, 120)}`;
}
