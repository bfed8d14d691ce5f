/**
 * The API as a child process for the fault-injection suite, on PGlite and PostgreSQL: it starts
 * against the grocer run as its own process behind the fault proxy, answers GraphQL through both,
 * places an order, and after kill -9 in the middle of writes starts again on the same data with
 * every acknowledged write kept. On PostgreSQL, two of them share one schema.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GrocerGateway } from '@grocery/core/ports';
import { createPostgresSchema, startApiProcess, type ApiProcess } from './support/api-process.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { startGrocerProcess, type GrocerProcess } from './support/grocer-process.ts';

const postgres = process.env.TEST_DATABASE_URL;

describe('API child process behind the fault proxy, with the grocer as its own process', () => {
  let grocer: GrocerProcess;
  let proxy: FaultProxy;
  let direct: GrocerGateway;
  let branchCode: string;

  before(async () => {
    grocer = await startGrocerProcess({ productCount: 500 });
    proxy = await startFaultProxy(grocer.origin);
    direct = grocer.client();
    branchCode = (await direct.branches())[0]!.branchCode;
  });

  /** Places a one-line order for `token` through `api` (partner key of `partnerKey`, default its own). */
  const placeOrder = async (api: ApiProcess, token: string, cprcode: string, partnerKey?: string) => {
    const created = await api.graphql<{ orderCreate: { order: { orderId: string } | null; userErrors: unknown[] } }>(
      'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId } userErrors { code message } } }',
      { i: { branchCode, lines: [{ cprcode, quantity: 1 }] } },
      { token, ...(partnerKey ? { partnerKey } : {}) },
    );
    assert.deepEqual(created.data?.orderCreate.userErrors, [], JSON.stringify(created.errors));
    return created.data!.orderCreate.order!.orderId;
  };
  const readOrder = async (api: ApiProcess, token: string, orderId: string, partnerKey?: string) => {
    const order = await api.graphql<{ order: { orderId: string } | null }>(
      'query($id: ID!) { order(orderId: $id) { orderId } }',
      { id: orderId },
      { token, ...(partnerKey ? { partnerKey } : {}) },
    );
    return order.data?.order?.orderId ?? JSON.stringify(order.errors);
  };
  after(async () => {
    await proxy?.close();
    await grocer?.close();
  });

  for (const database of ['pglite', 'postgres'] as const) {
    describe(
      `on ${database}`,
      { skip: database === 'postgres' && !postgres ? 'TEST_DATABASE_URL is not set' : false },
      () => {
        let api: ApiProcess;
        let token: string;
        let orderId: string;
        let cprcode: string;

        after(async () => {
          await api?.close();
        });

        test('starts, answers GraphQL through the proxy to the grocer process, and places an order there', async (t) => {
          const since = Date.now();
          api = await startApiProcess({ grocerUrl: proxy.origin, database });
          t.diagnostic(`${database}: start to ready ${Math.round(api.startMs)} ms`);
          assert.match(api.origin, /^http:\/\/127\.0\.0\.1:\d+$/);

          const page = await api.graphql<{ products: { nodes: { cprcode: string; price: { amount: number } }[] } }>(
            'query($b: ID!) { products(first: 30, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode price { amount } } } }',
            { b: branchCode },
          );
          assert.equal(page.status, 200, JSON.stringify(page.errors));
          assert.ok(page.data!.products.nodes.every((n) => n.price.amount > 0));
          assert.ok(
            proxy.calls({ method: 'POST', path: `/v1/branches/${branchCode}/prices`, since }).length > 0,
            'prices came from the grocer through the proxy',
          );

          cprcode = (await direct.products(page.data!.products.nodes.map((n) => n.cprcode))).find(
            (p) => p.active && p.online && !p.alcohol,
          )!.cprcode;
          token = (await api.signUpShopper()).idToken;
          orderId = await placeOrder(api, token, cprcode);
          assert.equal((await direct.orders([orderId])).length, 1, 'the grocer process has the order');
          const sent = proxy
            .calls({ method: 'POST', path: '/v1/orders', since })
            .filter((call) => (JSON.parse(call.body.toString('utf8')) as { orderId: string }).orderId === orderId);
          assert.equal(sent.length, 1);
        });

        test('kill -9 in the middle of writes, then a restart on the same data: every acknowledged write is there', async (t) => {
          const acknowledged: string[] = [];
          let stop = false;
          const writer = async (n: number) => {
            for (let i = 0; !stop; i++) {
              const created = await api
                .admin('POST', '/admin/partners', { name: `Crash ${n} ${i}`, environment: 'sandbox' })
                .catch(() => null);
              if (created?.status === 201) acknowledged.push((created.body as { partnerId: string }).partnerId);
            }
          };
          const writers = [1, 2, 3].map(writer);
          // Writes are under way once a few are acknowledged; a writer that fails ends the test at once.
          const deadline = Date.now() + 60_000;
          await Promise.race([
            Promise.all(writers),
            (async () => {
              while (acknowledged.length < 5) {
                assert.ok(
                  api.running && Date.now() < deadline,
                  `only ${acknowledged.length} writes acknowledged; the API's output:\n${api.output()}`,
                );
                await new Promise((resolve) => setTimeout(resolve, 10));
              }
            })(),
          ]);
          const exit = await api.kill();
          stop = true;
          await Promise.all(writers);
          assert.equal(exit.signal, 'SIGKILL');
          assert.equal(api.running, false);

          const origin = api.origin;
          await api.restart();
          t.diagnostic(`${database}: restart after kill -9 to ready ${Math.round(api.startMs)} ms`);
          assert.equal(api.origin, origin, 'the same port, so links and the token issuer stay the same');

          const listed = await api.admin('GET', '/admin/partners');
          assert.equal(listed.status, 200);
          const ids = new Set((listed.body as { partners: { partnerId: string }[] }).partners.map((p) => p.partnerId));
          assert.deepEqual(
            acknowledged.filter((id) => !ids.has(id)),
            [],
            'no acknowledged partner lost',
          );

          // The shopper signed in before the kill is still known, and so is the order.
          assert.equal(await readOrder(api, token, orderId), orderId);
        });

        if (database === 'postgres') {
          test("two API processes on one schema share every write; the second trusts the first one's identity provider", async () => {
            const shared = await createPostgresSchema(postgres!);
            const a = await startApiProcess({ grocerUrl: proxy.origin, database: { url: shared.url } });
            let b: ApiProcess | undefined;
            try {
              b = await startApiProcess({
                grocerUrl: proxy.origin,
                database: { url: shared.url },
                env: { OIDC_ISSUER: `${a.origin}/idp` },
              });
              const shopper = (await a.signUpShopper()).idToken;
              const viaA = await placeOrder(a, shopper, cprcode);
              const viaB = await placeOrder(b, shopper, cprcode, a.credentials.partnerKey);
              assert.equal(await readOrder(b, shopper, viaA, a.credentials.partnerKey), viaA);
              assert.equal(await readOrder(a, shopper, viaB), viaB);
            } finally {
              await b?.close();
              await a.close();
              await shared.drop();
            }
          });
        }
      },
    );
  }
});
