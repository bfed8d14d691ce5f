import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { HttpResponse } from '@grocery/core/http';
import { tableFromIPC } from 'apache-arrow';
import { parse as parseDisposition } from 'content-disposition';
import pl from 'nodejs-polars';
import { RECORD_FIELDS, toCatalogRecord, type CatalogRecord } from '../src/catalog-record.ts';
import type { CatalogManifest } from '../src/catalog-snapshot.ts';
import { openCatalogFixture, PARTNER_KEY, PUBLIC_BASE_URL, type CatalogFixture } from './support/catalog-fixture.ts';
import { bodyText, OpenApiChecker } from './support/openapi.ts';

interface ProductList {
  items: Partial<CatalogRecord>[];
  page: number;
  size: number;
  total: number;
  version: string;
}

interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

const json = <T>(response: HttpResponse): T => JSON.parse(bodyText(response)) as T;

describe('catalog handler over the grocer simulator', () => {
  let fx: CatalogFixture;
  const openapi = new OpenApiChecker();
  // Every response a test sees is checked against openapi/catalog.yaml.
  let checked = 0;
  const get = async (template: string, pathWithQuery: string, headers?: Record<string, string | undefined>) => {
    const response = await fx.get(pathWithQuery, headers);
    openapi.check('GET', template, response);
    checked++;
    return response;
  };
  const list = (query: string, headers?: Record<string, string | undefined>) =>
    get('/v1/products', `/v1/products${query}`, headers);

  before(async () => {
    fx = await openCatalogFixture(2000);
  });
  after(async () => {
    await fx.close();
    assert.ok(checked > 40, `only ${checked} responses were checked against the OpenAPI document`);
  });

  test('walks the whole catalog with size=200 and gets every cprcode exactly once, in order', async () => {
    const manifest = json<CatalogManifest>(await get('/v1/products/manifest', '/v1/products/manifest'));
    const seen: string[] = [];
    let total: number | undefined;
    for (let page = 1; ; page++) {
      const response = await list(`?size=200&page=${page}`);
      assert.equal(response.status, 200);
      const body = json<ProductList>(response);
      assert.equal(body.version, manifest.version);
      assert.equal(body.size, 200);
      total = body.total;
      for (const item of body.items) seen.push(item.cprcode!);
      if (body.items.length < 200) break;
    }
    const expected = fx.grocer
      .allProducts()
      .map((p) => p.cprcode)
      .sort((a, b) => Number(a) - Number(b));
    assert.equal(total, 2000);
    assert.equal(manifest.rowCount, 2000);
    assert.equal(new Set(seen).size, seen.length, 'no cprcode twice');
    assert.deepEqual(seen, expected);
  });

  test('items are whole records equal to the grocer products, in the language asked for', async () => {
    const grocerProducts = new Map(fx.grocer.allProducts().map((p) => [p.cprcode, p]));
    for (const lang of ['en', 'th'] as const) {
      const body = json<ProductList>(await list(`?size=50&page=7&lang=${lang}`));
      assert.equal(body.items.length, 50);
      for (const item of body.items) {
        assert.deepEqual(Object.keys(item), [...RECORD_FIELDS]);
        assert.deepEqual(item, toCatalogRecord(grocerProducts.get(item.cprcode!)!, lang, PUBLIC_BASE_URL));
        assert.ok(openapi.component('CatalogRecord')(item));
      }
    }
    const th = json<ProductList>(await list('?size=1&lang=th')).items[0]!;
    assert.match(th.name!, /[\u0e00-\u0e7f]/, 'Thai name in a th record');
    assert.equal(th.name, th.name_th);
  });

  test('defaults: page 1, size 50, English', async () => {
    const body = json<ProductList>(await list(''));
    assert.equal(body.page, 1);
    assert.equal(body.size, 50);
    assert.equal(body.items.length, 50);
    assert.equal(body.items[0]!.name, body.items[0]!.name_en);
  });

  test('a page past the end is empty and keeps the real total', async () => {
    const body = json<ProductList>(await list('?size=200&page=999'));
    assert.deepEqual(body.items, []);
    assert.equal(body.total, 2000);
  });

  test('q matches names (en and th), barcode and keywords; every word must match', async () => {
    const product = fx.grocer.allProducts().find((p) => p.barcode && p.keywords.length > 0)!;
    const byBarcode = json<ProductList>(await list(`?q=${product.barcode}`));
    assert.ok(byBarcode.items.some((item) => item.cprcode === product.cprcode));
    const firstWord = product.nameEn.split(' ')[0]!.toUpperCase();
    const byName = json<ProductList>(await list(`?size=200&q=${encodeURIComponent(firstWord)}`));
    assert.ok(byName.total > 0);
    for (const item of byName.items) {
      const text = [item.name_en, item.name_th, item.brand_en, item.brand_th, item.barcode, ...(item.keywords ?? [])]
        .join(' ')
        .toLowerCase();
      assert.ok(text.includes(firstWord.toLowerCase()), `${item.cprcode} matches ${firstWord}`);
    }
    const thaiWord = product.nameTh.split(' ')[0]!;
    const byThai = json<ProductList>(await list(`?size=200&q=${encodeURIComponent(thaiWord)}&lang=th`));
    assert.ok(
      byThai.items.every((item) =>
        [item.name_th, item.brand_th, ...(item.keywords ?? [])].join(' ').includes(thaiWord),
      ),
    );
    const nothing = json<ProductList>(await list(`?q=${encodeURIComponent(`${firstWord} zzqqxx`)}`));
    assert.equal(nothing.total, 0);
  });

  test('category matches any level, in English or Thai or as a grocer code; unknown categories give an empty list', async () => {
    const product = fx.grocer.allProducts()[42]!;
    const all = fx.grocer.allProducts();
    const inL2 = all.filter(
      (p) =>
        p.category.l2 === product.category.l2 ||
        p.category.l1 === product.category.l2 ||
        p.category.l3 === product.category.l2,
    ).length;
    const byEnglish = json<ProductList>(
      await list(`?category=${encodeURIComponent(product.category.l2.toUpperCase())}&size=200`),
    );
    assert.equal(byEnglish.total, inL2);
    const byThai = json<ProductList>(
      await list(`?category=${encodeURIComponent(product.category.l2Th)}&size=200&lang=th`),
    );
    assert.equal(
      byThai.total,
      all.filter((p) => [p.category.l1Th, p.category.l2Th, p.category.l3Th].includes(product.category.l2Th)).length,
    );
    assert.ok(
      byThai.items.every((item) =>
        [item.category_l1, item.category_l2, item.category_l3].includes(product.category.l2Th),
      ),
    );
    const byCode = json<ProductList>(await list(`?category=${product.grocerCategoryCodes[2]}&size=200`));
    assert.equal(
      byCode.total,
      all.filter((p) => p.grocerCategoryCodes.includes(product.grocerCategoryCodes[2])).length,
    );
    assert.ok(byCode.items.every((item) => item.category_code_l3 === product.grocerCategoryCodes[2]));
    const unknown = await list('?category=No%20Such%20Aisle');
    assert.equal(unknown.status, 200);
    assert.deepEqual(json<ProductList>(unknown), {
      items: [],
      page: 1,
      size: 50,
      total: 0,
      version: fx.snapshots.current()!.version,
    });
  });

  test('active filters on pr_active and combines with the other filters', async () => {
    const product = fx.grocer.allProducts()[7]!;
    await fx.grocer.setProductActive({ cprcode: product.cprcode, active: false });
    fx.clock.advance(5 * 60_000);
    assert.equal((await fx.snapshots.refresh()).action, 'built');
    const inactive = json<ProductList>(await list('?active=false&size=200'));
    assert.ok(inactive.items.some((item) => item.cprcode === product.cprcode));
    assert.ok(inactive.items.every((item) => item.pr_active === false));
    const active = json<ProductList>(await list('?active=true&size=200'));
    assert.equal(active.total + inactive.total, 2000);
    assert.ok(active.items.every((item) => item.pr_active === true));
    const combined = json<ProductList>(await list(`?active=false&q=${encodeURIComponent(product.nameEn)}`));
    assert.ok(combined.items.some((item) => item.cprcode === product.cprcode));
    assert.ok(combined.items.every((item) => item.pr_active === false));
    assert.equal(
      json<ProductList>(await list(`?active=true&q=${encodeURIComponent(product.nameEn)}`)).items.some(
        (item) => item.cprcode === product.cprcode,
      ),
      false,
    );
  });

  test('fields trims each item to the named fields, in record order', async () => {
    const body = json<ProductList>(await list('?fields=%20pr_active,ba_nprice%20,cprcode,name&size=20&lang=th'));
    for (const item of body.items) assert.deepEqual(Object.keys(item), ['cprcode', 'name', 'pr_active', 'ba_nprice']);
    const whole = json<ProductList>(await list('?size=20&lang=th'));
    assert.deepEqual(
      body.items.map((i) => i.name),
      whole.items.map((i) => i.name),
    );
    assert.deepEqual(
      body.items.map((i) => i.ba_nprice),
      whole.items.map((i) => i.ba_nprice),
    );
  });

  test('one product by cprcode, in either language; unknown is 404 NOT_FOUND, malformed is 400', async () => {
    const product = fx.grocer.allProducts()[123]!;
    const en = await get('/v1/products/{cprcode}', `/v1/products/${product.cprcode}`);
    assert.equal(en.status, 200);
    assert.deepEqual(json(en), toCatalogRecord(product, 'en', PUBLIC_BASE_URL));
    const th = json<CatalogRecord>(await get('/v1/products/{cprcode}', `/v1/products/${product.cprcode}?lang=th`));
    assert.equal(th.name, product.nameTh);
    const missing = await get('/v1/products/{cprcode}', '/v1/products/999999999999');
    assert.equal(missing.status, 404);
    assert.equal(json<ErrorBody>(missing).error.code, 'NOT_FOUND');
    for (const bad of ['12ab', '1234567890123', '%20']) {
      const response = await get('/v1/products/{cprcode}', `/v1/products/${bad}`);
      assert.equal(response.status, 400, bad);
      assert.deepEqual(json<ErrorBody>(response).error.field, 'cprcode');
      assert.equal(json<ErrorBody>(response).error.code, 'INVALID_CPRCODE');
    }
    const badLang = await get('/v1/products/{cprcode}', `/v1/products/${product.cprcode}?lang=de`);
    assert.equal(badLang.status, 400);
  });

  test('refuses bad input with 400 INVALID_INPUT, a clear message and the field, never a 500', async () => {
    const cases: [string, string, RegExp][] = [
      ['?size=201', 'size', /at most|from 1 to 200/],
      ['?size=0', 'size', /from 1 to 200/],
      ['?page=0', 'page', /from 1/],
      ['?page=abc', 'page', /whole number/],
      ['?size=12.5', 'size', /whole number/],
      ['?size=', 'size', /whole number/],
      ['?lang=fr', 'lang', /en, th/],
      ['?active=maybe', 'active', /true or false/],
      ['?fields=cprcode,price', 'fields', /Unknown field in fields: price/],
      [`?q=${'a'.repeat(201)}`, 'q', /at most 200 characters/],
      ['?size=10&size=20', 'size', /given 2 times/],
      ['?lang=en&lang=th', 'lang', /given 2 times/],
      ['?limit=10', 'limit', /Unknown query parameter "limit"/],
    ];
    for (const [query, field, message] of cases) {
      const response = await list(query);
      assert.equal(response.status, 400, query);
      const { error } = json<ErrorBody>(response);
      assert.equal(error.code, 'INVALID_INPUT', query);
      assert.equal(error.field, field, query);
      assert.match(error.message, message, query);
    }
    const manifestParam = await get('/v1/products/manifest', '/v1/products/manifest?x=1');
    assert.equal(manifestParam.status, 400);
    const downloadLang = await get('/v1/products/download', '/v1/products/download?lang=jp');
    assert.equal(downloadLang.status, 400);
    assert.equal(json<ErrorBody>(downloadLang).error.field, 'lang');
  });

  test('every route but the signed file needs a valid X-Partner-Key (401 PARTNER_KEY_INVALID)', async () => {
    const cprcode = fx.grocer.allProducts()[0]!.cprcode;
    const routes: [string, string][] = [
      ['/v1/products', '/v1/products'],
      ['/v1/products/{cprcode}', `/v1/products/${cprcode}`],
      ['/v1/products/manifest', '/v1/products/manifest'],
      ['/v1/products/download', '/v1/products/download'],
    ];
    for (const [template, path] of routes) {
      for (const headers of [{}, { 'x-partner-key': 'pk_test_unknown' }, { 'x-partner-key': '' }]) {
        const response = await get(template, path, headers);
        assert.equal(response.status, 401, `${path} ${JSON.stringify(headers)}`);
        assert.equal(json<ErrorBody>(response).error.code, 'PARTNER_KEY_INVALID');
      }
    }
    // Authentication comes before validation: a bad parameter without a key is still a 401.
    assert.equal((await list('?size=999', {})).status, 401);
  });

  test('ETag and If-None-Match: 304 while nothing changed; a new query or snapshot gives a new ETag', async () => {
    const first = await list('?size=100&page=2&q=%20&fields=cprcode');
    const etag = first.headers.etag!;
    assert.match(etag, /^W\/".+"$/);
    const again = await list('?size=100&page=2&q=%20&fields=cprcode', {
      'x-partner-key': PARTNER_KEY,
      'if-none-match': etag,
    });
    assert.equal(again.status, 304);
    assert.equal(again.body, null);
    assert.equal(again.headers.etag, etag);
    // The same query written differently shares the ETag.
    const equivalent = await list('?fields=cprcode,cprcode&page=2&size=100', {
      'x-partner-key': PARTNER_KEY,
      'if-none-match': `"x", ${etag}`,
    });
    assert.equal(equivalent.status, 304);
    const other = await list('?size=100&page=3&fields=cprcode', {
      'x-partner-key': PARTNER_KEY,
      'if-none-match': etag,
    });
    assert.equal(other.status, 200);
    assert.notEqual(other.headers.etag, etag);

    const cprcode = fx.grocer.allProducts()[5]!.cprcode;
    const product = await get('/v1/products/{cprcode}', `/v1/products/${cprcode}`);
    assert.equal(
      (
        await get('/v1/products/{cprcode}', `/v1/products/${cprcode}`, {
          'x-partner-key': PARTNER_KEY,
          'if-none-match': product.headers.etag,
        })
      ).status,
      304,
    );
    const manifest = await get('/v1/products/manifest', '/v1/products/manifest');
    assert.equal(
      (
        await get('/v1/products/manifest', '/v1/products/manifest', {
          'x-partner-key': PARTNER_KEY,
          'if-none-match': manifest.headers.etag,
        })
      ).status,
      304,
    );

    await fx.grocer.setProductActive({ cprcode, active: !fx.snapshots.current()!.get(cprcode)!.active });
    fx.clock.advance(5 * 60_000);
    assert.equal((await fx.snapshots.refresh()).action, 'built');
    assert.equal(
      (await list('?size=100&page=2&fields=cprcode', { 'x-partner-key': PARTNER_KEY, 'if-none-match': etag })).status,
      200,
    );
    assert.equal(
      (
        await get('/v1/products/manifest', '/v1/products/manifest', {
          'x-partner-key': PARTNER_KEY,
          'if-none-match': manifest.headers.etag,
        })
      ).status,
      200,
    );
  });

  test('compresses with brotli or gzip as Accept-Encoding allows, with Vary: Accept-Encoding', async () => {
    const plain = await list('?size=200');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    const text = bodyText(plain);
    const cases: [string, string | undefined][] = [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'gzip'],
      ['br;q=1, gzip;q=0.5', 'br'],
      ['gzip;q=0, br;q=0', undefined],
      ['identity', undefined],
      ['*', 'br'],
    ];
    for (const [accept, expected] of cases) {
      const response = await list('?size=200', { 'x-partner-key': PARTNER_KEY, 'accept-encoding': accept });
      assert.equal(response.headers['content-encoding'], expected, accept);
      assert.equal(response.headers.vary, 'Accept-Encoding');
      assert.equal(Number(response.headers['content-length']), (response.body as Uint8Array).byteLength);
      assert.equal(bodyText(response), text, accept);
      if (expected) assert.ok((response.body as Uint8Array).byteLength < text.length / 3, `${accept} compresses`);
    }
    // Small bodies are not worth compressing.
    const tiny = await list('?size=1&fields=cprcode', { 'x-partner-key': PARTNER_KEY, 'accept-encoding': 'gzip' });
    assert.equal(tiny.headers['content-encoding'], undefined);
  });

  test('the manifest lists version, build time, row count, source version and every file with its SHA-256', async () => {
    const response = await get('/v1/products/manifest', '/v1/products/manifest');
    const manifest = json<CatalogManifest>(response);
    const snapshot = fx.snapshots.current()!;
    assert.equal(manifest.version, snapshot.version);
    assert.equal(manifest.rowCount, 2000);
    assert.equal(manifest.recordSchemaVersion, '1');
    assert.equal(manifest.sourceCatalogVersion, (await fx.grocer.catalogVersion()).version);
    assert.equal(manifest.builtAt, new Date(Date.parse(manifest.builtAt)).toISOString());
    assert.deepEqual(
      manifest.files.map((f) => f.lang),
      ['en', 'th', 'all'],
    );
    for (const file of manifest.files) {
      const built = snapshot.file(file.lang)!;
      assert.equal(file.sha256, createHash('sha256').update(built.body).digest('hex'));
      assert.equal(file.bytes, built.body.byteLength);
      assert.equal(file.rows, 2000);
    }
  });

  test('download: 302 to a signed link that serves the Feather file; apache-arrow and polars read it', async () => {
    const manifest = json<CatalogManifest>(await get('/v1/products/manifest', '/v1/products/manifest'));
    const byCprcode = new Map(fx.grocer.allProducts().map((p) => [p.cprcode, p]));
    for (const lang of ['en', 'th', 'all'] as const) {
      const redirect = await get('/v1/products/download', `/v1/products/download?lang=${lang}`);
      assert.equal(redirect.status, 302);
      assert.equal(redirect.headers['cache-control'], 'no-store');
      const location = new URL(redirect.headers.location!);
      assert.equal(location.origin, PUBLIC_BASE_URL);
      assert.match(location.pathname, new RegExp(`^/v1/products/files/catalog-${manifest.version}-${lang}\\.feather$`));
      assert.equal(json<{ url: string }>(redirect).url, location.href);

      // The signed link needs no partner key.
      const file = await get('/v1/products/files/{file}', location.pathname + location.search, {});
      assert.equal(file.status, 200);
      const body = file.body as Uint8Array;
      const listed = manifest.files.find((f) => f.lang === lang)!;
      assert.equal(file.headers['content-type'], 'application/vnd.apache.arrow.file');
      assert.equal(Number(file.headers['content-length']), listed.bytes);
      assert.equal(body.byteLength, listed.bytes);
      const disposition = parseDisposition(file.headers['content-disposition']!);
      assert.equal(disposition.type, 'attachment');
      assert.equal(disposition.parameters.filename, listed.name);
      const sha256 = createHash('sha256').update(body).digest('hex');
      assert.equal(sha256, listed.sha256);
      assert.equal(file.headers['x-content-sha256'], sha256);
      assert.equal(file.headers['repr-digest'], `sha-256=:${Buffer.from(sha256, 'hex').toString('base64')}:`);

      const table = tableFromIPC(body);
      assert.equal(table.numRows, manifest.rowCount);
      const frame = pl.readIPC(Buffer.from(body));
      assert.equal(frame.height, manifest.rowCount);
      const cprcodes = frame.getColumn('cprcode').toArray() as string[];
      const thai = frame.getColumn('name_th').toArray() as string[];
      for (const i of [0, 1, 999, 1999]) assert.equal(thai[i], byCprcode.get(cprcodes[i]!)!.nameTh, 'Thai text intact');
      assert.equal(
        String(table.getChild('name_th')!.get(999)),
        byCprcode.get(String(table.getChild('cprcode')!.get(999)))!.nameTh,
      );
      if (lang === 'th') assert.deepEqual(frame.getColumn('name').toArray(), thai);
    }
  });

  test('expired, tampered and foreign links are refused; old files stay downloadable while kept', async () => {
    const redirect = await get('/v1/products/download', '/v1/products/download?lang=all');
    const location = new URL(redirect.headers.location!);
    const signature = location.searchParams.get('signature')!;
    const tampered = new URL(location);
    tampered.searchParams.set('signature', (signature[0] === '0' ? '1' : '0') + signature.slice(1));
    const refused = await get('/v1/products/files/{file}', tampered.pathname + tampered.search, {});
    assert.equal(refused.status, 403);
    assert.equal(json<ErrorBody>(refused).error.code, 'DOWNLOAD_LINK_INVALID');
    const otherFile = location.pathname.replace('-all.feather', '-en.feather') + location.search;
    assert.equal((await get('/v1/products/files/{file}', otherFile, {})).status, 403);
    const extended = new URL(location);
    extended.searchParams.set('expires', String(Number(location.searchParams.get('expires')) + 3600));
    assert.equal((await get('/v1/products/files/{file}', extended.pathname + extended.search, {})).status, 403);
    assert.equal((await get('/v1/products/files/{file}', location.pathname, {})).status, 403);

    fx.clock.advance(299_000);
    assert.equal((await get('/v1/products/files/{file}', location.pathname + location.search, {})).status, 200);
    fx.clock.advance(1_000);
    const expired = await get('/v1/products/files/{file}', location.pathname + location.search, {});
    assert.equal(expired.status, 410);
    assert.equal(json<ErrorBody>(expired).error.code, 'DOWNLOAD_LINK_EXPIRED');

    // A link signed just before a new snapshot still serves its file.
    const fresh = new URL((await get('/v1/products/download', '/v1/products/download?lang=en')).headers.location!);
    await fx.grocer.setProductActive({ cprcode: fx.grocer.allProducts()[11]!.cprcode, active: false });
    fx.clock.advance(5 * 60_000 - 10_000);
    assert.equal((await fx.snapshots.refresh({ force: true })).action, 'built');
    assert.notEqual(fx.snapshots.current()!.file('en')!.name, fresh.pathname.split('/').at(-1));
    assert.equal((await get('/v1/products/files/{file}', fresh.pathname + fresh.search, {})).status, 200);
  });

  test('HEAD answers headers only; other methods are 405; unknown routes are 404', async () => {
    const head = await fx.handle({
      method: 'HEAD',
      path: '/v1/products',
      query: new URLSearchParams('size=10'),
      headers: { 'x-partner-key': PARTNER_KEY },
      body: new Uint8Array(),
    });
    assert.equal(head.status, 200);
    assert.equal(head.body, null);
    assert.ok(Number(head.headers['content-length']) > 100);
    const post = await fx.handle({
      method: 'POST',
      path: '/v1/products',
      query: new URLSearchParams(),
      headers: { 'x-partner-key': PARTNER_KEY },
      body: new Uint8Array(),
    });
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
    openapi.check('GET', '/v1/products', { ...post });
    assert.equal((await fx.get('/v1/products/12/extra')).status, 404);
    assert.equal((await fx.get('/v1/products/files/nope.feather?expires=1&signature=00')).status, 403);
  });
});
