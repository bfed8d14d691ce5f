import type { Db } from './database.ts';

/** One forward-only migration. Ids sort in the order they apply: `0001_partners`. */
export interface Migration {
  id: string;
  sql: string;
}

/**
 * Applies the module's migrations that have not run yet, in id order, each in its own transaction.
 * One advisory lock (for every module) keeps instances starting at once from applying anything twice.
 */
export async function migrate(db: Db, module: string, migrations: readonly Migration[]): Promise<string[]> {
  const sorted = [...migrations].sort((a, b) => a.id.localeCompare(b.id));
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // The lock comes first, so instances starting together never race even on the bookkeeping table.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['schema_migrations']);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      module text NOT NULL,
      id text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (module, id)
    )`);
    const done = new Set(
      (await tx.query<{ id: string }>('SELECT id FROM schema_migrations WHERE module = $1', [module])).rows.map(
        (r) => r.id,
      ),
    );
    for (const migration of sorted) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (module, id) VALUES ($1, $2)', [module, migration.id]);
      applied.push(migration.id);
    }
  });
  return applied;
}
