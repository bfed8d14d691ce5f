/**
 * Start-up on embedded PGlite, in process: a first start on a fresh DATA_DIR (database created
 * while the snapshot and the search index are built), a restart on the same data (snapshot decoded
 * from its local encoding, index loaded), and a restart with the encoding damaged (the snapshot is
 * rebuilt from its file and the encoding written again). Each start must be ready and answer the
 * catalog and search correctly, with the same snapshot.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { readIndexFileHeader } from '@grocery/search';
import { loadConfig } from '../apps/api/src/config.ts';
import { startSystem, type System } from '../apps/api/src/system.ts';
import { createStartupTimeline } from '../apps/api/src/startup-timeline.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'startup-'));
const productCount = 1_500;

async function start(): Promise<System> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    SEARCH_PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    GROCER_PRODUCTS: String(productCount),
    // The public URL is part of the snapshot; a restart keeps it, as a deployment does.
    PUBLIC_BASE_URL: 'http://localhost:8999',
  });
  return startSystem({ config, startup: createStartupTimeline(), grocer: { productCount } });
}

/** What a partner's first requests see: readiness, a catalog page, and search hits. */
async function firstRequests(system: System) {
  const origin = system.api.origin;
  const key = { 'x-partner-key': system.credentials!.partnerKey };
  const ready = await fetch(`${origin}/health/ready`);
  const health = (await (await fetch(`${origin}/health`)).json()) as { startup: { searchIndex: string } | null };
  const page = (await (await fetch(`${origin}/v1/products?size=20`, { headers: key })).json()) as {
    items: { cprcode: string; name: string }[];
    version: string;
  };
  const search = (await (
    await fetch(`${system.config.searchUrl}/v1/search?q=milk&lang=en&limit=5`, { headers: key })
  ).json()) as { hits: unknown[]; version: string };
  return { ready: ready.status, searchIndex: health.startup?.searchIndex ?? null, page, hits: search.hits.length };
}

const snapshotDir = join(dataDir, 'catalog-snapshot');
const indexDir = join(dataDir, 'search-index');
const encodedFile = () => readdirSync(snapshotDir).find((name) => name.endsWith('.bin'));

describe('start-up on embedded PGlite', () => {
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  let first: Awaited<ReturnType<typeof firstRequests>>;
  let encoded: Buffer;

  test('a first start on a fresh data directory builds, serves, and on stop has published and kept the snapshot', async () => {
    const system = await start();
    try {
      first = await firstRequests(system);
      assert.equal(first.ready, 200);
      assert.equal(first.searchIndex, 'built');
      assert.equal(first.page.items.length, 20);
      assert.ok(first.hits > 0, 'search answers');
    } finally {
      await system.close();
    }
    const name = encodedFile();
    assert.equal(name, `snapshot-${first.page.version}.bin`, 'the snapshot is kept encoded for the next start');
    encoded = readFileSync(join(snapshotDir, name));
  });

  test('a restart decodes the snapshot and loads the index, and serves the same', async () => {
    const system = await start();
    try {
      const again = await firstRequests(system);
      assert.equal(again.ready, 200);
      assert.equal(again.searchIndex, 'stored');
      assert.deepEqual(again.page, first.page);
      assert.equal(again.hits, first.hits);
      assert.deepEqual(system.catalog.current()!.files, [], 'decoded, not rebuilt from the file');
      const all = await system.catalog.findFile(system.catalog.current()!.fileInfo('all').name);
      assert.equal(all?.sha256, system.catalog.current()!.fileInfo('all').sha256, 'the download file loads on demand');
    } finally {
      await system.close();
    }
  });

  test('a restart with the kept encoding truncated rebuilds the snapshot from its file, serves the same, and keeps it again', async () => {
    writeFileSync(join(snapshotDir, encodedFile()!), encoded.subarray(0, encoded.length - 1000));
    const system = await start();
    try {
      const again = await firstRequests(system);
      assert.equal(again.ready, 200);
      assert.deepEqual(again.page, first.page);
      assert.ok(system.catalog.current()!.files.length > 0, 'rebuilt from the file');
    } finally {
      await system.close();
    }
    assert.ok(readFileSync(join(snapshotDir, encodedFile()!)).equals(encoded), 'the encoding is whole again');
  });

  for (const [damage, edit] of [
    ['truncated to half', (bytes: Buffer) => bytes.subarray(0, bytes.length >> 1)],
    [
      'with one byte flipped',
      (bytes: Buffer) =>
        Buffer.from(bytes).fill(bytes[bytes.length - 200]! ^ 0xff, bytes.length - 200, bytes.length - 199),
    ],
  ] as const) {
    test(`a restart with the kept search index ${damage} refuses it, rebuilds it, and searches the same`, async () => {
      const indexFile = join(
        indexDir,
        readdirSync(indexDir).find((name) => name.endsWith('.gsix'))!,
      );
      const whole = readFileSync(indexFile);
      writeFileSync(indexFile, edit(whole));
      const system = await start();
      try {
        const again = await firstRequests(system);
        assert.equal(again.ready, 200);
        assert.equal(again.searchIndex, 'built', 'the damaged file is not loaded');
        assert.equal(again.hits, first.hits);
      } finally {
        await system.close();
      }
      assert.doesNotThrow(() => readIndexFileHeader(readFileSync(indexFile)), 'the rebuilt index is kept whole');
    });
  }
});
