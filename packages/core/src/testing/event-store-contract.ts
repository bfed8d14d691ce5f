import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RESPONSE_SNIPPET_MAX } from '../ports/event-store.ts';
import type { Store } from '../ports/store.ts';
import {
  CONTRACT_T0 as T0,
  contractEvent as event,
  contractGrocerOrder,
  storeContractOrder,
} from './contract-records.ts';
import type { StoreContractSubject } from './store-contract-fixtures.ts';

const grocerOrder = (orderId: string, picking = 'AWAITING_PAYMENT') => contractGrocerOrder(orderId, picking);

/**
 * The behaviour every implementation of the `EventStore` port shares, with the `Store` that writes
 * its events: one delivery per active endpoint that takes an event's type, written with the change
 * and never twice; exclusive claims that expire; attempts recorded and deliveries moved on; orders
 * enrolled for polling and woken by their events; inbound receipts. Runs as one node:test suite
 * whose tests build on each other. The SQL store (on PGlite and PostgreSQL) and `InMemoryStore` run it.
 *
 * @example
 * describeEventStoreContract('in-memory store', async () => ({ store: new InMemoryStore(), close: async () => {} }));
 */
export function describeEventStoreContract(name: string, open: () => Promise<StoreContractSubject>): void {
  describe(`EventStore contract: ${name}`, () => {
    let subject: StoreContractSubject;
    let orderSeq = 0;

    before(async () => {
      subject = await open();
      await subject.store.createPartner({
        partnerId: 'ptn_a',
        name: 'A',
        environment: 'sandbox',
        orderSource: 'SRC_A',
      });
      await subject.store.createPartner({
        partnerId: 'ptn_b',
        name: 'B',
        environment: 'sandbox',
        orderSource: 'SRC_B',
      });
      await subject.store.createPartner({
        partnerId: 'ptn_e',
        name: 'E',
        environment: 'sandbox',
        orderSource: 'SRC_E',
      });
    });
    after(async () => subject?.close());

    async function newOrder(partnerId = 'ptn_a'): Promise<string> {
      const orderId = `PA2611220${String(++orderSeq).padStart(6, '0')}-TEST`;
      await storeContractOrder(
        subject.store,
        orderId,
        { partnerId, environment: 'sandbox', ownerId: 'owner-1' },
        new Date(T0).toISOString(),
        `h_${orderId}`,
      );
      return orderId;
    }

    for (const { name: caseName, run } of eventStoreContract)
      test(caseName, () => run({ store: subject.store, newOrder }));
  });
}

/** What a case of the event-store contract works with: the store, and a way to store a new order of a partner. */
interface EventStoreContractContext {
  store: Store;
  newOrder: (partnerId?: string) => Promise<string>;
}

/** One test of the contract; the cases run in order on one store, each building on the rows the ones before wrote. */
interface EventStoreContractCase {
  name: string;
  run: (context: EventStoreContractContext) => Promise<void>;
}

const eventStoreContract: readonly EventStoreContractCase[] = [
  {
    name: "an event gets one delivery per active endpoint of its partner that takes its type, in the event's transaction, once",
    async run({ store, newOrder }) {
      const base = {
        partnerId: 'ptn_a',
        url: 'http://127.0.0.1:9/a',
        environment: 'sandbox' as const,
        createdAt: new Date(T0).toISOString(),
      };
      await store.insertWebhookEndpoint({
        ...base,
        endpointId: 'whe_all',
        eventTypes: ['payment.paid', 'order.status'],
        secret: 's1',
      });
      await store.insertWebhookEndpoint({
        ...base,
        endpointId: 'whe_paid',
        eventTypes: ['payment.paid'],
        secret: 's2',
      });
      await store.insertWebhookEndpoint({ ...base, endpointId: 'whe_off', eventTypes: ['order.status'], secret: 's3' });
      await store.insertWebhookEndpoint({
        ...base,
        partnerId: 'ptn_b',
        endpointId: 'whe_other',
        eventTypes: ['order.status'],
        secret: 's4',
      });
      await store.disableWebhookEndpoint('whe_off', 'test', T0);
      const orderId = await newOrder();
      const moved = grocerOrder(orderId, 'QUEUED');
      await store.updateOrderFromGrocer(orderId, moved, [event('1', 'ptn_a', orderId)]);
      // The same move seen again by another path is the same event: no second delivery.
      await store.updateOrderFromGrocer(orderId, moved, [event('1', 'ptn_a', orderId)]);
      const listed = await store.listDeliveries('ptn_a', { limit: 50, before: null });
      assert.deepEqual(
        listed.map((d) => d.endpointId),
        ['whe_all'],
      );
      assert.equal(listed[0]!.status, 'pending');
      assert.equal(listed[0]!.nextAttemptAt, new Date(T0).toISOString());
      assert.deepEqual([listed[0]!.type, listed[0]!.orderId], ['order.status', orderId]);
      assert.deepEqual(await store.listDeliveries('ptn_b', { limit: 50, before: null }), []);
      assert.equal(
        (await store.getOrderById(orderId))?.pickingStatus,
        'QUEUED',
        "the grocer's move is stored with its event",
      );
      assert.deepEqual(
        (await store.listWebhookEndpoints('ptn_a')).map((e) => [e.endpointId, e.status]),
        [
          ['whe_all', 'active'],
          ['whe_off', 'disabled'],
          ['whe_paid', 'active'],
        ],
      );
      assert.equal(
        await store.disableWebhookEndpoint('whe_off', 'again', T0),
        false,
        'only an active endpoint is disabled',
      );
      await store.disableWebhookEndpoint('whe_all', 'test', T0);
      await store.disableWebhookEndpoint('whe_paid', 'test', T0);
      const cancelled = (await store.listDeliveries('ptn_a', { limit: 50, before: null }))[0]!;
      assert.deepEqual(
        [cancelled.status, cancelled.nextAttemptAt, cancelled.lastError],
        ['cancelled', null, 'Cancelled: test'],
      );
    },
  },
  {
    name: 'claims are exclusive until they expire',
    async run({ store, newOrder }) {
      await store.insertWebhookEndpoint({
        partnerId: 'ptn_b',
        url: 'http://127.0.0.1:9/b',
        environment: 'sandbox',
        createdAt: new Date(T0).toISOString(),
        endpointId: 'whe_b2',
        eventTypes: ['payment.paid'],
        secret: 's',
      });
      for (let i = 0; i < 6; i++) {
        const orderId = await newOrder('ptn_b');
        await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'QUEUED'), [
          event(`b${i}`, 'ptn_b', orderId, 'payment.paid'),
        ]);
      }
      const first = await store.claimDeliveries({ instanceId: 'x', nowMs: T0, untilMs: T0 + 60_000, limit: 4 });
      const second = await store.claimDeliveries({
        instanceId: 'y',
        nowMs: T0 + 1_000,
        untilMs: T0 + 61_000,
        limit: 4,
      });
      assert.equal(first.length, 4);
      assert.equal(second.length, 2);
      assert.equal(new Set([...first, ...second].map((c) => c.deliveryId)).size, 6);
      assert.equal(first[0]!.endpoint.secret, 's');
      assert.equal(
        (await store.claimDeliveries({ instanceId: 'z', nowMs: T0 + 59_000, untilMs: T0 + 119_000, limit: 10 })).length,
        0,
      );
      const reclaimed = await store.claimDeliveries({
        instanceId: 'z',
        nowMs: T0 + 60_001,
        untilMs: T0 + 120_001,
        limit: 10,
      });
      assert.deepEqual(reclaimed.map((c) => c.deliveryId).sort(), first.map((c) => c.deliveryId).sort());
      await store.disableWebhookEndpoint('whe_b2', 'test', T0);
    },
  },
  {
    name: 'attempts are recorded and move a held delivery on; a lost claim records the attempt only; 410 disables the endpoint',
    async run({ store, newOrder }) {
      const [gone, delivered, retried] = await threeClaimedDeliveries({ store, newOrder });
      const report = {
        instanceId: 'w1',
        startedAtMs: T0,
        latencyMs: 12.6,
        statusCode: 500,
        responseSnippet: 'x'.repeat(5_000),
        error: null,
        nowMs: T0 + 100,
      };

      assert.equal(
        (
          await store.recordDeliveryAttempts([
            { ...report, deliveryId: retried, instanceId: 'w2', outcome: { kind: 'delivered' } },
          ])
        )[0],
        false,
        'a claim not held moves nothing',
      );
      assert.equal(
        (
          await store.recordDeliveryAttempts([
            { ...report, deliveryId: retried, outcome: { kind: 'retry', nextAttemptAtMs: T0 + 60_000 } },
          ])
        )[0],
        true,
      );
      const afterRetry = (await store.getDelivery(retried))!;
      assert.deepEqual(
        [afterRetry.status, afterRetry.attemptCount, afterRetry.nextAttemptAt, afterRetry.lastStatusCode],
        ['pending', 1, new Date(T0 + 60_000).toISOString(), 500],
      );
      assert.deepEqual(
        afterRetry.attempts.map((a) => [
          a.attemptNumber,
          a.instanceId,
          a.outcome,
          a.latencyMs,
          a.responseSnippet?.length,
        ]),
        [
          [1, 'w2', 'delivered', 13, 1024],
          [1, 'w1', 'retry', 13, 1024],
        ],
      );

      assert.equal(
        (
          await store.recordDeliveryAttempts([
            { ...report, deliveryId: delivered, statusCode: 204, responseSnippet: null, outcome: { kind: 'released' } },
          ])
        )[0],
        true,
      );
      assert.deepEqual(
        (await store.getDelivery(delivered))!.attempts.map((a) => [a.attemptNumber, a.outcome]),
        [[0, 'aborted']],
        'an aborted attempt does not count',
      );
      const again = await store.claimDeliveries({ instanceId: 'w1', nowMs: T0 + 200, untilMs: T0 + 30_000, limit: 10 });
      assert.deepEqual(
        again.map((c) => c.deliveryId),
        [delivered],
        'a released delivery is due at once; one to retry later is not',
      );
      assert.equal(
        (
          await store.recordDeliveryAttempts([
            {
              ...report,
              deliveryId: delivered,
              statusCode: 204,
              responseSnippet: null,
              outcome: { kind: 'delivered' },
            },
          ])
        )[0],
        true,
      );
      const done = (await store.getDelivery(delivered))!;
      assert.deepEqual(
        [done.status, done.attemptCount, done.nextAttemptAt, done.deliveredAt],
        ['delivered', 1, null, new Date(T0 + 100).toISOString()],
      );

      const redone = await store.redeliver(delivered, 'dlv_contract_redo', T0 + 500);
      assert.equal(redone.kind, 'created');
      assert.deepEqual(
        redone.kind === 'created' && [
          redone.delivery.status,
          redone.delivery.redeliveryOf,
          redone.delivery.attemptCount,
          redone.delivery.nextAttemptAt,
        ],
        ['pending', delivered, 0, new Date(T0 + 500).toISOString()],
      );
      assert.deepEqual(await store.redeliver('dlv_none', 'dlv_x', T0), { kind: 'not-found' });

      assert.equal(
        (
          await store.recordDeliveryAttempts([
            { ...report, deliveryId: gone, statusCode: 410, outcome: { kind: 'gone' } },
          ])
        )[0],
        true,
      );
      assert.equal((await store.getDelivery(gone))?.status, 'failed');
      const disabled = await store.getWebhookEndpoint('whe_e');
      assert.deepEqual([disabled?.status, disabled?.disabledReason], ['disabled', 'The endpoint answered 410 Gone.']);
      assert.equal(
        (await store.getDelivery(retried))?.status,
        'cancelled',
        "the endpoint's pending deliveries are cancelled",
      );
      assert.equal((await store.getDelivery('dlv_contract_redo'))?.status, 'cancelled');
      assert.deepEqual(await store.redeliver(delivered, 'dlv_contract_redo2', T0 + 600), { kind: 'endpoint-disabled' });
      assert.equal(
        await store.rotateWebhookSecret('whe_e', 'newer', T0, T0),
        false,
        'a disabled endpoint keeps its secret',
      );

      const page1 = await store.listDeliveries('ptn_e', { limit: 2, before: null });
      const page2 = await store.listDeliveries('ptn_e', { limit: 10, before: page1.at(-1)!.deliveryId });
      assert.deepEqual(
        page1.map((d) => d.deliveryId),
        ['dlv_contract_redo', gone],
        'newest first',
      );
      assert.deepEqual(
        page2.map((d) => d.deliveryId),
        [delivered, retried],
      );
      assert.deepEqual(
        await store.listDeliveries('ptn_a', { limit: 10, before: gone }),
        [],
        "a cursor of another partner's delivery matches nothing",
      );
      const counts = await store.deliveryCounts();
      assert.ok(counts.delivered >= 1 && counts.failed >= 1 && counts.cancelled >= 2);
    },
  },
  {
    name: 'attempts recorded together move each delivery by its own outcome; text is kept as PostgreSQL can hold it',
    async run({ store, newOrder }) {
      await store.createPartner({ partnerId: 'ptn_f', name: 'F', environment: 'sandbox', orderSource: 'SRC_F' });
      const base = {
        partnerId: 'ptn_f',
        url: 'https://f.example/hook',
        environment: 'sandbox' as const,
        createdAt: new Date(T0).toISOString(),
        eventTypes: ['order.status' as const],
      };
      await store.insertWebhookEndpoint({ ...base, endpointId: 'whe_f1', secret: 'f1' });
      await store.insertWebhookEndpoint({ ...base, endpointId: 'whe_f2', secret: 'f2' });
      const orders: string[] = [];
      for (let i = 0; i < 4; i++) {
        const orderId = await newOrder('ptn_f');
        orders.push(orderId);
        await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'QUEUED'), [event(`f${i}`, 'ptn_f', orderId)]);
      }
      const claims = await store.claimDeliveries({ instanceId: 'batch', nowMs: T0, untilMs: T0 + 30_000, limit: 50 });
      const id = (endpointId: string, order: number) =>
        claims.find((c) => c.endpoint.endpointId === endpointId && c.event.orderId === orders[order])!.deliveryId;
      const [d1, d2, d3, d4] = [0, 1, 2, 3].map((i) => id('whe_f1', i)) as [string, string, string, string];
      const [d5, d6, d7, d8] = [0, 1, 2, 3].map((i) => id('whe_f2', i)) as [string, string, string, string];
      const report = {
        instanceId: 'batch',
        startedAtMs: T0,
        latencyMs: 5,
        statusCode: 500,
        responseSnippet: null,
        error: 'HTTP 500',
        nowMs: T0 + 100,
      };
      const held = await store.recordDeliveryAttempts([
        {
          ...report,
          deliveryId: d1,
          statusCode: 200,
          responseSnippet: 'ok\u0000',
          error: null,
          outcome: { kind: 'delivered' },
        },
        {
          ...report,
          deliveryId: d2,
          responseSnippet: `${'x'.repeat(RESPONSE_SNIPPET_MAX - 1)}\u{1F600}`,
          outcome: { kind: 'retry', nextAttemptAtMs: T0 + 5_000 },
        },
        {
          ...report,
          deliveryId: d3,
          statusCode: null,
          error: 'aborted: the dispatcher stopped',
          outcome: { kind: 'released' },
        },
        { ...report, deliveryId: d4, error: 'network: \uD800 lone', outcome: { kind: 'failed' } },
        {
          ...report,
          deliveryId: d5,
          instanceId: 'other',
          statusCode: 200,
          error: null,
          outcome: { kind: 'delivered' },
        },
        { ...report, deliveryId: 'dlv_none', outcome: { kind: 'delivered' } },
        { ...report, deliveryId: d6, statusCode: 410, error: 'HTTP 410', outcome: { kind: 'gone' } },
      ]);
      assert.deepEqual(held, [true, true, true, true, false, false, true]);
      const state = async (deliveryId: string) => {
        const d = (await store.getDelivery(deliveryId))!;
        return {
          status: d.status,
          attemptCount: d.attemptCount,
          nextAttemptAt: d.nextAttemptAt,
          attempts: d.attempts.map((a) => [a.attemptNumber, a.instanceId, a.outcome]),
        };
      };
      const t = (ms: number) => new Date(ms).toISOString();
      assert.deepEqual(await state(d1), {
        status: 'delivered',
        attemptCount: 1,
        nextAttemptAt: null,
        attempts: [[1, 'batch', 'delivered']],
      });
      assert.deepEqual(await state(d2), {
        status: 'pending',
        attemptCount: 1,
        nextAttemptAt: t(T0 + 5_000),
        attempts: [[1, 'batch', 'retry']],
      });
      assert.deepEqual(await state(d3), {
        status: 'pending',
        attemptCount: 0,
        nextAttemptAt: t(T0),
        attempts: [[0, 'batch', 'aborted']],
      });
      assert.deepEqual(await state(d4), {
        status: 'failed',
        attemptCount: 1,
        nextAttemptAt: null,
        attempts: [[1, 'batch', 'failed']],
      });
      assert.deepEqual(await state(d6), {
        status: 'failed',
        attemptCount: 1,
        nextAttemptAt: null,
        attempts: [[1, 'batch', 'gone']],
      });
      assert.deepEqual(
        (await state(d5)).attempts,
        [[1, 'other', 'delivered']],
        'a claim not held logs the attempt only',
      );
      for (const cancelled of [d5, d7, d8])
        assert.equal(
          (await store.getDelivery(cancelled))?.status,
          'cancelled',
          'a 410 cancels what was pending for its endpoint',
        );
      assert.equal((await store.getWebhookEndpoint('whe_f2'))?.status, 'disabled');
      assert.equal((await store.getWebhookEndpoint('whe_f1'))?.status, 'active');
      const text = async (deliveryId: string) => {
        const d = (await store.getDelivery(deliveryId))!;
        return [d.attempts[0]!.responseSnippet, d.attempts[0]!.error, d.lastError];
      };
      assert.deepEqual(await text(d1), ['ok\uFFFD', null, null], 'NUL is replaced');
      assert.deepEqual(
        await text(d2),
        [`${'x'.repeat(RESPONSE_SNIPPET_MAX - 1)}\uFFFD`, 'HTTP 500', 'HTTP 500'],
        'a pair cut by the limit leaves no lone surrogate',
      );
      assert.deepEqual(await text(d4), [null, 'network: \uFFFD lone', 'network: \uFFFD lone']);
      assert.deepEqual(await store.recordDeliveryAttempts([]), []);
      await store.disableWebhookEndpoint('whe_f1', 'test', T0);
    },
  },
  {
    name: 'orders are enrolled for polling as they are stored; an event makes the order due again',
    async run({ store, newOrder }) {
      const orderId = await newOrder();
      const claimed = await store.claimOrderPolls({ instanceId: 'p', nowMs: T0, untilMs: T0 + 60_000, limit: 500 });
      const mine = claimed.find((c) => c.order.orderId === orderId);
      assert.ok(mine, 'a new order is due at once');
      assert.equal(mine.misses, 0);
      assert.equal(mine.order.grocerOrder.orderId, orderId);
      assert.equal(
        await store.completeOrderPoll({
          orderId,
          instanceId: 'someone-else',
          nowMs: T0,
          misses: 1,
          nextPollAtMs: T0 + 60_000,
          lastSeenStatus: 'PLACED',
          lastSeenPickingStatus: null,
          done: null,
        }),
        false,
      );
      assert.equal(
        await store.completeOrderPoll({
          orderId,
          instanceId: 'p',
          nowMs: T0,
          misses: 3,
          nextPollAtMs: T0 + 3_600_000,
          lastSeenStatus: 'PLACED',
          lastSeenPickingStatus: 'AWAITING_PAYMENT',
          done: null,
        }),
        true,
      );
      const notYet = await store.claimOrderPolls({
        instanceId: 'p',
        nowMs: T0 + 60_000,
        untilMs: T0 + 120_000,
        limit: 500,
      });
      assert.equal(
        notYet.some((c) => c.order.orderId === orderId),
        false,
      );
      await store.releaseOrderPolls(
        'p',
        notYet.map((c) => c.order.orderId),
        T0 + 10 * 3_600_000,
      );
      await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'QUEUED'), [event('poll1', 'ptn_a', orderId)]);
      const again = await store.claimOrderPolls({
        instanceId: 'q',
        nowMs: T0 + 60_000,
        untilMs: T0 + 120_000,
        limit: 500,
      });
      assert.deepEqual(
        again.map((c) => [c.order.orderId, c.misses, c.order.pickingStatus]),
        [[orderId, 0, 'QUEUED']],
      );
      assert.equal(
        await store.completeOrderPoll({
          orderId,
          instanceId: 'q',
          nowMs: T0 + 60_000,
          misses: 0,
          nextPollAtMs: T0,
          lastSeenStatus: 'COMPLETED',
          lastSeenPickingStatus: 'COLLECTED',
          done: 'final',
        }),
        true,
      );
      // A final order stays done even when another event of it arrives.
      await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'COLLECTED'), [event('poll2', 'ptn_a', orderId)]);
      const later = await store.claimOrderPolls({
        instanceId: 'q',
        nowMs: T0 + 365 * 86_400_000,
        untilMs: T0 + 366 * 86_400_000,
        limit: 500,
      });
      assert.ok(later.length > 0, 'other open orders are still polled');
      assert.equal(
        later.some((c) => c.order.orderId === orderId),
        false,
      );
    },
  },
  {
    name: 'a stale order is polled again when an event of it arrives',
    async run({ store, newOrder }) {
      const orderId = await newOrder();
      const nowMs = T0 + 400 * 86_400_000;
      const claimed = await store.claimOrderPolls({ instanceId: 's', nowMs, untilMs: nowMs + 60_000, limit: 500 });
      assert.ok(claimed.some((c) => c.order.orderId === orderId));
      assert.equal(
        await store.completeOrderPoll({
          orderId,
          instanceId: 's',
          nowMs,
          misses: 9,
          nextPollAtMs: nowMs,
          lastSeenStatus: 'PLACED',
          lastSeenPickingStatus: null,
          done: 'stale',
        }),
        true,
      );
      await store.releaseOrderPolls(
        's',
        claimed.map((c) => c.order.orderId).filter((id) => id !== orderId),
        nowMs + 365 * 86_400_000,
      );
      assert.deepEqual(
        await store.claimOrderPolls({ instanceId: 's', nowMs: nowMs + 1, untilMs: nowMs + 60_000, limit: 500 }),
        [],
        'a stale order is done',
      );
      await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'QUEUED'), [event('stale1', 'ptn_a', orderId)]);
      const woken = await store.claimOrderPolls({
        instanceId: 's',
        nowMs: nowMs + 2,
        untilMs: nowMs + 60_000,
        limit: 500,
      });
      assert.deepEqual(
        woken.map((c) => [c.order.orderId, c.misses]),
        [[orderId, 0]],
      );
    },
  },
  {
    name: 'an inbound notification is remembered until it expires',
    async run({ store }) {
      assert.equal(await store.rememberInboundNotification('sig-1', T0, T0 + 600_000), true);
      assert.equal(await store.rememberInboundNotification('sig-1', T0 + 1_000, T0 + 601_000), false);
      await store.forgetInboundNotification('sig-1');
      assert.equal(await store.rememberInboundNotification('sig-1', T0 + 2_000, T0 + 602_000), true);
      // Past its expiry the receipt is swept; by then the sender's clock check refuses the body anyway.
      assert.equal(await store.rememberInboundNotification('sig-2', T0 + 700_000, T0 + 1_300_000), true);
      assert.equal(await store.rememberInboundNotification('sig-1', T0 + 700_000, T0 + 1_300_000), true);
    },
  },
];

/**
 * Partner E's endpoint, its secret rotated, and one claimed delivery of each of three new orders,
 * named oldest first by what the attempts-case does with them.
 */
async function threeClaimedDeliveries({
  store,
  newOrder,
}: EventStoreContractContext): Promise<[gone: string, delivered: string, retried: string]> {
  await store.insertWebhookEndpoint({
    partnerId: 'ptn_e',
    url: 'https://e.example/hook',
    environment: 'sandbox',
    createdAt: new Date(T0).toISOString(),
    endpointId: 'whe_e',
    eventTypes: ['order.status'],
    secret: 'old',
  });
  assert.equal(await store.rotateWebhookSecret('whe_e', 'new', T0, T0 + 3_600_000), true);
  assert.equal(await store.rotateWebhookSecret('whe_none', 'x', T0, T0), false);
  const endpoint = await store.getWebhookEndpoint('whe_e');
  assert.deepEqual(
    [endpoint?.secretRotatedAt, endpoint?.previousSecretExpiresAt],
    [new Date(T0).toISOString(), new Date(T0 + 3_600_000).toISOString()],
  );
  assert.equal(Object.hasOwn(endpoint!, 'secret'), false, 'an endpoint is never listed with its secret');
  const orders = [await newOrder('ptn_e'), await newOrder('ptn_e'), await newOrder('ptn_e')];
  for (const [i, orderId] of orders.entries())
    await store.updateOrderFromGrocer(orderId, grocerOrder(orderId, 'QUEUED'), [event(`e${i}`, 'ptn_e', orderId)]);
  const claims = await store.claimDeliveries({ instanceId: 'w1', nowMs: T0, untilMs: T0 + 30_000, limit: 10 });
  const mine = claims.filter((c) => c.endpoint.endpointId === 'whe_e');
  assert.equal(mine.length, 3);
  assert.deepEqual(
    [mine[0]!.endpoint.secret, mine[0]!.endpoint.previousSecret, mine[0]!.endpoint.previousSecretExpiresAtMs],
    ['new', 'old', T0 + 3_600_000],
  );
  // Claims come in no promised order: name the deliveries oldest first, as listed.
  const [gone, delivered, retried] = (await store.listDeliveries('ptn_e', { limit: 3, before: null })).map(
    (d) => d.deliveryId,
  ) as [string, string, string];
  assert.deepEqual(mine.map((c) => c.deliveryId).sort(), [gone, delivered, retried].sort());
  return [gone, delivered, retried];
}
