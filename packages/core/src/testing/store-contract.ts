import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Store } from '../ports/store.ts';
import type { RefundRecord } from '../model/checkout.ts';
import { contractAttempt, contractGrocerOrder, contractIntent, contractLink, contractOrder, storeContractOrder } from './contract-records.ts';

/** Rows a Store writes but never reads back through the port, counted by the implementation. */
export interface StoreRowCounts {
  payments(orderId: string): Promise<number>;
  events(orderId: string): Promise<number>;
  paymentLinks(orderId: string): Promise<number>;
}

/** A fresh, empty store for one run of a contract, and how to dispose of it. */
export interface StoreContractSubject {
  store: Store;
  /** When given, the contract also checks rows the port never reads back (one payment, one event, one first link). */
  count?: StoreRowCounts;
  close(): Promise<void>;
}

const scope = { partnerId: 'ptn_a', environment: 'sandbox' as const, ownerId: 'owner-1' };
const otherPartner = { partnerId: 'ptn_b', environment: 'sandbox' as const, ownerId: 'owner-1' };
const production = { ...scope, environment: 'production' as const };
const orderRecord = (orderId: string, createdAt: string) => contractOrder(orderId, createdAt, scope);
const link = (orderId: string, hash: string) => contractLink(orderId, scope.partnerId, hash);
const intent = (orderId: string, owner = scope, extra: Parameters<typeof contractIntent>[2] = {}) => contractIntent(orderId, owner, extra);
const attempt = (orderId: string, attemptId: string, nowMs: number) => contractAttempt(orderId, scope.partnerId, attemptId, nowMs);

/**
 * The behaviour every implementation of the `Store` port shares: partners and keys, baskets under
 * concurrent changes, idempotency keys, scoped order paging, the order and payment sagas' guarded
 * moves and leases. Runs as one node:test suite whose tests build on each other, on a store from
 * `open`. The SQL store (on PGlite and PostgreSQL) and `InMemoryStore` run it; so can any other
 * implementation of the port.
 *
 * @example
 * describeStoreContract('in-memory store', async () => {
 *   const store = new InMemoryStore({ clock: new ManualClock() });
 *   return { store, close: async () => {} };
 * });
 */
export function describeStoreContract(name: string, open: () => Promise<StoreContractSubject>): void {
  describe(`Store contract: ${name}`, () => {
    let subject: StoreContractSubject;
    let store: Store;

    before(async () => {
      subject = await open();
      store = subject.store;
      await store.createPartner({ partnerId: 'ptn_a', name: 'A', environment: 'sandbox', orderSource: 'SRC_A' });
      await store.createPartner({ partnerId: 'ptn_b', name: 'B', environment: 'production', orderSource: 'SRC_B' });
    });
    after(async () => subject?.close());

    test('finds a partner by an active key only, with its app clients', async () => {
      await store.addPartnerKey({ keyHash: 'h1', keyPrefix: 'pk_test_AAAA', partnerId: 'ptn_a', environment: 'sandbox' });
      await store.addAppClient({ clientId: 'client-a', partnerId: 'ptn_a', redirectUris: ['https://a.example/cb'] });
      const found = await store.findPartnerByKeyHash('h1');
      assert.deepEqual(found, {
        partnerId: 'ptn_a',
        partnerName: 'A',
        orderSource: 'SRC_A',
        environment: 'sandbox',
        keyPrefix: 'pk_test_AAAA',
        live: false,
        clientIds: ['client-a'],
      });
      assert.equal(await store.revokePartnerKey('pk_test_AAAA'), true);
      assert.equal(await store.revokePartnerKey('pk_test_AAAA'), false);
      assert.equal(await store.findPartnerByKeyHash('h1'), null);
      assert.equal(await store.findPartnerByKeyHash("' OR 1=1 --"), null);
      assert.deepEqual(
        (await store.listPartnerKeys('ptn_a')).map((k) => [k.keyPrefix, k.revokedAt !== null]),
        [['pk_test_AAAA', true]],
      );
    });

    test('a partner with its key and client is created whole, or not at all when the client id is taken', async () => {
      const partner = { partnerId: 'ptn_c', name: 'C', environment: 'sandbox', orderSource: 'SRC_C' } as const;
      const created = await store.createPartnerWithCredentials({ partner, key: { keyHash: 'hc', keyPrefix: 'pk_test_CCCC' }, client: { clientId: 'client-c', redirectUris: [] } });
      assert.equal(created?.partnerId, 'ptn_c');
      assert.deepEqual((await store.findPartnerByKeyHash('hc'))?.clientIds, ['client-c']);
      const taken = await store.createPartnerWithCredentials({
        partner: { ...partner, partnerId: 'ptn_d', orderSource: 'SRC_D' },
        key: { keyHash: 'hd', keyPrefix: 'pk_test_DDDD' },
        client: { clientId: 'client-c', redirectUris: [] },
      });
      assert.equal(taken, null);
      assert.equal(await store.getPartner('ptn_d'), null, 'rolled back: no partner');
      assert.equal(await store.findPartnerByKeyHash('hd'), null, 'and no key');
      assert.equal(await store.addAppClient({ clientId: 'client-c', partnerId: 'ptn_a', redirectUris: [] }), null);
      assert.equal(await store.appClientExists('client-c'), true);
    });

    test('creations and registrations racing for one client id: one has it, the others get null and leave nothing behind', async () => {
      const creations = [0, 1, 2, 3, 4].map((i) =>
        store.createPartnerWithCredentials({
          partner: { partnerId: `ptn_race${i}`, name: `Racer ${i}`, environment: 'sandbox', orderSource: `SRC_RACE${i}` },
          key: { keyHash: `h_race${i}`, keyPrefix: `pk_test_RAC${i}` },
          client: { clientId: 'client-raced', redirectUris: [] },
        }),
      );
      const registrations = [0, 1, 2].map(() => store.addAppClient({ clientId: 'client-raced', partnerId: 'ptn_a', redirectUris: [] }));
      const results = await Promise.all([...creations, ...registrations]);
      assert.equal(results.filter((result) => result !== null).length, 1, 'one winner');
      for (const i of [0, 1, 2, 3, 4]) {
        const won = results[i] !== null;
        assert.equal((await store.getPartner(`ptn_race${i}`)) !== null, won, `racer ${i}: a partner only when it won`);
        assert.equal((await store.findPartnerByKeyHash(`h_race${i}`)) !== null, won, `racer ${i}: a key only when it won`);
      }
      assert.equal(await store.appClientExists('client-raced'), true);
    });

    test('an order source and a key prefix belong to one partner; going live keeps its first time', async () => {
      await assert.rejects(store.createPartner({ partnerId: 'ptn_dup', name: 'Dup', environment: 'sandbox', orderSource: 'SRC_A' }), 'an order source is unique');
      assert.equal(await store.getPartner('ptn_dup'), null);
      await assert.rejects(store.addPartnerKey({ keyHash: 'h-other', keyPrefix: 'pk_test_AAAA', partnerId: 'ptn_b', environment: 'production' }), 'a key prefix is unique');
      assert.equal(await store.setPartnerLive('ptn_b', '2026-11-22T05:00:00.000Z'), '2026-11-22T05:00:00.000Z');
      assert.equal(await store.setPartnerLive('ptn_b', '2026-11-23T05:00:00.000Z'), '2026-11-22T05:00:00.000Z', 'the first go-live stands');
      assert.deepEqual((await store.allRedirectUris()).sort(), ['https://a.example/cb']);
    });

    test('concurrent basket changes lose no update', async () => {
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
    });

    test('a change that throws leaves the basket as it was; one that returns null changes nothing', async () => {
      await assert.rejects(
        store.updateBasket(scope, 'bsk_x', () => {
          throw new Error('refused');
        }),
        /refused/,
      );
      assert.equal((await store.getBasket(scope))?.lines[0]?.quantity, 20);
      const before = await store.getBasket(scope);
      assert.deepEqual(await store.updateBasket(scope, 'bsk_y', () => null), before);
      assert.equal(await store.updateBasket(otherPartner, 'bsk_z', () => null), null, 'no basket is created by a change that declines');
      assert.equal(await store.getBasket(otherPartner), null);
    });

    test('quotes are read back by their shopper only', async () => {
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
    });

    test('idempotency keys: claim, in progress, replay, mismatch, takeover of a stale claim', async () => {
      const claim = (requestHash: string, resourceId: string, nowMs: number) =>
        store.claimIdempotencyKey(scope, { key: 'key-1', requestHash, resourceId, nowMs, staleAfterMs: 60_000, retentionMs: 86_400_000 });
      const t0 = Date.UTC(2026, 10, 22);
      assert.deepEqual(await claim('r1', 'PA1', t0), { kind: 'claimed', resourceId: 'PA1' });
      assert.deepEqual(await claim('r1', 'PA2', t0 + 10), { kind: 'in-progress' });
      assert.deepEqual(await claim('r2', 'PA2', t0 + 10), { kind: 'mismatch' });
      assert.deepEqual(await claim('r1', 'PA3', t0 + 120_000), { kind: 'claimed', resourceId: 'PA1' }, 'a stale claim keeps its resource id');
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
      assert.deepEqual(await claim('r1', 'PA4', t0 + 140_000), { kind: 'replay', response: { orderId: 'PA1' } }, 'a completed key is not released');
      assert.deepEqual(await claim('r2', 'PA5', t0 + 86_400_000 + 130_000), { kind: 'claimed', resourceId: 'PA5' }, 'a key is forgotten after its retention');
      assert.deepEqual(
        await store.claimIdempotencyKey(otherPartner, { key: 'key-1', requestHash: 'r9', resourceId: 'PB1', nowMs: t0, staleAfterMs: 60_000, retentionMs: 86_400_000 }),
        { kind: 'claimed', resourceId: 'PB1' },
        'keys are per (partner, shopper)',
      );
      assert.deepEqual(
        await store.claimIdempotencyKey(production, { key: 'key-1', requestHash: 'r9', resourceId: 'PP1', nowMs: t0, staleAfterMs: 60_000, retentionMs: 86_400_000 }),
        { kind: 'claimed', resourceId: 'PP1' },
        'and per environment',
      );
      await store.releaseIdempotencyKey(production, 'key-1');
      assert.deepEqual(
        await store.claimIdempotencyKey(production, { key: 'key-1', requestHash: 'r8', resourceId: 'PP2', nowMs: t0 + 1, staleAfterMs: 60_000, retentionMs: 86_400_000 }),
        { kind: 'claimed', resourceId: 'PP2' },
        'a released claim is free again',
      );
    });

    test('orders are scoped and paged newest first', async () => {
      for (let i = 2; i <= 5; i++) {
        const id = `PA261122000000${i}-AAAA`;
        await store.insertOrderIntent(intent(id));
        await store.insertOrder({ order: orderRecord(id, `2026-11-22T03:0${i}:00.000Z`), link: link(id, `h${i}`), idempotency: null });
      }
      const first = await store.listOrders(scope, { after: null, first: 2 });
      assert.deepEqual(
        first.orders.map((o) => o.orderId),
        ['PA2611220000005-AAAA', 'PA2611220000004-AAAA'],
      );
      assert.equal(first.hasNextPage, true);
      const last = first.orders.at(-1)!;
      const second = await store.listOrders(scope, { after: { createdAt: last.createdAt, orderId: last.orderId }, first: 10 });
      assert.deepEqual(
        second.orders.map((o) => o.orderId),
        ['PA2611220000003-AAAA', 'PA2611220000002-AAAA', 'PA2611220000001-AAAA'],
      );
      assert.equal(second.hasNextPage, false);
      assert.equal(await store.getOrder(otherPartner, 'PA2611220000005-AAAA'), null);
      assert.equal((await store.listOrders(otherPartner, { after: null, first: 10 })).orders.length, 0);
      assert.equal((await store.listOrders(production, { after: null, first: 10 })).orders.length, 0, 'sandbox orders are not production ones');
      assert.equal(await store.getOrder(production, 'PA2611220000005-AAAA'), null);
      assert.equal((await store.getOrderById('PA2611220000005-AAAA'))?.createdAt, '2026-11-22T03:05:00.000Z', 'unscoped by id');
      assert.deepEqual(
        (await store.ordersByIds(['PA2611220000003-AAAA', 'PA2611220000002-AAAA', 'nope'])).map((o) => o.orderId),
        ['PA2611220000002-AAAA', 'PA2611220000003-AAAA'],
      );
    });

    test('order intents: an insert keeps the first; moves are guarded; one adoption wins; an ended intent frees its key', async () => {
      const orderId = 'PA2611220000006-AAAA';
      const first = await store.insertOrderIntent(intent(orderId, scope, { idempotencyKey: 'key-6' }));
      const again = await store.insertOrderIntent(intent(orderId, scope, { lastError: 'second' }));
      assert.deepEqual(again, first, 'the stored intent is returned, not overwritten');
      assert.equal(await store.transitionOrderIntent(orderId, ['cancelling'], 'cancelled'), false, 'only from the named states');
      const adoptions = await Promise.all(
        [1, 2, 3].map((n) => store.insertOrder({ order: orderRecord(orderId, '2026-11-22T03:06:00.000Z'), link: link(orderId, `h6-${n}`), idempotency: null })),
      );
      assert.deepEqual(adoptions.filter(Boolean).length, 1, 'exactly one path stores the order');
      if (subject.count) assert.equal(await subject.count.paymentLinks(orderId), 1, 'with one first link');
      assert.equal(
        [(await store.findPaymentLinkByHash('h6-1')) ?? [], (await store.findPaymentLinkByHash('h6-2')) ?? [], (await store.findPaymentLinkByHash('h6-3')) ?? []].flat().length,
        1,
        'the losers wrote no link',
      );
      assert.equal((await store.getOrderIntent(orderId))?.state, 'created');
      assert.equal(await store.transitionOrderIntent(orderId, ['pending'], 'cancelling'), false, 'a created intent is never given up');

      const lost = 'PA2611220000007-AAAA';
      const t0 = Date.UTC(2026, 10, 22);
      await store.claimIdempotencyKey(scope, { key: 'key-7', requestHash: 'r7', resourceId: lost, nowMs: t0, staleAfterMs: 60_000, retentionMs: 86_400_000 });
      await store.insertOrderIntent(intent(lost, scope, { idempotencyKey: 'key-7' }));
      assert.equal(await store.transitionOrderIntent(lost, ['pending'], 'cancelling', { lastError: 'GROCER_UNAVAILABLE: timeout' }), true);
      assert.equal(
        await store.insertOrder({ order: orderRecord(lost, '2026-11-22T03:07:00.000Z'), link: link(lost, 'h7'), idempotency: null }),
        false,
        'a given-up intent is not adopted',
      );
      assert.equal(await store.getOrder(scope, lost), null);
      assert.equal(await store.findPaymentLinkByHash('h7'), null);
      assert.deepEqual(
        await store.claimIdempotencyKey(scope, { key: 'key-7', requestHash: 'r7', resourceId: 'PA-next', nowMs: t0 + 10, staleAfterMs: 60_000, retentionMs: 86_400_000 }),
        { kind: 'in-progress' },
      );
      assert.equal(await store.transitionOrderIntent(lost, ['cancelling'], 'cancelled'), true);
      assert.equal((await store.getOrderIntent(lost))?.lastError, 'GROCER_UNAVAILABLE: timeout', 'the reason stays');
      assert.deepEqual(
        await store.claimIdempotencyKey(scope, { key: 'key-7', requestHash: 'r7', resourceId: 'PA-next', nowMs: t0 + 20, staleAfterMs: 60_000, retentionMs: 86_400_000 }),
        { kind: 'claimed', resourceId: 'PA-next' },
        'nothing was placed under the key, so it is free again',
      );
    });

    test('due intents are leased once across concurrent workers, and come back when the lease ends', async () => {
      const ids = ['PA2611220000011-AAAA', 'PA2611220000012-AAAA', 'PA2611220000013-AAAA'];
      for (const id of ids) await store.insertOrderIntent(intent(id, scope, { nextCheckAt: '2026-11-22T03:00:30.000Z' }));
      await store.insertOrderIntent(intent('PA2611220000014-AAAA', scope, { nextCheckAt: '2026-11-22T09:00:00.000Z' }));
      const nowMs = Date.parse('2026-11-22T03:02:00.000Z');
      const claims = await Promise.all(Array.from({ length: 4 }, () => store.claimDueOrderIntents({ nowMs, untilMs: nowMs + 30_000, limit: 2 })));
      const leased = claims
        .flat()
        .map((i) => i.orderId)
        .filter((id) => ids.includes(id));
      assert.deepEqual([...leased].sort(), ids, 'every due intent is leased exactly once; one not yet due is left');
      assert.ok(claims.flat().every((i) => i.checks === 1 && i.nextCheckAt === new Date(nowMs + 30_000).toISOString()));
      assert.deepEqual(await store.claimDueOrderIntents({ nowMs: nowMs + 1_000, untilMs: nowMs + 31_000, limit: 10 }), [], 'leased intents are not due');
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
      assert.equal((await store.listOrderIntents({ since: '2026-11-22T00:00:00.000Z', after: null, limit: 100 })).filter((i) => ids.includes(i.orderId)).length, 3);
      const page = await store.listOrderIntents({ since: '2026-11-22T00:00:00.000Z', after: 'PA2611220000011-AAAA', limit: 2 });
      assert.deepEqual(
        page.map((i) => i.orderId),
        ['PA2611220000012-AAAA', 'PA2611220000013-AAAA'],
        'paged in orderId order after the cursor',
      );
      assert.deepEqual(await store.listOrderIntents({ since: '2026-11-23T00:00:00.000Z', after: null, limit: 100 }), [], 'none created since');
    });

    test('twenty concurrent payment attempts: one starts, the others see it under way; the order is paid once', async () => {
      const orderId = 'PA2611220000005-AAAA';
      const now = Date.UTC(2026, 10, 22, 4);
      const starts = await Promise.all(Array.from({ length: 20 }, (_, i) => store.startPaymentAttempt(attempt(orderId, `pay_${i}`, now))));
      assert.equal(starts.filter((s) => s.kind === 'started').length, 1);
      const busy = starts.filter((s) => s.kind === 'busy');
      assert.equal(busy.length, 19);
      const winner = `pay_${starts.findIndex((s) => s.kind === 'started')}`;
      assert.ok(
        busy.every((s) => s.kind === 'busy' && s.attempt.attemptId === winner),
        'each is told which attempt is under way',
      );
      assert.equal(await store.transitionPaymentAttempt(winner, ['charged'], 'paid'), false, 'only from the named states');
      assert.equal(await store.transitionPaymentAttempt(winner, ['started'], 'charged', { providerReference: 'sbx_1' }), true);
      const paid = {
        ...contractGrocerOrder(orderId),
        payment: { isPaid: true, status: 'PAID' as const, method: 'sandbox', paidAt: '2026-11-22T04:00:00.000Z', reference: 'sbx_1', paymentId: winner },
      };
      const payment = { paymentId: winner, orderId, amountSatang: 9000, currency: 'THB', provider: 'sandbox', reference: 'sbx_1', createdAt: '2026-11-22T04:00:00.000Z' };
      const event = { eventId: 'evt_1', partnerId: 'ptn_a', type: 'payment.paid' as const, orderId, payload: { orderId }, ts: 1 };
      const completions = await Promise.all([1, 2, 3].map(() => store.completePayment({ orderId, attemptId: winner, payment, grocerOrder: paid, events: [event] })));
      assert.equal(completions.filter(Boolean).length, 1, 'the first path to complete wins; the others write nothing');
      assert.deepEqual(await store.startPaymentAttempt(attempt(orderId, 'late', now)), { kind: 'paid' });
      const order = await store.getOrder(scope, orderId);
      assert.equal(order?.paymentStatus, 'PAID');
      assert.equal(order?.paidAt, '2026-11-22T04:00:00.000Z');
      assert.equal(order?.grocerOrder.payment.paymentId, winner, "the grocer's view is stored with the payment");
      assert.equal((await store.getPaymentAttempt(winner))?.state, 'paid');
      assert.equal((await store.getPaymentAttempt(winner))?.providerReference, 'sbx_1');
      assert.deepEqual(await store.listPayments([orderId, 'PA0000000000000-NONE']), [payment], 'the one payment, as recorded');
      if (subject.count) {
        assert.equal(await subject.count.payments(orderId), 1);
        assert.equal(await subject.count.events(orderId), 1);
      }
      assert.deepEqual(await store.startPaymentAttempt(attempt('PA0000000000000-NONE', 'd', now)), { kind: 'not-found' });
    });

    test('an ended attempt makes way for the next; due attempts are leased once', async () => {
      const orderId = 'PA2611220000004-AAAA';
      const now = Date.UTC(2026, 10, 22, 5);
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_a', now))).kind, 'started');
      assert.equal(await store.transitionPaymentAttempt('pay_a', ['started'], 'declined', { failureCode: 'PAYMENT_DECLINED', failureMessage: 'declined' }), true);
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_b', now + 1))).kind, 'started');
      assert.deepEqual(
        (await store.listPaymentAttempts([orderId])).map((a) => [a.attemptId, a.state, a.failureCode]),
        [
          ['pay_a', 'declined', 'PAYMENT_DECLINED'],
          ['pay_b', 'started', null],
        ],
      );
      const due = now + 120_000;
      const leases = await Promise.all([1, 2, 3].map(() => store.claimDuePaymentAttempts({ nowMs: due, untilMs: due + 30_000, limit: 5 })));
      assert.deepEqual(
        leases.flat().map((a) => a.attemptId),
        ['pay_b'],
        'leased by one worker only',
      );
      assert.equal(leases.flat()[0]!.checks, 1);
    });

    test("an attempt's moves keep what a patch leaves out", async () => {
      const id = 'pay_b';
      assert.equal(await store.transitionPaymentAttempt(id, ['started'], 'started', { providerReference: 'ref_1', redirectUrl: 'https://pay.example/s/1' }), true);
      assert.equal(await store.transitionPaymentAttempt(id, ['started'], 'started', { providerStatus: 'pending', nextCheckAt: '2026-11-22T06:00:00.000Z' }), true);
      const moved = await store.getPaymentAttempt(id);
      assert.deepEqual(
        [moved?.providerReference, moved?.redirectUrl, moved?.providerStatus, moved?.nextCheckAt],
        ['ref_1', 'https://pay.example/s/1', 'pending', '2026-11-22T06:00:00.000Z'],
      );
      assert.equal(await store.transitionPaymentAttempt(id, ['started'], 'refunded', { refundReference: 'rf_1', failureCode: 'PRICE_CHANGED' }), true);
      const ended = await store.getPaymentAttempt(id);
      assert.deepEqual([ended?.state, ended?.providerReference, ended?.refundReference, ended?.failureCode], ['refunded', 'ref_1', 'rf_1', 'PRICE_CHANGED']);
      assert.equal(await store.transitionPaymentAttempt('pay_none', ['started'], 'failed'), false, 'no attempt, no move');
      assert.equal(await store.getPaymentAttempt('pay_none'), null);
    });

    test('an attempt never starts beside a payment that is completing: racing starts and completions, one of them wins each order', async () => {
      const now = Date.UTC(2026, 10, 22, 7);
      for (let i = 0; i < 12; i++) {
        const orderId = `PA26112201000${String(i).padStart(2, '0')}-RACE`;
        await storeContractOrder(store, orderId, scope, '2026-11-22T07:00:00.000Z', `race-${i}`);
        assert.equal((await store.startPaymentAttempt(attempt(orderId, `race_${i}_a`, now))).kind, 'started');
        await store.transitionPaymentAttempt(`race_${i}_a`, ['started'], 'charged', { providerReference: `sbx_race_${i}` });
        const paid = {
          ...contractGrocerOrder(orderId),
          payment: { isPaid: true, status: 'PAID' as const, method: 'sandbox', paidAt: null, reference: 'r', paymentId: `race_${i}_a` },
        };
        const payment = { paymentId: `race_${i}_a`, orderId, amountSatang: 9000, currency: 'THB', provider: 'sandbox', reference: 'r', createdAt: '2026-11-22T07:00:01.000Z' };
        const [, ...starts] = await Promise.all([
          store.completePayment({ orderId, attemptId: `race_${i}_a`, payment, grocerOrder: paid, events: [] }),
          ...Array.from({ length: 6 }, (_, j) => store.startPaymentAttempt(attempt(orderId, `race_${i}_${j}`, now + 1))),
        ]);
        assert.ok(
          starts.every((s) => s.kind !== 'started'),
          `no second attempt starts once the first is charged or paid (${starts.map((s) => s.kind).join(', ')})`,
        );
      }
    });

    test('refunds: one per provider payment, the attempt refunded with it; moves guarded and written with their events; due ones leased once', async () => {
      const orderId = 'PA2611220000003-AAAA';
      const now = Date.UTC(2026, 10, 22, 8);
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_r1', now))).kind, 'started');
      await store.transitionPaymentAttempt('pay_r1', ['started'], 'charged', { providerReference: 'cs_r1' });
      const refund: RefundRecord = {
        refundId: 'rf_1',
        orderId,
        partnerId: scope.partnerId,
        attemptId: 'pay_r1',
        provider: 'stripe',
        paymentReference: 'cs_r1',
        amountMinor: 9000,
        currency: 'THB',
        reason: 'ALREADY_PAID',
        state: 'pending',
        providerRefundReference: null,
        lastError: null,
        checks: 0,
        createdAt: new Date(now).toISOString(),
        updatedAt: new Date(now).toISOString(),
        nextCheckAt: new Date(now + 60_000).toISOString(),
      };
      const given = { attemptId: 'pay_r1', from: ['started', 'charged'] as const, failureCode: 'ALREADY_PAID' as const, failureMessage: 'paid by another payment' };
      const stored = await Promise.all([1, 2, 3].map((n) => store.insertRefund({ ...refund, refundId: `rf_${n}` }, given)));
      assert.equal(new Set(stored.map((r) => r.refundId)).size, 1, 'one refund per provider payment, however many decide it at once');
      const [mine] = stored;
      assert.deepEqual([mine!.state, mine!.amountMinor, mine!.currency, mine!.attemptId], ['pending', 9000, 'THB', 'pay_r1']);
      const ended = await store.getPaymentAttempt('pay_r1');
      assert.deepEqual([ended?.state, ended?.failureCode], ['refunded', 'ALREADY_PAID'], 'the attempt is refunded with it');
      assert.deepEqual(await store.listRefunds([orderId]), [mine]);
      assert.equal(await store.getRefund('rf_none'), null);

      const due = now + 120_000;
      const leases = await Promise.all([1, 2, 3].map(() => store.claimDueRefunds({ nowMs: due, untilMs: due + 30_000, limit: 5 })));
      assert.deepEqual(
        leases.flat().map((r) => [r.refundId, r.checks]),
        [[mine!.refundId, 1]],
        'leased by one worker only',
      );
      const event = { eventId: `evt_${'r1'.padStart(32, '0')}`, partnerId: scope.partnerId, type: 'payment.refunded' as const, orderId, payload: { orderId }, ts: 1 };
      const moves = await Promise.all([1, 2].map(() => store.transitionRefund(mine!.refundId, ['pending'], 'succeeded', { providerRefundReference: 're_1' }, [event])));
      assert.equal(moves.filter(Boolean).length, 1, 'one caller makes the move');
      const done = await store.getRefund(mine!.refundId);
      assert.deepEqual([done?.state, done?.providerRefundReference], ['succeeded', 're_1']);
      assert.deepEqual(await store.claimDueRefunds({ nowMs: due + 3_600_000, untilMs: due + 3_700_000, limit: 5 }), [], 'a confirmed refund is not due');
      if (subject.count) assert.equal(await subject.count.events(orderId), 1);

      // A payment that names no attempt of the service: the refund stands alone.
      const alone = await store.insertRefund({ ...refund, refundId: 'rf_alone', attemptId: null, paymentReference: 'cs_elsewhere', reason: 'PAYMENT_MISMATCH' }, null);
      assert.equal(alone.refundId, 'rf_alone');
    });

    test('an ended attempt comes back under way only while no other attempt of its order is', async () => {
      const orderId = 'PA2611220000002-AAAA';
      const now = Date.UTC(2026, 10, 22, 9);
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_back_a', now))).kind, 'started');
      await store.transitionPaymentAttempt('pay_back_a', ['started'], 'failed', { failureCode: 'PAYMENT_LINK_EXPIRED' });
      assert.equal((await store.startPaymentAttempt(attempt(orderId, 'pay_back_b', now + 1))).kind, 'started');
      assert.equal(await store.transitionPaymentAttempt('pay_back_a', ['failed'], 'charged'), false, 'not beside the attempt under way');
      assert.equal((await store.getPaymentAttempt('pay_back_a'))?.state, 'failed');
      await store.transitionPaymentAttempt('pay_back_b', ['started'], 'failed');
      assert.equal(await store.transitionPaymentAttempt('pay_back_a', ['failed'], 'charged', { providerReference: 'cs_late' }), true, 'alone, it may');
    });

    test('payment links are found by their hash', async () => {
      assert.equal((await store.findPaymentLinkByHash('h3'))?.link.orderId, 'PA2611220000003-AAAA');
      assert.equal((await store.findPaymentLinkByHash('h3'))?.order.orderId, 'PA2611220000003-AAAA');
      assert.equal(await store.findPaymentLinkByHash('nope'), null);
      await store.insertPaymentLink({ ...link('PA2611220000003-AAAA', 'h3-fresh'), linkId: 'lnk_fresh', callbackUrl: 'https://a.example/done' });
      assert.equal((await store.findPaymentLinkByHash('h3-fresh'))?.link.callbackUrl, 'https://a.example/done');
      await assert.rejects(store.insertPaymentLink({ ...link('PA2611220000003-AAAA', 'h3-fresh'), linkId: 'lnk_again' }), 'a token hash is unique');
      await assert.rejects(store.insertPaymentLink({ ...link('PA0000000000000-NONE', 'h-none'), linkId: 'lnk_none' }), 'a link belongs to a stored order');
    });

    test('rate units are granted up to the limit in each window, per bucket', async () => {
      const window = Date.UTC(2026, 10, 22, 3, 0);
      assert.deepEqual(await store.takeRateUnits('contract:a', window, 3, 5), { granted: 3, used: 3 });
      assert.deepEqual(await store.takeRateUnits('contract:a', window, 3, 5), { granted: 2, used: 5 });
      assert.deepEqual(await store.takeRateUnits('contract:a', window, 1, 5), { granted: 0, used: 5 });
      assert.deepEqual(await store.takeRateUnits('contract:a', window + 60_000, 1, 5), { granted: 1, used: 1 }, 'a new window starts afresh');
      assert.deepEqual(await store.takeRateUnits('contract:b', window, 4, 5), { granted: 4, used: 4 });
    });
  });
}
