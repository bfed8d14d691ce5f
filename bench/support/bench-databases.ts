import { randomBytes } from 'node:crypto';
import type { TestDatabaseKind } from '@grocery/store';
import { openDatabase } from '@grocery/store';

/** A fresh schema on the PostgreSQL at `url` (10 connections, as a deployment has), dropped on close. */
export function postgresBenchDatabase(url: string): TestDatabaseKind {
  return {
    name: 'postgres',
    open: async () => {
      const schema = `bench_${randomBytes(4).toString('hex')}`;
      const db = await openDatabase({ url, schema, maxConnections: 10 });
      return {
        ...db,
        close: async () => (await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`), await db.close()),
      };
    },
  };
}
