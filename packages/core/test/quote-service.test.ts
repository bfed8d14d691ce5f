import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QUOTE_TTL_SECONDS } from '@grocery/core';
import { BEER, commerceWorld, MILK, rejectsWith, RICE, UNPRICED } from './support/commerce-world.ts';

test("a quote is the grocer calculator's bill for the basket, stored for the shopper", async () => {
  const { commerce, ann, loaders, grocer, store } = commerceWorld();
  await commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 2 });
  await commerce.baskets.add(ann, loaders(), { cprcode: RICE, quantity: 1 });
  const quote = await commerce.quotes.quote(ann, {});
  assert.deepEqual(
    quote.calculation,
    await grocer.calculate(quote.request),
    'quote = calculator, nothing summed by the service',
  );
  assert.equal(quote.calculation.grandTotalSatang, 2 * 4_500 + 21_500);
  assert.deepEqual(quote.request.lines, [
    { cprcode: MILK, quantity: 2 },
    { cprcode: RICE, quantity: 1 },
  ]);
  assert.equal(quote.request.orderSource, 'SRC_A', "the partner's order source is stamped on it");
  assert.deepEqual(await store.getQuote(ann.scope, quote.quoteId), quote);
});

test('given lines are priced instead of the basket, repeats merged, at the given branch', async () => {
  const { commerce, ann, grocer } = commerceWorld();
  const quote = await commerce.quotes.quote(ann, {
    branchCode: 'BKK02',
    lines: [
      { cprcode: MILK, quantity: 1 },
      { cprcode: MILK, quantity: 2 },
    ],
  });
  assert.deepEqual(quote.request.lines, [{ cprcode: MILK, quantity: 3 }]);
  assert.equal(quote.calculation.grandTotalSatang, 3 * 4_700, "BKK02's price");
  assert.deepEqual(quote.calculation, await grocer.calculate(quote.request));
});

test('delivery needs coordinates and adds the fee the calculator names', async () => {
  const { commerce, ann } = commerceWorld();
  const lines = [{ cprcode: MILK, quantity: 1 }];
  await rejectsWith(
    commerce.quotes.quote(ann, { lines, shippingType: 'DELIVERY' }),
    'ADDRESS_REQUIRED',
    'input.address',
  );
  await rejectsWith(
    commerce.quotes.quote(ann, { lines, shippingType: 'DELIVERY', address: { postcode: '10110' } }),
    'ADDRESS_REQUIRED',
    'input.address',
  );
  const delivered = await commerce.quotes.quote(ann, {
    lines,
    shippingType: 'DELIVERY',
    address: { lat: 13.75, lon: 100.5 },
  });
  assert.deepEqual([delivered.calculation.deliveryFeeSatang, delivered.calculation.grandTotalSatang], [4_000, 8_500]);
});

test('nothing to price is EMPTY_BASKET; what the branch cannot sell is named with its line', async () => {
  const { commerce, ann, loaders } = commerceWorld();
  await rejectsWith(commerce.quotes.quote(ann, {}), 'EMPTY_BASKET', 'input.lines');
  await rejectsWith(commerce.quotes.quote(ann, { lines: [] }), 'EMPTY_BASKET', 'input.lines');
  await rejectsWith(
    commerce.quotes.quote(ann, { lines: [{ cprcode: UNPRICED, quantity: 1 }] }),
    'PRICE_UNAVAILABLE',
    'input.cprcode',
  );
  await commerce.baskets.add(ann, loaders(), { cprcode: BEER, quantity: 1 });
  await commerce.baskets.setBranch(ann, 'BKK02');
  const quote = await commerce.quotes.quote(ann, {});
  assert.equal(quote.request.branchCode, 'BKK02', "the basket's branch, after a move");
  await commerce.baskets.empty(ann);
  await rejectsWith(commerce.quotes.quote(ann, {}), 'EMPTY_BASKET', 'input.lines');
});

test('a quote expires after 15 minutes; the clock says how long is left', async () => {
  const { commerce, ann, clock } = commerceWorld();
  const quote = await commerce.quotes.quote(ann, { lines: [{ cprcode: MILK, quantity: 1 }] });
  assert.equal(Date.parse(quote.expiresAt) - Date.parse(quote.createdAt), QUOTE_TTL_SECONDS * 1000);
  assert.equal(commerce.quotes.expiresInSeconds(quote), 900);
  clock.advance(899_500);
  assert.equal(commerce.quotes.expiresInSeconds(quote), 0);
  clock.advance(3_600_000);
  assert.equal(commerce.quotes.expiresInSeconds(quote), 0, 'never negative');
});

test('hostile quote inputs are refused by field', async () => {
  const { commerce, ann } = commerceWorld();
  const lines = [{ cprcode: MILK, quantity: 1 }];
  await rejectsWith(
    commerce.quotes.quote(ann, { lines, shippingType: 'TELEPORT' }),
    'INVALID_INPUT',
    'input.shippingType',
  );
  await rejectsWith(
    commerce.quotes.quote(ann, { lines, scheduleMode: 'YESTERDAY' }),
    'INVALID_INPUT',
    'input.scheduleMode',
  );
  await rejectsWith(
    commerce.quotes.quote(ann, { lines, couponCodes: ["X' OR 1=1"] }),
    'INVALID_INPUT',
    'input.couponCodes.0',
  );
  await rejectsWith(
    commerce.quotes.quote(ann, { lines, couponCodes: ['A', 'B', 'C', 'D', 'E', 'F'] }),
    'INVALID_INPUT',
    'input.couponCodes',
  );
  await rejectsWith(
    commerce.quotes.quote(ann, { lines, couponCodes: ['OK\u0000'] }),
    'INVALID_INPUT',
    'input.couponCodes.0',
  );
  await rejectsWith(
    commerce.quotes.quote(ann, { lines: [{ cprcode: 'DROP', quantity: 1 }] }),
    'INVALID_CPRCODE',
    'input.lines.0.cprcode',
  );
  await rejectsWith(
    commerce.quotes.quote(ann, {
      lines: [
        { cprcode: MILK, quantity: 60 },
        { cprcode: MILK, quantity: 60 },
      ],
    }),
    'INVALID_QUANTITY',
    'input.lines.1.quantity',
  );
  await rejectsWith(
    commerce.quotes.quote(ann, { lines: Array.from({ length: 101 }, () => ({ cprcode: MILK, quantity: 1 })) }),
    'INVALID_INPUT',
    'input.lines',
  );
  await rejectsWith(commerce.quotes.quote(ann, { lines, branchCode: 'NOPE1' }), 'INVALID_BRANCH', 'input.branchCode');
  await rejectsWith(
    commerce.quotes.quote(ann, { lines, shippingType: 'DELIVERY', address: { lat: 91, lon: 0 } }),
    'INVALID_INPUT',
    'input.address.lat',
  );
  await rejectsWith(
    commerce.quotes.quote(ann, { lines }, { requireCoupon: true }),
    'INVALID_INPUT',
    'input.couponCodes',
  );
  const coupons = await commerce.quotes.quote(ann, { lines, couponCodes: [' save10 '] }, { requireCoupon: true });
  assert.deepEqual(
    coupons.calculation.failedCoupons.map((c) => c.code),
    ['SAVE10'],
    'codes are trimmed and upper-cased; the calculator judges them',
  );
});
