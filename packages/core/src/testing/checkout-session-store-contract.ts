import assert from 'node:assert/strict';
import type { CheckoutFulfilmentOption, CheckoutMessage, CheckoutSessionRecord } from '../model/checkout-session.ts';
import type { Calculation } from '../model/pricing.ts';
import { HOSTILE_TEXT, type StoreContractCase } from './store-contract-fixtures.ts';

const T = '2026-11-22T05:00:00.000Z';
const LATER = '2026-11-22T05:10:00.000Z';

/** A bill with every kind of member a jsonb column must give back as it was: lines, failed coupons, nulls, fractions, a nested raw answer. */
const quote: Calculation = {
  branchCode: 'BK01',
  currency: 'THB',
  fulfilment: 'DELIVERY',
  scheduleMode: 'EXPRESS',
  lines: [
    {
      cprcode: '100001',
      productName: 'Milk 1 L',
      quantity: 2,
      priceSatang: 4500,
      rowTotalSatang: 9000,
      discountedRowTotalSatang: 8100,
      promotions: ['10% off dairy'],
    },
    {
      cprcode: '100002',
      productName: 'ขนมปัง',
      quantity: 1,
      priceSatang: 3900,
      rowTotalSatang: 3900,
      discountedRowTotalSatang: 3900,
      promotions: [],
    },
  ],
  subTotalSatang: 12000,
  deliveryFeeSatang: 4000,
  discountedDeliveryFeeSatang: 4000,
  shippingDiscountSatang: 0,
  expressShippingCostSatang: 2000,
  totalDiscountSatang: 900,
  grandTotalSatang: 17100,
  couponCodes: ['SAVE10'],
  failedCoupons: [{ code: 'OLD5', reason: 'EXPIRED', message: 'Coupon OLD5 has expired.' }],
  raw: { id: 'calc-1', vat: 0.07, max: Number.MAX_SAFE_INTEGER, none: null, nested: [{ empty: {} }, []], flag: false },
};

/** What the session offers: two branches to pick up at (one too far to measure) and a delivery slot. */
const options: CheckoutFulfilmentOption[] = [
  {
    type: 'pickup',
    branchCode: 'BK01',
    name: 'Sukhumvit',
    address: '1 Sukhumvit Rd',
    postcode: '10110',
    distanceKm: 1.25,
    readyAt: LATER,
  },
  {
    type: 'pickup',
    branchCode: 'BK02',
    name: 'Far',
    address: 'x',
    postcode: '10120',
    distanceKm: null,
    readyAt: T,
  },
  {
    type: 'delivery',
    scheduleMode: 'EXPRESS',
    branchCode: 'BK01',
    feeSatang: 6000,
    windowStart: '2026-11-22T06:00:00.000Z',
    windowEnd: '2026-11-22T07:00:00.000Z',
  },
];

/** A refused coupon's warning and a recoverable error. */
const messages: CheckoutMessage[] = [
  {
    type: 'warning',
    code: 'coupon_refused',
    text: 'Coupon OLD5 has expired.',
    path: 'couponCodes.1',
    severity: null,
    reason: 'EXPIRED',
  },
  {
    type: 'error',
    code: 'buyer_required',
    text: 'A phone number is needed.',
    path: null,
    severity: 'recoverable',
    reason: null,
  },
];

function session(sessionId: string, extra: Partial<CheckoutSessionRecord> = {}): CheckoutSessionRecord {
  return {
    sessionId,
    partnerId: 'ptn_a',
    environment: 'sandbox',
    protocol: 'ucp',
    callerId: 'agt_a1',
    profileUrl: 'https://platform.example/profile.json',
    webhookUrl: null,
    status: 'incomplete',
    buyer: { firstName: 'Somchai', lastName: null, email: 'somchai@example.com', phone: null },
    lines: [
      { lineId: 'li_1', cprcode: '100001', quantity: 2 },
      { lineId: 'li_2', cprcode: '100002', quantity: 1 },
    ],
    fulfilment: {
      type: 'delivery',
      address: {
        streetAddress: '1 Sukhumvit Rd',
        locality: 'Khlong Toei',
        region: null,
        postcode: '10110',
        country: 'TH',
        recipientName: null,
      },
      scheduleMode: 'EXPRESS',
    },
    couponCodes: ['SAVE10', 'OLD5'],
    branchCode: 'BK01',
    quote: structuredClone(quote),
    quotedAt: T,
    options: structuredClone(options),
    messages: structuredClone(messages),
    order: null,
    createdAt: T,
    updatedAt: T,
    expiresAt: '2026-11-22T11:00:00.000Z',
    version: 1,
    ...extra,
  };
}

/** A bare session: nothing priced, nothing chosen, every nullable member null. */
const bare = session('cs_contract_bare', {
  partnerId: 'ptn_b',
  environment: 'production',
  protocol: 'acp',
  profileUrl: null,
  webhookUrl: null,
  buyer: { firstName: null, lastName: null, email: null, phone: null },
  lines: [],
  fulfilment: { type: 'pickup', branchCode: null },
  couponCodes: [],
  quote: null,
  quotedAt: null,
  options: [],
  messages: [],
});

const ORDER_ID = 'PA2611220000042-SESS';

/** The `CheckoutSessionStore` part of the store contract: whole records, version-guarded replacement, the session of an order. */
export const checkoutSessionStoreContract: readonly StoreContractCase[] = [
  {
    name: 'a checkout session round-trips whole: quote, fulfilment, options, messages and nulls; read by its partner only',
    async run({ store }) {
      await store.insertCheckoutSession(session('cs_contract_1'));
      await store.insertCheckoutSession(bare);
      assert.deepEqual(await store.getCheckoutSession('ptn_a', 'cs_contract_1'), session('cs_contract_1'));
      assert.deepEqual(await store.getCheckoutSession('ptn_b', 'cs_contract_bare'), bare);
      assert.equal(await store.getCheckoutSession('ptn_b', 'cs_contract_1'), null, "another partner's session");
      assert.equal(await store.getCheckoutSession('ptn_a', 'cs_none'), null);
      assert.equal(await store.getCheckoutSession('ptn_a', "' OR 1=1 --"), null);

      const read = (await store.getCheckoutSession('ptn_a', 'cs_contract_1'))!;
      read.lines[0]!.quantity = 99;
      read.quote!.lines.pop();
      assert.deepEqual(await store.getCheckoutSession('ptn_a', 'cs_contract_1'), session('cs_contract_1'), 'a copy');

      await assert.rejects(store.insertCheckoutSession(session('cs_contract_1')), 'a session id is used once');
      await assert.rejects(
        store.insertCheckoutSession(session('cs_contract_x', { partnerId: 'ptn_nobody' })),
        'a partner must exist',
      );
      assert.equal(await store.getCheckoutSession('ptn_nobody', 'cs_contract_x'), null);
    },
  },
  {
    name: 'a replacement is written only over the version it read: a stale one writes nothing, racing ones one wins',
    async run({ store }) {
      const v2 = session('cs_contract_1', {
        status: 'ready_for_complete',
        lines: [{ lineId: 'li_1', cprcode: '100001', quantity: 3 }],
        fulfilment: { type: 'pickup', branchCode: 'BK01' },
        messages: [],
        updatedAt: LATER,
        version: 2,
      });
      assert.equal(await store.replaceCheckoutSession(v2, 1), true);
      assert.deepEqual(await store.getCheckoutSession('ptn_a', 'cs_contract_1'), v2);
      const stale = session('cs_contract_1', { status: 'canceled', version: 2 });
      assert.equal(await store.replaceCheckoutSession(stale, 1), false, 'stale');
      assert.deepEqual(await store.getCheckoutSession('ptn_a', 'cs_contract_1'), v2, 'nothing written');
      assert.equal(
        await store.replaceCheckoutSession({ ...v2, partnerId: 'ptn_b', version: 3 }, 2),
        false,
        "not through another partner's scope",
      );
      assert.equal(await store.replaceCheckoutSession(session('cs_none', { version: 2 }), 1), false);
      assert.equal(await store.getCheckoutSession('ptn_a', 'cs_none'), null, 'a replacement creates nothing');

      const racers = [0, 1, 2, 3, 4].map((i) => ({
        ...v2,
        buyer: { ...v2.buyer, firstName: `Racer ${i}` },
        version: 3,
      }));
      const won = await Promise.all(racers.map((racer) => store.replaceCheckoutSession(racer, 2)));
      assert.equal(won.filter(Boolean).length, 1, 'one write wins');
      assert.deepEqual(await store.getCheckoutSession('ptn_a', 'cs_contract_1'), racers[won.indexOf(true)]);
    },
  },
  {
    name: 'a session is found by its order, unscoped; an order belongs to one session',
    async run({ store }) {
      const current = (await store.getCheckoutSession('ptn_a', 'cs_contract_1'))!;
      assert.equal(await store.findCheckoutSessionByOrder(ORDER_ID), null);
      const placed: CheckoutSessionRecord = {
        ...current,
        status: 'complete_in_progress',
        order: {
          orderId: ORDER_ID,
          paymentUrl: 'https://pay.example/p/tok',
          paymentUrlExpiresAt: 1795000000,
          paid: false,
        },
        version: current.version + 1,
      };
      assert.equal(await store.replaceCheckoutSession(placed, current.version), true);
      assert.deepEqual(await store.findCheckoutSessionByOrder(ORDER_ID), placed);
      assert.equal(await store.findCheckoutSessionByOrder('PA0000000000000-NONE'), null);

      await assert.rejects(
        store.insertCheckoutSession(session('cs_contract_2', { order: placed.order })),
        'another session cannot take the order',
      );
      assert.equal(await store.getCheckoutSession('ptn_a', 'cs_contract_2'), null);
      await assert.rejects(
        store.replaceCheckoutSession({ ...bare, order: placed.order, version: 2 }, 1),
        'nor can a replacement give it to one',
      );
      assert.deepEqual(await store.getCheckoutSession('ptn_b', 'cs_contract_bare'), bare);

      const paid: CheckoutSessionRecord = {
        ...placed,
        status: 'completed',
        order: { ...placed.order!, paymentUrl: null, paymentUrlExpiresAt: null, paid: true },
        version: placed.version + 1,
      };
      assert.equal(await store.replaceCheckoutSession(paid, placed.version), true);
      assert.deepEqual(await store.findCheckoutSessionByOrder(ORDER_ID), paid);
    },
  },
  {
    name: 'hostile buyer, address, coupon and message text round-trips; text PostgreSQL cannot hold is refused, writing nothing',
    async run({ store }) {
      const hostile = session('cs_contract_hostile', {
        callerId: HOSTILE_TEXT,
        profileUrl: HOSTILE_TEXT,
        buyer: { firstName: HOSTILE_TEXT, lastName: '"; --', email: "o'brien@ร้าน.example", phone: '+66812345678' },
        lines: [{ lineId: `li_${HOSTILE_TEXT.slice(0, 50)}`, cprcode: "1' OR '1'='1", quantity: 1 }],
        fulfilment: {
          type: 'delivery',
          address: {
            streetAddress: HOSTILE_TEXT,
            locality: 'เขตคลองเตย',
            region: '\\',
            postcode: '10110',
            country: 'TH',
            recipientName: '👩‍👩‍👧',
          },
          scheduleMode: null,
        },
        couponCodes: [HOSTILE_TEXT, '', '%'],
        quote: { ...quote, raw: { [HOSTILE_TEXT.slice(0, 80)]: HOSTILE_TEXT, '': 'empty key' } },
        messages: [
          { type: 'info', code: 'price_changed', text: HOSTILE_TEXT, path: HOSTILE_TEXT, severity: null, reason: null },
        ],
      });
      await store.insertCheckoutSession(hostile);
      assert.deepEqual(await store.getCheckoutSession('ptn_a', 'cs_contract_hostile'), hostile);

      const withNul = { ...hostile, buyer: { ...hostile.buyer, lastName: 'a\u0000b' }, version: 2 };
      await assert.rejects(store.replaceCheckoutSession(withNul, 1), 'NUL');
      const unpaired = { ...hostile, buyer: { ...hostile.buyer, firstName: 'x\uD800y' }, version: 2 };
      await assert.rejects(store.replaceCheckoutSession(unpaired, 1), 'an unpaired surrogate');
      assert.deepEqual(await store.getCheckoutSession('ptn_a', 'cs_contract_hostile'), hostile, 'nothing written');
      await assert.rejects(store.insertCheckoutSession({ ...withNul, sessionId: 'cs_contract_nul', version: 1 }));
      assert.equal(await store.getCheckoutSession('ptn_a', 'cs_contract_nul'), null);
    },
  },
];
