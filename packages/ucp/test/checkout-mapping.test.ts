import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { checkoutTotals, shopLinks, toUcpCheckout, type UcpTotal } from '../src/checkout-mapping.ts';
import { destinationIdOf } from '../src/fulfillment-mapping.ts';
import {
  ADDRESS,
  calculation,
  LINE_A,
  LINE_B,
  line,
  PICKUP_OPTIONS,
  sessionRecord,
  slots,
  view,
} from './support/session-records.ts';
import { assertCheckout, ucpValidators } from './support/ucp-json-schemas.ts';

/** The checkout's invariant (checkout.md "Verification"): the entries other than `total` add up to it. */
function assertAddsUp(totals: readonly UcpTotal[]): void {
  const total = totals.filter((t) => t.type === 'total');
  assert.equal(total.length, 1, 'exactly one total');
  assert.equal(totals.filter((t) => t.type === 'subtotal').length, 1, 'exactly one subtotal');
  const sum = totals.filter((t) => t.type !== 'total').reduce((s, t) => s + t.amount, 0);
  assert.equal(sum, total[0]!.amount, `entries add up to the total: ${JSON.stringify(totals)}`);
  for (const t of totals) assert.ok(Number.isInteger(t.amount), 'integer satang');
}

const amounts = (totals: readonly UcpTotal[]) => totals.map((t) => [t.type, t.amount]);

describe('checkout totals', () => {
  test('pickup: subtotal, a free pickup and the total, which is the grocer grand total', () => {
    const session = sessionRecord();
    const body = assertCheckout(toUcpCheckout(session, view()));
    assert.deepEqual(amounts(body.totals as UcpTotal[]), [
      ['subtotal', 30_500],
      ['fulfillment', 0],
      ['total', 30_500],
    ]);
    assertAddsUp(body.totals as UcpTotal[]);
    assert.equal(body.currency, 'THB');
    assert.equal(
      (body.totals as { type: string }[]).some((t) => t.type === 'tax'),
      false,
      'VAT is included: no tax entry',
    );
  });

  test('delivery REGULAR: the delivery fee is the fulfillment entry', () => {
    const quote = calculation({
      lines: [line('100001', 4_500, 2), line('100002', 21_500, 1)],
      fulfilment: 'DELIVERY',
      deliveryFeeSatang: 4_000,
    });
    const session = sessionRecord({
      fulfilment: { type: 'delivery', address: ADDRESS, scheduleMode: 'REGULAR' },
      quote,
      options: [...PICKUP_OPTIONS, ...slots(4_000, 7_000)],
    });
    const totals = checkoutTotals(session);
    assert.deepEqual(amounts(totals), [
      ['subtotal', 30_500],
      ['fulfillment', 4_000],
      ['total', 34_500],
    ]);
    assertAddsUp(totals);
    assertCheckout(toUcpCheckout(session, view()));
  });

  test('delivery EXPRESS with free delivery: gross fee plus express, the free delivery as a discount', () => {
    const quote = calculation({
      lines: [line('100001', 4_500, 20)],
      fulfilment: 'DELIVERY',
      scheduleMode: 'EXPRESS',
      deliveryFeeSatang: 4_000,
      shippingDiscountSatang: 4_000,
      expressShippingCostSatang: 3_000,
    });
    const session = sessionRecord({
      lines: [{ lineId: LINE_A, cprcode: '100001', quantity: 20 }],
      fulfilment: { type: 'delivery', address: ADDRESS, scheduleMode: 'EXPRESS' },
      quote,
      options: [...PICKUP_OPTIONS, ...slots(0, 3_000)],
    });
    const totals = checkoutTotals(session);
    assert.deepEqual(amounts(totals), [
      ['subtotal', 90_000],
      ['fulfillment', 7_000],
      ['discount', -4_000],
      ['total', 93_000],
    ]);
    assertAddsUp(totals);
    const body = assertCheckout(toUcpCheckout(session, view()));
    const discounts = body.discounts as { applied: { title: string; amount: number; automatic: boolean }[] };
    assert.deepEqual(discounts.applied, [
      {
        title: 'Free delivery',
        amount: 4_000,
        automatic: true,
        allocations: [{ path: '$.totals.shipping', amount: 4_000 }],
      },
    ]);
  });

  test('a coupon: line discounts as items_discount, on the lines and in the applied discount with its code', () => {
    const quote = calculation({
      lines: [line('100001', 4_500, 2, 900), line('100002', 21_500, 1, 2_150)],
      couponCodes: ['SAVE10'],
    });
    const session = sessionRecord({ quote, couponCodes: ['SAVE10'] });
    const body = assertCheckout(toUcpCheckout(session, view()));
    const totals = body.totals as UcpTotal[];
    assert.deepEqual(amounts(totals), [
      ['subtotal', 30_500],
      ['items_discount', -3_050],
      ['fulfillment', 0],
      ['total', 27_450],
    ]);
    assertAddsUp(totals);
    const lines = body.line_items as { totals: UcpTotal[] }[];
    const onLines = lines.flatMap((l) => l.totals.filter((t) => t.type === 'items_discount'));
    assert.equal(
      onLines.reduce((s, t) => s + t.amount, 0),
      -3_050,
      'items_discount equals the sum of the lines',
    );
    for (const l of lines) assertAddsUp([...l.totals]);
    const { applied, codes } = body.discounts as {
      codes: string[];
      applied: { code?: string; amount: number; allocations: { path: string; amount: number }[] }[];
    };
    assert.deepEqual(codes, ['SAVE10']);
    assert.equal(applied[0]?.code, 'SAVE10');
    assert.equal(applied[0]?.amount, 3_050);
    assert.deepEqual(applied[0]?.allocations, [
      { path: '$.line_items[0]', amount: 900 },
      { path: '$.line_items[1]', amount: 2_150 },
    ]);
  });

  test('promotions and two coupons together are one applied entry without a code (their split is not known)', () => {
    const quote = calculation({
      lines: [line('100001', 4_500, 2, 500, ['Milk 2 for 85']), line('100002', 21_500, 1, 1_000)],
      couponCodes: ['A1', 'B2'],
    });
    const applied = toUcpCheckout(sessionRecord({ quote, couponCodes: ['A1', 'B2'] }), view()).discounts?.applied;
    assert.deepEqual(
      applied?.map((a) => [a.code, a.title, a.amount, a.automatic]),
      [[undefined, 'Milk 2 for 85, Coupon A1, Coupon B2', 1_500, false]],
    );
  });

  test('a remainder the grocer figures leave is shown (fee or discount), so the entries still add up', () => {
    const base = { lines: [line('100001', 4_500, 2)] };
    const over = checkoutTotals(sessionRecord({ quote: calculation({ ...base, grandTotalSatang: 9_100 }) }));
    assert.deepEqual(over.at(-2), { type: 'fee', display_text: 'Other charges', amount: 100 });
    assertAddsUp(over);
    const under = checkoutTotals(sessionRecord({ quote: calculation({ ...base, grandTotalSatang: 8_800 }) }));
    assert.deepEqual(under.at(-2), { type: 'discount', display_text: 'Other discounts', amount: -200 });
    assertAddsUp(under);
  });

  test('any calculation: the entries add up to the grand total, with the sign each type requires', () => {
    const arbitraryLine = fc
      .record({ price: fc.integer({ min: 0, max: 500_000 }), qty: fc.integer({ min: 1, max: 99 }) })
      .chain(({ price, qty }) =>
        fc.integer({ min: 0, max: price * qty }).map((discount) => line('100001', price, qty, discount)),
      );
    fc.assert(
      fc.property(
        fc.array(arbitraryLine, { minLength: 1, maxLength: 5 }),
        fc.constantFrom<'PICKUP' | 'DELIVERY'>('PICKUP', 'DELIVERY'),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.boolean(),
        fc.integer({ min: -5_000, max: 5_000 }),
        (lines, fulfilment, fee, express, free, skew) => {
          const quote = calculation({
            lines,
            fulfilment,
            deliveryFeeSatang: fee,
            shippingDiscountSatang: free ? fee : 0,
            expressShippingCostSatang: express,
          });
          const totals = checkoutTotals(
            sessionRecord({ quote: { ...quote, grandTotalSatang: Math.max(0, quote.grandTotalSatang + skew) } }),
          );
          assertAddsUp(totals);
          for (const t of totals) {
            if (t.type === 'discount' || t.type === 'items_discount') assert.ok(t.amount < 0);
            if (['subtotal', 'fulfillment', 'fee'].includes(t.type)) assert.ok(t.amount >= 0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a session the calculator could not price shows zero totals and the catalog title and price of its lines', () => {
    const products = new Map([
      [
        '100001',
        { title: 'Fresh milk 1 l', priceSatang: 4_500, imageUrl: 'https://api.example/images/products/100001' },
      ],
    ]);
    const body = assertCheckout(
      toUcpCheckout(sessionRecord({ quote: null, status: 'incomplete' }), view({ products })),
    );
    assert.deepEqual(amounts(body.totals as UcpTotal[]), [
      ['subtotal', 0],
      ['total', 0],
    ]);
    const [milk, rice] = body.line_items as { item: Record<string, unknown>; totals: UcpTotal[] }[];
    assert.deepEqual(milk?.item, {
      id: '100001',
      title: 'Fresh milk 1 l',
      price: 4_500,
      image_url: 'https://api.example/images/products/100001',
    });
    assert.deepEqual(rice?.item, { id: '100002', title: 'Product 100002', price: 0 });
  });
});

describe('checkout fulfillment', () => {
  test('pickup: the nearest branches are retail_location destinations, the chosen one selected by branch code', () => {
    const body = assertCheckout(toUcpCheckout(sessionRecord(), view()));
    const [pickup, shipping] = (body.fulfillment as { methods: Record<string, unknown>[] }).methods;
    assert.equal(pickup?.type, 'pickup');
    assert.deepEqual(pickup?.line_item_ids, [LINE_A, LINE_B]);
    assert.deepEqual(pickup?.destinations, [
      {
        id: 'BKK01',
        name: 'Sukhumvit',
        address: { street_address: '1 Sukhumvit Road, Bangkok', postal_code: '10110', address_country: 'TH' },
      },
      {
        id: 'BKK02',
        name: 'Silom',
        address: { street_address: '2 Silom Road, Bangkok', postal_code: '10500', address_country: 'TH' },
      },
    ]);
    assert.equal(pickup?.selected_destination_id, 'BKK01');
    const [group] = pickup?.groups as { options: Record<string, unknown>[]; selected_option_id: string }[];
    assert.equal(group?.options[0]?.earliest_fulfillment_time, '2026-11-27T07:00:00.000Z');
    assert.match(String(group?.options[0]?.description), /Ready from 27 Nov, 14:00 \(Bangkok time\)/);
    assert.deepEqual(shipping, {
      id: 'shipping',
      type: 'shipping',
      line_item_ids: [],
      destinations: [],
      selected_destination_id: null,
    });
  });

  test('delivery: the address is the selected destination, REGULAR and EXPRESS slots the group options with fees', () => {
    const session = sessionRecord({
      fulfilment: { type: 'delivery', address: ADDRESS, scheduleMode: 'EXPRESS' },
      options: [...PICKUP_OPTIONS, ...slots(4_000, 7_000)],
    });
    const body = assertCheckout(toUcpCheckout(session, view()));
    const [shipping, pickup] = (body.fulfillment as { methods: Record<string, unknown>[] }).methods;
    assert.equal(shipping?.type, 'shipping');
    assert.deepEqual(shipping?.destinations, [
      {
        id: destinationIdOf(ADDRESS),
        street_address: '99 Sukhumvit Soi 11',
        address_locality: 'Watthana',
        address_region: 'Bangkok',
        postal_code: '10110',
        address_country: 'TH',
        first_name: 'Somchai',
        last_name: 'Jaidee',
      },
    ]);
    assert.equal(shipping?.selected_destination_id, destinationIdOf(ADDRESS));
    const [group] = shipping?.groups as { options: Record<string, unknown>[]; selected_option_id: string }[];
    assert.equal(group?.selected_option_id, 'express');
    assert.deepEqual(
      group?.options.map((o) => [o.id, o.title, o.earliest_fulfillment_time, o.latest_fulfillment_time, o.totals]),
      [
        [
          'regular',
          'Standard delivery',
          '2026-11-27T08:00:00.000Z',
          '2026-11-27T09:00:00.000Z',
          [{ type: 'total', amount: 4_000 }],
        ],
        [
          'express',
          'Express delivery',
          '2026-11-27T06:00:00.000Z',
          '2026-11-27T07:00:00.000Z',
          [{ type: 'total', amount: 7_000 }],
        ],
      ],
    );
    assert.deepEqual(pickup?.line_item_ids, [], 'pickup stays on offer, with no lines');
    assert.equal(pickup?.selected_destination_id, null);
  });

  test('no fulfilment chosen: both methods on offer, none with lines', () => {
    const body = assertCheckout(toUcpCheckout(sessionRecord({ fulfilment: null, status: 'incomplete' }), view()));
    const methods = (body.fulfillment as { methods: Record<string, unknown>[] }).methods;
    assert.deepEqual(
      methods.map((m) => [m.type, m.line_item_ids, m.selected_destination_id]),
      [
        ['pickup', [], null],
        ['shipping', [], null],
      ],
    );
  });
});

describe('checkout messages, status and links', () => {
  test('core messages carry UCP codes, severities and JSONPaths into the response', () => {
    const session = sessionRecord({
      status: 'incomplete',
      fulfilment: { type: 'delivery', address: ADDRESS, scheduleMode: null },
      couponCodes: ['OLD'],
      messages: [
        {
          type: 'error',
          code: 'out_of_stock',
          text: 'Only 1 left.',
          path: `lines.${LINE_B}`,
          severity: 'recoverable',
          reason: null,
        },
        {
          type: 'error',
          code: 'address_undeliverable',
          text: 'No.',
          path: 'fulfilment.address',
          severity: 'recoverable',
          reason: null,
        },
        {
          type: 'warning',
          code: 'coupon_refused',
          text: 'Expired.',
          path: 'couponCodes.0',
          severity: null,
          reason: 'EXPIRED',
        },
        {
          type: 'error',
          code: 'buyer_required',
          text: 'E-mail?',
          path: 'buyer.email',
          severity: 'recoverable',
          reason: null,
        },
        {
          type: 'warning',
          code: 'price_changed',
          text: 'Dearer.',
          path: `lines.${LINE_A}`,
          severity: null,
          reason: null,
        },
        {
          type: 'error',
          code: 'fulfilment_required',
          text: 'Choose.',
          path: 'fulfilment',
          severity: null,
          reason: null,
        },
      ],
    });
    const body = assertCheckout(toUcpCheckout(session, view()));
    assert.deepEqual(body.messages, [
      {
        type: 'error',
        code: 'out_of_stock',
        content: 'Only 1 left.',
        severity: 'recoverable',
        path: '$.line_items[1]',
      },
      {
        type: 'error',
        code: 'address_undeliverable',
        content: 'No.',
        severity: 'recoverable',
        path: '$.fulfillment.methods[0].destinations',
      },
      { type: 'warning', code: 'discount_code_expired', content: 'Expired.', path: '$.discounts.codes[0]' },
      { type: 'error', code: 'missing', content: 'E-mail?', severity: 'recoverable', path: '$.buyer.email' },
      { type: 'warning', code: 'price_changed', content: 'Dearer.', path: '$.line_items[0]' },
      { type: 'error', code: 'missing', content: 'Choose.', severity: 'recoverable', path: '$.fulfillment' },
    ]);
  });

  test('escalated: continue_url is the order payment page; completed: the order with its permalink, no continue_url', () => {
    const order = {
      orderId: 'PA2611270000001-K7QD',
      paymentUrl: 'https://shop.example/pay/tok',
      paymentUrlExpiresAt: 1_800_000_000,
      paid: false,
    };
    const escalated = assertCheckout(
      toUcpCheckout(
        sessionRecord({
          status: 'requires_escalation',
          order,
          messages: [
            {
              type: 'error',
              code: 'payment_required',
              text: 'Pay.',
              path: null,
              severity: 'requires_buyer_input',
              reason: null,
            },
          ],
        }),
        view(),
      ),
    );
    assert.equal(escalated.continue_url, 'https://shop.example/pay/tok');
    assert.equal(escalated.order, undefined);
    assert.deepEqual(escalated.messages, [
      { type: 'error', code: 'payment_required', content: 'Pay.', severity: 'requires_buyer_input' },
    ]);
    const completed = assertCheckout(
      toUcpCheckout(sessionRecord({ status: 'completed', order: { ...order, paid: true } }), view()),
    );
    assert.deepEqual(completed.order, { id: order.orderId, permalink_url: 'https://shop.example/pay/tok' });
    assert.equal(completed.continue_url, undefined);
    const noPage = toUcpCheckout(
      sessionRecord({ status: 'completed', order: { ...order, paid: true, paymentUrl: null } }),
      view(),
    );
    assert.equal(noPage.order?.permalink_url, `https://api.example/agents/ptn_a/ucp/v1/orders/${order.orderId}`);
  });

  test('the envelope: checkout capabilities and the sandbox mock handler; production declares no handler', () => {
    const sandbox = toUcpCheckout(sessionRecord(), view());
    assert.deepEqual(sandbox.ucp, {
      version: '2026-04-08',
      status: 'success',
      capabilities: {
        'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }],
        'dev.ucp.shopping.fulfillment': [{ version: '2026-04-08' }],
        'dev.ucp.shopping.discount': [{ version: '2026-04-08' }],
      },
      payment_handlers: {
        'dev.ucp.mock_payment': [
          {
            id: 'mock_payment_handler',
            version: '2026-04-08',
            config: { supported_tokens: ['success_token', 'fail_token'] },
          },
        ],
      },
    });
    const production = assertCheckout(toUcpCheckout(sessionRecord({ environment: 'production' }), view()));
    assert.deepEqual((production.ucp as { payment_handlers: unknown }).payment_handlers, {});
  });

  test('a negotiation that kept only checkout drops the extensions from the body and the envelope', () => {
    const body = assertCheckout(toUcpCheckout(sessionRecord(), view({ active: ['dev.ucp.shopping.checkout'] })));
    assert.deepEqual(Object.keys((body.ucp as { capabilities: object }).capabilities), ['dev.ucp.shopping.checkout']);
    assert.equal(body.fulfillment, undefined);
    assert.equal(body.discounts, undefined);
  });

  test('policy links come from the shop settings, only those set', () => {
    assert.deepEqual(
      shopLinks({
        partnerId: 'ptn_a',
        shopName: 'A',
        supportEmail: null,
        privacyPolicyUrl: 'https://shop.example/privacy',
        termsOfServiceUrl: 'https://shop.example/terms',
        refundPolicyUrl: null,
        shippingPolicyUrl: 'https://shop.example/shipping',
        faqUrl: 'https://shop.example/faq',
        updatedAt: '2026-11-27T00:00:00.000Z',
      }),
      [
        { type: 'privacy_policy', url: 'https://shop.example/privacy' },
        { type: 'terms_of_service', url: 'https://shop.example/terms' },
        { type: 'shipping_policy', url: 'https://shop.example/shipping' },
        { type: 'faq', url: 'https://shop.example/faq' },
      ],
    );
  });
});

test('the official-schema checks are not vacuous: they refuse what the spec refuses', () => {
  const { checkout, retailLocation } = ucpValidators();
  const good = toUcpCheckout(sessionRecord(), view());
  assert.equal(checkout(good), true);
  const { links: _, ...noLinks } = good;
  assert.equal(checkout(noLinks), false, 'links are required');
  assert.equal(checkout({ ...good, totals: [{ type: 'subtotal', amount: 100 }] }), false, 'a total is required');
  const positive = [...good.totals.slice(0, -1), { type: 'discount', amount: 5 }, good.totals.at(-1)];
  assert.equal(checkout({ ...good, totals: positive }), false, 'discounts are negative');
  assert.equal(checkout({ ...good, status: 'open' }), false, 'status is one of six');
  assert.equal(retailLocation({ id: 'BKK01' }), false, 'a retail location has a name');
});
