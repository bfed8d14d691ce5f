import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createGrocerServer, createGrocerSimulator, type GrocerSimulator } from '@grocery/grocer';
import type { RunningServer } from '@grocery/http-node';
import { startDatabaseSearch, type SearchService } from '@grocery/app-search';
import { openDatabase, type Db } from '@grocery/store';
import { loadConfig } from '../apps/api/src/config.ts';
import { startSystem, type System } from '../apps/api/src/system.ts';
import { startOtherPool, type OtherPool } from './support/other-pool.ts';
import { awayFromWindowEdge } from './support/rate-window.ts';

const url = process.env.TEST_DATABASE_URL;
const RATE_LIMIT = 150;
const CONTROL_TOKEN = 'control-token-for-tests-0123456789';

/**
 * Two API instances and one search instance on one PostgreSQL database, with a shared grocer
 * over HTTP and an external identity provider, as behind a load balancer.
 */
describe('several instances on one PostgreSQL', { skip: url ? false : 'TEST_DATABASE_URL is not set' }, () => {
  const schema = `multi_${randomBytes(4).toString('hex')}`;
  const dbs: Db[] = [];
  const dirs: string[] = [];
  let simulator: GrocerSimulator;
  let grocer: RunningServer;
  let pool: OtherPool;
  let search: SearchService;
  let a: System;
  let b: System;
  let partnerKey: string;
  let token: string;
  let branchCode: string;
  let cprcodes: string[];
  let receiver: Server;
  const received: { id: string; type: string }[] = [];

  const open = async () => {
    const db = await openDatabase({ url: url!, schema, maxConnections: 5 });
    dbs.push(db);
    return db;
  };

  const instance = async (searchUrl: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'multi-'));
    dirs.push(dir);
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      // Behind a load balancer every instance has the same public URL (links and image URLs alike).
      PUBLIC_BASE_URL: 'https://shop-api.internal.example',
      GROCER_URL: grocer.origin,
      GROCER_CONTROL_TOKEN: CONTROL_TOKEN,
      OIDC_ISSUER: pool.pool.issuer,
      SEARCH_URL: searchUrl,
      SEARCH_EMBEDDED: 'false',
      ADMIN_TOKEN: 'admin-token-shared-by-both-instances',
      DOWNLOAD_SECRET: 'download-secret-shared-by-both-instances-0123456789',
      GROCER_WEBHOOK_SECRET: 'grocer-webhook-secret-shared-by-both-instances',
      RATE_LIMIT_SANDBOX_PER_MIN: String(RATE_LIMIT),
    });
    return startSystem({ config, db: await open() });
  };

  const graphql = async <T>(system: System, query: string, variables: Record<string, unknown> = {}, auth = true) => {
    const response = await fetch(`${system.api.origin}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-partner-key': partnerKey,
        ...(auth ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as { data: T; errors?: unknown[] } };
  };

  const admin = async (system: System, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${system.api.origin}${path}`, {
      method,
      headers: { authorization: 'Bearer admin-token-shared-by-both-instances', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
  };

  before(async () => {
    simulator = createGrocerSimulator({ productCount: 2_000 });
    grocer = await createGrocerServer(simulator, { controlToken: CONTROL_TOKEN });
    pool = await startOtherPool();
    search = await startDatabaseSearch({
      db: await open(),
      port: 0,
      host: '127.0.0.1',
      publicBaseUrl: 'http://127.0.0.1',
      pollMs: 200,
      rateLimits: { partnerPerMinute: { sandbox: RATE_LIMIT, production: RATE_LIMIT }, shopperMutationsPerMinute: 10 },
    });
    a = await instance(search.origin);
    b = await instance(search.origin);

    const client = await pool.pool.createAppClient({ name: 'multi', redirectUris: [] });
    const created = await admin(a, 'POST', '/admin/partners', {
      name: 'Multi Instance Partner',
      environment: 'sandbox',
      clientId: client.clientId,
    });
    partnerKey = created.body.partnerKey as string;
    token = await pool.signIn(client.clientId, `multi.${process.pid}@example.com`);
    branchCode = (await a.commerce.branches.list()).find((x) => x.alcoholLicensed)!.branchCode;
    const page = await graphql<{ products: { nodes: { cprcode: string }[] } }>(
      b,
      'query($b: ID!) { products(first: 20, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
      { b: branchCode },
      false,
    );
    cprcodes = b.commerce.catalog
      .get(page.body.data.products.nodes.map((n) => n.cprcode))
      .filter((p) => !p.alcohol)
      .map((p) => p.cprcode);

    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const event = JSON.parse(body) as { id: string; type: string };
        received.push({ id: event.id, type: event.type });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const registered = await admin(b, 'POST', `/admin/partners/${String(created.body.partnerId)}/webhooks`, {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    });
    assert.equal(registered.status, 201);
  });

  after(async () => {
    await a?.close();
    await b?.close();
    await search?.close();
    await grocer?.close();
    await simulator?.close();
    await pool?.close();
    receiver?.close();
    await dbs[0]?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    for (const db of dbs) await db.close().catch(() => {});
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('the catalog snapshot is built once and every instance serves the same version', async () => {
    const builds = await dbs[0]!.query<{ n: number }>(
      'SELECT count(DISTINCT version)::int AS n FROM catalog_snapshots',
    );
    assert.equal(builds.rows[0]!.n, 1);
    assert.equal(a.catalog.current()!.version, b.catalog.current()!.version);
    // Indexing takes a moment, longer on a busy machine: wait up to 30 s.
    for (let i = 0; i < 300 && !search.current(); i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(
      search.current()?.snapshotVersion,
      a.catalog.current()!.version,
      'the search instance indexed the published snapshot',
    );
  });

  test('baskets and orders are the same through either instance; search works through both', async () => {
    const add =
      'mutation($i: BasketAddInput!) { basketAdd(input: $i) { basket { lines { cprcode quantity } } userErrors { code } } }';
    await graphql(a, add, { i: { cprcode: cprcodes[0], quantity: 2, branchCode } });
    await graphql(b, add, { i: { cprcode: cprcodes[0], quantity: 1 } });
    const seenByA = await graphql<{ basket: { lines: { cprcode: string; quantity: number }[] } }>(
      a,
      '{ basket { lines { cprcode quantity } } }',
    );
    assert.deepEqual(seenByA.body.data.basket.lines, [{ cprcode: cprcodes[0], quantity: 3 }]);
    const created = await graphql<{ orderCreate: { order: { orderId: string } } }>(
      b,
      'mutation { orderCreate { order { orderId } userErrors { code } } }',
    );
    const orderId = created.body.data.orderCreate.order.orderId;
    const viaA = await graphql<{ order: { orderId: string; lines: { quantity: number }[] } }>(
      a,
      'query($id: ID!) { order(orderId: $id) { orderId lines { quantity } } }',
      {
        id: orderId,
      },
    );
    assert.equal(viaA.body.data.order.orderId, orderId);
    const listA = await graphql<{ orders: { nodes: { orderId: string }[] } }>(
      a,
      '{ orders(first: 10) { nodes { orderId } } }',
    );
    const listB = await graphql<{ orders: { nodes: { orderId: string }[] } }>(
      b,
      '{ orders(first: 10) { nodes { orderId } } }',
    );
    assert.deepEqual(listA.body.data, listB.body.data);
    const hits = await graphql<{ search: { cprcode: string }[] }>(
      b,
      '{ search(query: "milk", limit: 5) { cprcode } }',
      {},
      false,
    );
    assert.ok(hits.body.data.search.length > 0);
  });

  test('10 orders × 20 concurrent payments through both instances (and through one): one charge at the provider per order, one payment, one webhook each', async () => {
    const fields = Array.from(
      { length: 10 },
      (_, i) => `o${i}: orderCreate(input: $i) { order { orderId paymentLink { url } } userErrors { code } }`,
    ).join(' ');
    const created = await graphql<Record<string, { order: { orderId: string; paymentLink: { url: string } } }>>(
      a,
      `mutation($i: OrderCreateInput) { ${fields} }`,
      {
        i: { branchCode, lines: [{ cprcode: cprcodes[1], quantity: 1 }] },
      },
    );
    const orders = Object.values(created.body.data).map((payload) => payload.order);
    assert.equal(orders.length, 10, JSON.stringify(created.body.errors));
    for (const [index, { orderId, paymentLink }] of orders.entries()) {
      const path = new URL(paymentLink.url).pathname;
      // The first five orders race across both instances, the others on one instance alone.
      const via = (i: number) => (index < 5 && i % 2 ? b : a);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${via(i).api.origin}${path}`, { method: 'POST', headers: { accept: 'application/json' } }),
        ),
      );
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as { error?: { code: string } }[];
      assert.equal(answers.filter((r) => r.status === 200).length, 1, orderId);
      const refused = bodies.filter((body, i) => answers[i]!.status === 409).map((body) => body.error?.code);
      assert.equal(refused.length, 19);
      assert.ok(
        refused.every((code) => code === 'ALREADY_PAID' || code === 'PAYMENT_IN_PROGRESS'),
        refused.join(', '),
      );
      // Each attempt reaches the sandbox provider's charge once: one attempt is one charge.
      const charges = await dbs[0]!.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = $1',
        [orderId],
      );
      assert.equal(charges.rows[0]!.n, 1, `one charge at the provider for ${orderId}`);
      const payments = await dbs[0]!.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payments WHERE order_id = $1',
        [orderId],
      );
      assert.equal(payments.rows[0]!.n, 1);
    }
    const refunds = await dbs[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_refunds');
    assert.equal(refunds.rows[0]!.n, 0, 'nothing charged twice, nothing to refund');

    const paidIds = new Set(orders.map((o) => o.orderId));
    for (let i = 0; i < 100 && received.filter((e) => e.type === 'payment.paid').length < paidIds.size; i++)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_500));
    assert.equal(
      received.filter((e) => e.type === 'payment.paid').length,
      paidIds.size,
      'both dispatchers run; each event reached the partner once',
    );
    assert.equal(new Set(received.map((e) => e.id)).size, received.length, 'no event was delivered twice');
  });

  test('rate limits are shared: both instances and the search instance spend one budget', async () => {
    const created = await admin(a, 'POST', '/admin/partners', {
      name: 'Rate Partner',
      environment: 'sandbox',
      clientId: (await pool.pool.createAppClient({ name: 'r', redirectUris: [] })).clientId,
    });
    const key = created.body.partnerKey as string;
    await awayFromWindowEdge();
    const targets = [
      `${a.api.origin}/v1/products?size=1`,
      `${b.api.origin}/v1/products?size=1`,
      `${search.origin}/v1/search?q=rice&lang=en`,
    ];
    let allowed = 0;
    const per = [0, 0, 0];
    for (let i = 0; i < RATE_LIMIT + 60; i++) {
      const response = await fetch(targets[i % 3]!, { headers: { 'x-partner-key': key } });
      if (response.status === 200) {
        allowed++;
        per[i % 3]!++;
      } else assert.equal(response.status, 429);
    }
    assert.ok(
      per.every((n) => n > 0),
      `every instance served some: ${per.join(', ')}`,
    );
    assert.ok(allowed <= RATE_LIMIT, `${allowed} allowed of ${RATE_LIMIT}`);
    assert.ok(
      allowed >= RATE_LIMIT - 3 * Math.floor(RATE_LIMIT / 20),
      `${allowed} allowed: only unspent leases are lost`,
    );
  });
});
