/**
 * @grocery/store: PostgreSQL persistence (PGlite embedded or a PostgreSQL server) behind core's
 * Store port, with forward-only SQL migrations. Every export of this file is public API.
 */
export {
  databaseOnFirstUse,
  onlyRow,
  isNewPgliteDataDir,
  openDatabase,
  type Db,
  type OpenDatabaseOptions,
  type QueryResult,
} from './database.ts';
export { pgliteTemplate, pgliteTemplateDir } from './pglite-template.ts';
export { migrate, type Migration } from './migrate.ts';
export { testDatabaseKinds, type TestDatabaseKind } from './test-databases.ts';
export { createSqlStore, storeMigrations } from './sql-store.ts';
export { byteaColumn, byteaParam, byteaResult, byteaValue } from './bytea.ts';
