import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { GrocerOrder, RefundRecord } from '@grocery/core/ports';
import { toAcpOrder, type AcpOrderView } from '../src/acp-order-mapping.ts';
import type { AcpOrder } from '../src/acp-types.ts';
import { acpValidators, assertTotalsAddUp, assertValid } from './support/acp-json-schemas.ts';
import {
  BRANCHES,
  DELIVERY_ADDRESS,
  LINE_A,
  LINE_B,
  ORDER_ID,
  orderRecord,
  SESSION_ID,
  sessionRecord,
} from './support/session-records.ts';

const VIEW: AcpOrderView = {
  permalinkUrl: 'https://shop.example/pay/tok',
  branches: BRANCHES,
  products: new Map(),
  refunds: [],
  supportEmail: 'help@shop.example',
};

/** The order as ACP shows it, checked as a webhook body against the official and own schemas. */
function order(
  status: string,
  overrides: Partial<GrocerOrder> = {},
  view: Partial<AcpOrderView> = {},
  session = sessionRecord(),
): AcpOrder {
  const mapped = toAcpOrder(orderRecord(status, overrides), session, { ...VIEW, ...view });
  const event = { type: 'order_update', data: { type: 'order', ...mapped } };
  assertValid(acpValidators().webhookEvent, event, `order ${status} (official)`);
  assertValid(acpValidators().own.WebhookEvent, event, `order ${status} (openapi/acp.yaml)`);
  assertTotalsAddUp(mapped.totals);
  return mapped;
}

const DELIVERY: Partial<GrocerOrder> = {
  shipping: {
    fulfilmentType: 'DELIVERY',
    address: null,
    schedules: [
      { mode: 'EXPRESS', dateTime: '2026-11-27T06:00:00.000Z', pickingStatus: 'QUEUED', deliveryFeeSatang: 4_000 },
    ],
  },
  deliveryFeeSatang: 4_000,
  grandTotalSatang: 30_500 + 4_000 + 2_000,
};
const DELIVERY_SESSION = sessionRecord({
  fulfilment: { type: 'delivery', address: DELIVERY_ADDRESS, scheduleMode: 'EXPRESS' },
});

describe('order status and fulfilment follow the grocer', () => {
  test('pickup from placed to collected', () => {
    const cases: [string, Partial<GrocerOrder>, string, string, string[]][] = [
      [
        'PLACED',
        { payment: { ...orderRecord().grocerOrder.payment, isPaid: false, status: 'UNPAID', paidAt: null } },
        'created',
        'pending',
        [],
      ],
      ['PLACED', {}, 'confirmed', 'pending', []],
      ['PICKING', {}, 'processing', 'processing', ['processing']],
      ['READY', {}, 'processing', 'ready_for_pickup', ['processing', 'ready_for_pickup']],
      ['COMPLETED', {}, 'completed', 'delivered', ['processing', 'ready_for_pickup', 'delivered']],
      ['CANCELLED', {}, 'canceled', 'canceled', ['canceled']],
    ];
    for (const [status, overrides, acpStatus, fulfilment, events] of cases) {
      const mapped = order(status, overrides);
      const [first] = mapped.fulfillments;
      assert.deepEqual(
        [mapped.status, first!.status, first!.events.map((e) => e.type)],
        [acpStatus, fulfilment, events],
        status,
      );
    }
  });

  test('the newest event carries the time it was seen; earlier ones the time of payment', () => {
    const mapped = order('READY', {}, { latestAt: '2026-11-27T06:30:00.000Z' });
    assert.deepEqual(
      mapped.fulfillments[0]!.events.map((e) => [e.type, e.occurred_at]),
      [
        ['processing', '2026-11-27T05:11:00.000Z'],
        ['ready_for_pickup', '2026-11-27T06:30:00.000Z'],
      ],
    );
  });

  test('lines under the session’s line ids: fulfilled when completed, removed when cancelled', () => {
    const done = order('COMPLETED');
    assert.deepEqual(
      done.line_items.map((l) => [l.id, l.quantity, l.status, l.unit_price, l.subtotal]),
      [
        [LINE_A, { ordered: 2, current: 2, fulfilled: 2 }, 'fulfilled', 4_500, 9_000],
        [LINE_B, { ordered: 1, current: 1, fulfilled: 1 }, 'fulfilled', 21_500, 21_500],
      ],
    );
    const cancelled = order('CANCELLED');
    assert.deepEqual(
      cancelled.line_items.map((l) => [l.quantity.current, l.status]),
      [
        [0, 'removed'],
        [0, 'removed'],
      ],
    );
    assert.deepEqual(
      cancelled.adjustments.map((a) => [a.type, a.status]),
      [['cancellation', 'completed']],
    );
  });

  test('pickup at the branch (its address), delivery to the session’s address with the express window', () => {
    const pickup = order('PLACED');
    assert.deepEqual(pickup.fulfillments[0]!.destination, {
      name: 'Sukhumvit',
      line_one: '1 Sukhumvit Road',
      city: 'Bangkok',
      state: 'Bangkok',
      country: 'TH',
      postal_code: '10110',
    });
    assert.deepEqual([pickup.id, pickup.checkout_session_id, pickup.order_number], [ORDER_ID, SESSION_ID, ORDER_ID]);
    assert.deepEqual(pickup.support, { email: 'help@shop.example' });
    const delivery = order('OUT_FOR_DELIVERY', DELIVERY, {}, DELIVERY_SESSION);
    const [shipping] = delivery.fulfillments;
    assert.deepEqual([delivery.status, shipping!.type, shipping!.status], ['shipped', 'shipping', 'out_for_delivery']);
    assert.equal(shipping!.destination?.line_one, '99 Sukhumvit Soi 11');
    assert.deepEqual(shipping!.estimated_delivery, {
      earliest: '2026-11-27T06:00:00.000Z',
      latest: '2026-11-27T07:00:00.000Z',
    });
    assert.equal(shipping!.description, 'Delivery (express).');
  });
});

describe('order totals and adjustments', () => {
  test('delivery with express: the fee and express charge are what the discounts leave to the grand total', () => {
    const mapped = order(
      'PLACED',
      { ...DELIVERY, totalDiscountSatang: 3_050, grandTotalSatang: 30_500 - 3_050 + 4_000 + 2_000 },
      {},
      DELIVERY_SESSION,
    );
    assert.deepEqual(
      mapped.totals.map((t) => [t.type, t.amount]),
      [
        ['subtotal', 30_500],
        ['discount', 3_050],
        ['fulfillment', 6_000],
        ['total', 33_450],
      ],
    );
  });

  test('refunds: an adjustment each, and what was refunded as amount_refunded once it succeeded', () => {
    const refund = (state: RefundRecord['state'], refundId: string): RefundRecord => ({
      refundId,
      orderId: ORDER_ID,
      partnerId: 'ptn_a',
      attemptId: null,
      provider: 'sandbox',
      paymentReference: 'ref',
      amountMinor: 30_500,
      currency: 'THB',
      reason: 'ORDER_CANCELLED',
      state,
      providerRefundReference: null,
      lastError: null,
      checks: 0,
      createdAt: '2026-11-27T06:00:00.000Z',
      updatedAt: '2026-11-27T06:05:00.000Z',
      nextCheckAt: '2026-11-27T06:10:00.000Z',
    });
    const mapped = order('CANCELLED', {}, { refunds: [refund('succeeded', 'rf_1'), refund('pending', 'rf_2')] });
    assert.deepEqual(
      mapped.adjustments.map((a) => [a.id, a.type, a.status, a.amount, a.currency, a.reason]),
      [
        ['rf_1', 'refund', 'completed', 30_500, 'thb', 'order_cancelled'],
        ['rf_2', 'refund', 'pending', 30_500, 'thb', 'order_cancelled'],
        [`${ORDER_ID}-cancellation`, 'cancellation', 'completed', undefined, undefined, undefined],
      ],
    );
    assert.deepEqual(mapped.totals.at(-1), { type: 'amount_refunded', display_text: 'Refunded', amount: 30_500 });
  });
});
