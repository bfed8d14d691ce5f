import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SandboxPaymentProvider } from '@grocery/core';
import { testDatabaseKinds } from '@grocery/store';
import { loadConfig } from '../apps/api/src/config.ts';
import { startSystem } from '../apps/api/src/system.ts';
import { publicWebhookSender } from './support/live-partner.ts';
import { productionConfig, productionEnv } from './support/production-config.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const CREATE =
  'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId specialComment sandbox paymentLink { url provider } } userErrors { code } } }';

describe('production keys, the production provider and the go-live check', () => {
  let t: TestSystem;
  let partnerId: string;
  let liveKey: string;
  let clientId: string;

  before(async () => {
    t = await startTestSystem({ webhookSender: publicWebhookSender() });
    const created = (
      await t.admin('POST', '/admin/partners', {
        name: 'Live Grocer Co',
        environment: 'production',
        redirectUris: ['https://shop.live.example/callback'],
      })
    ).body as {
      partnerId: string;
      partnerKey: string;
      clientId: string;
    };
    ({ partnerId, partnerKey: liveKey, clientId } = created);
  });
  after(async () => t?.close());

  test('production starts only with a payment provider, and says why', async () => {
    const { config, dataDir } = productionConfig();
    await assert.rejects(
      startSystem({ config }),
      /Production needs a payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    const half = productionEnv(dataDir);
    assert.throws(
      () => loadConfig({ ...half, STRIPE_SECRET_KEY: 'sk_test_abc' }),
      /Stripe settings are incomplete: .*STRIPE_WEBHOOK_SECRET/,
    );
    assert.throws(
      () => loadConfig({ ...half, STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
      /Stripe settings are incomplete: .*STRIPE_SECRET_KEY/,
    );
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }),
      /production needs ADMIN_TOKEN, DOWNLOAD_SECRET, GROCER_WEBHOOK_SECRET, PUBLIC_BASE_URL/,
    );
  });

  test('a production deployment refuses loopback and private webhook targets for every partner, sandbox ones too', async () => {
    const { config, adminToken } = productionConfig();
    // Any PaymentProvider satisfies production's start-up check; this test is about webhooks.
    const system = await startSystem({
      config,
      db: await testDatabaseKinds()[0]!.open(),
      productionPaymentProvider: new SandboxPaymentProvider(),
      grocer: { productCount: 100 },
    });
    try {
      const admin = async (path: string, body: unknown) => {
        const response = await fetch(`${system.api.origin}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return {
          status: response.status,
          body: (await response.json()) as {
            partnerId?: string;
            error?: { code: string; field: string; message: string };
          },
        };
      };
      const sandbox = (
        await admin('/admin/partners', { name: 'Sandbox Partner', environment: 'sandbox', clientId: 'sandbox-client' })
      ).body.partnerId!;
      for (const url of [
        'http://127.0.0.1:9/hooks',
        'https://127.0.0.1/hooks',
        'http://localhost:8080/hooks',
        'https://[::1]/hooks',
        'https://10.0.0.5/hooks',
        'https://192.168.1.20/hooks',
        'https://169.254.169.254/latest',
      ]) {
        const refused = await admin(`/admin/partners/${sandbox}/webhooks`, { url });
        assert.equal(refused.status, 400, url);
        assert.deepEqual([refused.body.error?.code, refused.body.error?.field], ['INVALID_INPUT', 'url'], url);
      }
    } finally {
      await system.close();
    }
  });

  /** Places a one-line order with `partnerKey` for a new shopper. */
  const placeOrder = async (partnerKey: string, comment: string) => {
    const { idToken } = await t.signUpShopper(undefined, clientId);
    const branch = (await t.system.commerce.branches.list())[0]!.branchCode;
    const page = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
      'query($b: ID!) { products(first: 20, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
      { b: branch },
      { partnerKey },
    );
    const cprcode = t.system.commerce.catalog
      .get(page.data!.products.nodes.map((n) => n.cprcode))
      .find((p) => !p.alcohol)!.cprcode;
    const created = await t.graphql<{
      orderCreate: {
        order: {
          orderId: string;
          specialComment: string | null;
          sandbox: boolean;
          paymentLink: { url: string; provider: string };
        };
      };
    }>(
      CREATE,
      { i: { branchCode: branch, lines: [{ cprcode, quantity: 1 }], specialComment: comment } },
      { token: idToken, partnerKey },
    );
    return { idToken, order: created.data!.orderCreate.order };
  };

  test('before go-live a pk_live_ order is a sandbox order: test added, the sandbox provider, no money moves', async () => {
    assert.match(liveKey, /^pk_live_[0-9A-Za-z]{32}$/);
    const { order } = await placeOrder(liveKey, 'Please test the avocados');
    assert.equal(order.sandbox, true);
    assert.equal(order.specialComment, 'Please the avocados test');
    assert.equal(order.paymentLink.provider, 'sandbox');
    const [atGrocer] = await t.system.grocer.orders([order.orderId]);
    assert.equal(atGrocer!.sandbox, true, 'never sent for fulfilment');
    const paid = await fetch(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
    assert.equal(paid.status, 200, 'paid with the sandbox provider');
  });

  test('the go-live check names what is missing until every requirement holds', async () => {
    const first = (await t.admin('GET', `/admin/partners/${partnerId}/go-live`)).body as {
      ready: boolean;
      missing: { check: string }[];
    };
    assert.equal(first.ready, false);
    assert.deepEqual(
      first.missing.map((m) => m.check),
      ['branch_resolution', 'payment_webhook', 'order_webhook'],
    );

    assert.equal((await t.admin('POST', `/admin/partners/${partnerId}/branch-resolution`)).status, 200);
    const refused = await t.admin('POST', `/admin/partners/${partnerId}/webhooks`, { url: 'http://127.0.0.1:9/hooks' });
    assert.equal(refused.status, 400, 'production endpoints must be https on public addresses');
    assert.equal(
      (
        await t.admin('POST', `/admin/partners/${partnerId}/webhooks`, {
          url: 'https://hooks.live.example/payments',
          events: ['payment.paid'],
        })
      ).status,
      201,
    );
    const half = (await t.admin('GET', `/admin/partners/${partnerId}/go-live`)).body as {
      ready: boolean;
      missing: { check: string }[];
    };
    assert.deepEqual(
      half.missing.map((m) => m.check),
      ['order_webhook'],
    );
    const early = await t.admin('POST', `/admin/partners/${partnerId}/go-live`);
    assert.equal(early.status, 409, 'not ready: nothing changes');
    assert.deepEqual(
      (early.body as { missing: { check: string }[] }).missing.map((m) => m.check),
      ['order_webhook'],
    );
    assert.equal(
      (
        await t.admin('POST', `/admin/partners/${partnerId}/webhooks`, {
          url: 'https://hooks.live.example/orders',
          events: ['order.status'],
        })
      ).status,
      201,
    );
    assert.deepEqual((await t.admin('GET', `/admin/partners/${partnerId}/go-live`)).body, {
      partnerId,
      ready: true,
      missing: [],
      live: false,
      liveAt: null,
    });

    const sandbox = (await t.admin('GET', `/admin/partners/${t.system.credentials!.partnerId}/go-live`)).body as {
      missing: { check: string }[];
    };
    assert.ok(
      sandbox.missing.some((m) => m.check === 'production_key'),
      'a sandbox-only partner lacks a production key',
    );
    assert.equal((await t.admin('GET', '/admin/partners/ptn_nope/go-live')).status, 404);
    assert.equal((await t.admin('POST', '/admin/partners/ptn_nope/go-live')).status, 404);
  });

  test('after go-live a pk_live_ order is a production order: no test, sent for fulfilment, the production provider; pk_test_ keys stay sandbox', async () => {
    const live = await t.admin('POST', `/admin/partners/${partnerId}/go-live`);
    assert.equal(live.status, 200);
    const body = live.body as { partnerId: string; live: boolean; liveAt: string };
    assert.equal(body.live, true);
    assert.ok(Math.abs(Date.parse(body.liveAt) - Date.now()) < 120_000);
    assert.deepEqual(
      (await t.admin('POST', `/admin/partners/${partnerId}/go-live`)).body,
      body,
      'going live again changes nothing',
    );
    assert.equal(((await t.admin('GET', `/admin/partners/${partnerId}/go-live`)).body as { live: boolean }).live, true);

    const { idToken, order } = await placeOrder(liveKey, 'Please test the avocados');
    assert.equal(order.sandbox, false);
    assert.equal(order.specialComment, 'Please the avocados', 'the word test never reaches a production order');
    assert.equal(order.paymentLink.provider, 'unconfigured', 'this deployment has no production provider');
    const [atGrocer] = await t.system.grocer.orders([order.orderId]);
    assert.equal(atGrocer!.sandbox, false, 'sent for fulfilment');
    const paid = await fetch(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
    assert.equal(paid.status, 503);
    assert.equal(((await paid.json()) as { error: { code: string } }).error.code, 'PAYMENT_PROVIDER_UNAVAILABLE');
    const read = await t.graphql<{ order: { isPaid: boolean } }>(
      'query($id: ID!) { order(orderId: $id) { isPaid } }',
      { id: order.orderId },
      { token: idToken, partnerKey: liveKey },
    );
    assert.equal(read.data?.order.isPaid, false);

    const testKey = (
      (await t.admin('POST', `/admin/partners/${partnerId}/keys`, { environment: 'sandbox' })).body as {
        partnerKey: string;
      }
    ).partnerKey;
    assert.equal(
      (await placeOrder(testKey, 'test key')).order.sandbox,
      true,
      "a live partner's pk_test_ key still places sandbox orders",
    );
  });
});
