import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import type { Product } from '@grocery/core';
import type { ProductListFilter } from '@grocery/core/ports';
import { tableFromIPC } from 'apache-arrow';
import pl from 'nodejs-polars';
import { RECORD_FIELDS, toCatalogRecord } from '../src/catalog-record.ts';
import type { CatalogSnapshot } from '../src/catalog-snapshot.ts';
import { buildCatalogSnapshot } from '../src/snapshot-builder.ts';
import { readFeatherInfo, readFeatherProducts, readFeatherRecords } from '../src/feather-reader.ts';
import { snapshotCatalogReader } from '../src/snapshot-catalog-reader.ts';
import { fixtureProducts, hostileProducts } from './product-fixtures.ts';

const publicBaseUrl = 'https://api.example.com/';
const build = (products = fixtureProducts()) =>
  buildCatalogSnapshot(products, { publicBaseUrl, source: { version: 'g1', updatedAt: null } });
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('catalog snapshot (fixture products)', () => {
  test('orders products by cprcode numerically and looks them up', async () => {
    const snapshot = await build();
    assert.deepEqual(
      snapshot.products().map((p) => p.cprcode),
      ['99', '100001', '100002', '100010'],
    );
    assert.equal(snapshot.get('100002')?.nameEn, 'Crème Brûlée "Classic" 2x90g');
    assert.equal(snapshot.indexOf('5'), -1);
  });

  test('records equal JSON.stringify of the record, in RECORD_FIELDS order', async () => {
    const snapshot = await build();
    for (let i = 0; i < snapshot.size; i++) {
      for (const lang of ['en', 'th'] as const) {
        const record = toCatalogRecord(snapshot.at(i), lang, 'https://api.example.com');
        assert.equal(decode(snapshot.recordJson(lang, i)), JSON.stringify(record));
        assert.deepEqual(Object.keys(JSON.parse(decode(snapshot.recordJson(lang, i))) as object), [...RECORD_FIELDS]);
      }
    }
    const creme = JSON.parse(decode(snapshot.recordJson('th', snapshot.indexOf('100002'))));
    assert.equal(creme.name, 'ครีมบรูเล่ คลาสสิก');
    assert.equal(creme.brand, 'บ้านขนม');
    assert.equal(creme.image_url, null);
    assert.equal(creme.ba_nprice, null);
    const milk = JSON.parse(decode(snapshot.recordJson('en', snapshot.indexOf('100001'))));
    assert.equal(milk.image_url, 'https://api.example.com/images/products/100001');
    assert.equal(milk.ba_nprice, 52.5);
    assert.equal(milk.category_l3, 'Fresh Milk');
    assert.equal(
      decode(Buffer.concat(snapshot.recordJsonPieces('en', null, 0, 2))),
      `${decode(snapshot.recordJson('en', 0))},${decode(snapshot.recordJson('en', 1))}`,
    );
  });

  test('the version is a content hash: stable for equal content, new when a record changes', async () => {
    const a = await build();
    const b = await build();
    assert.equal(a.version, b.version);
    assert.deepEqual(
      a.files.map((f) => f.sha256),
      b.files.map((f) => f.sha256),
    );
    // The lossless `all` file's hash is the content hash.
    assert.equal(a.version, a.file('all')!.sha256.slice(0, 16));
    const changed = fixtureProducts();
    changed[0]!.active = false;
    assert.notEqual((await build(changed)).version, a.version);
  });

  test('selects by words, any category level in English, Thai or grocer code, and active', async () => {
    const snapshot = await build();
    const cprcodes = (selection: Int32Array | null) =>
      selection ? [...selection].map((i) => snapshot.at(i).cprcode) : 'all';
    assert.equal(cprcodes(snapshot.select({})), 'all');
    assert.deepEqual(cprcodes(snapshot.select({ words: ['milk'] })), ['99', '100001']);
    assert.deepEqual(cprcodes(snapshot.select({ words: ['นม', 'เมจิ'] })), ['100001']);
    assert.deepEqual(cprcodes(snapshot.select({ category: 'fresh milk' })), ['99', '100001']);
    assert.deepEqual(cprcodes(snapshot.select({ category: 'ผลิตภัณฑ์นม' })), ['99', '100001']);
    assert.deepEqual(cprcodes(snapshot.select({ category: '4501' })), ['100010']);
    assert.deepEqual(cprcodes(snapshot.select({ category: 'beer' })), ['100010']);
    assert.deepEqual(cprcodes(snapshot.select({ category: 'no such category' })), []);
    assert.deepEqual(cprcodes(snapshot.select({ active: false })), ['100010']);
    assert.deepEqual(cprcodes(snapshot.select({ category: 'fresh food', words: ['dutch'] })), ['99']);
  });

  test('writes en, th and all Feather files that apache-arrow and polars read, Thai intact', async () => {
    const snapshot = await build();
    assert.deepEqual(
      snapshot.manifest.files.map((f) => f.lang),
      ['en', 'th', 'all'],
    );
    for (const file of snapshot.files) {
      const info = snapshot.manifest.files.find((f) => f.name === file.name)!;
      assert.equal(createHash('sha256').update(file.body).digest('hex'), info.sha256);
      assert.equal(info.bytes, file.body.byteLength);
      assert.equal(file.name, `catalog-${snapshot.version}-${file.lang}.feather`);
      assert.deepEqual(readFeatherInfo(file.body), {
        lang: file.lang,
        recordSchemaVersion: '1',
        publicBaseUrl: 'https://api.example.com',
        rows: 4,
      });

      const table = tableFromIPC(file.body);
      assert.equal(table.numRows, 4);
      const frame = pl.readIPC(Buffer.from(file.body));
      assert.equal(frame.height, 4);
      const typeOf = (name: string) => String(frame.schema[name]);
      assert.match(typeOf('cprcode'), /String|Utf8/);
      assert.match(typeOf('pr_active'), /Bool/);
      assert.match(typeOf('ba_nprice'), /Float64/);
      assert.match(typeOf('keywords'), /List/);
      const thaiColumn = file.lang === 'all' ? 'name_th' : 'name_th';
      assert.deepEqual(frame.getColumn(thaiColumn).toArray(), [
        'นมสดไขมันต่ำ',
        'เมจิ นมพาสเจอร์ไรส์',
        'ครีมบรูเล่ คลาสสิก',
        'เบียร์สิงห์ 620 มล.',
      ]);
      assert.deepEqual(frame.getColumn('ba_nprice').toArray(), [45.25, 52.5, null, 69]);
      assert.deepEqual(frame.getColumn('keywords').toArray()[2], []);
    }
    const th = pl.readIPC(Buffer.from(snapshot.file('th')!.body));
    assert.equal(th.getColumn('name').toArray()[3], 'เบียร์สิงห์ 620 มล.');
    assert.equal(th.getColumn('category_l1').toArray()[3], 'เบียร์ ไวน์ และสุรา');
  });

  test('reads the files back: all into products, en and th into records', async () => {
    const snapshot = await build();
    assert.deepEqual(readFeatherProducts(snapshot.file('all')!.body), snapshot.products());
    for (const lang of ['en', 'th'] as const) {
      assert.deepEqual(
        readFeatherRecords(snapshot.file(lang)!.body),
        snapshot.products().map((p) => toCatalogRecord(p, lang, publicBaseUrl)),
      );
    }
    assert.throws(() => readFeatherProducts(snapshot.file('en')!.body), /needs the "all" file/);
    assert.throws(() => readFeatherRecords(new Uint8Array([1, 2, 3])), /Not an Arrow IPC|Not a catalog download file/);
  });

  test('a snapshot rebuilt from the all file has the same records and reuses the published files', async () => {
    const snapshot = await build();
    const rebuilt = await buildCatalogSnapshot(readFeatherProducts(snapshot.file('all')!.body), {
      publicBaseUrl,
      prebuiltFiles: snapshot.files,
      builtAt: snapshot.builtAt,
    });
    assert.equal(rebuilt.version, snapshot.version);
    assert.equal(rebuilt.file('all')!, snapshot.file('all')!);
    assert.equal(rebuilt.builtAt, snapshot.builtAt);
    for (let i = 0; i < snapshot.size; i++) assert.deepEqual(rebuilt.recordJson('th', i), snapshot.recordJson('th', i));
    // Rebuilt from scratch (no files handed over), the files come out byte for byte the same.
    const fresh = await buildCatalogSnapshot(readFeatherProducts(snapshot.file('all')!.body), { publicBaseUrl });
    assert.deepEqual(
      fresh.files.map((f) => f.sha256),
      snapshot.files.map((f) => f.sha256),
    );
  });

  test('published files written for another public base URL are written anew', async () => {
    const snapshot = await build();
    const lines: string[] = [];
    const elsewhere = await buildCatalogSnapshot(readFeatherProducts(snapshot.file('all')!.body), {
      publicBaseUrl: 'https://other.example.com',
      prebuiltFiles: snapshot.files,
      log: (line) => lines.push(line),
    });
    assert.notEqual(elsewhere.file('all')!, snapshot.file('all')!);
    assert.notEqual(elsewhere.version, snapshot.version);
    assert.match(lines.join('\n'), /link images on https:\/\/api\.example\.com/);
    assert.equal(
      JSON.parse(new TextDecoder().decode(elsewhere.recordJson('en', 1))).image_url,
      'https://other.example.com/images/products/100001',
    );
  });

  test('files written in the build worker and on the building thread are the same bytes, across batches and chunks', async () => {
    const products = hostileProducts(2600);
    const options = { publicBaseUrl, source: { version: 'g1', updatedAt: null }, batchRows: 1000 };
    const [inWorker, here] = await Promise.all([
      buildCatalogSnapshot(products, { ...options, worker: true }),
      buildCatalogSnapshot(products, { ...options, worker: false }),
    ]);
    assert.equal(inWorker.version, here.version);
    assert.deepEqual(inWorker.manifest.files, here.manifest.files);
    for (const file of inWorker.files) assert.equal(createHash('sha256').update(file.body).digest('hex'), file.sha256);
    assert.deepEqual(readFeatherProducts(inWorker.file('all')!.body), inWorker.products());
    for (const words of [['milk'], ['kw3'], ['item', '2599'], ['brand', '5'], ['🥛']]) {
      const found = inWorker.select({ words });
      assert.ok(found && found.length > 0, words.join(' '));
      assert.deepEqual(found, here.select({ words }), words.join(' '));
    }
    assert.deepEqual(
      inWorker.select({ category: 'desserts', active: true }),
      here.select({ category: 'desserts', active: true }),
    );
    for (let i = 0; i < inWorker.size; i += 97) {
      assert.equal(
        decode(inWorker.recordJson('th', i)),
        JSON.stringify(toCatalogRecord(inWorker.at(i), 'th', publicBaseUrl)),
      );
    }
    const other = await buildCatalogSnapshot(products, { ...options, batchRows: 999 });
    assert.notEqual(other.version, here.version, 'the batch layout is part of the bytes, so it is fixed');
  });

  test('products streamed in batches are indexed as they come; out of order, malformed or repeated cprcodes make the build sort them first', async () => {
    const products = hostileProducts(2600);
    const options = { publicBaseUrl, batchRows: 1000 };
    const whole = await buildCatalogSnapshot(products, options);
    async function* batches(list: Product[], size: number): AsyncIterable<Product[]> {
      yield [];
      for (let i = 0; i < list.length; i += size) {
        yield list.slice(i, i + size);
        if (i === size) yield [];
      }
    }
    const same = (built: CatalogSnapshot, label: string) => {
      assert.equal(built.version, whole.version, label);
      assert.deepEqual(built.products(), whole.products(), label);
      assert.deepEqual(built.select({ words: ['kw3'] }), whole.select({ words: ['kw3'] }), label);
      assert.deepEqual(built.select({ words: ['item', '2599'] }), whole.select({ words: ['item', '2599'] }), label);
      assert.deepEqual(
        built.select({ category: 'desserts', active: true }),
        whole.select({ category: 'desserts', active: true }),
        label,
      );
      assert.deepEqual(built.categories(), whole.categories(), label);
    };
    // In order, in uneven batches (empty ones among them), with a product count that is wrong either way.
    for (const productCount of [100, 50_000, undefined]) {
      const streamed = await buildCatalogSnapshot(batches(products, 333), {
        ...options,
        source: { version: 'g1', updatedAt: null, productCount },
      });
      same(streamed, `productCount ${productCount}`);
      // A count far too high reserved too much; the files keep only their own bytes.
      for (const file of streamed.files)
        assert.ok(file.body.buffer.byteLength <= file.body.byteLength * 1.2, `${file.name} holds no large slack`);
    }
    // Out of order only after a record batch went to the file writer: that work is dropped and redone.
    for (const worker of [true, false]) {
      const swapped = [...products];
      [swapped[1700], swapped[1701]] = [swapped[1701]!, swapped[1700]!];
      same(await buildCatalogSnapshot(batches(swapped, 500), { ...options, worker }), `swapped late, worker ${worker}`);
    }
    // Shuffled, with a malformed cprcode and a repeat among them.
    const shuffled = [...products].reverse();
    shuffled.splice(1500, 0, { ...products[7]!, cprcode: '12a' }, { ...products[9]! });
    const lines: string[] = [];
    same(
      await buildCatalogSnapshot(batches(shuffled, 500), { ...options, log: (line) => lines.push(line) }),
      'shuffled',
    );
    assert.deepEqual(lines, [
      'catalog snapshot: skipped 1 products with a malformed cprcode',
      'catalog snapshot: skipped 1 products with a repeated cprcode',
    ]);
    // The shared worker serves the next build after the dropped ones.
    same(await buildCatalogSnapshot(batches(products, 700), { ...options, worker: true }), 'after');
  });

  test('an empty catalog still yields valid, empty files', async () => {
    const snapshot = await build([]);
    assert.equal(snapshot.size, 0);
    assert.equal(tableFromIPC(snapshot.file('all')!.body).numRows, 0);
    assert.equal(pl.readIPC(Buffer.from(snapshot.file('en')!.body)).height, 0);
  });
});

describe('snapshotCatalogReader (fixture products)', () => {
  const filter = (overrides: Partial<ProductListFilter> = {}): ProductListFilter => ({
    query: null,
    l1: null,
    l2: null,
    l3: null,
    alcoholOnly: false,
    activeOnly: false,
    onlineOnly: false,
    ...overrides,
  });

  test('pages with cprcode cursors', async () => {
    const snapshot = await build();
    const reader = snapshotCatalogReader({ current: () => snapshot });
    const first = reader.list(filter(), { after: null, first: 3 });
    assert.deepEqual(
      first.products.map((p) => p.cprcode),
      ['99', '100001', '100002'],
    );
    assert.equal(first.endCursor, '100002');
    assert.equal(first.hasNextPage, true);
    assert.equal(first.totalCount, 4);
    const second = reader.list(filter(), { after: first.endCursor, first: 3 });
    assert.deepEqual(
      second.products.map((p) => p.cprcode),
      ['100010'],
    );
    assert.equal(second.hasNextPage, false);
    // A cursor that is not in the snapshot (a removed product) still continues in order.
    assert.deepEqual(
      reader.list(filter(), { after: '100003', first: 5 }).products.map((p) => p.cprcode),
      ['100010'],
    );
  });

  test('filters like GraphQL ProductFilter', async () => {
    const snapshot = await build();
    const reader = snapshotCatalogReader({ current: () => snapshot });
    const codes = (f: ProductListFilter) => reader.list(f, { after: null, first: 10 }).products.map((p) => p.cprcode);
    assert.deepEqual(codes(filter({ activeOnly: true, onlineOnly: true })), ['99', '100001']);
    assert.deepEqual(codes(filter({ alcoholOnly: true })), ['100010']);
    assert.deepEqual(codes(filter({ l1: 'อาหารสด', l3: 'FRESH MILK' })), ['99', '100001']);
    assert.deepEqual(codes(filter({ l2: 'Fresh Milk' })), []);
    assert.deepEqual(codes(filter({ query: 'Crème' })), ['100002']);
    assert.deepEqual(
      [...reader.scan(filter({ query: 'milk' }), '99')].map((p) => p.cprcode),
      ['100001'],
    );
    assert.deepEqual(
      reader.get(['100010', 'nope', '99']).map((p) => p.cprcode),
      ['100010', '99'],
    );
  });

  test('categories count active online products per top-level category', async () => {
    const snapshot = await build();
    const reader = snapshotCatalogReader({ current: () => snapshot });
    assert.deepEqual(reader.categories(), [{ name: 'Fresh Food', nameTh: 'อาหารสด', count: 2 }]);
    assert.equal(reader.version(), snapshot.version);
  });

  test('answers empty before the first snapshot', () => {
    const reader = snapshotCatalogReader({ current: () => null });
    assert.equal(reader.version(), null);
    assert.deepEqual(reader.list(filter(), { after: null, first: 5 }), {
      products: [],
      endCursor: null,
      hasNextPage: false,
      totalCount: 0,
    });
    assert.deepEqual([...reader.scan(filter(), null)], []);
    assert.deepEqual(reader.categories(), []);
  });
});
