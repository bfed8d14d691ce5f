/** Signed notifications from the simulator to a real receiver standing in for the service. */
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { CreateOrderRequest } from '@grocery/core/ports';
import { ManualClock } from '@grocery/core/testing';
import { signWebhookBody } from '@grocery/core';
import { createGrocerSimulator, type GrocerSimulator } from '../src/index.ts';
import { ServiceNotifier } from '../src/service-notifier.ts';

const SECRET = 'whsec_test_0123456789abcdef0123456789';
const STEP_MS = 30_000;

interface Received {
  path: string;
  body: Record<string, unknown>;
  verified: boolean;
}

/** A receiver that checks the signature over the raw body, as the service must. */
async function startReceiver(
  failFirst = 0,
): Promise<{ server: Server; url: string; received: Received[]; attempts: () => number }> {
  const received: Received[] = [];
  let attempts = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      attempts++;
      if (attempts <= failFirst) {
        res.writeHead(503).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`);
      const given = Buffer.from(String(req.headers['x-grocer-signature'] ?? ''));
      const verified = given.length === expected.length && timingSafeEqual(given, expected);
      received.push({
        path: req.url ?? '',
        body: JSON.parse(raw.toString('utf8')) as Record<string, unknown>,
        verified,
      });
      res.writeHead(verified ? 204 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    attempts: () => attempts,
  };
}

const stop = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

function orderFor(
  sim: GrocerSimulator,
  orderId: string,
  fulfilment: 'PICKUP' | 'DELIVERY' = 'PICKUP',
): CreateOrderRequest {
  const product = sim
    .allProducts()
    .find((p) => p.active && p.online && !p.alcohol && sim.feedEntry('BKK01', p.cprcode).state === 'PRICED')!;
  return {
    orderId,
    orderSource: 'WEBHOOK-TEST',
    branchCode: 'BKK01',
    lines: [{ cprcode: product.cprcode, quantity: 2 }],
    fulfilment,
    scheduleMode: 'REGULAR',
    address:
      fulfilment === 'DELIVERY'
        ? {
            lat: 13.75,
            lon: 100.55,
            postcode: null,
            address: null,
            firstName: null,
            lastName: null,
            phone: null,
            email: null,
          }
        : null,
    couponCodes: [],
    specialComment: 'test',
    sandbox: true,
  };
}

describe('service notifications', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sim: GrocerSimulator;
  const clock = new ManualClock();

  before(async () => {
    receiver = await startReceiver();
    // A long interval: this suite drives the scans itself with notifyPending().
    sim = createGrocerSimulator({
      seed: 9,
      productCount: 2_000,
      clock,
      pickingStepMs: STEP_MS,
      serviceWebhook: { url: `${receiver.url}/`, secret: SECRET },
      notifyIntervalMs: 3_600_000,
      log: () => {},
    });
  });
  after(async () => {
    await sim.close();
    await stop(receiver.server);
  });

  test('payment and every picking move are posted, signed with HMAC-SHA256 of the raw body', async () => {
    const order = await sim.createOrder(orderFor(sim, 'PA2611220000001-WHK1'));
    await sim.notifyPending();
    assert.equal(receiver.received.length, 0, 'creating an order is not notified');
    const paidAtMs = clock.now();
    await sim.recordPayment({
      orderId: order.orderId,
      paymentId: 'pay_pay_ref_1',
      amountSatang: order.grandTotalSatang,
      provider: 'sandbox',
      reference: 'pay-ref-1',
    });
    await sim.notifyPending();
    clock.advance(STEP_MS * 2 + 1);
    await sim.notifyPending();
    clock.advance(STEP_MS * 10);
    await sim.notifyPending();
    await sim.notifyPending();

    assert.ok(
      receiver.received.every((r) => r.verified),
      'every signature verifies',
    );
    const [payment, ...moves] = receiver.received;
    assert.equal(payment!.path, '/webhooks/shop/payment');
    const { sentAt, ...paymentBody } = payment!.body;
    assert.deepEqual(paymentBody, {
      type: 'payment',
      orderId: order.orderId,
      paymentStatus: 'PAID',
      amountSatang: order.grandTotalSatang,
      paidAt: new Date(paidAtMs).toISOString(),
      reference: 'pay-ref-1',
    });
    assert.equal(sentAt, Math.floor(paidAtMs / 1000));
    assert.ok(moves.every((m) => m.path === '/webhooks/shop/order-status'));
    assert.deepEqual(
      moves.map((m) => [m.body['status'], m.body['pickingStatus'], m.body['changedAt']]),
      [
        ['PLACED', 'QUEUED', new Date(paidAtMs).toISOString()],
        ['PICKING', 'PICKING', new Date(paidAtMs + STEP_MS).toISOString()],
        ['PICKING', 'PACKED', new Date(paidAtMs + 2 * STEP_MS).toISOString()],
        ['READY', 'READY_FOR_PICKUP', new Date(paidAtMs + 3 * STEP_MS).toISOString()],
        ['COMPLETED', 'COLLECTED', new Date(paidAtMs + 4 * STEP_MS).toISOString()],
      ],
    );
    for (const m of moves) {
      assert.equal(m.body['type'], 'order-status');
      assert.equal(m.body['orderId'], order.orderId);
      assert.ok(Number.isInteger(m.body['sentAt']));
    }
  });

  test('a manual advance and a cancellation are notified too', async () => {
    receiver.received.length = 0;
    const order = await sim.createOrder(orderFor(sim, 'PA2611220000002-WHK2', 'DELIVERY'));
    await sim.recordPayment({
      orderId: order.orderId,
      paymentId: 'pay_pay_ref_2',
      amountSatang: order.grandTotalSatang,
      provider: 'sandbox',
      reference: 'pay-ref-2',
    });
    await sim.advanceOrder(order.orderId);
    await sim.notifyPending();
    assert.deepEqual(
      receiver.received.filter((r) => r.path.endsWith('order-status')).map((r) => r.body['pickingStatus']),
      ['QUEUED', 'PICKING'],
    );
    receiver.received.length = 0;
    const unpaid = await sim.createOrder(orderFor(sim, 'PA2611220000003-WHK3'));
    clock.advance(72 * 3_600_000);
    await sim.notifyPending();
    const cancelled = receiver.received.find((r) => r.body['orderId'] === unpaid.orderId);
    assert.deepEqual([cancelled?.body['status'], cancelled?.body['pickingStatus']], ['CANCELLED', 'CANCELLED']);
    assert.equal(signWebhookBody('k', '{}'), `sha256=${createHmac('sha256', 'k').update('{}').digest('hex')}`);
  });

  test('the timer notices moves by itself', async () => {
    receiver.received.length = 0;
    const timed = createGrocerSimulator({
      seed: 9,
      productCount: 500,
      clock,
      pickingStepMs: STEP_MS,
      serviceWebhook: { url: receiver.url, secret: SECRET },
      notifyIntervalMs: 20,
      log: () => {},
    });
    try {
      const order = await timed.createOrder(orderFor(timed, 'PA2611220000004-WHK4'));
      await timed.recordPayment({
        orderId: order.orderId,
        paymentId: 'pay_pay_ref_4',
        amountSatang: order.grandTotalSatang,
        provider: 'sandbox',
        reference: 'pay-ref-4',
      });
      clock.advance(STEP_MS);
      const deadline = Date.now() + 3_000;
      while (!receiver.received.some((r) => r.body['pickingStatus'] === 'PICKING') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      assert.ok(
        receiver.received.some((r) => r.body['orderId'] === order.orderId && r.body['pickingStatus'] === 'PICKING'),
      );
    } finally {
      await timed.close();
    }
  });
});

describe('notification failures', () => {
  test('failed attempts are retried, and a receiver that stays down never breaks the simulator', async () => {
    const flaky = await startReceiver(2);
    const logged: string[] = [];
    const clock = new ManualClock();
    const sim = createGrocerSimulator({
      seed: 9,
      productCount: 500,
      clock,
      serviceWebhook: { url: flaky.url, secret: SECRET },
      notifyIntervalMs: 3_600_000,
      webhookRetryDelaysMs: [5, 5, 5],
      log: (m) => logged.push(m),
    });
    try {
      const order = await sim.createOrder(orderFor(sim, 'PA2611220000005-WHK5'));
      await sim.recordPayment({
        orderId: order.orderId,
        paymentId: 'pay_r5',
        amountSatang: order.grandTotalSatang,
        provider: 'sandbox',
        reference: 'r5',
      });
      await sim.notifyPending();
      assert.ok(
        flaky.received.some((r) => r.path === '/webhooks/shop/payment' && r.verified),
        'delivered after two failed attempts',
      );
      assert.equal(logged.length, 0, logged.join('; '));
    } finally {
      await sim.close();
      await stop(flaky.server);
    }

    const gone = await startReceiver();
    await stop(gone.server);
    const lonely = createGrocerSimulator({
      seed: 9,
      productCount: 500,
      clock,
      serviceWebhook: { url: gone.url, secret: SECRET },
      notifyIntervalMs: 3_600_000,
      webhookRetryDelaysMs: [5, 5],
      log: (m) => logged.push(m),
    });
    try {
      const order = await lonely.createOrder(orderFor(lonely, 'PA2611220000006-WHK6'));
      const paid = await lonely.recordPayment({
        orderId: order.orderId,
        paymentId: 'pay_r6',
        amountSatang: order.grandTotalSatang,
        provider: 'sandbox',
        reference: 'r6',
      });
      assert.equal(paid.payment.isPaid, true);
      await lonely.notifyPending();
      assert.ok(logged.some((m) => m.includes('/webhooks/shop/payment') && m.includes(order.orderId)));
      assert.equal((await lonely.orders([order.orderId]))[0]!.payment.status, 'PAID');
    } finally {
      await lonely.close();
    }
  });

  test('an attempt that gets no answer times out and is retried; close() ends a hanging attempt at once', async () => {
    let attempts = 0;
    const hanging = createServer((req) => {
      attempts++;
      req.resume();
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    const logged: string[] = [];
    try {
      const notifier = new ServiceNotifier({
        url,
        secret: SECRET,
        clock: new ManualClock(),
        timeoutMs: 50,
        retryDelaysMs: [5],
        log: (m) => logged.push(m),
      });
      notifier.send('PA1', '/webhooks/shop/payment', { orderId: 'PA1' });
      await notifier.idle();
      assert.equal(attempts, 2);
      assert.match(logged.join('\n'), /\/webhooks\/shop\/payment for PA1 not delivered: no answer within 50 ms/);

      const patient = new ServiceNotifier({
        url,
        secret: SECRET,
        clock: new ManualClock(),
        timeoutMs: 60_000,
        log: (m) => logged.push(m),
      });
      patient.send('PA2', '/webhooks/shop/order-status', { orderId: 'PA2' });
      while (attempts < 3) await new Promise((resolve) => setTimeout(resolve, 5));
      const started = Date.now();
      await patient.close();
      assert.ok(Date.now() - started < 5_000, 'close() does not wait for the timeout');
      assert.equal(logged.length, 1, 'a closed notifier logs nothing more');
    } finally {
      hanging.closeAllConnections();
      await stop(hanging);
    }
  });
});
