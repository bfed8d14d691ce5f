import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { discardPgliteTemplate, pgliteTemplate } from './pglite-template.ts';

/** A row-returning SQL result. */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/**
 * The one SQL interface the project uses, over PGlite (embedded) or PostgreSQL (`pg`). Both speak
 * the same SQL dialect; int8 is parsed to `number`, numeric stays a string, jsonb to values,
 * timestamptz to `Date`, bytea to `Uint8Array`.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The row a statement returns by construction (`INSERT … RETURNING`, `SELECT EXISTS`, an `UPDATE` of
 * a row the caller holds). Its absence is a broken invariant: said as one, with the statement's
 * name, rather than as a TypeError on `undefined` further on.
 */
export function onlyRow<R>(rows: readonly R[], statement: string): R {
  const [row] = rows;
  if (row === undefined) throw new Error(`${statement} returned no row`);
  return row;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or `memory://` (default) for a throwaway database. */
  dataDir?: string | undefined;
  /** PostgreSQL schema to use (created if missing); for test isolation on a shared server. */
  schema?: string | undefined;
  /** PostgreSQL pool size. */
  maxConnections?: number | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Db> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir ?? 'memory://');
}

const INT8 = 20;

/** Whether opening PGlite on `dataDir` creates a new database (its initdb, seconds) rather than opening one. */
export function isNewPgliteDataDir(dataDir: string): boolean {
  return !dataDir.startsWith('memory://') && !existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * A Db opened by its first call (each call waits for it), for parts that are wired before the
 * database is open but query it only later (e.g. a catalog repository that publishes once the
 * start is over). `open` runs once.
 *
 * @example
 * const db = databaseOnFirstUse('pglite', () => openDatabase({ dataDir }));
 */
export function databaseOnFirstUse(kind: Db['kind'], open: () => Promise<Db>): Db {
  let opening: Promise<Db> | null = null;
  const opened = () => (opening ??= open());
  return {
    kind,
    query: async <R>(sql: string, params?: readonly unknown[]) => (await opened()).query<R>(sql, params),
    transaction: async <T>(fn: (tx: Db) => Promise<T>) => (await opened()).transaction(fn),
    exec: async (sql: string) => (await opened()).exec(sql),
    close: async () => (await opened()).close(),
  };
}

/**
 * Opens PGlite; a new database starts from the kept template (see pglite-template.ts) rather than
 * its own initdb. A template PGlite cannot load is discarded and the database created the slow way.
 */
async function createPglite(dataDir: string): Promise<PGlite> {
  const options = { parsers: { [INT8]: (value: string) => Number(value) }, relaxedDurability: false };
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  if (!inMemory && !isNewPgliteDataDir(dataDir)) return PGlite.create(dataDir, options);
  try {
    return await PGlite.create(dataDir, { ...options, loadDataDir: await pgliteTemplate() });
  } catch {
    discardPgliteTemplate();
    if (!inMemory)
      for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    return PGlite.create(dataDir, options);
  }
}

async function openPglite(dataDir: string): Promise<Db> {
  const client = await createPglite(dataDir);
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>, inTransaction: boolean): Db => ({
    kind: 'pglite',
    async query<R>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<R>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTransaction) return fn(this);
      return client.transaction((tx) => fn(wrap(tx, true)));
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
    async close() {
      if (!inTransaction && !client.closed) await client.close();
    },
  });
  return wrap(client, false);
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Db> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8
          ? (value: string) => Number(value)
          : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);

  const fromClient = (client: pg.PoolClient): Db => ({
    kind: 'postgres',
    async query<R>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return fn(this);
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    async close() {},
  });

  return {
    kind: 'postgres',
    async query<R>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn(fromClient(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}
