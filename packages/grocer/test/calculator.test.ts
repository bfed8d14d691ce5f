import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { CommerceError, haversineKm, type Product } from '@grocery/core';
import type { Address, CalculateRequest } from '@grocery/core/ports';
import {
  allocate,
  buildBranchDirectory,
  calculate,
  CouponBook,
  DEFAULT_DELIVERY_RULES,
  deliveryFeeSatang,
  SANDBOX_COUPONS,
  type CalculatorContext,
  type Promotion,
} from '../src/index.ts';

const branches = buildBranchDirectory();
const NOW = Date.UTC(2026, 10, 22, 3, 0, 0);
const NO_DETAILS = { postcode: null, address: null, firstName: null, lastName: null, phone: null, email: null };

interface Item {
  cprcode: string;
  price: number | null;
  l1?: string;
  alcohol?: boolean;
  promotion?: Promotion;
}

/** A small hand-made world: products with known prices and promotions at every branch. */
function world(items: Item[], coupons = new CouponBook()): CalculatorContext {
  const products = new Map<string, { index: number; product: Product; item: Item }>();
  items.forEach((item, index) => {
    const l1 = item.l1 ?? '16';
    const product: Product = {
      cprcode: item.cprcode,
      nameEn: `Item ${item.cprcode}`,
      nameTh: `สินค้า ${item.cprcode}`,
      brandEn: null,
      brandTh: null,
      sizeDesc: '1 pcs',
      countryEn: 'Thailand',
      barcode: null,
      category: { l1: `L1 ${l1}`, l2: 'L2', l3: 'L3', l1Th: 'หมวด', l2Th: 'หมวด', l3Th: 'หมวด' },
      grocerCategoryCodes: [l1, `${l1}01`, `${l1}0101`],
      keywords: [],
      active: true,
      online: true,
      alcohol: item.alcohol ?? false,
      availStore: branches.map((b) => b.branch.branchCode),
      detailPriceSatang: item.price,
      hasImage: false,
      updatedAt: new Date(NOW).toISOString(),
    };
    products.set(item.cprcode, { index, product, item });
  });
  return {
    branch: (code) => branches.find((b) => b.branch.branchCode === code),
    product: (cprcode) => products.get(cprcode),
    price: (branch, _index, product) => {
      const price = products.get(product.cprcode)!.item.price;
      return price === null
        ? null
        : {
            cprcode: product.cprcode,
            branchCode: branch.branch.branchCode,
            amountSatang: price,
            source: 'BRANCH_FEED',
          };
    },
    promotion: (_index, product) => products.get(product.cprcode)!.item.promotion ?? null,
    coupons,
    now: NOW,
  };
}

function request(lines: [string, number][], extra: Partial<CalculateRequest> = {}): CalculateRequest {
  return {
    branchCode: 'BKK15',
    lines: lines.map(([cprcode, quantity]) => ({ cprcode, quantity })),
    fulfilment: 'PICKUP',
    scheduleMode: 'REGULAR',
    address: null,
    couponCodes: [],
    orderSource: 'TEST',
    ...extra,
  };
}

/** An address `km` north of branch BKK15 (Min Buri, delivery radius 15 km). */
function northOf(km: number, postcode: string | null = null): Address {
  const b = branches.find((x) => x.branch.branchCode === 'BKK15')!.branch;
  return { lat: b.lat + km / 111.195, lon: b.lon, ...NO_DETAILS, postcode };
}

function refuses(fn: () => unknown, code: string, field?: string): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof CommerceError);
    assert.equal(error.code, code, error.message);
    if (field !== undefined) assert.equal(error.field, field);
    return true;
  });
}

describe('calculator: lines and rounding', () => {
  test('rowTotal, subTotal and grandTotal in integer satang', () => {
    const calc = calculate(
      request([
        ['1', 3],
        ['2', 1],
      ]),
      world([
        { cprcode: '1', price: 1_050 },
        { cprcode: '2', price: 8_900 },
      ]),
    );
    assert.deepEqual(
      calc.lines.map((l) => [l.priceSatang, l.rowTotalSatang, l.discountedRowTotalSatang]),
      [
        [1_050, 3_150, 3_150],
        [8_900, 8_900, 8_900],
      ],
    );
    assert.equal(calc.subTotalSatang, 12_050);
    assert.equal(calc.totalDiscountSatang, 0);
    assert.equal(calc.grandTotalSatang, 12_050);
  });

  test('a percentage coupon rounds half away from zero on the satang total', () => {
    // 10% of 1,005 satang is 100.5 → 101.
    const calc = calculate(request([['1', 1]], { couponCodes: ['SAVE10'] }), world([{ cprcode: '1', price: 1_005 }]));
    assert.equal(calc.totalDiscountSatang, 101);
    assert.equal(calc.grandTotalSatang, 904);
    // 10% of 1,004 satang is 100.4 → 100.
    assert.equal(
      calculate(request([['1', 1]], { couponCodes: ['SAVE10'] }), world([{ cprcode: '1', price: 1_004 }]))
        .totalDiscountSatang,
      100,
    );
  });

  test('a coupon discount is spread over lines by largest remainder and adds up exactly', () => {
    assert.deepEqual(allocate(100, [1, 1, 1]), [34, 33, 33]);
    assert.deepEqual(allocate(10, [0, 5, 5]), [0, 5, 5]);
    assert.deepEqual(allocate(0, [3, 4]), [0, 0]);
    const calc = calculate(
      request(
        [
          ['1', 1],
          ['2', 1],
          ['3', 1],
        ],
        { couponCodes: ['SAVE10'] },
      ),
      world([
        { cprcode: '1', price: 333 },
        { cprcode: '2', price: 333 },
        { cprcode: '3', price: 334 },
      ]),
    );
    const lineDiscounts = calc.lines.map((l) => l.rowTotalSatang - l.discountedRowTotalSatang);
    assert.equal(
      lineDiscounts.reduce((a, b) => a + b, 0),
      100,
    );
    assert.deepEqual(lineDiscounts, [33, 33, 34]);
  });

  test('duplicate cprcodes merge into the first line; more than 100 lines are refused', () => {
    const calc = calculate(
      request([
        ['1', 2],
        ['2', 1],
        ['1', 3],
      ]),
      world([
        { cprcode: '1', price: 100 },
        { cprcode: '2', price: 200 },
      ]),
    );
    assert.deepEqual(
      calc.lines.map((l) => [l.cprcode, l.quantity]),
      [
        ['1', 5],
        ['2', 1],
      ],
    );
    refuses(
      () =>
        calculate(request(Array.from({ length: 101 }, (_, i) => [String(i + 1), 1] as [string, number])), world([])),
      'INVALID_INPUT',
      'lines',
    );
  });

  test('the raw response is the grocer’s own snake_case body in baht', () => {
    const calc = calculate(
      request([['1', 2]], { couponCodes: ['SAVE10', 'NOPE'] }),
      world([{ cprcode: '1', price: 1_250 }]),
    );
    const raw = calc.raw as Record<string, unknown> & {
      items: Record<string, unknown>[];
      coupons: { applied: unknown[]; failed: unknown[] };
    };
    assert.equal(raw['store_code'], 'BKK15');
    assert.equal(raw['order_source'], 'TEST');
    assert.equal(raw['sub_total'], 25);
    assert.equal(raw['grand_total'], 22.5);
    assert.equal(raw['total_discount'], 2.5);
    assert.equal(raw.items[0]!['sku'], '1');
    assert.equal(raw.items[0]!['row_total_after_discount'], 22.5);
    assert.deepEqual(raw.coupons.applied, [{ code: 'SAVE10', type: 'PERCENT', discount_amount: 2.5 }]);
    assert.equal(raw.coupons.failed.length, 1);
    assert.equal(raw['calculated_at'], new Date(NOW).toISOString());
  });
});

describe('calculator: promotions', () => {
  const promoted = (promotion: Promotion, price = 4_500) => world([{ cprcode: '1', price, promotion }]);

  test('percentage off', () => {
    const calc = calculate(request([['1', 3]]), promoted({ kind: 'PERCENT_OFF', id: 'P1', percent: 15 }));
    assert.equal(calc.lines[0]!.discountedRowTotalSatang, 13_500 - 2_025);
    assert.deepEqual(calc.lines[0]!.promotions, ['15% off']);
  });

  test('multi-buy: 2 for a bundle price rounded down to the baht, per complete group', () => {
    const promotion: Promotion = { kind: 'MULTI_BUY', id: 'P2', quantity: 2, percentOff: 10 };
    // 2 × ฿45 = ฿90; 10% off is ฿81.
    assert.equal(calculate(request([['1', 1]]), promoted(promotion)).totalDiscountSatang, 0);
    const three = calculate(request([['1', 3]]), promoted(promotion));
    assert.equal(three.totalDiscountSatang, 900);
    assert.deepEqual(three.lines[0]!.promotions, ['2 for ฿81']);
    assert.equal(calculate(request([['1', 4]]), promoted(promotion)).totalDiscountSatang, 1_800);
    // 2 × ฿12.75 = ฿25.50; 10% off is ฿22.95 → ฿22.
    assert.equal(calculate(request([['1', 2]]), promoted(promotion, 1_275)).totalDiscountSatang, 350);
  });

  test('buy 2 get 1 free', () => {
    const promotion: Promotion = { kind: 'BUY_X_GET_Y', id: 'P3', buy: 2, free: 1 };
    assert.equal(calculate(request([['1', 2]]), promoted(promotion)).totalDiscountSatang, 0);
    assert.equal(calculate(request([['1', 3]]), promoted(promotion)).totalDiscountSatang, 4_500);
    assert.equal(calculate(request([['1', 5]]), promoted(promotion)).totalDiscountSatang, 4_500);
    const six = calculate(request([['1', 6]]), promoted(promotion));
    assert.equal(six.totalDiscountSatang, 9_000);
    assert.deepEqual(six.lines[0]!.promotions, ['Buy 2 Get 1 Free']);
  });

  test('coupons apply after promotions', () => {
    const calc = calculate(
      request([['1', 3]], { couponCodes: ['SAVE10'] }),
      promoted({ kind: 'BUY_X_GET_Y', id: 'P3', buy: 2, free: 1 }),
    );
    assert.equal(calc.totalDiscountSatang, 4_500 + 900);
  });
});

describe('calculator: coupons', () => {
  const basket = (price: number) =>
    world([
      { cprcode: '1', price },
      { cprcode: '2', price: 2_000, l1: '10' },
      { cprcode: '3', price: 40_000, l1: '21' },
    ]);
  const failed = (
    codes: string[],
    lines: [string, number][] = [['1', 1]],
    price = 10_000,
    extra: Partial<CalculateRequest> = {},
  ) => {
    const calc = calculate(request(lines, { couponCodes: codes, ...extra }), basket(price));
    return { calc, reasons: calc.failedCoupons.map((f) => `${f.code}:${f.reason}`) };
  };

  test('percentage with a cap', () => {
    assert.equal(failed(['SAVE10'], [['1', 1]], 500_000).calc.totalDiscountSatang, 20_000);
  });

  test('fixed amount with a minimum spend, never below zero', () => {
    assert.deepEqual(failed(['WELCOME100'], [['1', 1]], 49_999).reasons, ['WELCOME100:MIN_SPEND']);
    assert.equal(failed(['WELCOME100'], [['1', 1]], 50_000).calc.grandTotalSatang, 40_000);
    assert.deepEqual(failed(['BIG300'], [['1', 1]], 150_000).reasons, ['BIG300:MIN_SPEND']);
    assert.equal(failed(['BIG300'], [['1', 1]], 200_000).calc.totalDiscountSatang, 30_000);
    const small = calculate(request([['2', 1]], { couponCodes: ['LIMITED3'] }), basket(100));
    assert.equal(small.grandTotalSatang, 0, 'a ฿30 coupon on a ฿20 basket takes it to zero, not below');
  });

  test('category-limited coupons discount only their department', () => {
    const { calc, reasons } = failed(
      ['FRESH15'],
      [
        ['1', 1],
        ['2', 2],
      ],
    );
    assert.deepEqual(reasons, []);
    assert.equal(calc.lines[0]!.discountedRowTotalSatang, 10_000);
    assert.equal(calc.lines[1]!.discountedRowTotalSatang, 4_000 - 600);
    assert.deepEqual(failed(['FRESH15']).reasons, ['FRESH15:CATEGORY']);
    assert.deepEqual(failed(['BABY50'], [['3', 1]]).calc.couponCodes, ['BABY50']);
    assert.deepEqual(
      failed(
        ['BABY50'],
        [
          ['1', 1],
          ['2', 10],
        ],
      ).reasons,
      ['BABY50:CATEGORY'],
    );
  });

  test('free delivery is for delivery only', () => {
    assert.deepEqual(failed(['FREESHIP']).reasons, ['FREESHIP:FULFILMENT']);
    const delivered = failed(['FREESHIP'], [['1', 1]], 10_000, { fulfilment: 'DELIVERY', address: northOf(5) });
    assert.equal(delivered.calc.deliveryFeeSatang, 4_900);
    assert.equal(delivered.calc.shippingDiscountSatang, 4_900);
    assert.equal(delivered.calc.grandTotalSatang, 10_000);
    assert.equal(
      (delivered.calc.raw as { shipping: { free_shipping_reason: string } }).shipping.free_shipping_reason,
      'COUPON',
    );
  });

  test('expired, not yet started, unknown, duplicate and not combinable coupons are reported', () => {
    assert.deepEqual(failed(['EXPIRED50', 'FUTURE50', 'WHAT', '']).reasons, [
      'EXPIRED50:EXPIRED',
      'FUTURE50:NOT_STARTED',
      'WHAT:UNKNOWN',
      ':UNKNOWN',
    ]);
    assert.deepEqual(failed([' save10 ', 'SAVE10', 'WELCOME100'], [['1', 1]], 60_000).reasons, [
      'SAVE10:DUPLICATE',
      'WELCOME100:NOT_COMBINABLE',
    ]);
    const { calc } = failed(
      [' save10 ', 'FRESH15'],
      [
        ['1', 1],
        ['2', 1],
      ],
    );
    assert.deepEqual(calc.couponCodes, ['SAVE10', 'FRESH15'], 'a stackable coupon combines with an exclusive one');
  });

  test('usage-limited coupons stop after their limit of orders', () => {
    const coupons = new CouponBook(SANDBOX_COUPONS);
    const ctx = world([{ cprcode: '1', price: 10_000 }], coupons);
    for (let i = 0; i < 3; i++) {
      const calc = calculate(request([['1', 1]], { couponCodes: ['LIMITED3'] }), ctx);
      assert.deepEqual(calc.couponCodes, ['LIMITED3']);
      coupons.redeem(calc.couponCodes);
    }
    assert.deepEqual(
      calculate(request([['1', 1]], { couponCodes: ['LIMITED3'] }), ctx).failedCoupons.map((f) => f.reason),
      ['USAGE_LIMIT'],
    );
  });

  test('at most five codes, each a short string', () => {
    refuses(
      () => calculate(request([['1', 1]], { couponCodes: ['A', 'B', 'C', 'D', 'E', 'F'] }), basket(100)),
      'INVALID_INPUT',
      'couponCodes',
    );
    refuses(
      () => calculate(request([['1', 1]], { couponCodes: ['X'.repeat(41)] }), basket(100)),
      'INVALID_INPUT',
      'couponCodes.0',
    );
    refuses(
      () => calculate(request([['1', 1]], { couponCodes: [7 as unknown as string] }), basket(100)),
      'INVALID_INPUT',
      'couponCodes.0',
    );
  });
});

describe('calculator: delivery', () => {
  const ctx = world([
    { cprcode: '1', price: 10_000 },
    { cprcode: '2', price: 100_000 },
  ]);
  const deliver = (km: number, lines: [string, number][] = [['1', 1]], extra: Partial<CalculateRequest> = {}) =>
    calculate(request(lines, { fulfilment: 'DELIVERY', address: northOf(km), ...extra }), ctx);

  test('fee bands by straight-line distance', () => {
    assert.equal(deliver(2).deliveryFeeSatang, 2_900);
    assert.equal(deliver(5).deliveryFeeSatang, 4_900);
    assert.equal(deliver(10).deliveryFeeSatang, 6_900);
    assert.equal(deliver(14.2).deliveryFeeSatang, 6_900 + 3 * 1_000);
    assert.equal(deliveryFeeSatang(3), 2_900);
    assert.equal(deliveryFeeSatang(3.01), 4_900);
    const b = branches.find((x) => x.branch.branchCode === 'BKK15')!.branch;
    const address = northOf(10);
    assert.ok(Math.abs(haversineKm(b.lat, b.lon, address.lat!, address.lon!) - 10) < 0.01);
  });

  test('free delivery from the threshold on the merchandise after discounts', () => {
    const at = deliver(5, [['2', 1]]);
    assert.equal(at.shippingDiscountSatang, 4_900);
    assert.equal(at.discountedDeliveryFeeSatang, 0);
    assert.equal(at.grandTotalSatang, 100_000);
    assert.equal(at.totalDiscountSatang, 4_900);
    const below = deliver(5, [['2', 1]], { couponCodes: ['LIMITED3'] });
    assert.equal(below.shippingDiscountSatang, 0, '฿1,000 less a ฿30 coupon is under the threshold');
    assert.equal(below.grandTotalSatang, 100_000 - 3_000 + 4_900);
    assert.equal(DEFAULT_DELIVERY_RULES.freeDeliveryThresholdSatang, 100_000);
  });

  test('express adds a surcharge that is never waived, within 8 km only', () => {
    const express = deliver(5, [['2', 2]], { scheduleMode: 'EXPRESS' });
    assert.equal(express.expressShippingCostSatang, 5_000);
    assert.equal(express.shippingDiscountSatang, 4_900);
    assert.equal(express.grandTotalSatang, 200_000 + 5_000);
    refuses(() => deliver(9, [['1', 1]], { scheduleMode: 'EXPRESS' }), 'DELIVERY_UNAVAILABLE', 'scheduleMode');
    assert.equal(
      calculate(request([['1', 1]], { scheduleMode: 'EXPRESS' }), ctx).expressShippingCostSatang,
      0,
      'express pickup costs nothing extra',
    );
    refuses(() => calculate(request([['1', 1]], { scheduleMode: 'express' }), ctx), 'INVALID_INPUT', 'scheduleMode');
  });

  test('outside the radius, an unserved postcode, a branch that does not deliver, no coordinates', () => {
    refuses(() => deliver(15.5), 'DELIVERY_UNAVAILABLE', 'address');
    refuses(() => deliver(2, [['1', 1]], { address: northOf(2, '50200') }), 'DELIVERY_UNAVAILABLE', 'address.postcode');
    assert.equal(deliver(2, [['1', 1]], { address: northOf(2, '10510') }).deliveryFeeSatang, 2_900);
    refuses(
      () =>
        calculate(
          request([['1', 1]], {
            branchCode: 'BKK17',
            fulfilment: 'DELIVERY',
            address: { lat: 13.737, lon: 100.56, ...NO_DETAILS },
          }),
          ctx,
        ),
      'DELIVERY_UNAVAILABLE',
    );
    refuses(() => calculate(request([['1', 1]], { fulfilment: 'DELIVERY' }), ctx), 'ADDRESS_REQUIRED', 'address');
    refuses(
      () => calculate(request([['1', 1]], { fulfilment: 'SHIP' as 'PICKUP' }), ctx),
      'INVALID_INPUT',
      'fulfilment',
    );
  });
});

describe('calculator: invariants', () => {
  test('for any basket, coupons and distance the bill adds up in whole satang', () => {
    const promotions: (Promotion | undefined)[] = [
      undefined,
      { kind: 'PERCENT_OFF', id: 'a', percent: 25 },
      { kind: 'MULTI_BUY', id: 'b', quantity: 3, percentOff: 20 },
      { kind: 'BUY_X_GET_Y', id: 'c', buy: 1, free: 1 },
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 99 }),
            promo: fc.integer({ min: 0, max: 3 }),
            fresh: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.subarray(['SAVE10', 'WELCOME100', 'BIG300', 'FRESH15', 'FREESHIP', 'LIMITED3', 'BABY50']),
        fc.option(fc.double({ min: 0, max: 14.9, noNaN: true }), { nil: null }),
        fc.boolean(),
        (lines, codes, km, express) => {
          const ctx = world(
            lines.map((l, i) => ({
              cprcode: String(i + 1),
              price: l.price,
              l1: l.fresh ? '10' : '16',
              ...(promotions[l.promo] ? { promotion: promotions[l.promo]! } : {}),
            })),
          );
          const calc = calculate(
            request(
              lines.map((l, i) => [String(i + 1), l.quantity]),
              {
                couponCodes: codes.slice(0, 5),
                ...(km === null
                  ? {}
                  : {
                      fulfilment: 'DELIVERY',
                      address: northOf(km),
                      scheduleMode: express && km <= 8 ? 'EXPRESS' : 'REGULAR',
                    }),
              },
            ),
            ctx,
          );
          const amounts = [
            calc.subTotalSatang,
            calc.deliveryFeeSatang,
            calc.discountedDeliveryFeeSatang,
            calc.shippingDiscountSatang,
            calc.expressShippingCostSatang,
            calc.totalDiscountSatang,
            calc.grandTotalSatang,
          ];
          for (const amount of amounts) assert.ok(Number.isSafeInteger(amount) && amount >= 0);
          assert.equal(
            calc.subTotalSatang,
            calc.lines.reduce((s, l) => s + l.rowTotalSatang, 0),
          );
          const itemDiscount = calc.lines.reduce((s, l) => s + l.rowTotalSatang - l.discountedRowTotalSatang, 0);
          for (const l of calc.lines)
            assert.ok(l.discountedRowTotalSatang >= 0 && l.discountedRowTotalSatang <= l.rowTotalSatang);
          assert.equal(calc.totalDiscountSatang, itemDiscount + calc.shippingDiscountSatang);
          assert.equal(calc.discountedDeliveryFeeSatang, calc.deliveryFeeSatang - calc.shippingDiscountSatang);
          assert.equal(
            calc.grandTotalSatang,
            calc.subTotalSatang - calc.totalDiscountSatang + calc.deliveryFeeSatang + calc.expressShippingCostSatang,
          );
          assert.equal(calc.couponCodes.length + calc.failedCoupons.length, Math.min(codes.length, 5));
        },
      ),
      { numRuns: 300, seed: 42 },
    );
  });
});
