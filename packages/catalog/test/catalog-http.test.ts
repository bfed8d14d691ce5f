import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { HttpHandler } from '@grocery/core/http';
import { ManualClock } from '@grocery/core/testing';
import { createGrocerSimulator, type GrocerSimulator } from '@grocery/grocer';
import { createNodeListener, listen, type RunningServer } from '@grocery/http-node';
import { tableFromIPC } from 'apache-arrow';
import pl from 'nodejs-polars';
import { createCatalogHandler } from '../src/catalog-handler.ts';
import type { CatalogManifest } from '../src/catalog-snapshot.ts';
import { CatalogSnapshots } from '../src/catalog-snapshots.ts';
import { DOWNLOAD_SECRET, PARTNER_KEY, verifyPartnerKey } from './support/catalog-fixture.ts';

describe('catalog over real HTTP (the project node:http adapter, fetch as the client)', () => {
  let grocer: GrocerSimulator;
  let snapshots: CatalogSnapshots;
  let server: RunningServer;
  let handler: HttpHandler = async () => ({ status: 503, headers: {}, body: null });

  before(async () => {
    const clock = new ManualClock(Date.now());
    grocer = createGrocerSimulator({ productCount: 2500, clock, log: () => {} });
    // Listen first: the public base URL (of download links) is this server's own origin.
    server = await listen(
      {},
      createNodeListener((request) => handler(request), { maxBodyBytes: () => 0 }),
    );
    snapshots = new CatalogSnapshots({ grocer, publicBaseUrl: server.origin, clock });
    handler = createCatalogHandler({
      snapshots,
      verifyPartnerKey,
      publicBaseUrl: server.origin,
      downloadSecret: DOWNLOAD_SECRET,
      clock,
    });
  });
  after(async () => {
    await server.close();
    await snapshots.stop();
    await grocer.close();
  });

  test('answers 503 CATALOG_UNAVAILABLE with Retry-After until the first snapshot is ready', async () => {
    const response = await fetch(`${server.origin}/v1/products`, { headers: { 'x-partner-key': PARTNER_KEY } });
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '5');
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'CATALOG_UNAVAILABLE');
    assert.equal((await snapshots.refresh()).action, 'built');
  });

  test('fetch follows the download redirect to the file; its bytes match the manifest and read in arrow and polars', async () => {
    const manifest = (await (
      await fetch(`${server.origin}/v1/products/manifest`, { headers: { 'x-partner-key': PARTNER_KEY } })
    ).json()) as CatalogManifest;
    const response = await fetch(`${server.origin}/v1/products/download?lang=all`, {
      headers: { 'x-partner-key': PARTNER_KEY },
    });
    assert.equal(response.status, 200);
    assert.ok(response.redirected);
    assert.equal(response.headers.get('content-type'), 'application/vnd.apache.arrow.file');
    const body = new Uint8Array(await response.arrayBuffer());
    const listed = manifest.files.find((file) => file.lang === 'all')!;
    assert.equal(createHash('sha256').update(body).digest('hex'), listed.sha256);
    assert.equal(response.headers.get('x-content-sha256'), listed.sha256);
    assert.equal(tableFromIPC(body).numRows, manifest.rowCount);
    const frame = pl.readIPC(Buffer.from(body));
    assert.equal(frame.height, manifest.rowCount);
    const first = grocer.allProducts().reduce((a, b) => (Number(a.cprcode) < Number(b.cprcode) ? a : b));
    assert.equal(frame.getColumn('name_th').toArray()[0], first.nameTh);
    assert.equal(frame.getColumn('category_l1_th').toArray()[0], first.category.l1Th);
  });

  test('a compressed page decodes to the same records; 304 over the wire', async () => {
    const plain = await fetch(`${server.origin}/v1/products?size=200&lang=th`, {
      headers: { 'x-partner-key': PARTNER_KEY, 'accept-encoding': 'identity' },
    });
    const compressed = await fetch(`${server.origin}/v1/products?size=200&lang=th`, {
      headers: { 'x-partner-key': PARTNER_KEY, 'accept-encoding': 'br, gzip' },
    });
    assert.equal(compressed.headers.get('content-encoding'), 'br');
    assert.deepEqual(await compressed.json(), await plain.json());
    const etag = plain.headers.get('etag')!;
    const again = await fetch(`${server.origin}/v1/products?size=200&lang=th`, {
      headers: { 'x-partner-key': PARTNER_KEY, 'if-none-match': etag },
    });
    assert.equal(again.status, 304);
  });
});
