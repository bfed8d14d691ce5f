/**
 * Events from real changes: a sandbox payment through the payment service, and picking progress in
 * the grocer simulator seen by the poller, by reads and by the grocer's signed notifications. Real
 * receiver on 127.0.0.1, real HTTP sender, real store on PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { verify } from '@octokit/webhooks-methods';
import { createEventRuntime, OrderPoller, signWebhookBody, WebhookEndpoints } from '@grocery/core';
import { systemClock } from '@grocery/core/ports';
import {
  createAdminHandler,
  createInboundWebhookHandler,
  type HttpHandler,
  type HttpRequest,
} from '@grocery/core/http';
import { ManualClock } from '@grocery/core/testing';
import { createNodeListener, listen } from '@grocery/http-node';
import { testDatabaseKinds } from '@grocery/store';
import { createHttpWebhookSender } from '@grocery/webhooks';
import { openWorld, startReceiver, type Receiver, type World } from './support/event-world.ts';
import { assertMatchesSchema } from './support/webhooks-contract.ts';

const GROCER_SECRET = 'grocer-shared-secret-0123456789abcdef';
const ADMIN_TOKEN = 'admin-token-0123456789abcdefghij';

function adminRequest(method: string, path: string, body?: unknown): HttpRequest {
  return {
    method,
    path,
    query: new URLSearchParams(),
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? new Uint8Array() : Buffer.from(JSON.stringify(body)),
  };
}

async function registerEndpoint(world: World, url: string): Promise<{ endpointId: string; secret: string }> {
  const webhooks = new WebhookEndpoints({
    store: world.commerce.store,
    sender: createHttpWebhookSender(),
    clock: world.commerce.clock,
  });
  const admin = createAdminHandler({ commerce: world.commerce, adminToken: ADMIN_TOKEN, webhooks });
  const response = await admin(adminRequest('POST', `/admin/partners/${world.partnerId}/webhooks`, { url }));
  assert.equal(response.status, 201, String(response.body));
  return JSON.parse(String(response.body)) as { endpointId: string; secret: string };
}

interface EventBody {
  id: string;
  type: string;
  orderId: string;
  partnerId: string;
  payload: Record<string, unknown>;
  ts: number;
}

const bodiesOf = (receiver: Receiver): EventBody[] => receiver.requests.map((r) => JSON.parse(r.body) as EventBody);

/** The grocer's notification for an order, signed as the simulator signs it. */
function grocerNotification(path: string, body: Record<string, unknown>): HttpRequest {
  const raw = JSON.stringify(body);
  return {
    method: 'POST',
    path,
    query: new URLSearchParams(),
    headers: { 'content-type': 'application/json', 'x-grocer-signature': signWebhookBody(GROCER_SECRET, raw) },
    body: Buffer.from(raw),
  };
}

const PICKUP_MOVES = [
  ['PLACED', 'QUEUED'],
  ['PICKING', 'PICKING'],
  ['PICKING', 'PACKED'],
  ['READY', 'READY_FOR_PICKUP'],
  ['COMPLETED', 'COLLECTED'],
];

for (const kind of testDatabaseKinds()) {
  describe(`events from payments and picking on ${kind.name}`, () => {
    test('a sandbox payment produces exactly one payment.paid, signed, current and as documented', async () => {
      const world = await openWorld(kind, { clock: systemClock });
      const receiver = await startReceiver();
      const runtime = createEventRuntime({ commerce: world.commerce, sender: createHttpWebhookSender() });
      try {
        const { secret } = await registerEndpoint(world, receiver.url);
        const { order, token } = await world.placeOrder();
        await world.pay(token);
        await assert.rejects(world.pay(token), { code: 'ALREADY_PAID' });
        // Everything due goes out; nothing is left for a second round.
        assert.equal((await runtime.dispatcher.dispatchOnce()).delivered, 2);
        assert.equal((await runtime.dispatcher.dispatchOnce()).claimed, 0);

        const paid = receiver.requests.filter((r) => r.headers['x-shop-event-type'] === 'payment.paid');
        assert.equal(paid.length, 1);
        const request = paid[0]!;
        assert.equal(await verify(secret, request.body, String(request.headers['x-shop-partner-signature'])), true);
        assert.equal(
          await verify('whsec_not-the-secret', request.body, String(request.headers['x-shop-partner-signature'])),
          false,
        );
        const body = JSON.parse(request.body) as EventBody;
        assertMatchesSchema('PaymentPaidEvent', body);
        assert.equal(body.type, 'payment.paid');
        assert.equal(body.orderId, order.orderId);
        assert.equal(body.partnerId, world.partnerId);
        assert.equal(request.headers['x-shop-event-id'], body.id);
        assert.equal(request.headers['content-type'], 'application/json');
        assert.match(String(request.headers['user-agent']), /^PartnerGroceryWebhooks\//);
        assert.ok(Math.abs(body.ts - Date.now() / 1000) <= 5, `ts ${body.ts} is current`);
        assert.deepEqual(
          {
            status: body.payload.status,
            amount: body.payload.amount,
            provider: body.payload.provider,
            sandbox: body.payload.sandbox,
          },
          { status: 'PAID', amount: order.grandTotalSatang / 100, provider: 'sandbox', sandbox: true },
        );
        // Paying started picking: that move is the one order.status, never absorbed by the payment.
        const moved = bodiesOf(receiver).filter((b) => b.type === 'order.status');
        assert.deepEqual(
          moved.map((b) => [b.payload.status, b.payload.pickingStatus]),
          [['PLACED', 'QUEUED']],
        );
        assertMatchesSchema('OrderStatusEvent', moved[0]);
      } finally {
        await runtime.stop();
        await receiver.close();
        await world.close();
      }
    });

    test('picking progress yields order.status events in status order, each once, whichever path sees a move first', async () => {
      const clock = new ManualClock(Date.now());
      // Picking moves only when told: an hour per automatic step.
      const world = await openWorld(kind, { clock, grocer: { pickingStepMs: 3_600_000 } });
      const receiver = await startReceiver();
      const runtime = createEventRuntime({
        commerce: world.commerce,
        sender: createHttpWebhookSender(),
        clock,
        poller: { maxGrocerCallsPerSecond: 1000 },
      });
      const inbound = createInboundWebhookHandler({
        store: world.commerce.store,
        poller: runtime.poller,
        secret: GROCER_SECRET,
        clock,
      });
      try {
        const { secret } = await registerEndpoint(world, receiver.url);
        const a = await world.placeOrder();
        const b = await world.placeOrder();
        await world.pay(a.token);
        await world.pay(b.token);
        const notify = (orderId: string) => {
          const after = clock.now();
          return inbound(
            grocerNotification('/webhooks/shop/order-status', {
              type: 'order-status',
              orderId,
              status: 'ANY',
              pickingStatus: null,
              changedAt: new Date(after).toISOString(),
              sentAt: Math.floor(after / 1000),
            }),
          );
        };
        const read = async (orderId: string) => (await world.commerce.orders.get(world.ctx, orderId))!.pickingStatus;

        // Order a: each move is seen first by a chosen path; the other paths then find nothing new.
        const paths = ['poller', 'read', 'inbound', 'poller'] as const;
        for (const [step, first] of paths.entries()) {
          await world.grocer.advanceOrder(a.order.orderId);
          clock.advance(20_000);
          if (first === 'poller')
            assert.equal((await runtime.poller.pollOnce()).moved, 1, `step ${step}: the poller saw the move`);
          if (first === 'read') assert.equal(await read(a.order.orderId), PICKUP_MOVES[step + 1]![1]);
          if (first === 'inbound') {
            const response = await notify(a.order.orderId);
            assert.equal(response.status, 200);
            assert.deepEqual(JSON.parse(String(response.body)), {
              received: true,
              orderId: a.order.orderId,
              moved: true,
            });
          }
          clock.advance(20_000);
          assert.equal((await runtime.poller.pollOnce()).moved, 0);
          assert.equal(JSON.parse(String((await notify(a.order.orderId)).body)).moved, false);
          await read(a.order.orderId);
          await runtime.dispatcher.dispatchOnce();
        }

        // Order b: every path races for every move.
        for (let step = 0; step < 4; step++) {
          await world.grocer.advanceOrder(b.order.orderId);
          clock.advance(20_000);
          await Promise.all([
            runtime.poller.pollOnce(),
            read(b.order.orderId),
            notify(b.order.orderId),
            read(b.order.orderId),
            runtime.poller.pollOnce(),
          ]);
          await runtime.dispatcher.dispatchOnce();
        }
        await runtime.dispatcher.dispatchOnce();

        const bodies = bodiesOf(receiver);
        assert.equal(new Set(bodies.map((body) => body.id)).size, bodies.length, 'no event was sent twice');
        for (const request of receiver.requests)
          assert.equal(await verify(secret, request.body, String(request.headers['x-shop-partner-signature'])), true);
        for (const { order } of [a, b]) {
          const moves = bodies.filter((body) => body.type === 'order.status' && body.orderId === order.orderId);
          for (const body of moves) assertMatchesSchema('OrderStatusEvent', body);
          assert.deepEqual(
            moves.map((body) => [body.payload.status, body.payload.pickingStatus]),
            PICKUP_MOVES,
            `order ${order.orderId} moved through every status once, in order`,
          );
          assert.deepEqual(
            moves.slice(1).map((body) => body.payload.previousPickingStatus),
            PICKUP_MOVES.slice(0, -1).map(([, picking]) => picking),
          );
          assert.equal(
            bodies.filter((body) => body.type === 'payment.paid' && body.orderId === order.orderId).length,
            1,
          );
        }

        // Final orders are no longer polled, however much time passes.
        clock.advance(24 * 3_600_000);
        assert.equal((await runtime.poller.pollOnce()).claimed, 0);
        const polls = await world.db.query<{ done_reason: string | null; last_seen_status: string }>(
          'SELECT done_reason, last_seen_status FROM order_polls ORDER BY order_id',
        );
        assert.deepEqual(polls.rows, [
          { done_reason: 'final', last_seen_status: 'COMPLETED' },
          { done_reason: 'final', last_seen_status: 'COMPLETED' },
        ]);
      } finally {
        await runtime.stop();
        await receiver.close();
        await world.close();
      }
    });

    test('the poller asks the grocer once per batch, at a bounded rate, and backs off while nothing moves', async () => {
      const clock = new ManualClock(Date.now());
      const world = await openWorld(kind, { clock, grocer: { pickingStepMs: 3_600_000 } });
      try {
        const orders = [];
        for (let i = 0; i < 5; i++) orders.push((await world.placeOrder()).order);
        const calls: number[] = [];
        // The real grocer, watched: how many ids each call asks about.
        const watched = Object.assign(Object.create(world.grocer) as typeof world.grocer, {
          orders: (ids: readonly string[]) => (calls.push(ids.length), world.grocer.orders(ids)),
        });
        const poller = new OrderPoller({
          store: world.commerce.store,
          grocer: watched,
          orders: world.commerce.orders,
          clock,
          batchSize: 2,
          maxGrocerCallsPerSecond: 10,
        });
        const started = performance.now();
        const claimed = [
          (await poller.pollOnce()).claimed,
          (await poller.pollOnce()).claimed,
          (await poller.pollOnce()).claimed,
          (await poller.pollOnce()).claimed,
        ];
        assert.deepEqual(claimed, [2, 2, 1, 0]);
        assert.deepEqual(calls, [2, 2, 1], 'one grocer call per batch');
        assert.ok(performance.now() - started >= 190, 'three calls at 10 per second take at least 200 ms');
        // Unpaid orders: 1 min, then 5 min, … between polls while nothing moves.
        clock.advance(59_999);
        assert.equal((await poller.pollOnce()).claimed, 0);
        clock.advance(1);
        assert.equal(
          (await poller.pollOnce()).claimed + (await poller.pollOnce()).claimed + (await poller.pollOnce()).claimed,
          5,
        );
        clock.advance(299_999);
        assert.equal((await poller.pollOnce()).claimed, 0);
        // A payment makes its order due at once, on the faster schedule of paid orders.
        const { order, token } = await world.placeOrder();
        await world.pay(token);
        assert.equal((await poller.pollOnce()).claimed, 1);
        const next = await world.db.query<{ next_poll_at: Date; misses: number }>(
          'SELECT next_poll_at, misses FROM order_polls WHERE order_id = $1',
          [order.orderId],
        );
        assert.equal(new Date(next.rows[0]!.next_poll_at).getTime(), clock.now() + 15_000);
        assert.equal(next.rows[0]!.misses, 1);
      } finally {
        await world.close();
      }
    });

    test("the grocer's own signed notifications drive the same derivation over real HTTP", async () => {
      const clock = new ManualClock(Date.now());
      let handler: HttpHandler = async () => ({ status: 503, headers: {}, body: null });
      const inbound = await listen(
        {},
        createNodeListener((request) => handler(request), { maxBodyBytes: () => 64 * 1024 }),
      );
      const world = await openWorld(kind, {
        clock,
        grocer: {
          pickingStepMs: 60_000,
          serviceWebhook: { url: inbound.origin, secret: GROCER_SECRET },
          notifyIntervalMs: 3_600_000,
          webhookRetryDelaysMs: [],
        },
      });
      const receiver = await startReceiver();
      const runtime = createEventRuntime({ commerce: world.commerce, sender: createHttpWebhookSender(), clock });
      handler = createInboundWebhookHandler({
        store: world.commerce.store,
        poller: runtime.poller,
        secret: GROCER_SECRET,
        clock,
      });
      try {
        await registerEndpoint(world, receiver.url);
        const { order, token } = await world.placeOrder();
        await world.pay(token);
        // Time moves picking on its own; the simulator notices and notifies the service.
        for (let step = 1; step < PICKUP_MOVES.length; step++) {
          clock.advance(60_000);
          await world.grocer.notifyPending();
        }
        await runtime.dispatcher.dispatchOnce();
        const moves = bodiesOf(receiver).filter((body) => body.type === 'order.status');
        assert.deepEqual(
          moves.map((body) => [body.payload.status, body.payload.pickingStatus]),
          PICKUP_MOVES,
        );
        assert.equal((await world.commerce.store.getOrderById(order.orderId))!.status, 'COMPLETED');
        // The poller finds nothing left to say.
        clock.advance(60_000);
        assert.equal((await runtime.poller.pollOnce()).moved, 0);
      } finally {
        await runtime.stop();
        await receiver.close();
        await world.close();
        await inbound.close();
      }
    });
  });
}
