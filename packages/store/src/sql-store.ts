import { readdirSync, readFileSync } from 'node:fs';
import type { Store } from '@grocery/core/ports';
import type { Db } from './database.ts';
import { migrate, type Migration } from './migrate.ts';
import { SqlCheckoutSessionStore } from './sql-checkout-session-store.ts';

// Read from src/ by the compiled code in dist/ too (the package ships src/): tsc does not copy .sql files.
const migrationsDir = new URL('../src/migrations/', import.meta.url);

/** The store's own migrations, read from `src/migrations/*.sql`. */
export function storeMigrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => ({ id: name.replace(/\.sql$/, ''), sql: readFileSync(new URL(name, migrationsDir), 'utf8') }));
}

/**
 * The Store port over SQL. Each port sub-interface has its own class and file (sql-event-store.ts,
 * sql-partner-store.ts, sql-commerce-store.ts, sql-saga-store.ts, sql-rate-limit-store.ts,
 * sql-operations-store.ts, sql-agent-store.ts, sql-checkout-session-store.ts); each extends the one
 * before, so that the last is one object with every method over one database, as the port is.
 * `implements Store` checks that the stack covers it all.
 */
class SqlStore extends SqlCheckoutSessionStore implements Store {}

/** Applies the store's migrations and returns the Store over `db`. */
export async function createSqlStore(db: Db): Promise<Store> {
  await migrate(db, 'store', storeMigrations());
  return new SqlStore(db);
}
