import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CheckoutMessage, CheckoutMessageCode, CheckoutSessionRecord, CheckoutSessionStatus } from '@grocery/core';
import fc from 'fast-check';
import {
  acpStatus,
  checkoutTotals,
  couponReasonCode,
  shopLinks,
  toAcpCheckoutSession,
} from '../src/acp-checkout-mapping.ts';
import { assertSession, assertTotalsAddUp } from './support/acp-json-schemas.ts';
import {
  calculatedLine,
  calculation,
  DELIVERY_ADDRESS,
  LINE_A,
  LINE_B,
  PICKUP_OPTIONS,
  sessionRecord,
  sessionView,
  slots,
} from './support/session-records.ts';

type Json = Record<string, unknown>;
type Total = { type: string; amount: number };

const map = (session: CheckoutSessionRecord, view = sessionView()) =>
  assertSession(toAcpCheckoutSession(session, view) as unknown as Json);
const pairs = (totals: Total[]) => totals.map((t) => [t.type, t.amount]);

describe('status', () => {
  test("core's statuses in ACP's words; a session cancelled by its expiry is expired", () => {
    const cases: [CheckoutSessionStatus, string][] = [
      ['incomplete', 'not_ready_for_payment'],
      ['ready_for_complete', 'ready_for_payment'],
      ['requires_escalation', 'requires_escalation'],
      ['complete_in_progress', 'complete_in_progress'],
      ['completed', 'completed'],
      ['canceled', 'canceled'],
    ];
    for (const [status, acp] of cases) assert.equal(acpStatus(sessionRecord({ status })), acp, status);
    const expired = sessionRecord({ status: 'canceled', updatedAt: '2026-11-27T11:00:00.000Z' });
    assert.equal(acpStatus(expired), 'expired');
    assert.equal(map(expired).status, 'expired');
  });
});

describe('totals in satang', () => {
  test('pickup: items, item discounts, subtotal, a free pickup, total', () => {
    const quote = calculation({
      lines: [calculatedLine('100001', 4_500, 2, 900), calculatedLine('100002', 21_500, 1)],
    });
    assert.deepEqual(pairs(checkoutTotals(sessionRecord({ quote }))), [
      ['items_base_amount', 30_500],
      ['items_discount', 900],
      ['subtotal', 29_600],
      ['fulfillment', 0],
      ['total', 29_600],
    ]);
  });

  test('express delivery with free delivery: the fee before the discount plus express, the discount unsigned', () => {
    const quote = calculation({
      lines: [calculatedLine('100001', 4_500, 2)],
      fulfilment: 'DELIVERY',
      scheduleMode: 'EXPRESS',
      deliveryFeeSatang: 4_000,
      shippingDiscountSatang: 4_000,
      expressShippingCostSatang: 2_000,
    });
    assert.deepEqual(pairs(checkoutTotals(sessionRecord({ quote }))), [
      ['items_base_amount', 9_000],
      ['subtotal', 9_000],
      ['discount', 4_000],
      ['fulfillment', 6_000],
      ['total', 11_000],
    ]);
  });

  test('a remainder the grocer leaves is a further discount or fee, never dropped; no quote is a zero bill', () => {
    const lines = [calculatedLine('100001', 4_500, 1)];
    const low = calculation({ lines, grandTotalSatang: 4_300 });
    assert.deepEqual(pairs(checkoutTotals(sessionRecord({ quote: low }))).slice(-2), [
      ['discount', 200],
      ['total', 4_300],
    ]);
    const high = calculation({ lines, grandTotalSatang: 4_700 });
    assert.deepEqual(pairs(checkoutTotals(sessionRecord({ quote: high }))).slice(-2), [
      ['fee', 200],
      ['total', 4_700],
    ]);
    assert.deepEqual(pairs(checkoutTotals(sessionRecord({ quote: null }))), [
      ['subtotal', 0],
      ['total', 0],
    ]);
  });

  test('any calculation: entries unsigned, adding up exactly, and the session valid against the official schema', () => {
    const line = fc
      .record({
        price: fc.integer({ min: 1, max: 500_000 }),
        quantity: fc.integer({ min: 1, max: 99 }),
        off: fc.nat(100),
      })
      .map(({ price, quantity, off }) => ({ price, quantity, discount: Math.floor((price * quantity * off) / 100) }));
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 2 }),
        fc.boolean(),
        fc.boolean(),
        fc.nat(10_000),
        fc.integer({ min: -500, max: 500 }),
        (lines, delivery, express, fee, skew) => {
          const calculated = lines.map((l, i) => calculatedLine(`10000${i + 1}`, l.price, l.quantity, l.discount));
          const base = calculation({
            lines: calculated,
            fulfilment: delivery ? 'DELIVERY' : 'PICKUP',
            scheduleMode: express ? 'EXPRESS' : 'REGULAR',
            deliveryFeeSatang: delivery ? fee : 0,
            shippingDiscountSatang: delivery && fee % 2 === 0 ? fee : 0,
            expressShippingCostSatang: delivery && express ? 2_000 : 0,
          });
          const quote = { ...base, grandTotalSatang: Math.max(0, base.grandTotalSatang + skew) };
          const session = sessionRecord({
            quote,
            lines: [
              { lineId: LINE_A, cprcode: '100001', quantity: lines[0]!.quantity },
              ...(lines[1] ? [{ lineId: LINE_B, cprcode: '100002', quantity: lines[1].quantity }] : []),
            ],
          });
          const totals = checkoutTotals(session);
          assertTotalsAddUp(totals);
          assert.equal(totals.at(-1)!.amount, quote.grandTotalSatang);
          map(session);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('lines, options, messages and the rest', () => {
  test('lines: stable ids, item and product id, name and price from the quote; an unbilled line shows zero totals', () => {
    const session = sessionRecord({
      quote: calculation({ lines: [calculatedLine('100001', 4_500, 2)] }),
      messages: [
        {
          type: 'error',
          code: 'out_of_stock',
          text: 'Out.',
          path: `lines.${LINE_B}`,
          severity: 'recoverable',
          reason: null,
        },
      ],
    });
    const products = new Map([
      [
        '100002',
        { name: 'Jasmine rice 5 kg', priceSatang: 21_500, imageUrl: 'https://api.example/images/products/100002' },
      ],
    ]);
    const body = map(session, sessionView({ products }));
    const [milk, rice] = body.line_items as Json[];
    assert.deepEqual(milk, {
      id: LINE_A,
      item: { id: '100001' },
      quantity: 2,
      name: 'Product 100001',
      unit_amount: 4_500,
      product_id: '100001',
      totals: [
        { type: 'items_base_amount', display_text: 'Items', amount: 9_000 },
        { type: 'subtotal', display_text: 'Subtotal', amount: 9_000 },
        { type: 'total', display_text: 'Total', amount: 9_000 },
      ],
    });
    assert.deepEqual(
      [rice!.name, rice!.unit_amount, rice!.images, rice!.availability_status, pairs(rice!.totals as Total[])],
      [
        'Jasmine rice 5 kg',
        21_500,
        ['https://api.example/images/products/100002'],
        'out_of_stock',
        [
          ['items_base_amount', 0],
          ['subtotal', 0],
          ['total', 0],
        ],
      ],
    );
    assert.deepEqual(body.messages, [
      {
        type: 'error',
        code: 'out_of_stock',
        resolution: 'recoverable',
        param: '$.line_items[1]',
        content_type: 'plain',
        content: 'Out.',
      },
    ]);
  });

  test("every core message code has an ACP code and a JSONPath into the session's body", () => {
    const codes: [CheckoutMessageCode, CheckoutMessage['type'], string | null, string, string | undefined][] = [
      ['out_of_stock', 'error', `lines.${LINE_A}`, 'out_of_stock', '$.line_items[0]'],
      ['item_unavailable', 'error', `lines.${LINE_B}`, 'invalid', '$.line_items[1]'],
      ['invalid_item', 'error', 'lines.li_gone', 'invalid', '$.line_items'],
      ['alcohol_not_licensed', 'error', `lines.${LINE_A}`, 'region_restricted', '$.line_items[0]'],
      ['address_undeliverable', 'error', 'fulfilment.address', 'region_restricted', '$.fulfillment_details.address'],
      ['fulfilment_required', 'error', 'fulfilment', 'missing', '$.selected_fulfillment_options'],
      ['fulfilment_required', 'error', 'fulfilment.branchCode', 'missing', '$.selected_fulfillment_options'],
      ['buyer_required', 'error', 'buyer.email', 'missing', '$.buyer.email'],
      ['payment_failed', 'error', null, 'payment_declined', undefined],
      ['payment_required', 'error', null, 'intervention_required', undefined],
      ['order_failed', 'error', null, 'conflict', undefined],
      ['price_changed', 'warning', `lines.${LINE_B}`, 'price_change', '$.line_items[1]'],
      ['coupon_refused', 'warning', 'couponCodes.1', 'discount_code_invalid', '$.discounts.codes[1]'],
      ['coupon_refused', 'warning', 'couponCodes', 'discount_code_invalid', '$.discounts.codes'],
    ];
    for (const [code, type, path, acp, param] of codes) {
      const message: CheckoutMessage = {
        type,
        code,
        text: 'x',
        path,
        severity: type === 'error' ? 'recoverable' : null,
        reason: null,
      };
      const [mapped] = map(sessionRecord({ messages: [message] })).messages as Json[];
      assert.equal(mapped!.code, acp, code);
      assert.equal(mapped!.param, param, code);
    }
    const info: CheckoutMessage = {
      type: 'info',
      code: 'price_changed',
      text: 'FYI',
      path: null,
      severity: null,
      reason: null,
    };
    assert.deepEqual((map(sessionRecord({ messages: [info] })).messages as Json[])[0], {
      type: 'info',
      content_type: 'plain',
      content: 'FYI',
    });
  });

  test("the grocer's coupon reasons map to discount_code_* as the digest's table says", () => {
    const table: Record<string, string> = {
      UNKNOWN: 'discount_code_invalid',
      EXPIRED: 'discount_code_expired',
      MIN_SPEND: 'discount_code_minimum_not_met',
      USAGE_LIMIT: 'discount_code_usage_limit_reached',
      DUPLICATE: 'discount_code_already_applied',
      NOT_COMBINABLE: 'discount_code_combination_disallowed',
      NOT_STARTED: 'discount_code_invalid',
      CATEGORY: 'discount_code_invalid',
      FULFILMENT: 'discount_code_invalid',
      SOMETHING_NEW: 'discount_code_invalid',
      toString: 'discount_code_invalid',
    };
    for (const [reason, code] of Object.entries(table)) assert.equal(couponReasonCode(reason), code, reason);
    assert.equal(couponReasonCode(null), 'discount_code_invalid');
  });

  test('delivery: options with windows and fees, the chosen slot selected, the address as fulfillment_details', () => {
    const session = sessionRecord({
      fulfilment: { type: 'delivery', address: DELIVERY_ADDRESS, scheduleMode: 'EXPRESS' },
      options: [...PICKUP_OPTIONS, ...slots(4_000, 6_000)],
    });
    const body = map(session);
    assert.deepEqual(
      (body.fulfillment_options as Json[]).map((o) => [o.type, o.id, (o.totals as Total[])[0]!.amount]),
      [
        ['pickup', 'pickup_BKK01', 0],
        ['local_delivery', 'delivery_regular', 4_000],
        ['local_delivery', 'delivery_express', 6_000],
      ],
    );
    assert.deepEqual(body.selected_fulfillment_options, [
      { type: 'local_delivery', option_id: 'delivery_express', item_ids: [LINE_A, LINE_B] },
    ]);
    assert.deepEqual(body.fulfillment_details, {
      name: 'Somchai Jaidee',
      phone_number: '+66812345678',
      email: 'somchai@example.com',
      address: {
        name: 'Somchai Jaidee',
        line_one: '99 Sukhumvit Soi 11',
        city: 'Watthana',
        state: 'Bangkok',
        country: 'TH',
        postal_code: '10110',
      },
    });
    const unoffered = map(
      sessionRecord({ fulfilment: { type: 'delivery', address: DELIVERY_ADDRESS, scheduleMode: null } }),
    );
    assert.deepEqual(unoffered.selected_fulfillment_options, [], 'only an option the session offers is selected');
  });

  test('buyer only with an email; continue_url to the unpaid order, else the storefront while open; links', () => {
    const anonymous = map(sessionRecord({ buyer: { firstName: 'A', lastName: null, email: null, phone: null } }));
    assert.equal(anonymous.buyer, undefined);
    assert.deepEqual(anonymous.fulfillment_details, { name: 'A' });
    const order = { orderId: 'PA1', paymentUrl: 'https://shop.example/pay/tok', paymentUrlExpiresAt: 1, paid: false };
    assert.equal(
      map(sessionRecord({ status: 'requires_escalation', order })).continue_url,
      'https://shop.example/pay/tok',
    );
    assert.equal(
      map(sessionRecord(), sessionView({ storefrontUrl: 'https://shop.example/' })).continue_url,
      'https://shop.example/',
    );
    assert.equal(
      map(sessionRecord({ status: 'canceled' }), sessionView({ storefrontUrl: 'https://shop.example/' })).continue_url,
      undefined,
    );
    assert.deepEqual(
      shopLinks({
        partnerId: 'ptn_a',
        shopName: 'A',
        supportEmail: 'help@shop.example',
        privacyPolicyUrl: 'https://shop.example/privacy',
        termsOfServiceUrl: 'https://shop.example/terms',
        refundPolicyUrl: 'https://shop.example/refunds',
        shippingPolicyUrl: 'https://shop.example/shipping',
        faqUrl: 'https://shop.example/faq',
        updatedAt: '2026-11-27T05:00:00.000Z',
      }).map((link) => link.type),
      ['terms_of_use', 'privacy_policy', 'return_policy', 'shipping_policy', 'faq', 'contact_us'],
    );
  });

  test('production offers the payment page only; the session answers no intervention', () => {
    const body = map(sessionRecord({ environment: 'production' }));
    const capabilities = body.capabilities as { payment: { handlers: Json[] }; interventions: Json };
    assert.deepEqual(
      capabilities.payment.handlers.map((h) => [h.id, h.psp, (h.config as Json).environment]),
      [['payment_page', 'stripe', 'production']],
    );
    assert.deepEqual(capabilities.interventions, { supported: [], required: [] });
  });
});
