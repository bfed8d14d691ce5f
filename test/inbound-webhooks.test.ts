/**
 * Hostile input at the inbound grocer webhooks, over real HTTP: bad or missing signatures, stale
 * and replayed bodies, malformed JSON, bodies that are not the endpoint's, unknown orders, huge
 * bodies. Each gets a 4xx with `{"error":{"code","message"}}` and changes nothing.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createEventRuntime, signWebhookBody, type EventRuntime } from '@grocery/core';
import type { OrderRecord } from '@grocery/core/ports';
import { createInboundWebhookHandler } from '@grocery/core/http';
import { ManualClock } from '@grocery/core/testing';
import { createNodeListener, listen, type RunningServer } from '@grocery/http-node';
import { testDatabaseKinds } from '@grocery/store';
import { createHttpWebhookSender } from '@grocery/webhooks';
import { openWorld, type World } from './support/event-world.ts';
import { assertMatchesSchema } from './support/webhooks-contract.ts';

const SECRET = 'grocer-shared-secret-0123456789abcdef';

for (const kind of testDatabaseKinds()) {
  describe(`inbound grocer webhooks on ${kind.name}`, () => {
    const clock = new ManualClock(Date.now());
    let world: World;
    let runtime: EventRuntime;
    let server: RunningServer;
    let unpaid: OrderRecord;
    let paid: OrderRecord;

    before(async () => {
      world = await openWorld(kind, { clock, grocer: { pickingStepMs: 3_600_000 } });
      runtime = createEventRuntime({ commerce: world.commerce, sender: createHttpWebhookSender(), clock });
      const inbound = createInboundWebhookHandler({
        store: world.commerce.store,
        poller: runtime.poller,
        secret: SECRET,
        clock,
      });
      server = await listen({}, createNodeListener(inbound, { maxBodyBytes: () => 64 * 1024 }));
      unpaid = (await world.placeOrder()).order;
      const second = await world.placeOrder();
      paid = await world.pay(second.token);
    });
    after(async () => {
      await server?.close();
      await runtime?.stop();
      await world?.close();
    });

    const now = () => Math.floor(clock.now() / 1000);
    // Strings are signed by the simulator's own signer; raw bytes as they are.
    const sign = (raw: string | Buffer) =>
      typeof raw === 'string'
        ? signWebhookBody(SECRET, raw)
        : `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`;
    const statusBody = (orderId: string, extra: Record<string, unknown> = {}) => ({
      type: 'order-status',
      orderId,
      status: 'PICKING',
      pickingStatus: 'PICKING',
      changedAt: new Date(clock.now()).toISOString(),
      sentAt: now(),
      ...extra,
    });
    const paymentBody = (order: OrderRecord, extra: Record<string, unknown> = {}) => ({
      type: 'payment',
      orderId: order.orderId,
      paymentStatus: 'PAID',
      amountSatang: order.grandTotalSatang,
      paidAt: new Date(clock.now()).toISOString(),
      reference: 'ref-1',
      sentAt: now(),
      ...extra,
    });

    async function post(path: string, raw: string | Buffer, signature: string | null = sign(raw), method = 'POST') {
      const response = await fetch(`${server.origin}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'x-grocer-signature': signature }),
        },
        body: method === 'GET' ? null : typeof raw === 'string' ? raw : new Blob([new Uint8Array(raw)]),
      });
      const text = await response.text();
      return {
        status: response.status,
        json: text ? (JSON.parse(text) as { error?: { code: string; message: string }; moved?: boolean }) : null,
      };
    }

    /** What a refused request must not change: the outbox, the stored orders, the receipts. */
    async function snapshot() {
      const events = await world.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
      const receipts = await world.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inbound_notifications');
      const orders = await world.db.query(
        'SELECT order_id, status, picking_status, payment_status, grocer_order FROM orders ORDER BY order_id',
      );
      return JSON.stringify({ events: events.rows[0]!.n, receipts: receipts.rows[0]!.n, orders: orders.rows });
    }

    test('refusals are 4xx with a stable code and change nothing', async () => {
      // A real move is waiting at the grocer, so an accepted request would record it.
      await world.grocer.advanceOrder(paid.orderId);
      const before = await snapshot();
      const path = '/webhooks/shop/order-status';
      const good = JSON.stringify(statusBody(paid.orderId));
      const cases: [string, Promise<{ status: number; json: { error?: { code: string } } | null }>, number, string][] =
        [
          ['missing signature', post(path, good, null), 401, 'SIGNATURE_INVALID'],
          [
            'wrong secret',
            post(path, good, signWebhookBody('another-secret-0123456789abcdefghij', good)),
            401,
            'SIGNATURE_INVALID',
          ],
          [
            'signature of another body',
            post(path, good, signWebhookBody(SECRET, JSON.stringify(statusBody(unpaid.orderId)))),
            401,
            'SIGNATURE_INVALID',
          ],
          ['uppercase hex', post(path, good, signWebhookBody(SECRET, good).toUpperCase()), 401, 'SIGNATURE_INVALID'],
          ['no sha256= prefix', post(path, good, signWebhookBody(SECRET, good).slice(7)), 401, 'SIGNATURE_INVALID'],
          [
            'truncated signature',
            post(path, good, signWebhookBody(SECRET, good).slice(0, 40)),
            401,
            'SIGNATURE_INVALID',
          ],
          [
            'sha1 signature',
            post(path, good, `sha1=${createHmac('sha1', SECRET).update(good).digest('hex')}`),
            401,
            'SIGNATURE_INVALID',
          ],
          [
            'stale sentAt',
            post(path, JSON.stringify(statusBody(paid.orderId, { sentAt: now() - 301 }))),
            401,
            'SIGNATURE_INVALID',
          ],
          [
            'future sentAt',
            post(path, JSON.stringify(statusBody(paid.orderId, { sentAt: now() + 301 }))),
            401,
            'SIGNATURE_INVALID',
          ],
          ['malformed JSON', post(path, '{"type":"order-status",'), 400, 'INVALID_INPUT'],
          ['not UTF-8', post(path, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), 400, 'INVALID_INPUT'],
          ['a JSON array', post(path, '[]'), 400, 'INVALID_INPUT'],
          [
            'missing field',
            post(path, JSON.stringify({ ...statusBody(paid.orderId), changedAt: undefined })),
            400,
            'INVALID_INPUT',
          ],
          ['malformed order id', post(path, JSON.stringify(statusBody("PA1' OR 1=1 --"))), 400, 'INVALID_INPUT'],
          [
            'sentAt as text',
            post(path, JSON.stringify(statusBody(paid.orderId, { sentAt: String(now()) }))),
            400,
            'INVALID_INPUT',
          ],
          ['the other endpoint’s body', post(path, JSON.stringify(paymentBody(paid))), 400, 'INVALID_INPUT'],
          ['unknown order', post(path, JSON.stringify(statusBody('PA2611220000000-ZZZZ'))), 404, 'NOT_FOUND'],
          [
            'huge body',
            post(path, JSON.stringify(statusBody(paid.orderId, { padding: 'x'.repeat(80 * 1024) }))),
            413,
            'PAYLOAD_TOO_LARGE',
          ],
          ['GET', post(path, '', null, 'GET'), 405, 'METHOD_NOT_ALLOWED'],
          ['unknown path', post('/webhooks/shop/refund', good), 404, 'NOT_FOUND'],
        ];
      for (const [name, pending, status, code] of cases) {
        const response = await pending;
        assert.equal(response.status, status, name);
        assert.equal(response.json?.error?.code, code, name);
        assert.equal(typeof (response.json?.error as { message?: unknown } | undefined)?.message, 'string', name);
        if (name !== 'GET' && name !== 'unknown path' && name !== 'huge body')
          assertMatchesSchema('Error', response.json);
      }
      assert.equal(await snapshot(), before, 'nothing changed');

      // The handler enforces its own body limit too, whatever the server in front of it does.
      const direct = createInboundWebhookHandler({
        store: world.commerce.store,
        poller: runtime.poller,
        secret: SECRET,
        clock,
      });
      const huge = Buffer.from(JSON.stringify(statusBody(paid.orderId, { padding: 'x'.repeat(70 * 1024) })));
      const response = await direct({
        method: 'POST',
        path,
        query: new URLSearchParams(),
        headers: { 'x-grocer-signature': signWebhookBody(SECRET, huge.toString()) },
        body: huge,
      });
      assert.equal(response.status, 413);
      assert.equal(await snapshot(), before, 'nothing changed');
    });

    test('an accepted notification derives the move once; its replay is refused', async () => {
      const raw = JSON.stringify(statusBody(paid.orderId, { sentAt: now() + 1 }));
      const first = await post('/webhooks/shop/order-status', raw);
      assert.equal(first.status, 200);
      assertMatchesSchema('NotificationReceived', first.json);
      assert.equal(first.json!.moved, true);
      const afterFirst = await snapshot();
      const replay = await post('/webhooks/shop/order-status', raw);
      assert.equal(replay.status, 409);
      assert.equal(replay.json!.error!.code, 'NOTIFICATION_REPLAYED');
      assert.equal(await snapshot(), afterFirst, 'a replay changes nothing');
      // A fresh notification (new sentAt, so a new body) is accepted and finds nothing new.
      clock.advance(1_000);
      const fresh = await post('/webhooks/shop/order-status', JSON.stringify(statusBody(paid.orderId)));
      assert.equal(fresh.status, 200);
      assert.equal(fresh.json!.moved, false);
      const events = await world.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM events WHERE order_id = $1 AND type = 'order.status'",
        [paid.orderId],
      );
      assert.equal(events.rows[0]!.n, 2, 'the move the payment caused, and the one move since');
    });

    test('a payment notification for an order the service has paid is a no-op; for an unpaid one it only derives', async () => {
      const before = await snapshot();
      clock.advance(1_000);
      const forPaid = await post('/webhooks/shop/payment', JSON.stringify(paymentBody(paid)));
      assert.equal(forPaid.status, 200);
      assert.deepEqual(forPaid.json, { received: true, orderId: paid.orderId, moved: false });
      const forUnpaid = await post('/webhooks/shop/payment', JSON.stringify(paymentBody(unpaid)));
      assert.equal(forUnpaid.status, 200);
      assert.equal(forUnpaid.json!.moved, false);
      const after = JSON.parse(await snapshot()) as {
        events: number;
        orders: { payment_status: string; order_id: string }[];
      };
      assert.equal(
        after.events,
        (JSON.parse(before) as { events: number }).events,
        'no event: the service records payments itself',
      );
      assert.equal(after.orders.find((o) => o.order_id === unpaid.orderId)!.payment_status, 'UNPAID');
    });
  });
}
