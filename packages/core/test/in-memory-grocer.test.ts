import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CommerceError, type ErrorCode } from '../src/errors.ts';
import type { CalculateRequest } from '../src/model/pricing.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { InMemoryGrocer } from '../src/testing/in-memory-grocer.ts';
import { testBranch, testProduct } from '../src/testing/test-records.ts';

const milk = testProduct({ cprcode: '100001', detailPriceSatang: 5_000 });
const rice = testProduct({ cprcode: '100002', detailPriceSatang: 21_500 });
const unpriced = testProduct({ cprcode: '100003' });
const offline = testProduct({ cprcode: '100004', online: false, detailPriceSatang: 1_000 });
const newGrocer = () =>
  new InMemoryGrocer({
    products: [milk, rice, unpriced, offline],
    branches: [testBranch({ branchCode: 'BKK01' })],
    prices: { BKK01: { [milk.cprcode]: 4_500 } },
    stock: { BKK01: { [milk.cprcode]: 12 } },
    clock: new ManualClock(),
  });
const pickup = (lines: CalculateRequest['lines'], couponCodes: string[] = []): CalculateRequest => ({
  branchCode: 'BKK01',
  lines,
  fulfilment: 'PICKUP',
  scheduleMode: 'REGULAR',
  address: null,
  couponCodes,
  orderSource: 'SRC',
});

async function rejects(promise: Promise<unknown>, code: ErrorCode): Promise<void> {
  await assert.rejects(promise, (error) => error instanceof CommerceError && error.code === code);
}

describe('InMemoryGrocer', () => {
  test('prices: the branch feed, else the detail price, else none; stock: sellable when in stock', async () => {
    const grocer = newGrocer();
    const prices = await grocer.prices('BKK01', [milk.cprcode, rice.cprcode, unpriced.cprcode]);
    assert.deepEqual(
      prices.map((p) => [p.cprcode, p.price?.amountSatang ?? null, p.price?.source ?? null]),
      [
        ['100001', 4_500, 'BRANCH_FEED'],
        ['100002', 21_500, 'DETAIL_FALLBACK'],
        ['100003', null, null],
      ],
    );
    const stock = await grocer.stock('BKK01', [milk.cprcode, rice.cprcode, '999']);
    assert.deepEqual(
      stock.map((s) => [s.cprcode, s.listable, s.sellableQty]),
      [
        ['100001', true, 12],
        ['100002', false, 0],
        ['999', false, null],
      ],
    );
    await rejects(grocer.prices('NOPE', [milk.cprcode]), 'INVALID_BRANCH');
  });

  test('the calculator sums the lines, adds the delivery fee for delivery, and fails every coupon', async () => {
    const grocer = newGrocer();
    const bill = await grocer.calculate(
      pickup(
        [
          { cprcode: milk.cprcode, quantity: 2 },
          { cprcode: rice.cprcode, quantity: 1 },
        ],
        ['SAVE10'],
      ),
    );
    assert.deepEqual([bill.subTotalSatang, bill.deliveryFeeSatang, bill.grandTotalSatang], [30_500, 0, 30_500]);
    assert.deepEqual(
      bill.failedCoupons.map((f) => [f.code, f.reason]),
      [['SAVE10', 'UNKNOWN']],
    );
    const delivered = await grocer.calculate({
      ...pickup([{ cprcode: milk.cprcode, quantity: 1 }]),
      fulfilment: 'DELIVERY',
      address: {
        lat: 13.7,
        lon: 100.5,
        postcode: null,
        address: null,
        firstName: null,
        lastName: null,
        phone: null,
        email: null,
      },
    });
    assert.equal(delivered.grandTotalSatang, 4_500 + 4_000);
    await rejects(grocer.calculate(pickup([])), 'EMPTY_BASKET');
    await rejects(grocer.calculate(pickup([{ cprcode: unpriced.cprcode, quantity: 1 }])), 'PRICE_UNAVAILABLE');
    await rejects(grocer.calculate(pickup([{ cprcode: offline.cprcode, quantity: 1 }])), 'PRODUCT_UNAVAILABLE');
    await rejects(grocer.calculate(pickup([{ cprcode: '999', quantity: 1 }])), 'INVALID_CPRCODE');
    await rejects(grocer.calculate(pickup([{ cprcode: milk.cprcode, quantity: 0 }])), 'INVALID_QUANTITY');
    await rejects(
      grocer.calculate({ ...pickup([{ cprcode: milk.cprcode, quantity: 1 }]), fulfilment: 'DELIVERY' }),
      'ADDRESS_REQUIRED',
    );
  });

  test('orders: created once per id, paid once with the exact total, a repeat of the same payment is that payment', async () => {
    const grocer = newGrocer();
    const request = {
      ...pickup([{ cprcode: milk.cprcode, quantity: 2 }]),
      orderId: 'PA2611220000001-AAAA',
      specialComment: 'test',
      sandbox: true,
    };
    const order = await grocer.createOrder(request);
    assert.deepEqual([order.status, order.grandTotalSatang, order.payment.isPaid], ['PLACED', 9_000, false]);
    assert.equal(await grocer.createOrder(request), order, 'creating it again returns it unchanged');
    const payment = {
      orderId: order.orderId,
      paymentId: 'pay_1',
      amountSatang: 9_000,
      provider: 'sandbox',
      reference: 'r1',
    };
    await rejects(grocer.recordPayment({ ...payment, amountSatang: 8_999 }), 'PRICE_CHANGED');
    const paid = await grocer.recordPayment(payment);
    assert.deepEqual([paid.payment.status, paid.payment.method, paid.payment.paymentId], ['PAID', 'sandbox', 'pay_1']);
    assert.deepEqual(await grocer.orders([order.orderId, 'unknown']), [paid]);
    assert.equal(await grocer.recordPayment(payment), paid);
    await rejects(grocer.recordPayment({ ...payment, paymentId: 'pay_2' }), 'ALREADY_PAID');
    await rejects(grocer.cancelOrder(order.orderId), 'ALREADY_PAID');
    await rejects(grocer.recordPayment({ ...payment, orderId: 'unknown' }), 'NOT_FOUND');
  });

  test('cancelling: an unpaid order is cancelled and can no longer be paid; an id cancelled first is never placed', async () => {
    const grocer = newGrocer();
    const request = {
      ...pickup([{ cprcode: milk.cprcode, quantity: 1 }]),
      orderId: 'PA2611220000002-BBBB',
      specialComment: null,
      sandbox: true,
    };
    await grocer.createOrder(request);
    assert.equal((await grocer.cancelOrder(request.orderId))?.status, 'CANCELLED');
    await rejects(
      grocer.recordPayment({
        orderId: request.orderId,
        paymentId: 'pay_1',
        amountSatang: 4_500,
        provider: 'sandbox',
        reference: 'r1',
      }),
      'ORDER_CANCELLED',
    );
    await rejects(grocer.createOrder(request), 'ORDER_CANCELLED');
    assert.equal(await grocer.cancelOrder('PA2611220000003-CCCC'), null);
    await rejects(grocer.createOrder({ ...request, orderId: 'PA2611220000003-CCCC' }), 'ORDER_CANCELLED');
  });

  test('the catalog exports in cprcode order, in batches', async () => {
    const batches: string[][] = [];
    for await (const batch of newGrocer().exportCatalog({ batchSize: 3 }))
      batches.push(batch.map((product) => product.cprcode));
    assert.deepEqual(batches, [['100001', '100002', '100003'], ['100004']]);
  });
});
