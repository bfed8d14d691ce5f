/**
 * Faults the way they happen, on PGlite and PostgreSQL: the grocer runs as its own process behind a
 * proxy that delays, fails or resets chosen calls of the checkout; the API runs as a child process
 * that is killed with SIGKILL between steps and started again; on PostgreSQL two instances race
 * their recovery workers. Timeouts and windows are configuration, set short here.
 *
 * After every scenario: every grocer order the service asked for is known to the service or
 * cancelled at the grocer, one request placed at most one live order, a paid order holds one
 * payment at the grocer, `payment.paid` reached the partner once, and reconciliation is empty.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { GrocerGateway } from '@grocery/core/ports';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { startGrocerProcess, type GrocerProcess } from './support/grocer-process.ts';

const postgres = process.env.TEST_DATABASE_URL;
const TIMEOUT_MS = 1_500;
/** Longer than the HTTP grocer client's timeout: the answer comes after the client gave up. */
const LATE_MS = TIMEOUT_MS + 1_000;
const SETTINGS = {
  GROCER_TIMEOUT_MS: String(TIMEOUT_MS),
  GROCER_RETRIES: '1',
  CHECKOUT_REQUEST_WINDOW_MS: '5000',
  RECOVERY_DELAYS_MS: '500,1000',
  RECOVERY_IDLE_MS: '200',
  RECONCILE_INTERVAL_MS: '0',
};

const ORDER_CREATE =
  'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId isPaid paymentLink { url } } userErrors { code message } } }';

interface Created {
  orderId: string | null;
  url: string | null;
  code: string | null;
}

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('faults at every grocer call of the checkout, crashes between steps', () => {
  let grocer: GrocerProcess;
  let proxy: FaultProxy;
  let direct: GrocerGateway;
  let branchCode: string;
  let receiver: Server;
  let receiverUrl: string;
  const received: { id: string; type: string; orderId: string }[] = [];

  before(async () => {
    grocer = await startGrocerProcess({ productCount: 500 });
    proxy = await startFaultProxy(grocer.origin);
    direct = grocer.client();
    branchCode = (await direct.branches())[0]!.branchCode;
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          id: string;
          type: string;
          orderId: string;
        };
        received.push({ id: body.id, type: body.type, orderId: body.orderId });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
  });
  after(async () => {
    await proxy?.close();
    await grocer?.close();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  for (const database of ['pglite', 'postgres'] as const) {
    describe(
      `on ${database}`,
      { skip: database === 'postgres' && !postgres ? 'TEST_DATABASE_URL is not set' : false },
      () => {
        let api: ApiProcess;
        let token: string;
        let lines: { cprcode: string; quantity: number }[];
        let keys = 0;

        /** Places an order, with an idempotency key when given. */
        const create = async (key: string | null = null, through: ApiProcess = api): Promise<Created> => {
          const result = await through.graphql<{
            orderCreate: {
              order: { orderId: string; paymentLink: { url: string } | null } | null;
              userErrors: { code: string }[];
            };
          }>(
            ORDER_CREATE,
            { i: { branchCode, lines } },
            // Every instance serves the same partner (the first instance's), as behind a load balancer.
            { token, partnerKey: api.credentials.partnerKey, ...(key ? { headers: { 'idempotency-key': key } } : {}) },
          );
          assert.equal(result.status, 200, JSON.stringify(result.errors));
          const payload = result.data!.orderCreate;
          return {
            orderId: payload.order?.orderId ?? null,
            url: payload.order?.paymentLink?.url ?? null,
            code: payload.userErrors[0]?.code ?? null,
          };
        };
        /** The ids the service sent to the grocer's POST /v1/orders since `since`. */
        const sentOrderIds = (since: number) => [
          ...new Set(
            proxy
              .calls({ method: 'POST', path: '/v1/orders', since })
              .map((call) => (JSON.parse(call.body.toString('utf8')) as { orderId: string }).orderId),
          ),
        ];
        const pay = async (url: string, through: ApiProcess = api) => {
          const response = await fetch(`${through.origin}${new URL(url).pathname}`, {
            method: 'POST',
            headers: { accept: 'application/json' },
          });
          return {
            status: response.status,
            body: (await response.json()) as { state?: string; error?: { code: string; message: string } },
          };
        };
        const shopperOrders = async (through: ApiProcess = api) =>
          (
            await through.graphql<{ orders: { nodes: { orderId: string; isPaid: boolean }[] } }>(
              '{ orders(first: 100) { nodes { orderId isPaid } } }',
              {},
              { token, partnerKey: api.credentials.partnerKey },
            )
          ).data?.orders.nodes ?? [];
        const paidEvents = (orderId: string) =>
          new Set(received.filter((e) => e.type === 'payment.paid' && e.orderId === orderId).map((e) => e.id)).size;

        /** The invariants every scenario ends with. */
        const invariants = async (orderIds: readonly string[], options: { paid?: readonly string[] } = {}) => {
          const known = new Set((await shopperOrders()).map((o) => o.orderId));
          const atGrocer = await direct.orders(orderIds);
          for (const order of atGrocer) {
            assert.ok(
              known.has(order.orderId) || order.status === 'CANCELLED',
              `grocer order ${order.orderId} is known to the service or cancelled (${order.status})`,
            );
          }
          for (const orderId of options.paid ?? []) {
            const [order] = await direct.orders([orderId]);
            assert.equal(order?.payment.isPaid, true, `${orderId} is paid at the grocer`);
            assert.ok(order?.payment.paymentId, 'with one payment, by the service');
            await until(`payment.paid of ${orderId}`, async () => paidEvents(orderId) > 0);
            assert.equal(paidEvents(orderId), 1, 'payment.paid is one event');
          }
          const report = await until(
            'an empty reconciliation report',
            async () => {
              const answer = await api.admin('GET', '/admin/reconciliation');
              assert.equal(answer.status, 200);
              const body = answer.body as { mismatches: unknown[] };
              return body.mismatches.length === 0 ? body : null;
            },
            30_000,
          );
          assert.deepEqual(report.mismatches, []);
        };

        before(async () => {
          api = await startApiProcess({ grocerUrl: proxy.origin, database, env: SETTINGS });
          token = (await api.signUpShopper()).idToken;
          const page = await api.graphql<{ products: { nodes: { cprcode: string }[] } }>(
            'query($b: ID!) { products(first: 40, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
            {
              b: branchCode,
            },
          );
          const product = (await direct.products(page.data!.products.nodes.map((n) => n.cprcode))).find(
            (p) => p.active && p.online && !p.alcohol,
          )!;
          lines = [{ cprcode: product.cprcode, quantity: 1 }];
          const partnerId = ((await api.admin('GET', '/admin/partners')).body as { partners: { partnerId: string }[] })
            .partners[0]!.partnerId;
          const endpoint = await api.admin('POST', `/admin/partners/${partnerId}/webhooks`, {
            url: receiverUrl,
            events: ['payment.paid'],
          });
          assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
        });
        after(async () => {
          proxy.clear();
          await api?.close();
        });

        test('createOrder answered after the client gave up (delay beyond the timeout): the order is looked up and adopted, one order at the grocer', async () => {
          const since = Date.now();
          proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'delayResponse', ms: LATE_MS, times: 2 });
          const created = await create();
          assert.equal(created.code, null);
          assert.deepEqual(sentOrderIds(since), [created.orderId], 'every try carried the same order id');
          await invariants([created.orderId!]);
        });

        test('createOrder answered with a 502 after the grocer created it: adopted', async () => {
          const since = Date.now();
          proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'statusAfter', status: 502, times: 2 });
          const created = await create();
          assert.equal(created.code, null);
          assert.deepEqual(sentOrderIds(since), [created.orderId]);
          await invariants([created.orderId!]);
        });

        test('createOrder reset before the grocer saw it: not placed, the id cancelled at the grocer; a retry with the same key places one order', async () => {
          const since = Date.now();
          const key = `fault-${database}-${++keys}`;
          proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'reset', times: 2 });
          const refused = await create(key);
          assert.equal(refused.code, 'GROCER_UNAVAILABLE');
          const [given] = sentOrderIds(since);
          assert.ok(given);
          assert.ok(
            proxy.calls({ method: 'POST', path: `/v1/orders/${given}/cancel`, since }).length > 0,
            'the given-up id is cancelled at the grocer',
          );
          assert.deepEqual(await direct.orders([given]), []);
          const retried = await create(key);
          assert.equal(retried.code, null);
          assert.notEqual(retried.orderId, given);
          await invariants([given, retried.orderId!]);
        });

        test('createOrder reset after the grocer created it and the look-up failing too: ORDER_PENDING, then the recovery worker adopts it and a retry with the key replays it', async () => {
          const since = Date.now();
          const key = `fault-${database}-${++keys}`;
          proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'resetAfter', times: 2 });
          // Unlimited while the step runs: the background poller looks orders up too.
          const lookups = proxy.addRule({
            method: 'POST',
            path: '/v1/orders/lookup',
            kind: 'status',
            status: 503,
            times: Infinity,
          });
          const first = await create(key);
          lookups.remove();
          assert.equal(first.code, 'ORDER_PENDING');
          const [orderId] = sentOrderIds(since);
          await until('the recovery worker to adopt the order', async () =>
            (await shopperOrders()).some((o) => o.orderId === orderId),
          );
          const replay = await create(key);
          assert.equal(replay.orderId, orderId);
          await invariants([orderId!]);
        });

        test('calculate failing with 503 before a payment: nothing is taken; paying again works', async () => {
          const created = await create();
          proxy.addRule({ method: 'POST', path: '/v1/calculate', kind: 'status', status: 503, times: 2 });
          const refused = await pay(created.url!);
          assert.equal(refused.status, 503);
          assert.equal(refused.body.error?.code, 'GROCER_UNAVAILABLE');
          assert.equal((await direct.orders([created.orderId!]))[0]?.payment.isPaid, false);
          const paid = await pay(created.url!);
          assert.equal(paid.status, 200, JSON.stringify(paid.body));
          await invariants([created.orderId!], { paid: [created.orderId!] });
        });

        test('recordPayment answered after the client gave up: the grocer is asked, the order is paid once with one event', async () => {
          const created = await create();
          const since = Date.now();
          proxy.addRule({
            method: 'POST',
            path: `/v1/orders/${created.orderId}/payments`,
            kind: 'delayResponse',
            ms: LATE_MS,
            times: 2,
          });
          const paid = await pay(created.url!);
          assert.equal(paid.status, 200, JSON.stringify(paid.body));
          const recorded = new Set(
            proxy
              .calls({ method: 'POST', path: `/v1/orders/${created.orderId}/payments`, since })
              .map((c) => (JSON.parse(c.body.toString('utf8')) as { paymentId: string }).paymentId),
          );
          assert.equal(recorded.size, 1, 'every try carried the same payment id');
          await invariants([created.orderId!], { paid: [created.orderId!] });
        });

        test('recordPayment failing with 503 and the look-up too: 202 pending, no second charge, then the recovery worker records it once', async () => {
          const created = await create();
          proxy.addRule({
            method: 'POST',
            path: `/v1/orders/${created.orderId}/payments`,
            kind: 'status',
            status: 503,
            times: 2,
          });
          const lookups = proxy.addRule({
            method: 'POST',
            path: '/v1/orders/lookup',
            kind: 'status',
            status: 503,
            times: Infinity,
          });
          const pending = await pay(created.url!);
          lookups.remove();
          assert.equal(pending.status, 202, JSON.stringify(pending.body));
          assert.equal(pending.body.state, 'pending');
          const view = (await (await fetch(`${api.origin}${new URL(created.url!).pathname}/checkout.json`)).json()) as {
            state: string;
          };
          assert.ok(['pending', 'paid'].includes(view.state), view.state);
          await until(
            'the order to turn paid',
            async () => (await shopperOrders()).find((o) => o.orderId === created.orderId)?.isPaid,
          );
          await invariants([created.orderId!], { paid: [created.orderId!] });
        });

        test('kill -9 while the grocer records a payment, then a restart: the recovery worker settles it, paid once', async () => {
          const created = await create();
          const held = proxy.addRule({
            method: 'POST',
            path: `/v1/orders/${created.orderId}/payments`,
            kind: 'hold',
            forward: true,
          });
          const paying = pay(created.url!).catch(() => null);
          await held.reached;
          await api.kill('SIGKILL');
          held.release();
          await paying;
          await api.restart();
          await until(
            'the order to turn paid after the restart',
            async () => (await shopperOrders()).find((o) => o.orderId === created.orderId)?.isPaid,
          );
          await invariants([created.orderId!], { paid: [created.orderId!] });
        });

        test('kill -9 while the grocer creates an order, then a restart: the recovery worker adopts it', async () => {
          const since = Date.now();
          const held = proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'hold', forward: true });
          const creating = create().catch(() => null);
          await held.reached;
          await api.kill('SIGKILL');
          held.release();
          await creating;
          const [orderId] = sentOrderIds(since);
          await api.restart();
          await until('the shopper to see the order after the restart', async () =>
            (await shopperOrders()).some((o) => o.orderId === orderId),
          );
          await invariants([orderId!]);
        });

        test(
          'two instances race their recovery workers over stuck orders and payments: each is settled once',
          { skip: database === 'pglite' ? 'one PGlite database is one process' : false },
          async () => {
            const since = Date.now();
            const other = await startApiProcess({
              grocerUrl: proxy.origin,
              database: { url: api.databaseUrl! },
              env: { ...SETTINGS, OIDC_ISSUER: `${api.origin}/idp`, ADMIN_TOKEN: api.credentials.adminToken },
            });
            try {
              proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'resetAfter', times: 6 });
              proxy.addRule({
                method: 'POST',
                path: '/v1/orders/lookup',
                kind: 'status',
                status: 503,
                times: Infinity,
              });
              const stuck = [await create(null, api), await create(null, other), await create(null, api)];
              assert.deepEqual(
                stuck.map((s) => s.code),
                ['ORDER_PENDING', 'ORDER_PENDING', 'ORDER_PENDING'],
              );
              proxy.clear();
              const payable = [await create(null, api), await create(null, other)];
              for (const [i, created] of payable.entries()) {
                proxy.addRule({
                  method: 'POST',
                  path: `/v1/orders/${created.orderId}/payments`,
                  kind: 'statusAfter',
                  status: 503,
                  times: 2,
                });
                const lookups = proxy.addRule({
                  method: 'POST',
                  path: '/v1/orders/lookup',
                  kind: 'status',
                  status: 503,
                  times: Infinity,
                });
                assert.equal((await pay(created.url!, i % 2 ? other : api)).status, 202);
                lookups.remove();
              }
              proxy.clear();
              const stuckIds = sentOrderIds(since).filter((id) => !payable.some((p) => p.orderId === id));
              await until('both instances to settle everything', async () => {
                const orders = await shopperOrders(other);
                return (
                  stuckIds.every((id) => orders.some((o) => o.orderId === id)) &&
                  payable.every((p) => orders.find((o) => o.orderId === p.orderId)?.isPaid)
                );
              });
              await invariants(stuckIds, { paid: payable.map((p) => p.orderId!) });
            } finally {
              await other.close();
            }
          },
        );
      },
    );
  }
});
