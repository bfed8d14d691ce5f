import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { byteaColumn, byteaParam, byteaResult, byteaValue, migrate, testDatabaseKinds, type Db } from '../src/index.ts';

for (const kind of testDatabaseKinds()) {
  describe(`database on ${kind.name}`, () => {
    let db: Db;
    after(async () => db?.close());

    test('parses int8 as number, jsonb as values and bytea as bytes', async () => {
      db = await kind.open();
      const { rows } = await db.query<{ a: number; b: { x: number }; c: Uint8Array; d: Date }>(
        "SELECT 9007199254740991::int8 AS a, '{\"x\":1}'::jsonb AS b, '\\x0102'::bytea AS c, now() AS d",
      );
      assert.equal(rows[0]!.a, Number.MAX_SAFE_INTEGER);
      assert.deepEqual(rows[0]!.b, { x: 1 });
      assert.deepEqual([...rows[0]!.c], [1, 2]);
      assert.ok(rows[0]!.d instanceof Date);
    });

    test('rolls a failed transaction back', async () => {
      await db.exec('CREATE TABLE t (id int PRIMARY KEY)');
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (1)');
          await tx.query('INSERT INTO t VALUES (1)');
        }),
      );
      assert.equal((await db.query('SELECT * FROM t')).rows.length, 0);
    });

    test('applies each migration once, in id order', async () => {
      const migrations = [
        { id: '0002_b', sql: 'ALTER TABLE m ADD COLUMN b int' },
        { id: '0001_a', sql: 'CREATE TABLE m (a int)' },
      ];
      assert.deepEqual(await migrate(db, 'demo', migrations), ['0001_a', '0002_b']);
      assert.deepEqual(await migrate(db, 'demo', migrations), []);
      await db.query('INSERT INTO m (a, b) VALUES (1, 2)');
    });

    test('round-trips large binary values through the bytea helpers, every byte value included', async () => {
      await db.exec('CREATE TABLE blobs (id int PRIMARY KEY, body bytea NOT NULL)');
      const bytes = new Uint8Array(3 * 1024 * 1024 + 7);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) & 0xff;
      const empty = new Uint8Array(0);
      await db.query(`INSERT INTO blobs (id, body) VALUES (1, ${byteaParam(db, 1)}), (2, ${byteaParam(db, 2)})`, [
        byteaValue(db, bytes),
        byteaValue(db, empty),
      ]);
      const { rows } = await db.query<{ id: number; body: unknown }>(
        `SELECT id, ${byteaColumn(db, 'body')} AS body FROM blobs ORDER BY id`,
      );
      assert.ok(Buffer.from(byteaResult(rows[0]!.body)).equals(Buffer.from(bytes)));
      assert.equal(byteaResult(rows[1]!.body).byteLength, 0);
      assert.throws(() => byteaResult(42), TypeError);
    });
  });
}
