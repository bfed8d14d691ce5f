/**
 * The order and payment sagas in one process, on PGlite and PostgreSQL: the grocer loses answers or
 * fails at each step of the checkout, requests are retried, the recovery worker settles what was
 * left, and afterwards the invariants hold: every grocer order is known to the service or
 * cancelled, one request places at most one order, the grocer holds one payment per paid order,
 * `payment.paid` is written once, and reconciliation finds nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  CommerceError,
  createCommerce,
  RecoveryWorker,
  SandboxPaymentProvider,
  shopperContext,
  type Commerce,
  type ShopperContext,
} from '@grocery/core';
import type { CatalogReader, LineRequest } from '@grocery/core/ports';
import { ManualClock } from '@grocery/core/testing';
import { createGrocerSimulator, type GrocerSimulator } from '@grocery/grocer';
import { createSqlStore, testDatabaseKinds, type Db } from '@grocery/store';
import { faultyGrocer, type FaultyGrocer } from './support/faulty-grocer.ts';

const BRANCH = 'BKK01';
const WINDOW_MS = 2_000;

const noCatalog: CatalogReader = {
  version: () => null,
  get: () => [],
  list: () => ({ products: [], endCursor: null, hasNextPage: false, totalCount: 0 }),
  scan: () => [],
  categories: () => [],
};

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<CommerceError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof CommerceError, `expected a CommerceError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected ${code}`);
}

for (const kind of testDatabaseKinds()) {
  describe(`checkout sagas on ${kind.name}`, () => {
    let db: Db;
    let clock: ManualClock;
    let simulator: GrocerSimulator;
    let faulty: FaultyGrocer;
    let commerce: Commerce;
    let lines: LineRequest[];
    let shoppers = 0;

    const shopper = (): ShopperContext =>
      shopperContext(
        {
          partnerId: 'ptn_saga',
          partnerName: 'Saga',
          orderSource: 'SAGA',
          environment: 'sandbox',
          keyPrefix: 'pk_test_saga',
          clientIds: ['client'],
          live: false,
        },
        { ownerId: `owner-${++shoppers}`, email: null, clientId: 'client' },
      );
    const order = (ctx: ShopperContext, key: string | null = null, extra: Record<string, unknown> = {}) =>
      commerce.orders.create(ctx, { branchCode: BRANCH, lines, ...extra }, key);
    const tokenOf = (url: string) => url.split('/pay/')[1]!;
    const recovery = () =>
      new RecoveryWorker({
        store: commerce.store,
        orders: commerce.orders,
        payments: commerce.payments,
        clock,
        onError: (error) => assert.fail(String(error)),
      });
    /** Past every request's window: what is left is due for recovery. */
    const later = () => clock.advance(WINDOW_MS + 1_000);
    const count = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params)).rows[0]!.n;
    const paidEvents = (orderId: string) =>
      count("SELECT count(*)::int AS n FROM events WHERE order_id = $1 AND type = 'payment.paid'", [orderId]);
    const grocerOrders = async (ctx: ShopperContext) =>
      (await commerce.store.listOrders(ctx.scope, { after: null, first: 50 })).orders;

    before(async () => {
      db = await kind.open();
      clock = new ManualClock(Date.now());
      simulator = createGrocerSimulator({ productCount: 400, clock });
      faulty = faultyGrocer(simulator);
      commerce = createCommerce({
        store: await createSqlStore(db),
        grocer: faulty.grocer,
        catalog: noCatalog,
        identity: { verify: async () => assert.fail('no tokens here') },
        search: null,
        publicBaseUrl: 'http://shop.test',
        clock,
        sagas: { requestWindowMs: WINDOW_MS, recoveryDelaysMs: [500], waitForRunningMs: 300 },
      });
      for (const product of simulator.allProducts()) {
        const candidate = [{ cprcode: product.cprcode, quantity: 1 }];
        try {
          await simulator.calculate({
            branchCode: BRANCH,
            lines: candidate,
            fulfilment: 'PICKUP',
            scheduleMode: 'REGULAR',
            address: null,
            couponCodes: [],
            orderSource: 'SAGA',
          });
          lines = candidate;
          break;
        } catch {
          // Not priced or sold at the branch: the next one.
        }
      }
      assert.ok(lines, 'a product the branch sells');
    });
    after(async () => {
      await simulator.close();
      await db?.close();
    });

    test('orderCreate: the grocer created the order but its answer was lost: the order is looked up and adopted', async () => {
      const ctx = shopper();
      faulty.fault('createOrder', 'lose');
      const created = await order(ctx);
      assert.equal(created.order.status, 'PLACED');
      assert.ok(created.paymentLink);
      assert.equal((await simulator.orders([created.order.orderId])).length, 1);
      assert.deepEqual(
        (await grocerOrders(ctx)).map((o) => o.orderId),
        [created.order.orderId],
      );
      assert.equal((await commerce.store.getOrderIntent(created.order.orderId))?.state, 'created');
    });

    test('orderCreate: the grocer never got the call: the id is cancelled there, so a late create places nothing, and the key is free again', async () => {
      const ctx = shopper();
      faulty.fault('createOrder', 'fail');
      const error = await rejectsWith(order(ctx, 'key-a'), 'GROCER_UNAVAILABLE');
      const orderId = (error.details as { orderId: string }).orderId;
      assert.equal((await commerce.store.getOrderIntent(orderId))?.state, 'cancelled');
      const intent = (await commerce.store.getOrderIntent(orderId))!;
      await rejectsWith(simulator.createOrder(intent.request), 'ORDER_CANCELLED');
      assert.deepEqual(await simulator.orders([orderId]), [], 'the grocer holds no order under that id');
      const retried = await order(ctx, 'key-a');
      assert.notEqual(retried.order.orderId, orderId);
      assert.deepEqual(
        (await grocerOrders(ctx)).map((o) => o.orderId),
        [retried.order.orderId],
        'one live order for the request',
      );
    });

    test('orderCreate: answer and look-up both lost: ORDER_PENDING; a retry with the key waits, then the recovery worker adopts it and the retry replays it', async () => {
      const ctx = shopper();
      faulty.fault('createOrder', 'lose');
      faulty.fault('orders', 'fail');
      const error = await rejectsWith(order(ctx, 'key-b'), 'ORDER_PENDING');
      const orderId = (error.details as { orderId: string }).orderId;
      assert.equal((await commerce.store.getOrderIntent(orderId))?.state, 'pending');
      await rejectsWith(order(ctx, 'key-b'), 'ORDER_PENDING');
      assert.deepEqual(await grocerOrders(ctx), [], 'not adopted yet');
      later();
      assert.deepEqual(await recovery().recoverOnce(), { intents: 1, attempts: 0, refunds: 0 });
      assert.deepEqual(
        (await grocerOrders(ctx)).map((o) => o.orderId),
        [orderId],
        'the shopper sees the order',
      );
      const replay = await order(ctx, 'key-b');
      assert.equal(replay.order.orderId, orderId, 'the retry gets the adopted order');
      assert.ok(replay.paymentLink);
      assert.equal((await simulator.orders([orderId])).length, 1);
    });

    test('orderCreate: a grocer refusal fails the intent with no order anywhere, and bad text never reaches the grocer', async () => {
      const ctx = shopper();
      await rejectsWith(order(ctx, 'key-c', { lines: [{ cprcode: '999999999999', quantity: 1 }] }), 'INVALID_CPRCODE');
      assert.deepEqual(await grocerOrders(ctx), []);
      const before = faulty.reached('createOrder');
      for (const specialComment of ['nul \u0000 here', 'lone \ud800 surrogate', 'bell \u0007', 'cr \r only']) {
        const refused = await rejectsWith(order(ctx, null, { specialComment }), 'INVALID_INPUT');
        assert.equal(refused.field, 'input.specialComment');
      }
      await rejectsWith(order(ctx, null, { address: { firstName: 'a\u0000' } }), 'INVALID_INPUT');
      assert.equal(faulty.reached('createOrder'), before, 'no grocer call for refused text');
      const fine = await order(ctx, null, { specialComment: 'tab\there\nand a new line\r\nthen Thai ข้าว and 🍚' });
      assert.equal(
        fine.order.grocerOrder.specialComment,
        'tab here and a new line then Thai ข้าว and 🍚 test',
        'tabs and line breaks pass (as spaces on the slip)',
      );
    });

    test('pay: the grocer recorded the payment but its answer was lost: the order is paid once, with one event', async () => {
      const ctx = shopper();
      const created = await order(ctx);
      faulty.fault('recordPayment', 'lose');
      const paid = await commerce.payments.pay(tokenOf(created.paymentLink!.url));
      assert.equal(paid.state, 'paid');
      const [atGrocer] = await simulator.orders([created.order.orderId]);
      assert.equal(atGrocer?.payment.isPaid, true);
      assert.equal(await paidEvents(created.order.orderId), 1);
      await rejectsWith(commerce.payments.pay(tokenOf(created.paymentLink!.url)), 'ALREADY_PAID');
    });

    test('pay: the grocer cannot be reached to record a taken payment: pending, then the recovery worker records it; a second payment meanwhile takes no money', async () => {
      const ctx = shopper();
      const created = await order(ctx);
      const token = tokenOf(created.paymentLink!.url);
      faulty.fault('recordPayment', 'fail');
      faulty.fault('orders', 'fail');
      assert.equal((await commerce.payments.pay(token)).state, 'pending');
      assert.equal(
        (await commerce.payments.checkout(token)).state,
        'pending',
        'checkout.json shows the payment under way',
      );
      // The attempt under way is still in its window: the second waits for it, then says so, moving no money.
      await rejectsWith(commerce.payments.pay(token), 'PAYMENT_IN_PROGRESS');
      assert.equal(
        await count('SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = $1', [created.order.orderId]),
        1,
        'no second attempt',
      );
      later();
      await recovery().recoverOnce();
      const view = await commerce.payments.checkout(token);
      assert.equal(view.state, 'paid');
      assert.equal(view.attempt?.state, 'paid');
      assert.equal(await paidEvents(created.order.orderId), 1);
      assert.equal(
        await count('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [created.order.orderId]),
        1,
      );
    });

    test('pay: a later payment settles a stuck earlier attempt by asking the grocer, never by taking it over', async () => {
      const ctx = shopper();
      const created = await order(ctx);
      const token = tokenOf(created.paymentLink!.url);
      faulty.fault('recordPayment', 'fail');
      faulty.fault('orders', 'fail');
      assert.equal((await commerce.payments.pay(token)).state, 'pending');
      later();
      // The earlier attempt is charged but unrecorded: the later payment records it (same attempt id) instead of charging again.
      await rejectsWith(commerce.payments.pay(token), 'ALREADY_PAID');
      const attempts = await commerce.store.listPaymentAttempts([created.order.orderId]);
      assert.deepEqual(
        attempts.map((a) => a.state),
        ['paid'],
        'one attempt, paid',
      );
      assert.equal((await simulator.orders([created.order.orderId]))[0]?.payment.paymentId, attempts[0]!.attemptId);
      assert.equal(await paidEvents(created.order.orderId), 1);
    });

    test('pay: the grocer will not record a taken payment (the order was cancelled): it is refunded and the shopper is told', async () => {
      const ctx = shopper();
      const created = await order(ctx);
      const token = tokenOf(created.paymentLink!.url);
      await simulator.cancelOrder(created.order.orderId);
      const refused = await rejectsWith(commerce.payments.pay(token), 'ORDER_CANCELLED');
      assert.match(refused.message, /refunded/);
      const [attempt] = await commerce.store.listPaymentAttempts([created.order.orderId]);
      assert.equal(attempt?.state, 'refunded');
      assert.equal(attempt?.failureCode, 'ORDER_CANCELLED');
      assert.ok(attempt?.refundReference);
      const view = await commerce.payments.checkout(token);
      assert.equal(view.state, 'cancelled');
      assert.equal(await paidEvents(created.order.orderId), 0);
    });

    test('an order paid at the grocer and not yet at the service reads paid, with its attempt and one event', async () => {
      const ctx = shopper();
      const created = await order(ctx);
      faulty.fault('recordPayment', 'lose');
      faulty.fault('orders', 'fail');
      assert.equal(
        (await commerce.payments.pay(tokenOf(created.paymentLink!.url))).state,
        'pending',
        'the grocer has it; the service does not know yet',
      );
      const read = await commerce.orders.get(ctx, created.order.orderId);
      assert.equal(read?.paymentStatus, 'PAID');
      assert.equal((await commerce.orders.get(ctx, created.order.orderId))?.paymentStatus, 'PAID');
      assert.deepEqual(
        (await commerce.store.listPaymentAttempts([created.order.orderId])).map((a) => a.state),
        ['paid'],
      );
      assert.equal(await paidEvents(created.order.orderId), 1);
    });

    test('two recovery workers race over stuck orders and payments: each is settled once', async () => {
      const ctx = shopper();
      const stuckOrders: string[] = [];
      faulty.faultAlways('orders', 'fail');
      for (let i = 0; i < 4; i++) {
        faulty.fault('createOrder', i % 2 === 0 ? 'lose' : 'fail');
        stuckOrders.push(((await rejectsWith(order(ctx), 'ORDER_PENDING')).details as { orderId: string }).orderId);
      }
      const payable = [];
      for (let i = 0; i < 3; i++) payable.push(await order(ctx));
      for (const created of payable) {
        faulty.fault('recordPayment', 'lose');
        assert.equal((await commerce.payments.pay(tokenOf(created.paymentLink!.url))).state, 'pending');
      }
      faulty.clear();
      later();
      const workers = [recovery(), recovery()];
      const rounds = await Promise.all(workers.map((w) => w.recoverOnce()));
      assert.equal(
        rounds.reduce((n, r) => n + r.intents, 0),
        4,
        'every intent leased once',
      );
      assert.equal(
        rounds.reduce((n, r) => n + r.attempts, 0),
        3,
        'every attempt leased once',
      );
      const states = await Promise.all(stuckOrders.map(async (id) => (await commerce.store.getOrderIntent(id))?.state));
      assert.deepEqual(
        states,
        ['created', 'cancelled', 'created', 'cancelled'],
        'lost answers adopted, calls never made cancelled',
      );
      for (const id of stuckOrders) {
        const [atGrocer] = await simulator.orders([id]);
        assert.ok(
          !atGrocer || atGrocer.status === 'CANCELLED' || (await commerce.store.ordersByIds([id])).length === 1,
          `${id} is known to the service or cancelled`,
        );
      }
      for (const created of payable) {
        assert.equal((await commerce.store.ordersByIds([created.order.orderId]))[0]?.paymentStatus, 'PAID');
        assert.equal(await paidEvents(created.order.orderId), 1);
      }
      const report = await commerce.reconciliation.run();
      assert.deepEqual(report.mismatches, []);
    });

    test('reconciliation reports what disagrees: a grocer order the service gave up, a payment on one side only', async () => {
      const ctx = shopper();
      const created = await order(ctx);
      faulty.fault('createOrder', 'fail');
      const gaveUp = ((await rejectsWith(order(ctx), 'GROCER_UNAVAILABLE')).details as { orderId: string }).orderId;
      // Someone creates the given-up id at the grocer behind the service's back (its tombstone lifted by hand here).
      await db.query("UPDATE order_intents SET state = 'failed' WHERE order_id = $1", [gaveUp]);
      const orphan = await simulator.createOrder({
        ...(await commerce.store.getOrderIntent(gaveUp))!.request,
        orderId: `${gaveUp.slice(0, -4)}ZZZZ`,
      });
      await db.query('UPDATE order_intents SET order_id = $2 WHERE order_id = $1', [gaveUp, orphan.orderId]);
      await db.query("UPDATE orders SET payment_status = 'PAID' WHERE order_id = $1", [created.order.orderId]);
      const report = await commerce.reconciliation.run();
      assert.deepEqual(report.mismatches.map((m) => [m.kind, m.orderId]).sort(), [
        ['orphan_at_grocer', orphan.orderId],
        ['payment_status', created.order.orderId],
      ]);
      assert.ok(report.mismatches.every((m) => m.detail.length > 10));
      await db.query("UPDATE orders SET payment_status = 'UNPAID' WHERE order_id = $1", [created.order.orderId]);
      await simulator.cancelOrder(orphan.orderId);
      assert.deepEqual((await commerce.reconciliation.run()).mismatches, []);
    });
    test('a hosted provider (the sandbox, deferred): the shopper is sent on, the event settles the order once; a lost event is settled by the return and by the recovery worker', async () => {
      const deferred = new SandboxPaymentProvider({ settlement: 'deferred' });
      const hosted = createCommerce({
        store: commerce.store,
        grocer: faulty.grocer,
        catalog: noCatalog,
        identity: { verify: async () => assert.fail('no tokens here') },
        search: null,
        publicBaseUrl: 'http://shop.test',
        clock,
        sagas: { requestWindowMs: WINDOW_MS, recoveryDelaysMs: [500], waitForRunningMs: 300 },
        paymentProviders: { sandbox: deferred },
      });
      const attemptOf = async (orderId: string) =>
        (
          await db.query<{ attempt_id: string; state: string }>(
            'SELECT attempt_id, state FROM payment_attempts WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1',
            [orderId],
          )
        ).rows[0]!;

      // Settled by the provider's event; the same event again changes nothing.
      const first = await hosted.orders.create(shopper(), { branchCode: BRANCH, lines }, null);
      const token = tokenOf(first.paymentLink!.url);
      const started = await hosted.payments.pay(token);
      assert.equal(started.state, 'redirect');
      assert.match((started as { redirectUrl: string }).redirectUrl, /\/pay\/.+\?provider=return$/);
      assert.equal(
        (await hosted.payments.checkout(token)).state,
        'payable',
        'nothing paid while the shopper is on the provider page',
      );
      const attempt = await attemptOf(first.order.orderId);
      const event = deferred.settle(attempt.attempt_id, 'paid');
      assert.equal(await hosted.payments.onProviderEvent(deferred, event), 'settled');
      assert.equal(await hosted.payments.onProviderEvent(deferred, event), 'ignored', 'a repeated delivery');
      assert.equal((await hosted.payments.checkout(token)).state, 'paid');
      assert.equal(
        (await simulator.orders([first.order.orderId]))[0]?.payment?.paymentId,
        attempt.attempt_id,
        'the grocer records the attempt once',
      );
      assert.equal(await paidEvents(first.order.orderId), 1);

      // The event is lost: coming back to the page looks the attempt up.
      const second = await hosted.orders.create(shopper(), { branchCode: BRANCH, lines }, null);
      const secondToken = tokenOf(second.paymentLink!.url);
      await hosted.payments.pay(secondToken);
      deferred.settle((await attemptOf(second.order.orderId)).attempt_id, 'paid');
      later();
      assert.equal((await hosted.payments.checkout(secondToken)).state, 'paid');

      // The event is lost and nobody comes back: the recovery worker asks the provider.
      const third = await hosted.orders.create(shopper(), { branchCode: BRANCH, lines }, null);
      await hosted.payments.pay(tokenOf(third.paymentLink!.url));
      const pendingAttempt = (await attemptOf(third.order.orderId)).attempt_id;
      deferred.settle(pendingAttempt, 'pending');
      later();
      await new RecoveryWorker({
        store: hosted.store,
        orders: hosted.orders,
        payments: hosted.payments,
        clock,
        onError: (error) => assert.fail(String(error)),
      }).recoverOnce();
      assert.equal(
        (await hosted.store.ordersByIds([third.order.orderId]))[0]?.paymentStatus,
        'UNPAID',
        'a PromptPay transfer not settled yet',
      );
      deferred.settle(pendingAttempt, 'paid');
      later();
      await new RecoveryWorker({
        store: hosted.store,
        orders: hosted.orders,
        payments: hosted.payments,
        clock,
        onError: (error) => assert.fail(String(error)),
      }).recoverOnce();
      assert.equal((await hosted.store.ordersByIds([third.order.orderId]))[0]?.paymentStatus, 'PAID');
      assert.equal(await paidEvents(third.order.orderId), 1);

      // Declined on the provider page: the attempt ends, no money moved, the link can be paid again.
      const fourth = await hosted.orders.create(shopper(), { branchCode: BRANCH, lines }, null);
      const fourthToken = tokenOf(fourth.paymentLink!.url);
      await hosted.payments.pay(fourthToken);
      const failed = deferred.settle((await attemptOf(fourth.order.orderId)).attempt_id, 'failed');
      assert.equal(await hosted.payments.onProviderEvent(deferred, failed), 'ended');
      const again = await hosted.payments.checkout(fourthToken);
      assert.equal(again.state, 'payable');
      assert.equal(again.attempt?.state, 'failed');
      assert.equal((await hosted.payments.pay(fourthToken)).state, 'redirect', 'a new attempt');
    });
  });
}
