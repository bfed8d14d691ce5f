import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlib } from 'node:zlib';
import {
  byteaColumn,
  byteaParam,
  byteaResult,
  byteaValue,
  migrate,
  onlyRow,
  type Db,
  type Migration,
} from '@grocery/store';
import type { FeatherLang } from './catalog-record.ts';
import type { CatalogManifest } from './catalog-snapshot.ts';
import { FEATHER_CONTENT_TYPE } from './feather-columns.ts';
import type { FeatherFile } from './feather-writer.ts';

/** The catalog module's tables: the build lease, published snapshots and their download files. */
export const CATALOG_MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_catalog_snapshots',
    sql: `
      CREATE TABLE catalog_build_lease (
        name text PRIMARY KEY,
        holder text NOT NULL,
        acquired_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE SEQUENCE catalog_snapshot_seq;
      CREATE TABLE catalog_snapshots (
        version text PRIMARY KEY,
        seq bigint NOT NULL DEFAULT nextval('catalog_snapshot_seq'),
        built_at timestamptz NOT NULL,
        published_at timestamptz NOT NULL,
        published_by text NOT NULL,
        source_version text NOT NULL,
        row_count integer NOT NULL,
        manifest jsonb NOT NULL
      );
      CREATE INDEX catalog_snapshots_seq ON catalog_snapshots (seq DESC);
      CREATE TABLE catalog_snapshot_files (
        name text PRIMARY KEY,
        version text NOT NULL REFERENCES catalog_snapshots (version) ON DELETE CASCADE,
        lang text NOT NULL,
        rows integer NOT NULL,
        bytes integer NOT NULL,
        sha256 text NOT NULL,
        content_type text NOT NULL,
        body bytea NOT NULL,
        UNIQUE (version, lang)
      );
    `,
  },
  {
    // Files are stored brotli-compressed (about a quarter of their size); PostgreSQL need not try again.
    id: '0002_catalog_file_encoding',
    sql: `
      ALTER TABLE catalog_snapshot_files ADD COLUMN encoding text NOT NULL DEFAULT 'identity';
      ALTER TABLE catalog_snapshot_files ALTER COLUMN body SET STORAGE EXTERNAL;
    `,
  },
];

/** Applies the catalog module's migrations (idempotent; safe with several instances starting at once). */
export async function migrateCatalog(db: Db): Promise<string[]> {
  return migrate(db, 'catalog', CATALOG_MIGRATIONS);
}

// Instances starting together race in migrate()'s `CREATE TABLE IF NOT EXISTS schema_migrations`
// (PostgreSQL reports a duplicate pg_type row); the loser succeeds when it tries again.
async function migrateWithRetry(db: Db, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateCatalog(db);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}

/** The newest published snapshot, without its files. */
export interface PublishedSnapshot {
  version: string;
  /** Publication order; a re-publication of the same content gets a new one. */
  seq: number;
  manifest: CatalogManifest;
}

const LEASE = 'snapshot-build';

interface FileRow {
  name: string;
  version: string;
  lang: FeatherLang;
  rows: number;
  sha256: string;
  content_type: string;
  encoding: 'identity' | 'br';
  body: unknown;
}

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
/** The file columns, the body as `byteaColumn` selects it (base64 text on PGlite, which moves bytea slowly). */
const fileColumns = (db: Db) =>
  `name, version, lang, rows, sha256, content_type, encoding, ${byteaColumn(db, 'body')} AS body`;

async function toFile(row: FileRow): Promise<FeatherFile> {
  const stored = byteaResult(row.body);
  // Decompressing runs on the libuv thread pool, off the event loop.
  const body = row.encoding === 'br' ? new Uint8Array(await unbrotli(stored)) : stored;
  // Every file the repository holds is a Feather file; the stored type is only ever that one.
  return {
    name: row.name,
    lang: row.lang,
    version: row.version,
    rows: row.rows,
    sha256: row.sha256,
    contentType: FEATHER_CONTENT_TYPE,
    body,
  };
}

/**
 * Published catalog snapshots in PostgreSQL (or PGlite): the build lease that lets one of several
 * API instances build, the manifests, and the download files as bytea.
 */
export class SnapshotRepository {
  readonly #database: Db;
  #migrated: Promise<Db> | null = null;

  /** Applies the catalog migrations on first use (`migrateCatalog`), so wiring needs no extra step. */
  constructor(db: Db) {
    this.#database = db;
  }

  async #db(): Promise<Db> {
    this.#migrated ??= migrateWithRetry(this.#database).then(
      () => this.#database,
      (error: unknown) => {
        this.#migrated = null;
        throw error;
      },
    );
    return this.#migrated;
  }

  /**
   * Takes the build lease for `holder` until `nowMs + ttlMs`, in one atomic statement: it is
   * taken when free, expired, or already held by `holder`. True when `holder` now holds it.
   */
  async claimBuild(holder: string, nowMs: number, ttlMs: number): Promise<boolean> {
    const { rows } = await (
      await this.#db()
    ).query<{ holder: string }>(
      `INSERT INTO catalog_build_lease (name, holder, acquired_at, expires_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE
         SET holder = EXCLUDED.holder, acquired_at = EXCLUDED.acquired_at, expires_at = EXCLUDED.expires_at
         WHERE catalog_build_lease.expires_at <= EXCLUDED.acquired_at OR catalog_build_lease.holder = EXCLUDED.holder
       RETURNING holder`,
      [LEASE, holder, new Date(nowMs), new Date(nowMs + ttlMs)],
    );
    return rows.length === 1;
  }

  /** Gives the lease up if `holder` still holds it. */
  async releaseBuild(holder: string): Promise<void> {
    await (await this.#db()).query('DELETE FROM catalog_build_lease WHERE name = $1 AND holder = $2', [LEASE, holder]);
  }

  /** The newest published snapshot's manifest, or null when none was published yet. */
  async latest(): Promise<PublishedSnapshot | null> {
    const { rows } = await (
      await this.#db()
    ).query<{ version: string; seq: number; manifest: CatalogManifest }>(
      'SELECT version, seq, manifest FROM catalog_snapshots ORDER BY seq DESC LIMIT 1',
    );
    const row = rows[0];
    return row ? { version: row.version, seq: Number(row.seq), manifest: row.manifest } : null;
  }

  /** One download file of a published snapshot by language (a start needs only `all`), or null. */
  async fileOf(version: string, lang: FeatherLang): Promise<FeatherFile | null> {
    const db = await this.#db();
    const { rows } = await db.query<FileRow>(
      `SELECT ${fileColumns(db)} FROM catalog_snapshot_files WHERE version = $1 AND lang = $2`,
      [version, lang],
    );
    return rows[0] ? toFile(rows[0]) : null;
  }

  /** One download file by name, from any snapshot still kept. */
  async file(name: string): Promise<FeatherFile | null> {
    const db = await this.#db();
    const { rows } = await db.query<FileRow>(`SELECT ${fileColumns(db)} FROM catalog_snapshot_files WHERE name = $1`, [
      name,
    ]);
    return rows[0] ? toFile(rows[0]) : null;
  }

  /**
   * Publishes a snapshot (manifest and files) if `holder` still holds the build lease, so a
   * builder whose lease ran out never overwrites a newer snapshot. Content that is already
   * published (same version) only gets the new manifest and a new publication order. Returns the
   * publication order, or null when the lease was lost.
   */
  async publish(
    holder: string,
    manifest: CatalogManifest,
    files: readonly FeatherFile[],
    nowMs: number,
  ): Promise<number | null> {
    // Quality 1 compresses ~45 MB in a few hundred ms on the thread pool, to about a quarter.
    const compressed = await Promise.all(
      files.map((file) =>
        brotli(file.body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_SIZE_HINT]: file.body.byteLength },
        }),
      ),
    );
    const db = await this.#db();
    return db.transaction(async (tx) => {
      const lease = await tx.query<{ holder: string }>(
        'SELECT holder FROM catalog_build_lease WHERE name = $1 FOR UPDATE',
        [LEASE],
      );
      if (lease.rows[0]?.holder !== holder) return null;
      const published = await tx.query<{ seq: number }>(
        `INSERT INTO catalog_snapshots (version, built_at, published_at, published_by, source_version, row_count, manifest)
         VALUES ($1, $2, $3, $4, $5, $6, $7::text::jsonb)
         ON CONFLICT (version) DO UPDATE
           SET seq = nextval('catalog_snapshot_seq'), built_at = EXCLUDED.built_at, published_at = EXCLUDED.published_at,
               published_by = EXCLUDED.published_by, source_version = EXCLUDED.source_version, manifest = EXCLUDED.manifest
         RETURNING seq`,
        [
          manifest.version,
          new Date(manifest.builtAt),
          new Date(nowMs),
          holder,
          manifest.sourceCatalogVersion,
          manifest.rowCount,
          JSON.stringify(manifest),
        ],
      );
      for (const [i, file] of files.entries()) {
        await tx.query(
          `INSERT INTO catalog_snapshot_files (name, version, lang, rows, bytes, sha256, content_type, encoding, body)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'br', ${byteaParam(db, 8)})
           ON CONFLICT (name) DO NOTHING`,
          [
            file.name,
            file.version,
            file.lang,
            file.rows,
            file.body.byteLength,
            file.sha256,
            file.contentType,
            byteaValue(db, compressed[i]!),
          ],
        );
      }
      return Number(onlyRow(published.rows, 'snapshot publication').seq);
    });
  }

  /** Deletes all but the newest `keep` published snapshots (and their files); returns how many went. */
  async prune(keep: number): Promise<number> {
    const { rowCount } = await (
      await this.#db()
    ).query(
      'DELETE FROM catalog_snapshots WHERE version NOT IN (SELECT version FROM catalog_snapshots ORDER BY seq DESC LIMIT $1)',
      [Math.max(1, keep)],
    );
    return rowCount;
  }
}
