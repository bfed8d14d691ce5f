import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CatalogSnapshots } from '@grocery/catalog';
import type { PartnerContext } from '@grocery/core';
import { createGrocerSimulator } from '@grocery/grocer';
import { testDatabaseKinds } from '@grocery/store';
import { assertMatchesContract } from './support/openapi-contract.ts';
import {
  createDatabaseIndexStore,
  createFileIndexStore,
  startSearchService,
  type SearchIndexStore,
  type SearchService,
  type SearchServiceOptions,
} from '../src/index.ts';

const KEY = 'pk_test_search_service';
const partner: PartnerContext = {
  partnerId: 'p1',
  partnerName: 'P',
  orderSource: 'P',
  environment: 'sandbox',
  keyPrefix: 'pk_test_sea',
  clientIds: [],
  live: false,
};
const PUBLIC_BASE_URL = 'http://api.example.test';

/** The `all` Feather file of a small simulated catalog (a seed per catalog version). */
async function catalogFile(seed: number): Promise<{ version: string; feather: Uint8Array }> {
  const grocer = createGrocerSimulator({ productCount: 300, seed, log: () => {} });
  const snapshots = new CatalogSnapshots({ grocer, publicBaseUrl: PUBLIC_BASE_URL });
  await snapshots.refresh();
  const snapshot = snapshots.current()!;
  await grocer.close();
  return { version: snapshot.version, feather: snapshot.files.find((file) => file.lang === 'all')!.body };
}

let catalogs: { version: string; feather: Uint8Array }[];
let dir: string;
const services: SearchService[] = [];

before(async () => {
  catalogs = [await catalogFile(1), await catalogFile(2)];
  dir = await mkdtemp(join(tmpdir(), 'search-index-store-'));
});
after(async () => {
  await Promise.all(services.map((service) => service.close()));
  await rm(dir, { recursive: true, force: true });
});

interface Probe {
  service: SearchService;
  logs: string[];
  errors: string[];
  /** Which catalog the source publishes (an index into `catalogs`); change it to publish another. */
  publish: (which: number) => void;
}

async function start(
  store: SearchIndexStore | undefined,
  extra: Partial<SearchServiceOptions> = {},
  which = 0,
): Promise<Probe> {
  const logs: string[] = [];
  const errors: string[] = [];
  let published = which;
  const service = await startSearchService({
    port: 0,
    host: '127.0.0.1',
    publicBaseUrl: PUBLIC_BASE_URL,
    pollMs: 60_000,
    catalog: {
      latestVersion: async () => catalogs[published]!.version,
      feather: async (version) => catalogs.find((c) => c.version === version)?.feather ?? null,
    },
    verifyPartnerKey: async (key) => (key === KEY ? partner : null),
    indexStore: store,
    log: { info: (message) => logs.push(message), error: (_details, message) => errors.push(message) },
    ...extra,
  });
  services.push(service);
  return { service, logs, errors, publish: (next) => (published = next) };
}

async function searchOver(service: SearchService, q: string): Promise<unknown> {
  const response = await fetch(`${service.origin}/v1/search?q=${encodeURIComponent(q)}&lang=en&limit=20`, {
    headers: { 'x-partner-key': KEY },
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { hits: unknown }).hits;
}

const QUERIES = ['milk', 'rice', 'ไข่', 'shampoo', 'chiken', 'coffee 3in1'];

describe('search service with an index store', () => {
  it('builds and stores on the first start; a restart loads the stored index and answers the same', async () => {
    const store = createFileIndexStore(join(dir, 'files'));
    const first = await start(store);
    assert.equal(first.service.status().source, 'built');
    const answers = await Promise.all(QUERIES.map((q) => searchOver(first.service, q)));
    await first.service.close();
    assert.equal((await readdir(join(dir, 'files'))).filter((name) => name.endsWith('.gsix')).length, 1);

    const second = await start(store);
    const status = second.service.status();
    assert.equal(status.state, 'ready');
    assert.equal(status.source, 'stored');
    assert.equal(status.version, first.service.current()!.version, 'the stored index keeps its version');
    assert.match(second.logs.join('\n'), /search index loaded for catalog/);
    assert.deepEqual(await Promise.all(QUERIES.map((q) => searchOver(second.service, q))), answers);
  });

  it('rebuilds over a damaged or foreign stored file, never crashing, and replaces it', async () => {
    const files = join(dir, 'hostile');
    const store = createFileIndexStore(files);
    const reference = await start(store);
    const answers = await Promise.all(QUERIES.map((q) => searchOver(reference.service, q)));
    await reference.service.close();
    const [name] = (await readdir(files)).filter((n) => n.endsWith('.gsix'));
    const good = await readFile(join(files, name!));
    const hostile = [
      Buffer.alloc(0),
      Buffer.from('GSIX garbage'),
      good.subarray(0, good.length / 2),
      Buffer.from(good).fill(7, 5000, 5100),
      Buffer.alloc(1_000_000, 0xff),
    ];
    for (const bytes of hostile) {
      await writeFile(join(files, name!), bytes);
      const probe = await start(store);
      assert.equal(probe.service.status().source, 'built', 'a bad stored file is rebuilt');
      assert.equal(probe.errors.length, 1, 'the unusable file is reported');
      assert.deepEqual(await Promise.all(QUERIES.map((q) => searchOver(probe.service, q))), answers);
      await probe.service.close();
      const reloaded = await start(store);
      assert.equal(reloaded.service.status().source, 'stored', 'the rebuilt index replaced the bad file');
      await reloaded.service.close();
    }
  });

  it('a store that fails to load or save only costs a build', async () => {
    const broken: SearchIndexStore = {
      load: async () => {
        throw new Error('disk on fire');
      },
      save: async () => {
        throw new Error('disk still on fire');
      },
    };
    const probe = await start(broken);
    assert.equal(probe.service.status().state, 'ready');
    assert.equal(probe.service.status().source, 'built');
    await probe.service.close();
    assert.equal(probe.errors.length, 2);
  });

  it('says it is loading until the first index serves, and answers 503 meanwhile', async () => {
    const probe = await start(undefined, { awaitIndex: false });
    assert.equal(probe.service.status().state, 'loading');
    const early = await fetch(`${probe.service.origin}/v1/search?q=milk`, { headers: { 'x-partner-key': KEY } });
    assert.equal(early.status, 503);
    await probe.service.ready();
    assert.equal(probe.service.status().state, 'ready');
  });

  it('has health endpoints without a partner key: ready only once an index serves and the database answers', async () => {
    let databaseUp = true;
    const probe = await start(undefined, {
      awaitIndex: false,
      checkDatabase: async () => (databaseUp ? 1 : Promise.reject(new Error('connection refused'))),
    });
    const health = async (path: string) => {
      const response = await fetch(`${probe.service.origin}${path}`);
      const text = await response.text();
      assertMatchesContract(path, {
        status: response.status,
        headers: { 'content-type': response.headers.get('content-type') ?? '' },
        body: text,
      });
      return {
        status: response.status,
        body: JSON.parse(text) as { status: string; search?: { state: string }; database?: { ok: boolean } },
      };
    };
    assert.equal((await health('/health/live')).status, 200);
    const starting = await health('/health/ready');
    assert.equal(starting.status, 503);
    assert.equal(starting.body.status, 'starting');
    assert.equal(starting.body.search?.state, 'loading');
    assert.equal((await health('/health')).status, 200, '/health answers while starting');
    await probe.service.ready();
    const ready = await health('/health/ready');
    assert.equal(ready.status, 200);
    assert.deepEqual([ready.body.status, ready.body.search?.state, ready.body.database?.ok], ['ok', 'ready', true]);
    databaseUp = false;
    const degraded = await health('/health/ready');
    assert.equal(degraded.status, 503);
    assert.deepEqual([degraded.body.status, degraded.body.database?.ok], ['degraded', false]);
    const post = await fetch(`${probe.service.origin}/health/ready`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    assert.equal(((await post.json()) as { error: { code: string } }).error.code, 'METHOD_NOT_ALLOWED');
  });

  it('keeps serving the old index while a changed snapshot is prepared, then swaps', async () => {
    const probe = await start(createFileIndexStore(join(dir, 'swap')));
    const before = probe.service.current()!;
    probe.publish(1);
    const refreshing = probe.service.refresh();
    assert.equal(probe.service.status().refreshing, true);
    assert.equal(probe.service.current(), before, 'the old index serves during the rebuild');
    assert.equal(await refreshing, true);
    assert.equal(probe.service.current()!.snapshotVersion, catalogs[1]!.version);
    assert.equal(probe.service.status().refreshing, false);
  });
});

for (const kind of testDatabaseKinds()) {
  describe(`search index store in the database (${kind.name})`, () => {
    it('is shared: an index one instance built is loaded by another', async () => {
      const db = await kind.open();
      try {
        const a = await start(createDatabaseIndexStore(db));
        assert.equal(a.service.status().source, 'built');
        await a.service.close();
        const b = await start(createDatabaseIndexStore(db));
        assert.equal(b.service.status().source, 'stored');
        assert.equal(b.service.current()!.version, a.service.current()!.version);
        assert.deepEqual(await searchOver(b.service, 'milk'), await searchOver(b.service, 'milk'));
        await b.service.close();
        // Keeps the newest two.
        const store = createDatabaseIndexStore(db);
        for (const v of ['x1', 'x2', 'x3'])
          await store.save({ snapshotVersion: v, format: 'f' }, new Uint8Array([1, 2, 3]));
        assert.equal((await db.query('SELECT 1 FROM search_index_files')).rows.length, 2);
        assert.deepEqual([...(await store.load({ snapshotVersion: 'x3', format: 'f' }))!], [1, 2, 3]);
        assert.equal(await store.load({ snapshotVersion: 'x1', format: 'f' }), null);
      } finally {
        await db.close();
      }
    });
  });
}

describe('file index store', () => {
  it('keeps file names inside its directory whatever the key', async () => {
    const files = join(dir, 'names');
    const store = createFileIndexStore(files);
    await store.save({ snapshotVersion: '../../etc/passwd', format: '/abs' }, new Uint8Array([9]));
    assert.deepEqual([...(await store.load({ snapshotVersion: '../../etc/passwd', format: '/abs' }))!], [9]);
    assert.equal((await readdir(files)).length, 1);
  });
});
