import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIMITS } from '@grocery/core';
import { testProduct } from '@grocery/core/testing';
import { BEER, commerceWorld, MILK, OFFLINE, rejectsWith, RICE, UNKNOWN, UNPRICED } from './support/commerce-world.ts';

test('adding creates the basket at the default branch, and the same product again adds to its line', async () => {
  const { commerce, ann, loaders } = commerceWorld();
  const first = await commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 2 });
  assert.equal(first.branchCode, 'BKK01');
  const second = await commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 3 });
  await commerce.baskets.add(ann, loaders(), { cprcode: RICE, quantity: 1 });
  assert.equal(second.basketId, first.basketId, 'one basket per shopper');
  assert.deepEqual((await commerce.baskets.get(ann))?.lines, [
    { cprcode: MILK, quantity: 5 },
    { cprcode: RICE, quantity: 1 },
  ]);
});

test('a line holds at most 99, a basket at most 100 products', async () => {
  const { commerce, ann, loaders } = commerceWorld();
  await commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 99 });
  await rejectsWith(
    commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 1 }),
    'INVALID_QUANTITY',
    'input.quantity',
  );
  assert.equal((await commerce.baskets.get(ann))?.lines[0]?.quantity, 99, 'a refused add changes nothing');

  // 101 more products priced everywhere, so that the 101st distinct product is refused.
  const many = Array.from({ length: LIMITS.maxLines + 1 }, (_, i) =>
    testProduct({ cprcode: String(200_000 + i), detailPriceSatang: 100 }),
  );
  const wide = commerceWorld({ moreProducts: many });
  for (const product of many.slice(0, LIMITS.maxLines))
    await wide.commerce.baskets.add(wide.ann, wide.loaders(), { cprcode: product.cprcode, quantity: 1 });
  await rejectsWith(
    wide.commerce.baskets.add(wide.ann, wide.loaders(), { cprcode: many.at(-1)!.cprcode, quantity: 1 }),
    'INVALID_INPUT',
    'input.cprcode',
  );
  await wide.commerce.baskets.add(wide.ann, wide.loaders(), { cprcode: many[0]!.cprcode, quantity: 1 });
  assert.equal(
    (await wide.commerce.baskets.get(wide.ann))?.lines.length,
    LIMITS.maxLines,
    'a product already on the basket still adds up',
  );
});

test('hostile cprcodes and quantities are refused with the field, before anything is stored', async () => {
  const { commerce, ann, loaders } = commerceWorld();
  for (const cprcode of [
    '',
    'abc',
    "1' OR '1'='1",
    '1234567890123',
    '１２３',
    ' 100001',
    100001,
    null,
    undefined,
    { $gt: '' },
    ['100001'],
  ]) {
    await rejectsWith(
      commerce.baskets.add(ann, loaders(), { cprcode, quantity: 1 }),
      'INVALID_CPRCODE',
      'input.cprcode',
    );
  }
  for (const quantity of [0, -1, 1.5, 100, Number.NaN, Number.POSITIVE_INFINITY, '2', null, 2 ** 53, true]) {
    await rejectsWith(
      commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity }),
      'INVALID_QUANTITY',
      'input.quantity',
    );
  }
  for (const branchCode of ['', 'B', 'BKK01; DROP TABLE', 'bkk-01', 42]) {
    await rejectsWith(
      commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 1, branchCode }),
      'INVALID_BRANCH',
      'input.branchCode',
    );
  }
  assert.equal(await commerce.baskets.get(ann), null);
});

test('only products sold online and priced at the basket branch go on it', async () => {
  const { commerce, ann, loaders } = commerceWorld();
  await rejectsWith(
    commerce.baskets.add(ann, loaders(), { cprcode: UNKNOWN, quantity: 1 }),
    'INVALID_CPRCODE',
    'input.cprcode',
  );
  await rejectsWith(
    commerce.baskets.add(ann, loaders(), { cprcode: OFFLINE, quantity: 1 }),
    'PRODUCT_UNAVAILABLE',
    'input.cprcode',
  );
  const unpriced = await rejectsWith(
    commerce.baskets.add(ann, loaders(), { cprcode: UNPRICED, quantity: 1 }),
    'PRICE_UNAVAILABLE',
    'input.cprcode',
  );
  assert.deepEqual(unpriced.details, { cprcode: UNPRICED });
  await rejectsWith(
    commerce.baskets.add(ann, loaders(), { cprcode: BEER, quantity: 1, branchCode: 'BKK02' }),
    'ALCOHOL_NOT_LICENSED',
    'input.cprcode',
  );
  await commerce.baskets.add(ann, loaders(), { cprcode: BEER, quantity: 1 });
  assert.deepEqual(
    (await commerce.baskets.get(ann))?.lines,
    [{ cprcode: BEER, quantity: 1 }],
    'a licensed branch sells it',
  );
});

test('branch moves: an add with a branch moves the basket; setBranch keeps the lines; unknown branches are refused', async () => {
  const { commerce, ann, loaders, shopper } = commerceWorld();
  await commerce.baskets.add(ann, loaders(), { cprcode: BEER, quantity: 1 });
  const moved = await commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 1, branchCode: 'BKK02' });
  assert.equal(moved.branchCode, 'BKK02');
  assert.deepEqual(
    moved.lines.map((l) => l.cprcode),
    [BEER, MILK],
    'lines stay; a quote names what the new branch cannot sell',
  );
  const back = await commerce.baskets.setBranch(ann, 'BKK01');
  assert.deepEqual([back.branchCode, back.lines.length], ['BKK01', 2]);
  await rejectsWith(commerce.baskets.setBranch(ann, 'ZZZ99'), 'INVALID_BRANCH', 'branchCode');
  await rejectsWith(commerce.baskets.setBranch(ann, '<script>'), 'INVALID_BRANCH', 'branchCode');
  assert.equal((await commerce.baskets.get(ann))?.branchCode, 'BKK01');
  const bob = await commerce.baskets.setBranch(shopper('bob'), 'BKK02');
  assert.deepEqual(
    [bob.branchCode, bob.lines],
    ['BKK02', []],
    'setBranch creates an empty basket for a shopper without one',
  );
});

test('remove, setQuantity (0 removes) and empty; a line or basket that is not there is NOT_FOUND', async () => {
  const { commerce, ann, loaders, shopper } = commerceWorld();
  await rejectsWith(commerce.baskets.remove(ann, { cprcode: MILK }), 'NOT_FOUND', 'input.cprcode');
  await commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 2 });
  await commerce.baskets.add(ann, loaders(), { cprcode: RICE, quantity: 1 });
  await rejectsWith(commerce.baskets.setQuantity(ann, { cprcode: BEER, quantity: 1 }), 'NOT_FOUND', 'input.cprcode');
  await rejectsWith(
    commerce.baskets.setQuantity(ann, { cprcode: MILK, quantity: 100 }),
    'INVALID_QUANTITY',
    'input.quantity',
  );
  await rejectsWith(
    commerce.baskets.setQuantity(ann, { cprcode: MILK, quantity: -1 }),
    'INVALID_QUANTITY',
    'input.quantity',
  );
  assert.deepEqual((await commerce.baskets.setQuantity(ann, { cprcode: MILK, quantity: 7 })).lines[0], {
    cprcode: MILK,
    quantity: 7,
  });
  assert.deepEqual((await commerce.baskets.setQuantity(ann, { cprcode: MILK, quantity: 0 })).lines, [
    { cprcode: RICE, quantity: 1 },
  ]);
  assert.deepEqual((await commerce.baskets.remove(ann, { cprcode: RICE })).lines, []);
  await commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 1, branchCode: 'BKK02' });
  const emptied = await commerce.baskets.empty(ann);
  assert.deepEqual([emptied.branchCode, emptied.lines], ['BKK02', []], 'emptying keeps the branch');
  assert.equal(
    (await commerce.baskets.empty(shopper('carol'))).branchCode,
    'BKK01',
    'a new basket starts at the default branch',
  );
});

test('baskets belong to (partner, environment, shopper)', async () => {
  const { commerce, ann, loaders, shopper } = commerceWorld();
  await commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 1 });
  assert.equal(await commerce.baskets.get(shopper('bob')), null);
  assert.equal(await commerce.baskets.get(shopper('ann', { partnerId: 'ptn_b' })), null);
  assert.equal(await commerce.baskets.get(shopper('ann', { environment: 'production' })), null);
});

test('ordered quantities come off the basket, leaving what was added meanwhile', async () => {
  const { commerce, ann, loaders } = commerceWorld();
  await commerce.baskets.add(ann, loaders(), { cprcode: MILK, quantity: 5 });
  await commerce.baskets.add(ann, loaders(), { cprcode: RICE, quantity: 1 });
  await commerce.baskets.subtractOrdered(ann.scope, [
    { cprcode: MILK, quantity: 2 },
    { cprcode: RICE, quantity: 1 },
  ]);
  assert.deepEqual((await commerce.baskets.get(ann))?.lines, [{ cprcode: MILK, quantity: 3 }]);
});
