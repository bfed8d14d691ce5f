import assert from 'node:assert/strict';
import { CONTRACT_T0 as T0, contractEvent as event, contractGrocerOrder as grocerOrder } from './contract-records.ts';
import type { EventStoreContractCase } from './event-store-contract-fixtures.ts';

/**
 * The webhook deliveries part of the event-store contract: one delivery per active endpoint that
 * takes an event's type, written with the change and never twice; exclusive claims that expire.
 */
export const eventDeliveryContract: readonly EventStoreContractCase[] = [
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
];
