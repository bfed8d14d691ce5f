import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, mock, test } from 'node:test';
import type { GrocerGateway } from '@grocery/core/ports';
import { ManualClock } from '@grocery/core/testing';
import { createGrocerSimulator, type GrocerSimulator } from '@grocery/grocer';
import { testDatabaseKinds, type Db } from '@grocery/store';
import { CatalogSnapshots, type CatalogSnapshotsOptions } from '../src/catalog-snapshots.ts';
import { readFeatherProducts } from '../src/feather-reader.ts';
import { createDirectorySnapshotCache } from '../src/snapshot-file-cache.ts';
import { SnapshotRepository } from '../src/snapshot-repository.ts';
import { snapshotCatalogReader } from '../src/snapshot-catalog-reader.ts';

const MINUTE = 60_000;
const publicBaseUrl = 'https://api.example.test';

/** Counts the calls made to the real simulator (a spy that delegates, not a fake). */
function countingGrocer(grocer: GrocerSimulator): Pick<GrocerGateway, 'catalogVersion' | 'exportCatalog'> & {
  calls: { catalogVersion: number; exportCatalog: number };
} {
  const calls = { catalogVersion: 0, exportCatalog: 0 };
  return {
    calls,
    catalogVersion: () => (calls.catalogVersion++, grocer.catalogVersion()),
    exportCatalog: (options) => (calls.exportCatalog++, grocer.exportCatalog(options)),
  };
}

describe('catalog snapshots without a database', () => {
  test('polls at most every interval, rebuilds on a grocer change and daily, and keeps serving through failures', async () => {
    const clock = new ManualClock();
    const simulator = createGrocerSimulator({ productCount: 1500, clock, log: () => {} });
    const grocer = countingGrocer(simulator);
    const snapshots = new CatalogSnapshots({ grocer, publicBaseUrl, clock, pollIntervalMs: 5 * MINUTE });
    try {
      assert.equal(snapshots.current(), null);
      const first = await snapshots.refresh();
      assert.equal(first.action, 'built');
      const v1 = snapshots.current()!.version;
      assert.equal((await snapshots.ready()).version, v1);

      // Within the poll interval the grocer is not even asked.
      clock.advance(4 * MINUTE);
      assert.deepEqual(await snapshots.refresh(), { action: 'unchanged', version: v1 });
      assert.equal(grocer.calls.catalogVersion, 1);

      // After it, an unchanged grocer version means no rebuild.
      clock.advance(MINUTE);
      assert.deepEqual(await snapshots.refresh(), { action: 'unchanged', version: v1 });
      assert.equal(grocer.calls.catalogVersion, 2);
      assert.equal(grocer.calls.exportCatalog, 1);

      // A changed product: a new snapshot with a new version; the change is in it.
      const product = simulator.allProducts()[3]!;
      await simulator.setProductActive({ cprcode: product.cprcode, active: false });
      clock.advance(5 * MINUTE);
      const rebuilt = await snapshots.refresh();
      assert.equal(rebuilt.action, 'built');
      const v2 = snapshots.current()!.version;
      assert.notEqual(v2, v1);
      assert.equal(snapshots.current()!.get(product.cprcode)!.active, false);
      assert.equal(snapshots.current()!.manifest.sourceCatalogVersion, (await simulator.catalogVersion()).version);

      // A version bump without a content change rebuilds, but the content hash stays.
      await simulator.bumpCatalogVersion();
      clock.advance(5 * MINUTE);
      assert.equal((await snapshots.refresh()).action, 'built');
      assert.equal(snapshots.current()!.version, v2);

      // Daily: after 24 hours a rebuild happens even without change.
      clock.advance(24 * 60 * MINUTE);
      const builtBefore = snapshots.current()!.builtAt;
      assert.equal((await snapshots.refresh()).action, 'built');
      assert.notEqual(snapshots.current()!.builtAt, builtBefore);

      // A failing grocer: the refresh reports it and the old snapshot keeps being served.
      await simulator.setFaults({ errorRate: 1 });
      clock.advance(5 * MINUTE);
      const failed = await snapshots.refresh();
      assert.equal(failed.action, 'failed');
      assert.equal(snapshots.current()!.version, v2);
      await simulator.setFaults({ errorRate: 0 });
    } finally {
      await snapshots.stop();
      await simulator.close();
    }
  });

  test('the old snapshot is served until the new one is ready, then swapped at once', async () => {
    const clock = new ManualClock();
    const simulator = createGrocerSimulator({ productCount: 1500, clock, log: () => {} });
    const snapshots = new CatalogSnapshots({ grocer: simulator, publicBaseUrl, clock, build: { sliceMs: 1 } });
    const reader = snapshotCatalogReader(snapshots);
    try {
      await snapshots.refresh();
      const old = snapshots.current()!;
      await simulator.setProductActive({ cprcode: simulator.allProducts()[0]!.cprcode, active: false });
      let done = false;
      const building = snapshots.refresh({ force: true }).then((outcome) => ((done = true), outcome));
      // While the build runs, requests keep being answered from the old snapshot, then from the new one.
      const seen: string[] = [];
      while (!done) {
        seen.push(reader.version()!);
        await new Promise((resolve) => setImmediate(resolve));
      }
      assert.equal((await building).action, 'built');
      const fresh = snapshots.current()!.version;
      assert.notEqual(fresh, old.version);
      const firstNew = seen.indexOf(fresh);
      assert.ok(seen.slice(0, firstNew === -1 ? seen.length : firstNew).every((v) => v === old.version));
      assert.ok(firstNew === -1 || seen.slice(firstNew).every((v) => v === fresh), 'never back to the old one');
      assert.ok(
        seen.filter((v) => v === old.version).length >= 3,
        `the build gave the event loop back ${seen.length} times`,
      );
      // Concurrent refreshes share one step.
      const [a, b] = await Promise.all([snapshots.refresh({ force: true }), snapshots.refresh({ force: true })]);
      assert.deepEqual(a, b);
    } finally {
      await snapshots.stop();
      await simulator.close();
    }
  });

  test('start() builds in the background and stop() ends the timer', async () => {
    const simulator = createGrocerSimulator({ productCount: 2000, log: () => {} });
    const lines: string[] = [];
    const snapshots = new CatalogSnapshots({
      grocer: simulator,
      publicBaseUrl,
      log: (line) => lines.push(line),
      build: { progressAfterMs: 0 },
    });
    try {
      snapshots.start();
      const snapshot = await snapshots.ready();
      assert.equal(snapshot.size, 2000);
      assert.ok(
        lines.some((line) => /catalog snapshot: [0-9a-f]{16} built from grocer catalog/.test(line)),
        lines.join('\n'),
      );
      assert.ok(
        lines.some((line) => /ready, 2000 products/.test(line)),
        'a progress line for a build past progressAfterMs',
      );
    } finally {
      await snapshots.stop();
      await simulator.close();
    }
  });
});

for (const kind of testDatabaseKinds()) {
  describe(`catalog snapshots shared through ${kind.name}`, () => {
    let db: Db;
    let simulator: GrocerSimulator;
    let clock: ManualClock;
    const managers: CatalogSnapshots[] = [];
    const open = (
      name: string,
      grocer: CatalogSnapshotsOptions['grocer'],
      options: Partial<CatalogSnapshotsOptions> = {},
    ) => {
      const manager = new CatalogSnapshots({
        grocer,
        publicBaseUrl,
        clock,
        repository: new SnapshotRepository(db),
        instanceId: name,
        keepSnapshots: 2,
        ...options,
      });
      managers.push(manager);
      return manager;
    };

    before(async () => {
      db = await kind.open();
      clock = new ManualClock();
      simulator = createGrocerSimulator({ productCount: 1500, clock, log: () => {} });
    });
    after(async () => {
      for (const manager of managers) await manager.stop();
      await simulator.close();
      await db.close();
    });

    test('two instances on one database build once; the other loads the published snapshot', async () => {
      const grocerA = countingGrocer(simulator);
      const grocerB = countingGrocer(simulator);
      const a = open('instance-a', grocerA);
      const b = open('instance-b', grocerB);
      const outcomes = await Promise.all([a.refresh(), b.refresh()]);
      assert.deepEqual(outcomes.map((o) => o.action).sort(), ['built', 'busy']);
      assert.equal(grocerA.calls.exportCatalog + grocerB.calls.exportCatalog, 1);
      const [builder, other] = outcomes[0]!.action === 'built' ? [a, b] : [b, a];
      const otherGrocer = other === a ? grocerA : grocerB;
      assert.equal(other.current(), null);

      const loaded = await other.refresh();
      assert.equal(loaded.action, 'loaded');
      assert.equal(otherGrocer.calls.exportCatalog, 0, 'the other instance never exported the catalog');
      const built = builder.current()!;
      const adopted = other.current()!;
      assert.equal(adopted.version, built.version);
      assert.deepEqual(adopted.manifest, built.manifest);
      for (const i of [0, 1, 1234, 1499]) assert.deepEqual(adopted.recordJson('th', i), built.recordJson('th', i));
      assert.deepEqual(readFeatherProducts(adopted.file('all')!.body), built.products());
      // Adopting reads only the `all` file; the language files load on their first download, once.
      assert.deepEqual(
        adopted.files.map((f) => f.lang),
        ['all'],
      );
      for (const lang of ['en', 'th'] as const) {
        const name = adopted.fileInfo(lang).name;
        const loaded = (await other.findFile(name))!;
        assert.ok(Buffer.from(loaded.body).equals(built.file(lang)!.body), `${lang} file as built`);
        assert.equal(await other.findFile(name), loaded, 'kept after the first load');
      }
    });

    test('a restart decodes the published snapshot from its local encoding, and the `all` file from its local copy', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'catalog-cache-'));
      try {
        const builder = open('instance-cache-builder', simulator, { fileCache: createDirectorySnapshotCache(dir) });
        assert.equal((await builder.refresh({ force: true })).action !== 'failed', true);
        await builder.stop();
        const built = builder.current()!;
        const name = built.fileInfo('all').name;
        assert.deepEqual(
          readdirSync(dir).sort(),
          [name, `snapshot-${built.version}.bin`],
          'the builder kept a copy of what it published, and its encoding',
        );

        // The database's copy is made unreadable: the restart, and its first download, must come from the local copies.
        const unreadable = mock.method(SnapshotRepository.prototype, 'fileOf', async () => {
          throw new Error('the database was asked');
        });
        try {
          const restarted = open('instance-cache-restart', countingGrocer(simulator), {
            fileCache: createDirectorySnapshotCache(dir),
          });
          assert.equal((await restarted.refresh()).action, 'loaded');
          const decoded = restarted.current()!;
          assert.equal(decoded.version, built.version);
          assert.deepEqual(decoded.products(), built.products());
          for (const i of [0, 700, 1499]) assert.deepEqual(decoded.recordJson('en', i), built.recordJson('en', i));
          assert.deepEqual(
            decoded.select({ active: true, words: ['milk'] }),
            built.select({ active: true, words: ['milk'] }),
          );
          assert.ok(Buffer.from((await restarted.findFile(name))!.body).equals(built.file('all')!.body));
        } finally {
          unreadable.mock.restore();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('a damaged, truncated or mismatching local encoding or file copy is not used: the restart rebuilds from the database and keeps new copies', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'catalog-cache-'));
      try {
        const builder = open('instance-damage-builder', simulator, { fileCache: createDirectorySnapshotCache(dir) });
        assert.equal((await builder.refresh({ force: true })).action !== 'failed', true);
        await builder.stop();
        const built = builder.current()!;
        const name = built.fileInfo('all').name;
        const encodedName = `snapshot-${built.version}.bin`;
        const intact = readFileSync(join(dir, encodedName));
        const flipped = Buffer.from(intact);
        flipped[flipped.length - 100]! ^= 1;
        const damages: [string, () => void][] = [
          ['truncated encoding', () => writeFileSync(join(dir, encodedName), intact.subarray(0, intact.length >> 1))],
          ['altered encoding', () => writeFileSync(join(dir, encodedName), flipped)],
          [
            'garbage encoding and file copy',
            () => {
              writeFileSync(join(dir, encodedName), 'not a snapshot');
              writeFileSync(join(dir, name), 'not the file');
            },
          ],
        ];
        for (const [what, damage] of damages) {
          damage();
          const restarted = open(`instance-damage-${what}`, countingGrocer(simulator), {
            fileCache: createDirectorySnapshotCache(dir),
          });
          assert.equal((await restarted.refresh()).action, 'loaded', what);
          assert.equal(restarted.current()!.version, built.version, what);
          assert.deepEqual(restarted.current()!.products(), built.products(), what);
          await restarted.stop();
          // The copies are written again, whole.
          assert.ok(readFileSync(join(dir, encodedName)).equals(intact), `${what}: the encoding is kept again`);
          assert.equal(
            readFileSync(join(dir, name)).byteLength,
            built.fileInfo('all').bytes,
            `${what}: the file copy is whole`,
          );
        }

        // An encoding of another snapshot (another public base URL) is not used either.
        const elsewhere = open('instance-elsewhere', countingGrocer(simulator), {
          fileCache: createDirectorySnapshotCache(dir),
          publicBaseUrl: 'https://other.example.com',
        });
        assert.equal((await elsewhere.refresh()).action, 'loaded');
        assert.notEqual(elsewhere.current()!.version, built.version);
        assert.equal(elsewhere.current()!.at(0).cprcode, built.at(0).cprcode);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('a grocer change shows up as a new manifest version on every instance after the refresh', async () => {
      const [a, b] = managers as [CatalogSnapshots, CatalogSnapshots];
      const before = a.current()!.version;
      const product = simulator.allProducts()[17]!;
      await simulator.setProductActive({ cprcode: product.cprcode, active: !product.active });
      clock.advance(5 * MINUTE);
      const outcomes = [await a.refresh(), await b.refresh()];
      assert.deepEqual(
        outcomes.map((o) => o.action),
        ['built', 'loaded'],
      );
      for (const manager of [a, b]) {
        assert.notEqual(manager.current()!.version, before);
        assert.equal(manager.current()!.get(product.cprcode)!.active, !product.active);
      }
      assert.equal(a.current()!.version, b.current()!.version);

      // Same content re-published (only the grocer version moved): the others take the new manifest.
      await simulator.bumpCatalogVersion();
      clock.advance(5 * MINUTE);
      assert.equal((await b.refresh()).action, 'built');
      assert.equal((await a.refresh()).action, 'loaded');
      assert.equal(a.current()!.version, b.current()!.version);
      assert.equal(a.current()!.manifest.sourceCatalogVersion, (await simulator.catalogVersion()).version);
    });

    test('keeps only the newest published snapshots, and their files stay downloadable', async () => {
      const [a] = managers as [CatalogSnapshots];
      const names: string[] = [];
      for (let i = 0; i < 2; i++) {
        names.push(a.current()!.file('all')!.name);
        await simulator.setProductActive({ cprcode: simulator.allProducts()[100 + i]!.cprcode, active: false });
        clock.advance(5 * MINUTE);
        assert.equal((await a.refresh()).action, 'built');
      }
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog_snapshots');
      assert.equal(rows[0]!.n, 2);
      const { rows: files } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog_snapshot_files');
      assert.equal(files[0]!.n, 6);
      // The snapshot before the current one is kept: a link to its file still works.
      assert.ok(await a.findFile(names.at(-1)!));
      assert.equal(await a.findFile(names[0]!), null);
    });

    test('a published snapshot that cannot be loaded is skipped; the instance builds and repairs it', async () => {
      const latest = (await new SnapshotRepository(db).latest())!;
      await db.query(
        `UPDATE catalog_snapshots SET manifest = jsonb_set(manifest, '{files,2,sha256}', to_jsonb(repeat('0', 64))) WHERE version = $1`,
        [latest.version],
      );
      const lines: string[] = [];
      const grocer = countingGrocer(simulator);
      const c = open('instance-c', grocer, { log: (line) => lines.push(line) });
      const outcome = await c.refresh();
      assert.equal(outcome.action, 'built');
      assert.match(lines.join('\n'), /cannot load published snapshot .* does not match its SHA-256/);
      assert.equal(c.current()!.version, latest.version, 'same content, same version');
      const repaired = (await new SnapshotRepository(db).latest())!;
      assert.equal(repaired.manifest.files[2]!.sha256, c.current()!.file('all')!.sha256);
      assert.ok(repaired.seq > latest.seq);
    });

    test('the build lease is taken atomically, by one holder at a time, until it expires', async () => {
      const repository = new SnapshotRepository(db);
      const now = clock.now();
      const claims = await Promise.all(['x', 'y', 'z'].map((holder) => repository.claimBuild(holder, now, MINUTE)));
      assert.equal(claims.filter(Boolean).length, 1);
      const holder = ['x', 'y', 'z'][claims.indexOf(true)]!;
      const other = holder === 'x' ? 'y' : 'x';
      assert.equal(await repository.claimBuild(holder, now + 1000, MINUTE), true, 'the holder may renew');
      assert.equal(await repository.claimBuild(other, now + 30_000, MINUTE), false);
      assert.equal(
        await repository.claimBuild(other, now + 1000 + MINUTE, MINUTE),
        true,
        'an expired lease can be taken over',
      );
      // A builder that lost its lease does not publish.
      const snapshot = managers[0]!.current()!;
      assert.equal(await repository.publish(holder, snapshot.manifest, snapshot.files, now), null);
      await repository.releaseBuild(other);
      assert.equal(await repository.claimBuild(holder, now, MINUTE), true);
      await repository.releaseBuild(holder);
    });

    test('with publishAfter, a build is served at once and published once that resolves', async () => {
      const other = createGrocerSimulator({ productCount: 300, seed: 99, clock, log: () => {} });
      let publish!: () => void;
      const manager = open('instance-publish-after', other, {
        publishAfter: new Promise<void>((resolve) => (publish = resolve)),
      });
      try {
        const refreshing = manager.refresh({ force: true });
        // It may first adopt what the other instances published; then it builds its grocer's catalog.
        while (manager.current()?.size !== 300) await new Promise((resolve) => setTimeout(resolve, 5));
        const served = manager.current()!;
        assert.notEqual((await new SnapshotRepository(db).latest())?.version, served.version, 'not published yet');
        publish();
        assert.equal((await refreshing).action, 'built');
        assert.equal((await new SnapshotRepository(db).latest())!.version, served.version);
      } finally {
        await manager.stop();
        await other.close();
      }
    });
  });
}
