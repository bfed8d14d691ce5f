import type { Db } from './database.ts';

/**
 * Large binary values (files of megabytes) in and out of SQL. PGlite moves a bytea parameter or
 * column through a byte-by-byte JavaScript path (a 12 MB file takes seconds); as base64 text it
 * crosses in a few hundred milliseconds and PostgreSQL's own C code converts it. PostgreSQL over
 * `pg` handles bytea well, so it gets the plain column and parameter.
 *
 * @example
 * await db.query(`INSERT INTO files (body) VALUES (${byteaParam(db, 1)})`, [byteaValue(db, bytes)]);
 * const { rows } = await db.query<{ body: unknown }>(`SELECT ${byteaColumn(db, 'body')} AS body FROM files`);
 * const body = byteaResult(rows[0]!.body);
 */
export function byteaParam(db: Pick<Db, 'kind'>, position: number): string {
  return db.kind === 'pglite' ? `decode($${position}, 'base64')` : `$${position}`;
}

/** The value to bind for a {@link byteaParam} placeholder. */
export function byteaValue(db: Pick<Db, 'kind'>, bytes: Uint8Array): Uint8Array | string {
  return db.kind === 'pglite'
    ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
    : bytes;
}

/** A bytea column as selected (base64 text on PGlite); read the value with {@link byteaResult}. */
export function byteaColumn(db: Pick<Db, 'kind'>, column: string): string {
  return db.kind === 'pglite' ? `encode(${column}, 'base64')` : column;
}

/** The bytes of a column selected with {@link byteaColumn}. */
export function byteaResult(value: unknown): Uint8Array {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'base64');
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  if (value instanceof Uint8Array) return value;
  throw new TypeError('a bytea column did not hold bytes');
}
