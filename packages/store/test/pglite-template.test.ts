import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../src/database.ts';
import { pgliteTemplate } from '../src/pglite-template.ts';

const root = mkdtempSync(join(tmpdir(), 'pglite-template-'));
const tarOf = (dir: string) =>
  join(
    dir,
    readdirSync(dir).find((name) => name.endsWith('.tar'))!,
  );

describe('PGlite template', () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  it('is built once, kept with its digest, and read back as it was', async () => {
    const dir = join(root, 'once');
    const first = new Uint8Array(await (await pgliteTemplate(dir)).arrayBuffer());
    const file = tarOf(dir);
    const written = statSync(file).mtimeMs;
    const again = new Uint8Array(await (await pgliteTemplate(dir)).arrayBuffer());
    assert.deepEqual(again, first);
    assert.equal(statSync(file).mtimeMs, written, 'not rebuilt');
    assert.equal(readFileSync(`${file}.sha256`, 'utf8'), createHash('sha256').update(first).digest('hex'));
  });

  // Each build runs initdb (seconds): the cases below start from a copy of the first one's.
  const copyOfBuilt = (name: string) => {
    const dir = join(root, name);
    cpSync(join(root, 'once'), dir, { recursive: true });
    return dir;
  };

  it('is rebuilt when a byte of it is damaged', async () => {
    const dir = copyOfBuilt('damaged');
    const file = tarOf(dir);
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1]! ^= 0xff;
    writeFileSync(file, bytes);
    const rebuilt = new Uint8Array(await (await pgliteTemplate(dir)).arrayBuffer());
    assert.equal(createHash('sha256').update(rebuilt).digest('hex'), readFileSync(`${file}.sha256`, 'utf8'));
    assert.notDeepEqual(rebuilt, new Uint8Array(bytes));
  });

  it('gives a new data directory a database that keeps what is written across a reopen', async () => {
    process.env.PGLITE_TEMPLATE_DIR = join(root, 'open');
    try {
      const dataDir = join(root, 'data');
      const db = await openDatabase({ dataDir });
      await db.exec('CREATE TABLE kept (id int PRIMARY KEY); INSERT INTO kept VALUES (7);');
      await db.close();
      assert.ok(existsSync(tarOf(join(root, 'open'))), 'the template was kept for the next new database');
      const reopened = await openDatabase({ dataDir });
      assert.deepEqual((await reopened.query<{ id: number }>('SELECT id FROM kept')).rows, [{ id: 7 }]);
      await reopened.close();
    } finally {
      delete process.env.PGLITE_TEMPLATE_DIR;
    }
  });

  it('falls back to a database of its own when the template is whole by its digest but not a data directory', async () => {
    const dir = copyOfBuilt('foreign');
    process.env.PGLITE_TEMPLATE_DIR = dir;
    try {
      const file = tarOf(dir);
      const foreign = Buffer.from('not a tarball of a PostgreSQL data directory');
      writeFileSync(file, foreign);
      writeFileSync(`${file}.sha256`, createHash('sha256').update(foreign).digest('hex'));
      const db = await openDatabase({ dataDir: join(root, 'foreign-data') });
      assert.deepEqual((await db.query<{ one: number }>('SELECT 1 AS one')).rows, [{ one: 1 }]);
      await db.close();
      assert.equal(
        readdirSync(dir).filter((name) => name.endsWith('.tar')).length,
        0,
        'the foreign template was discarded',
      );
    } finally {
      delete process.env.PGLITE_TEMPLATE_DIR;
    }
  });
});
