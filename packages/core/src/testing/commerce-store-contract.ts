import assert from 'node:assert/strict';
import type { ShopperScope } from '../model/basket.ts';
import {
  intent,
  link,
  orderRecord,
  otherPartner,
  production,
  scope,
  type StoreContractCase,
} from './store-contract-fixtures.ts';

/** The `CommerceStore` part of the store contract: baskets under concurrent changes, scoped quotes, idempotency keys, scoped order paging, payment links. */
export const commerceStoreContract: readonly StoreContractCase[] = [
  {
    name: 'concurrent basket changes lose no update',
    async run({ store }) {
      const adds = Array.from({ length: 20 }, (_, i) =>
        store.updateBasket(scope, `bsk_${i}`, (current) => {
          const lines = current?.lines.map((l) => ({ ...l })) ?? [];
          const line = lines.find((l) => l.cprcode === '100001');
          if (line) line.quantity += 1;
          else lines.push({ cprcode: '100001', quantity: 1 });
          return { branchCode: 'BK01', lines };
        }),
      );
      await Promise.all(adds);
      const basket = await store.getBasket(scope);
      assert.deepEqual(basket?.lines, [{ cprcode: '100001', quantity: 20 }]);
      assert.equal(await store.getBasket(otherPartner), null, 'another partner sees no basket of this one');
      assert.equal(await store.getBasket(production), null, "the partner's production keys see no sandbox basket");
    },
  },
  {
    name: 'a change that throws leaves the basket as it was; one that returns null changes nothing',
    async run({ store }) {
      await assert.rejects(
        store.updateBasket(scope, 'bsk_x', () => {
          throw new Error('refused');
        }),
        /refused/,
      );
      assert.equal((await store.getBasket(scope))?.lines[0]?.quantity, 20);
      const before = await store.getBasket(scope);
      assert.deepEqual(await store.updateBasket(scope, 'bsk_y', () => null), before);
      assert.equal(
        await store.updateBasket(otherPartner, 'bsk_z', () => null),
        null,
        'no basket is created by a change that declines',
      );
      assert.equal(await store.getBasket(otherPartner), null);
    },
  },
  {
    name: 'quotes are read back by their shopper only',
    async run({ store }) {
      const quote = {
        quoteId: 'qte_contract_1',
        partnerId: scope.partnerId,
        ownerId: scope.ownerId,
        request: orderRecord('PA0', '2026-11-22T03:00:00.000Z').request,
        calculation: {
          branchCode: 'BK01',
          currency: 'THB',
          fulfilment: 'PICKUP' as const,
          scheduleMode: 'REGULAR',
          lines: [],
          subTotalSatang: 0,
          deliveryFeeSatang: 0,
          discountedDeliveryFeeSatang: 0,
          shippingDiscountSatang: 0,
          expressShippingCostSatang: 0,
          totalDiscountSatang: 0,
          grandTotalSatang: 0,
          couponCodes: [],
          failedCoupons: [],
          raw: null,
        },
        createdAt: '2026-11-22T03:00:00.000Z',
        expiresAt: '2026-11-22T03:15:00.000Z',
      };
      await store.saveQuote(quote);
      assert.deepEqual(await store.getQuote(scope, 'qte_contract_1'), quote);
      assert.equal(await store.getQuote({ ...scope, ownerId: 'owner-2' }, 'qte_contract_1'), null);
      assert.equal(await store.getQuote(otherPartner, 'qte_contract_1'), null);
    },
  },
  {
    name: 'idempotency keys: claim, in progress, replay, mismatch, takeover of a stale claim',
    async run({ store }) {
      const claim = (requestHash: string, resourceId: string, nowMs: number) =>
        store.claimIdempotencyKey(scope, {
          key: 'key-1',
          requestHash,
          resourceId,
          nowMs,
          staleAfterMs: 60_000,
          retentionMs: 86_400_000,
        });
      const t0 = Date.UTC(2026, 10, 22);
      assert.deepEqual(await claim('r1', 'PA1', t0), { kind: 'claimed', resourceId: 'PA1' });
      assert.deepEqual(await claim('r1', 'PA2', t0 + 10), { kind: 'in-progress' });
      assert.deepEqual(await claim('r2', 'PA2', t0 + 10), { kind: 'mismatch' });
      assert.deepEqual(
        await claim('r1', 'PA3', t0 + 120_000),
        { kind: 'claimed', resourceId: 'PA1' },
        'a stale claim keeps its resource id',
      );
      await store.insertOrderIntent(intent('PA2611220000001-AAAA'));
      assert.equal(
        await store.insertOrder({
          order: orderRecord('PA2611220000001-AAAA', '2026-11-22T03:00:00.000Z'),
          link: link('PA2611220000001-AAAA', 'aa'),
          idempotency: { key: 'key-1', response: { orderId: 'PA1' } },
        }),
        true,
      );
      assert.deepEqual(await claim('r1', 'PA4', t0 + 130_000), { kind: 'replay', response: { orderId: 'PA1' } });
      await store.releaseIdempotencyKey(scope, 'key-1');
      assert.deepEqual(
        await claim('r1', 'PA4', t0 + 140_000),
        { kind: 'replay', response: { orderId: 'PA1' } },
        'a completed key is not released',
      );
      assert.deepEqual(
        await claim('r2', 'PA5', t0 + 86_400_000 + 130_000),
        { kind: 'claimed', resourceId: 'PA5' },
        'a key is forgotten after its retention',
      );
      assert.deepEqual(
        await store.claimIdempotencyKey(otherPartner, {
          key: 'key-1',
          requestHash: 'r9',
          resourceId: 'PB1',
          nowMs: t0,
          staleAfterMs: 60_000,
          retentionMs: 86_400_000,
        }),
        { kind: 'claimed', resourceId: 'PB1' },
        'keys are per (partner, shopper)',
      );
      assert.deepEqual(
        await store.claimIdempotencyKey(production, {
          key: 'key-1',
          requestHash: 'r9',
          resourceId: 'PP1',
          nowMs: t0,
          staleAfterMs: 60_000,
          retentionMs: 86_400_000,
        }),
        { kind: 'claimed', resourceId: 'PP1' },
        'and per environment',
      );
      await store.releaseIdempotencyKey(production, 'key-1');
      assert.deepEqual(
        await store.claimIdempotencyKey(production, {
          key: 'key-1',
          requestHash: 'r8',
          resourceId: 'PP2',
          nowMs: t0 + 1,
          staleAfterMs: 60_000,
          retentionMs: 86_400_000,
        }),
        { kind: 'claimed', resourceId: 'PP2' },
        'a released claim is free again',
      );
    },
  },
  {
    name: 'idempotency keys claimed before the cut-off are swept, oldest first and in batches, of every partner; later ones are kept',
    async run({ store }) {
      const day = 86_400_000;
      const t0 = Date.UTC(2026, 10, 22);
      // Claims that go stale only after ten days: a key still stored answers in-progress, a swept one is claimed afresh.
      const claim = (owner: ShopperScope, key: string, resourceId: string, nowMs: number) =>
        store.claimIdempotencyKey(owner, {
          key,
          requestHash: 'r-sweep',
          resourceId,
          nowMs,
          staleAfterMs: 10 * day,
          retentionMs: 10 * day,
        });
      await claim(scope, 'sweep-old', 'PS1', t0 - 3 * day);
      await claim(otherPartner, 'sweep-older', 'PS2', t0 - 4 * day);
      await claim(production, 'sweep-old', 'PS3', t0 - 2 * day);
      await claim(scope, 'sweep-live', 'PS4', t0 - day / 2);
      const cutOff = t0 - day;
      assert.equal(
        await store.deleteExpiredIdempotencyKeys({ claimedBeforeMs: cutOff, limit: 2 }),
        2,
        'a batch at most',
      );
      assert.deepEqual(
        await claim(production, 'sweep-old', 'PS5', t0 - 2 * day + 1),
        { kind: 'in-progress' },
        'the oldest went first',
      );
      assert.equal(await store.deleteExpiredIdempotencyKeys({ claimedBeforeMs: cutOff, limit: 2 }), 1, 'then the rest');
      assert.equal(await store.deleteExpiredIdempotencyKeys({ claimedBeforeMs: cutOff, limit: 2 }), 0);
      assert.deepEqual(
        await claim(otherPartner, 'sweep-older', 'PS6', t0 - 4 * day + 1),
        { kind: 'claimed', resourceId: 'PS6' },
        "another partner's key is swept too",
      );
      assert.deepEqual(await claim(scope, 'sweep-old', 'PS7', t0 - 3 * day + 1), {
        kind: 'claimed',
        resourceId: 'PS7',
      });
      assert.deepEqual(
        await claim(scope, 'sweep-live', 'PS8', t0),
        { kind: 'in-progress' },
        'a key claimed after the cut-off is kept',
      );
      assert.deepEqual(
        await claim(scope, 'key-1', 'PS9', t0 + 86_400_000 + 140_000),
        { kind: 'mismatch' },
        'and so are the keys before',
      );
    },
  },
  {
    name: 'orders are scoped and paged newest first',
    async run({ store }) {
      for (let i = 2; i <= 5; i++) {
        const id = `PA261122000000${i}-AAAA`;
        await store.insertOrderIntent(intent(id));
        await store.insertOrder({
          order: orderRecord(id, `2026-11-22T03:0${i}:00.000Z`),
          link: link(id, `h${i}`),
          idempotency: null,
        });
      }
      const first = await store.listOrders(scope, { after: null, first: 2 });
      assert.deepEqual(
        first.orders.map((o) => o.orderId),
        ['PA2611220000005-AAAA', 'PA2611220000004-AAAA'],
      );
      assert.equal(first.hasNextPage, true);
      const last = first.orders.at(-1)!;
      const second = await store.listOrders(scope, {
        after: { createdAt: last.createdAt, orderId: last.orderId },
        first: 10,
      });
      assert.deepEqual(
        second.orders.map((o) => o.orderId),
        ['PA2611220000003-AAAA', 'PA2611220000002-AAAA', 'PA2611220000001-AAAA'],
      );
      assert.equal(second.hasNextPage, false);
      assert.equal(await store.getOrder(otherPartner, 'PA2611220000005-AAAA'), null);
      assert.equal((await store.listOrders(otherPartner, { after: null, first: 10 })).orders.length, 0);
      assert.equal(
        (await store.listOrders(production, { after: null, first: 10 })).orders.length,
        0,
        'sandbox orders are not production ones',
      );
      assert.equal(await store.getOrder(production, 'PA2611220000005-AAAA'), null);
      assert.equal(
        (await store.getOrderById('PA2611220000005-AAAA'))?.createdAt,
        '2026-11-22T03:05:00.000Z',
        'unscoped by id',
      );
      assert.deepEqual(
        (await store.ordersByIds(['PA2611220000003-AAAA', 'PA2611220000002-AAAA', 'nope'])).map((o) => o.orderId),
        ['PA2611220000002-AAAA', 'PA2611220000003-AAAA'],
      );
    },
  },
  {
    name: 'payment links are found by their hash',
    async run({ store }) {
      assert.equal((await store.findPaymentLinkByHash('h3'))?.link.orderId, 'PA2611220000003-AAAA');
      assert.equal((await store.findPaymentLinkByHash('h3'))?.order.orderId, 'PA2611220000003-AAAA');
      assert.equal(await store.findPaymentLinkByHash('nope'), null);
      await store.insertPaymentLink({
        ...link('PA2611220000003-AAAA', 'h3-fresh'),
        linkId: 'lnk_fresh',
        callbackUrl: 'https://a.example/done',
      });
      assert.equal((await store.findPaymentLinkByHash('h3-fresh'))?.link.callbackUrl, 'https://a.example/done');
      await assert.rejects(
        store.insertPaymentLink({ ...link('PA2611220000003-AAAA', 'h3-fresh'), linkId: 'lnk_again' }),
        'a token hash is unique',
      );
      await assert.rejects(
        store.insertPaymentLink({ ...link('PA0000000000000-NONE', 'h-none'), linkId: 'lnk_none' }),
        'a link belongs to a stored order',
      );
    },
  },
  {
    name: 'an idempotency key completed with a response replays it; only an unfinished claim of the scope completes',
    async run({ store }) {
      const t0 = Date.UTC(2026, 10, 23);
      const claim = (owner: ShopperScope, key: string, requestHash: string, nowMs: number) =>
        store.claimIdempotencyKey(owner, {
          key,
          requestHash,
          resourceId: 'cs_proto',
          nowMs,
          staleAfterMs: 60_000,
          retentionMs: 86_400_000,
        });
      const response = { status: 201, body: { id: 'cs_proto', text: '\'; -- "ร้าน" 👩‍👩‍👧', none: null } };
      assert.equal(await store.completeIdempotencyKey(scope, 'proto-1', response), false, 'not claimed');
      assert.deepEqual(await claim(scope, 'proto-1', 'p1', t0), { kind: 'claimed', resourceId: 'cs_proto' });
      assert.equal(await store.completeIdempotencyKey(otherPartner, 'proto-1', response), false, 'another partner');
      assert.equal(await store.completeIdempotencyKey(production, 'proto-1', response), false, 'another environment');
      assert.deepEqual(await claim(scope, 'proto-1', 'p1', t0 + 10), { kind: 'in-progress' }, 'still unfinished');
      assert.equal(await store.completeIdempotencyKey(scope, 'proto-1', response), true);
      assert.equal(
        await store.completeIdempotencyKey(scope, 'proto-1', { status: 500 }),
        false,
        'a completed key keeps its response',
      );
      assert.deepEqual(await claim(scope, 'proto-1', 'p1', t0 + 20), { kind: 'replay', response });
      await store.releaseIdempotencyKey(scope, 'proto-1');
      assert.deepEqual(await claim(scope, 'proto-1', 'p1', t0 + 30), { kind: 'replay', response }, 'not released');
      assert.deepEqual(await claim(scope, 'proto-1', 'p2', t0 + 40), { kind: 'mismatch' });

      assert.deepEqual(await claim(scope, 'proto-2', 'p1', t0), { kind: 'claimed', resourceId: 'cs_proto' });
      assert.equal(await store.completeIdempotencyKey(scope, 'proto-2', undefined), true);
      assert.deepEqual(
        await claim(scope, 'proto-2', 'p1', t0 + 10),
        { kind: 'replay', response: null },
        'no response is null',
      );
    },
  },
];
