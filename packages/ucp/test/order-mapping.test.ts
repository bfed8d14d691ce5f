import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GrocerOrder, OrderRecord, RefundRecord } from '@grocery/core/ports';
import type { UcpTotal } from '../src/checkout-mapping.ts';
import { toUcpOrder, type OrderView } from '../src/order-mapping.ts';
import { ADDRESS, LINE_A, LINE_B, sessionRecord } from './support/session-records.ts';
import { assertOrder, ucpValidators } from './support/ucp-json-schemas.ts';

const ORDER_ID = 'PA2611270000001-K7QD';
const PAID_AT = '2026-11-27T05:10:00.000Z';

function grocerOrder(overrides: Partial<GrocerOrder> = {}): GrocerOrder {
  return {
    orderId: ORDER_ID,
    branchCode: 'BKK01',
    orderSource: 'SRC_A',
    specialComment: 'test',
    sandbox: true,
    status: 'PLACED',
    createdAt: '2026-11-27T05:05:00.000Z',
    currency: 'THB',
    lines: [
      { cprcode: '100001', productName: 'Fresh milk 1 l', quantity: 2, priceSatang: 4_500, rowTotalSatang: 9_000 },
      { cprcode: '100002', productName: 'Jasmine rice 5 kg', quantity: 1, priceSatang: 21_500, rowTotalSatang: 21_500 },
    ],
    subTotalSatang: 30_500,
    deliveryFeeSatang: 0,
    totalDiscountSatang: 0,
    grandTotalSatang: 30_500,
    couponCodes: [],
    payment: { isPaid: true, status: 'PAID', method: 'sandbox', paidAt: PAID_AT, reference: 'ref', paymentId: 'pat_1' },
    shipping: {
      fulfilmentType: 'PICKUP',
      address: null,
      schedules: [
        { mode: 'REGULAR', dateTime: '2026-11-27T07:00:00.000Z', pickingStatus: 'QUEUED', deliveryFeeSatang: 0 },
      ],
    },
    ...overrides,
  };
}

function orderRecord(grocer: GrocerOrder): OrderRecord {
  return {
    orderId: ORDER_ID,
    partnerId: 'ptn_a',
    ownerId: sessionRecord().sessionId,
    environment: 'sandbox',
    orderSource: 'SRC_A',
    branchCode: grocer.branchCode,
    grandTotalSatang: grocer.grandTotalSatang,
    currency: 'THB',
    paymentStatus: grocer.payment.isPaid ? 'PAID' : 'UNPAID',
    status: grocer.status,
    pickingStatus: grocer.shipping.schedules[0]?.pickingStatus ?? null,
    request: {
      branchCode: 'BKK01',
      lines: [],
      fulfilment: grocer.shipping.fulfilmentType,
      scheduleMode: 'REGULAR',
      address: null,
      couponCodes: [],
      orderSource: 'SRC_A',
    },
    grocerOrder: grocer,
    createdAt: grocer.createdAt,
    paidAt: grocer.payment.paidAt,
  };
}

const VIEW: OrderView = {
  active: null,
  products: new Map(),
  permalinkUrl: 'https://shop.example/pay/tok',
  refunds: [],
};

function order(grocer: GrocerOrder, view: Partial<OrderView> = {}, session = sessionRecord()) {
  const body = toUcpOrder(orderRecord(grocer), session, { ...VIEW, ...view });
  assertOrder(body, `The order (${grocer.status})`);
  const totals = body.totals;
  const sum = totals.filter((t) => t.type !== 'total').reduce((s, t) => s + t.amount, 0);
  assert.equal(sum, totals.find((t: UcpTotal) => t.type === 'total')?.amount, 'the totals add up');
  return body;
}

test('a paid pickup order: the session line ids, one pickup expectation at the branch, a processing event', () => {
  const body = order(grocerOrder());
  assert.equal(body.id, ORDER_ID);
  assert.equal(body.checkout_id, sessionRecord().sessionId);
  assert.equal(body.permalink_url, 'https://shop.example/pay/tok');
  assert.deepEqual(
    body.line_items.map((l) => [l.id, l.item.id, l.quantity, l.status]),
    [
      [LINE_A, '100001', { original: 2, total: 2, fulfilled: 0 }, 'processing'],
      [LINE_B, '100002', { original: 1, total: 1, fulfilled: 0 }, 'processing'],
    ],
  );
  assert.deepEqual(body.fulfillment.expectations, [
    {
      id: `${ORDER_ID}-pickup`,
      line_items: [
        { id: LINE_A, quantity: 2 },
        { id: LINE_B, quantity: 1 },
      ],
      method_type: 'pickup',
      destination: {
        street_address: 'Sukhumvit, 1 Sukhumvit Road, Bangkok',
        postal_code: '10110',
        address_country: 'TH',
      },
      description: 'Pickup at Sukhumvit',
      fulfillable_on: '2026-11-27T07:00:00.000Z',
    },
  ]);
  assert.deepEqual(
    body.fulfillment.events.map((e) => [e.type, e.occurred_at]),
    [['processing', PAID_AT]],
  );
  assert.deepEqual(body.ucp.capabilities, { 'dev.ucp.shopping.order': [{ version: '2026-04-08' }] });
  assert.equal('payment_handlers' in body.ucp, false);
});

test('the events follow the grocer progress: ready, collected; out for delivery, delivered; cancelled', () => {
  const types = (grocer: GrocerOrder, session = sessionRecord()) =>
    order(grocer, {}, session).fulfillment.events.map((e) => e.type);
  assert.deepEqual(types(grocerOrder({ payment: { ...grocerOrder().payment, isPaid: false, paidAt: null } })), []);
  assert.deepEqual(types(grocerOrder({ status: 'PICKING' })), ['processing']);
  assert.deepEqual(types(grocerOrder({ status: 'READY' })), ['processing', 'ready_for_pickup']);
  assert.deepEqual(types(grocerOrder({ status: 'COMPLETED' })), ['processing', 'ready_for_pickup', 'picked_up']);
  const delivery = sessionRecord({ fulfilment: { type: 'delivery', address: ADDRESS, scheduleMode: 'EXPRESS' } });
  const shipping = { ...grocerOrder().shipping, fulfilmentType: 'DELIVERY' as const };
  assert.deepEqual(types(grocerOrder({ status: 'OUT_FOR_DELIVERY', shipping }), delivery), ['processing', 'shipped']);
  assert.deepEqual(types(grocerOrder({ status: 'COMPLETED', shipping }), delivery), [
    'processing',
    'shipped',
    'delivered',
  ]);
  const completed = order(grocerOrder({ status: 'COMPLETED', shipping }), {}, delivery);
  assert.deepEqual(
    completed.line_items.map((l) => [l.quantity.fulfilled, l.status]),
    [
      [2, 'fulfilled'],
      [1, 'fulfilled'],
    ],
  );
  const cancelled = order(grocerOrder({ status: 'CANCELLED' }));
  assert.deepEqual(
    cancelled.fulfillment.events.map((e) => e.type),
    ['canceled'],
  );
  assert.deepEqual(
    cancelled.line_items.map((l) => l.status),
    ['removed', 'removed'],
  );
  assert.deepEqual(
    cancelled.adjustments.map((a) => [a.type, a.status]),
    [['cancellation', 'completed']],
  );
});

test('a delivery order: the address as destination, the fee with express and the discounts in totals that add up', () => {
  const delivery = sessionRecord({ fulfilment: { type: 'delivery', address: ADDRESS, scheduleMode: 'EXPRESS' } });
  const body = order(
    grocerOrder({
      deliveryFeeSatang: 7_000,
      totalDiscountSatang: 7_050,
      grandTotalSatang: 30_500 + 7_000 - 7_050,
      shipping: {
        fulfilmentType: 'DELIVERY',
        address: null,
        schedules: [
          { mode: 'EXPRESS', dateTime: '2026-11-27T06:00:00.000Z', pickingStatus: 'QUEUED', deliveryFeeSatang: 7_000 },
        ],
      },
    }),
    {},
    delivery,
  );
  assert.deepEqual(
    body.totals.map((t) => [t.type, t.amount]),
    [
      ['subtotal', 30_500],
      ['fulfillment', 7_000],
      ['discount', -7_050],
      ['total', 30_450],
    ],
  );
  const [expectation] = body.fulfillment.expectations;
  assert.equal(expectation?.method_type, 'shipping');
  assert.equal(expectation?.description, 'Express delivery to 99 Sukhumvit Soi 11');
  assert.deepEqual(expectation?.destination, {
    street_address: '99 Sukhumvit Soi 11',
    address_locality: 'Watthana',
    address_region: 'Bangkok',
    postal_code: '10110',
    address_country: 'TH',
  });
});

test('refunds are adjustments with a negative total', () => {
  const refund: RefundRecord = {
    refundId: 'rfd_1',
    orderId: ORDER_ID,
    partnerId: 'ptn_a',
    attemptId: 'pat_2',
    provider: 'sandbox',
    paymentReference: 'ref2',
    amountMinor: 30_500,
    currency: 'THB',
    reason: 'ALREADY_PAID',
    state: 'succeeded',
    providerRefundReference: 're_1',
    lastError: null,
    checks: 0,
    createdAt: '2026-11-27T05:20:00.000Z',
    updatedAt: '2026-11-27T05:21:00.000Z',
    nextCheckAt: '2026-11-27T05:21:00.000Z',
  };
  const body = order(grocerOrder(), { refunds: [refund, { ...refund, refundId: 'rfd_2', state: 'pending' }] });
  assert.deepEqual(
    body.adjustments.map((a) => [a.id, a.type, a.status, a.occurred_at, a.totals]),
    [
      ['rfd_1', 'refund', 'completed', '2026-11-27T05:21:00.000Z', [{ type: 'total', amount: -30_500 }]],
      ['rfd_2', 'refund', 'pending', '2026-11-27T05:21:00.000Z', [{ type: 'total', amount: -30_500 }]],
    ],
  );
});

test('the order check is not vacuous: line items need a quantity object and a status', () => {
  const body = toUcpOrder(orderRecord(grocerOrder()), sessionRecord(), VIEW);
  const broken = { ...body, line_items: body.line_items.map(({ status: _, ...rest }) => rest) };
  assert.equal(ucpValidators().order(broken), false);
});
