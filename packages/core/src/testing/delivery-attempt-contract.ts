import assert from 'node:assert/strict';
import { RESPONSE_SNIPPET_MAX } from '../ports/event-store.ts';
import type { Store } from '../ports/store.ts';
import { CONTRACT_T0 as T0, contractEvent as event, contractGrocerOrder as grocerOrder } from './contract-records.ts';
import type { EventStoreContractCase, EventStoreContractContext } from './event-store-contract-fixtures.ts';

/**
 * The delivery attempts part of the event-store contract: attempts recorded and deliveries moved on
 * by their outcome (alone or together), redeliveries, a 410 that disables its endpoint, and paging.
 */
export const deliveryAttemptContract: readonly EventStoreContractCase[] = [
  {
    name: 'attempts are recorded and move a held delivery on; a lost claim records the attempt only; 410 disables the endpoint',
    async run(context) {
      const deliveries = await threeClaimedDeliveries(context);
      await retriedUnlessTheClaimIsLost(context.store, deliveries);
      await releasedThenDelivered(context.store, deliveries);
      await redeliveredOnce(context.store, deliveries);
      await goneDisablesTheEndpoint(context.store, deliveries);
      await pagedNewestFirst(context.store, deliveries);
    },
  },
  {
    name: 'attempts recorded together move each delivery by its own outcome; text is kept as PostgreSQL can hold it',
    async run(context) {
      const batch = await claimedBatch(context);
      await recordedTogether(context.store, batch);
      await movedByTheirOwnOutcome(context.store, batch);
      await textKeptAsPostgresCanHoldIt(context.store, batch);
    },
  },
];

/** Partner E's three deliveries, named oldest first by what the attempts-case does with them. */
interface ThreeDeliveries {
  gone: string;
  delivered: string;
  retried: string;
}

/** An attempt of worker w1 that got a 500 with a long answer; each step overrides what it varies. */
const report = {
  instanceId: 'w1',
  startedAtMs: T0,
  latencyMs: 12.6,
  statusCode: 500,
  responseSnippet: 'x'.repeat(5_000),
  error: null,
  nowMs: T0 + 100,
};

/**
 * Partner E's endpoint, its secret rotated, and one claimed delivery of each of three new orders,
 * named oldest first by what the attempts-case does with them.
 */
async function threeClaimedDeliveries({ store, newOrder }: EventStoreContractContext): Promise<ThreeDeliveries> {
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
  return { gone, delivered, retried };
}

/** An attempt under a claim another worker holds moves nothing; the holder's retry moves the delivery on. */
async function retriedUnlessTheClaimIsLost(store: Store, { retried }: ThreeDeliveries): Promise<void> {
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
    afterRetry.attempts.map((a) => [a.attemptNumber, a.instanceId, a.outcome, a.latencyMs, a.responseSnippet?.length]),
    [
      [1, 'w2', 'delivered', 13, 1024],
      [1, 'w1', 'retry', 13, 1024],
    ],
  );
}

/** A released delivery (an aborted attempt, not counted) is due at once, then delivered. */
async function releasedThenDelivered(store: Store, { delivered }: ThreeDeliveries): Promise<void> {
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
}

/** A delivered delivery is sent again as a new pending one (`dlv_contract_redo`); an unknown one is not found. */
async function redeliveredOnce(store: Store, { delivered }: ThreeDeliveries): Promise<void> {
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
}

/** A 410 fails its delivery, disables the endpoint and cancels what was pending for it. */
async function goneDisablesTheEndpoint(store: Store, { gone, delivered, retried }: ThreeDeliveries): Promise<void> {
  assert.equal(
    (
      await store.recordDeliveryAttempts([{ ...report, deliveryId: gone, statusCode: 410, outcome: { kind: 'gone' } }])
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
}

/** A partner's deliveries page newest first; a cursor of another partner's delivery matches nothing. */
async function pagedNewestFirst(store: Store, { gone, delivered, retried }: ThreeDeliveries): Promise<void> {
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
}

/** Partner F's claimed deliveries: d1–d4 of four orders to endpoint whe_f1, d5–d8 of the same orders to whe_f2. */
type Batch = [string, string, string, string, string, string, string, string];

/** Partner F, two endpoints, four orders with an event each, every delivery claimed by `batch`. */
async function claimedBatch({ store, newOrder }: EventStoreContractContext): Promise<Batch> {
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
  return [...[0, 1, 2, 3].map((i) => id('whe_f1', i)), ...[0, 1, 2, 3].map((i) => id('whe_f2', i))] as Batch;
}

/** Seven attempts in one call, each with its own outcome; one under a claim not held, one of no delivery. */
async function recordedTogether(store: Store, [d1, d2, d3, d4, d5, d6]: Batch): Promise<void> {
  const batchReport = {
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
      ...batchReport,
      deliveryId: d1,
      statusCode: 200,
      responseSnippet: 'ok\u0000',
      error: null,
      outcome: { kind: 'delivered' },
    },
    {
      ...batchReport,
      deliveryId: d2,
      responseSnippet: `${'x'.repeat(RESPONSE_SNIPPET_MAX - 1)}\u{1F600}`,
      outcome: { kind: 'retry', nextAttemptAtMs: T0 + 5_000 },
    },
    {
      ...batchReport,
      deliveryId: d3,
      statusCode: null,
      error: 'aborted: the dispatcher stopped',
      outcome: { kind: 'released' },
    },
    { ...batchReport, deliveryId: d4, error: 'network: \uD800 lone', outcome: { kind: 'failed' } },
    {
      ...batchReport,
      deliveryId: d5,
      instanceId: 'other',
      statusCode: 200,
      error: null,
      outcome: { kind: 'delivered' },
    },
    { ...batchReport, deliveryId: 'dlv_none', outcome: { kind: 'delivered' } },
    { ...batchReport, deliveryId: d6, statusCode: 410, error: 'HTTP 410', outcome: { kind: 'gone' } },
  ]);
  assert.deepEqual(held, [true, true, true, true, false, false, true]);
}

/** Each delivery of the batch where its own outcome took it; the 410 cancelled the rest of its endpoint's. */
async function movedByTheirOwnOutcome(store: Store, [d1, d2, d3, d4, d5, d6, d7, d8]: Batch): Promise<void> {
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
  assert.deepEqual((await state(d5)).attempts, [[1, 'other', 'delivered']], 'a claim not held logs the attempt only');
  for (const cancelled of [d5, d7, d8])
    assert.equal(
      (await store.getDelivery(cancelled))?.status,
      'cancelled',
      'a 410 cancels what was pending for its endpoint',
    );
  assert.equal((await store.getWebhookEndpoint('whe_f2'))?.status, 'disabled');
  assert.equal((await store.getWebhookEndpoint('whe_f1'))?.status, 'active');
}

/** Answers and errors are stored without NUL or lone surrogates, cut within the snippet limit. */
async function textKeptAsPostgresCanHoldIt(store: Store, [d1, d2, , d4]: Batch): Promise<void> {
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
}
