import assert from 'node:assert/strict';
import type { Store } from '../ports/store.ts';
import {
  intent,
  link,
  orderRecord,
  scope,
  type StoreContractCase,
  type StoreRowCounts,
} from './store-contract-fixtures.ts';

/**
 * The order intents part of the saga-store contract: an insert keeps the first, moves are guarded,
 * one adoption wins, an ended intent frees its idempotency key; due intents are leased once.
 */
export const orderIntentStoreContract: readonly StoreContractCase[] = [
  {
    name: 'order intents: an insert keeps the first; moves are guarded; one adoption wins; an ended intent frees its key',
    async run({ store, count }) {
      await oneAdoptionWins(store, count);
      await anEndedIntentFreesItsKey(store);
    },
  },
  {
    name: 'due intents are leased once across concurrent workers, and come back when the lease ends',
    async run({ store }) {
      const ids = ['PA2611220000011-AAAA', 'PA2611220000012-AAAA', 'PA2611220000013-AAAA'];
      for (const id of ids)
        await store.insertOrderIntent(intent(id, scope, { nextCheckAt: '2026-11-22T03:00:30.000Z' }));
      await store.insertOrderIntent(intent('PA2611220000014-AAAA', scope, { nextCheckAt: '2026-11-22T09:00:00.000Z' }));
      const nowMs = Date.parse('2026-11-22T03:02:00.000Z');
      const claims = await Promise.all(
        Array.from({ length: 4 }, () => store.claimDueOrderIntents({ nowMs, untilMs: nowMs + 30_000, limit: 2 })),
      );
      const leased = claims
        .flat()
        .map((i) => i.orderId)
        .filter((id) => ids.includes(id));
      assert.deepEqual([...leased].sort(), ids, 'every due intent is leased exactly once; one not yet due is left');
      assert.ok(claims.flat().every((i) => i.checks === 1 && i.nextCheckAt === new Date(nowMs + 30_000).toISOString()));
      assert.deepEqual(
        await store.claimDueOrderIntents({ nowMs: nowMs + 1_000, untilMs: nowMs + 31_000, limit: 10 }),
        [],
        'leased intents are not due',
      );
      const later = await store.claimDueOrderIntents({ nowMs: nowMs + 30_000, untilMs: nowMs + 60_000, limit: 10 });
      assert.deepEqual(
        later
          .map((i) => i.orderId)
          .filter((id) => ids.includes(id))
          .sort(),
        ids,
        'an unfinished lease comes back',
      );
      for (const id of ids) await store.transitionOrderIntent(id, ['pending'], 'failed');
      assert.equal(
        (await store.listOrderIntents({ since: '2026-11-22T00:00:00.000Z', after: null, limit: 100 })).filter((i) =>
          ids.includes(i.orderId),
        ).length,
        3,
      );
      const page = await store.listOrderIntents({
        since: '2026-11-22T00:00:00.000Z',
        after: 'PA2611220000011-AAAA',
        limit: 2,
      });
      assert.deepEqual(
        page.map((i) => i.orderId),
        ['PA2611220000012-AAAA', 'PA2611220000013-AAAA'],
        'paged in orderId order after the cursor',
      );
      assert.deepEqual(
        await store.listOrderIntents({ since: '2026-11-23T00:00:00.000Z', after: null, limit: 100 }),
        [],
        'none created since',
      );
    },
  },
];

/** The first insert of an intent is kept; of racing adoptions one stores the order and its one first link. */
async function oneAdoptionWins(store: Store, count: StoreRowCounts | undefined): Promise<void> {
  const orderId = 'PA2611220000006-AAAA';
  const first = await store.insertOrderIntent(intent(orderId, scope, { idempotencyKey: 'key-6' }));
  const again = await store.insertOrderIntent(intent(orderId, scope, { lastError: 'second' }));
  assert.deepEqual(again, first, 'the stored intent is returned, not overwritten');
  assert.equal(
    await store.transitionOrderIntent(orderId, ['cancelling'], 'cancelled'),
    false,
    'only from the named states',
  );
  const adoptions = await Promise.all(
    [1, 2, 3].map((n) =>
      store.insertOrder({
        order: orderRecord(orderId, '2026-11-22T03:06:00.000Z'),
        link: link(orderId, `h6-${n}`),
        idempotency: null,
      }),
    ),
  );
  assert.deepEqual(adoptions.filter(Boolean).length, 1, 'exactly one path stores the order');
  if (count) assert.equal(await count.paymentLinks(orderId), 1, 'with one first link');
  assert.equal(
    [
      (await store.findPaymentLinkByHash('h6-1')) ?? [],
      (await store.findPaymentLinkByHash('h6-2')) ?? [],
      (await store.findPaymentLinkByHash('h6-3')) ?? [],
    ].flat().length,
    1,
    'the losers wrote no link',
  );
  assert.equal((await store.getOrderIntent(orderId))?.state, 'created');
  assert.equal(
    await store.transitionOrderIntent(orderId, ['pending'], 'cancelling'),
    false,
    'a created intent is never given up',
  );
}

/** An intent given up is never adopted; once ended, the idempotency key it held is free again. */
async function anEndedIntentFreesItsKey(store: Store): Promise<void> {
  const lost = 'PA2611220000007-AAAA';
  const t0 = Date.UTC(2026, 10, 22);
  await store.claimIdempotencyKey(scope, {
    key: 'key-7',
    requestHash: 'r7',
    resourceId: lost,
    nowMs: t0,
    staleAfterMs: 60_000,
    retentionMs: 86_400_000,
  });
  await store.insertOrderIntent(intent(lost, scope, { idempotencyKey: 'key-7' }));
  assert.equal(
    await store.transitionOrderIntent(lost, ['pending'], 'cancelling', {
      lastError: 'GROCER_UNAVAILABLE: timeout',
    }),
    true,
  );
  assert.equal(
    await store.insertOrder({
      order: orderRecord(lost, '2026-11-22T03:07:00.000Z'),
      link: link(lost, 'h7'),
      idempotency: null,
    }),
    false,
    'a given-up intent is not adopted',
  );
  assert.equal(await store.getOrder(scope, lost), null);
  assert.equal(await store.findPaymentLinkByHash('h7'), null);
  assert.deepEqual(
    await store.claimIdempotencyKey(scope, {
      key: 'key-7',
      requestHash: 'r7',
      resourceId: 'PA-next',
      nowMs: t0 + 10,
      staleAfterMs: 60_000,
      retentionMs: 86_400_000,
    }),
    { kind: 'in-progress' },
  );
  assert.equal(await store.transitionOrderIntent(lost, ['cancelling'], 'cancelled'), true);
  assert.equal((await store.getOrderIntent(lost))?.lastError, 'GROCER_UNAVAILABLE: timeout', 'the reason stays');
  assert.deepEqual(
    await store.claimIdempotencyKey(scope, {
      key: 'key-7',
      requestHash: 'r7',
      resourceId: 'PA-next',
      nowMs: t0 + 20,
      staleAfterMs: 60_000,
      retentionMs: 86_400_000,
    }),
    { kind: 'claimed', resourceId: 'PA-next' },
    'nothing was placed under the key, so it is free again',
  );
}
