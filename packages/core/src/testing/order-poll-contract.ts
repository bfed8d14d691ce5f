import assert from 'node:assert/strict';
import type { Store } from '../ports/store.ts';
import { CONTRACT_T0 as T0, contractEvent as event, contractGrocerOrder as grocerOrder } from './contract-records.ts';
import type { EventStoreContractCase, EventStoreContractContext } from './event-store-contract-fixtures.ts';

/**
 * The order polling part of the event-store contract: orders enrolled for polling as they are
 * stored, exclusive claims, and an event of an order making it due again, unless it is final.
 */
export const orderPollContract: readonly EventStoreContractCase[] = [
  {
    name: 'orders are enrolled for polling as they are stored; an event makes the order due again',
    async run(context) {
      const orderId = await enrolledAndPolled(context);
      await wokenByAnEventUntilFinal(context.store, orderId);
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
];

/** A new order, due at once; polled by the claim's holder only, and not due again before its next poll. */
async function enrolledAndPolled({ store, newOrder }: EventStoreContractContext): Promise<string> {
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
  return orderId;
}

/** An event makes the polled order due at once with no misses; once final, no event brings it back. */
async function wokenByAnEventUntilFinal(store: Store, orderId: string): Promise<void> {
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
}
