import { randomBytes } from 'node:crypto';
import { openDatabase, type Db } from './database.ts';

/** A database kind that tests run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  /** Opens a fresh, empty database (a new PGlite, or a new schema on the PostgreSQL server). */
  open(): Promise<Db>;
}

/**
 * The databases every store-backed test runs on. Each `open()` is isolated, so test files can run
 * in parallel against one PostgreSQL server; the schema is dropped again on close.
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: 'pglite', open: () => openDatabase({ dataDir: 'memory://' }) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    kinds.push({
      name: 'postgres',
      async open() {
        const schema = `t_${randomBytes(6).toString('hex')}`;
        const db = await openDatabase({ url, schema, maxConnections: 5 });
        return {
          ...db,
          async close() {
            await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
            await db.close();
          },
        };
      },
    });
  }
  return kinds;
}
