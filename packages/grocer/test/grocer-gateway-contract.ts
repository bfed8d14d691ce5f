/**
 * The contract every implementation of `GrocerGateway` & `GrocerControl` passes: the in-process
 * simulator and the HTTP client talking to the simulator's server. The simulator behind the
 * implementation is used only to find test data (a product the feed prices, one it lacks, ...).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CommerceError, CPRCODE_PATTERN, BRANCH_CODE_PATTERN, LIMITS, type Product } from '@grocery/core';
import {
  FINAL_ORDER_STATUSES,
  type Address,
  type CalculateRequest,
  type CreateOrderRequest,
  type GrocerControl,
  type GrocerGateway,
} from '@grocery/core/ports';
import type { ManualClock } from '@grocery/core/testing';
import type { GrocerSimulator } from '../src/index.ts';

export interface ContractWorld {
  grocer: GrocerGateway & GrocerControl;
  simulator: GrocerSimulator;
  clock: ManualClock;
  pickingStepMs: number;
}

/** Asserts that `promise` rejects with a CommerceError of `code` (and `field` when given). */
export async function rejectsWith(promise: Promise<unknown>, code: string, field?: string): Promise<CommerceError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof CommerceError, `expected a CommerceError, got ${String(error)}`);
    assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.message}`);
    if (field !== undefined) assert.equal(error.field, field);
    return error;
  }
  assert.fail(`expected ${code}, but the call succeeded`);
}

const NO_ADDRESS_DETAILS: Omit<Address, 'lat' | 'lon'> = {
  postcode: null,
  address: null,
  firstName: null,
  lastName: null,
  phone: null,
  email: null,
};

/** Test data finders over the simulator's world. */
export function finders(simulator: GrocerSimulator) {
  const products = simulator.allProducts();
  const sellable = (p: Product) => p.active && p.online;
  const find = (what: string, predicate: (p: Product) => boolean): Product => {
    const found = products.find(predicate);
    assert.ok(found, `the test catalog has no ${what}`);
    return found;
  };
  return {
    priced: (branch: string, skip = 0) =>
      products.filter(
        (p) =>
          sellable(p) &&
          !p.alcohol &&
          simulator.feedEntry(branch, p.cprcode).state === 'PRICED' &&
          simulator.promotion(p.cprcode) === null,
      )[skip]!,
    fallback: (branch: string) =>
      find(
        'fallback-priced product',
        (p) =>
          sellable(p) &&
          !p.alcohol &&
          simulator.feedEntry(branch, p.cprcode).state === 'ABSENT' &&
          p.detailPriceSatang !== null,
      ),
    unpriced: (branch: string) =>
      find('unpriced product', (p) => {
        const state = simulator.feedEntry(branch, p.cprcode).state;
        return sellable(p) && !p.alcohol && (state === 'BLANK' || (state === 'ABSENT' && p.detailPriceSatang === null));
      }),
    alcohol: (branch: string) =>
      find(
        'alcohol product',
        (p) => sellable(p) && p.alcohol && simulator.feedEntry(branch, p.cprcode).state === 'PRICED',
      ),
    inactive: () => find('inactive product', (p) => !p.active),
    offline: () => find('offline product', (p) => p.active && !p.online),
    withImage: () => find('product with an image', (p) => p.hasImage),
    withoutImage: () => find('product without an image', (p) => !p.hasImage),
    products,
  };
}

let orderCounter = 0;
const nextOrderId = () =>
  `TC${Date.now() % 1_000_000}${++orderCounter}-${String.fromCharCode(65 + (orderCounter % 26))}Q`;

/** Runs the contract against an implementation; `open` builds a fresh world for the suite. */
export function grocerGatewayContract(
  name: string,
  open: () => Promise<{ world: ContractWorld; close: () => Promise<void> }>,
): void {
  describe(`GrocerGateway contract: ${name}`, () => {
    let world: ContractWorld;
    let close: () => Promise<void>;
    let find: ReturnType<typeof finders>;
    const BRANCH = 'BKK01';
    const UNLICENSED = 'BKK14';

    before(async () => {
      ({ world, close } = await open());
      find = finders(world.simulator);
    });
    after(async () => close?.());

    const pickup = (
      lines: { cprcode: string; quantity: number }[],
      extra: Partial<CalculateRequest> = {},
    ): CalculateRequest => ({
      branchCode: BRANCH,
      lines,
      fulfilment: 'PICKUP',
      scheduleMode: 'REGULAR',
      address: null,
      couponCodes: [],
      orderSource: 'CONTRACT',
      ...extra,
    });
    const orderRequest = (
      lines: { cprcode: string; quantity: number }[],
      extra: Partial<CreateOrderRequest> = {},
    ): CreateOrderRequest => ({
      orderId: nextOrderId(),
      orderSource: 'CONTRACT',
      branchCode: BRANCH,
      lines,
      fulfilment: 'PICKUP',
      scheduleMode: 'REGULAR',
      address: null,
      couponCodes: [],
      specialComment: null,
      sandbox: false,
      ...extra,
    });

    test('catalog version names the product count and is stable until something changes', async () => {
      const a = await world.grocer.catalogVersion();
      const b = await world.grocer.catalogVersion();
      assert.equal(a.productCount, find.products.length);
      assert.deepEqual(a, b);
      assert.ok(!Number.isNaN(Date.parse(a.updatedAt)));
      const bumped = await world.grocer.bumpCatalogVersion();
      assert.notEqual(bumped.version, a.version);
      assert.equal((await world.grocer.catalogVersion()).version, bumped.version);
    });

    test('exports the whole catalog in batches, ordered by cprcode, inactive and offline included', async () => {
      const seen: string[] = [];
      let batches = 0;
      for await (const batch of world.grocer.exportCatalog({ batchSize: 300 })) {
        assert.ok(batch.length > 0 && batch.length <= 300);
        batches++;
        seen.push(...batch.map((p) => p.cprcode));
      }
      assert.equal(seen.length, find.products.length);
      assert.equal(batches, Math.ceil(find.products.length / 300));
      assert.equal(new Set(seen).size, seen.length);
      for (let i = 1; i < seen.length; i++) assert.ok(Number(seen[i - 1]) < Number(seen[i]), 'ordered by cprcode');
      assert.ok(seen.includes(find.inactive().cprcode) && seen.includes(find.offline().cprcode));
    });

    test('products by cprcode: unknown ones left out, duplicates once, copies the caller owns', async () => {
      const [a, b] = find.products;
      const got = await world.grocer.products([a!.cprcode, '999999999999', b!.cprcode, a!.cprcode]);
      assert.deepEqual(
        got.map((p) => p.cprcode),
        [a!.cprcode, b!.cprcode],
      );
      assert.deepEqual(got[0], a);
      got[0]!.keywords.push('mutated');
      got[0]!.category.l1 = 'mutated';
      const again = await world.grocer.products([a!.cprcode]);
      assert.deepEqual(again[0], a);
      assert.deepEqual(await world.grocer.products([]), []);
      await rejectsWith(world.grocer.products(['12a']), 'INVALID_CPRCODE', 'cprcodes.0');
      await rejectsWith(world.grocer.products(Array.from({ length: 501 }, (_, i) => String(i + 1))), 'INVALID_INPUT');
    });

    test('product images are SVG cards with the Thai name; none for products without one', async () => {
      const product = find.withImage();
      const image = await world.grocer.productImage(product.cprcode);
      assert.ok(image);
      assert.match(image.contentType, /^image\/svg\+xml/);
      const svg = new TextDecoder().decode(image.body);
      assert.match(svg, /^<svg /);
      assert.ok(svg.includes(product.brandTh ?? product.nameTh.split(' ')[0]!) || /[\u0E00-\u0E7F]/.test(svg));
      assert.equal(await world.grocer.productImage(find.withoutImage().cprcode), null);
      assert.equal(await world.grocer.productImage('999999999999'), null);
      await rejectsWith(world.grocer.productImage('not-a-code'), 'INVALID_CPRCODE');
    });

    test('branches across Thailand with delivery facts', async () => {
      const branches = await world.grocer.branches();
      assert.ok(branches.length >= 30);
      for (const b of branches) {
        assert.match(b.branchCode, BRANCH_CODE_PATTERN);
        assert.match(b.nameTh, /[\u0E00-\u0E7F]/);
        assert.ok(b.lat > 5 && b.lat < 21 && b.lon > 97 && b.lon < 106, `${b.branchCode} is in Thailand`);
        assert.match(b.postcode, /^\d{5}$/);
        if (b.deliveryAvailable) assert.ok(b.deliveryPostcodes.includes(b.postcode) && b.deliveryRadiusKm > 0);
        else assert.deepEqual(b.deliveryPostcodes, []);
      }
      assert.ok(branches.some((b) => !b.alcoholLicensed) && branches.some((b) => !b.deliveryAvailable));
    });

    test('prices: one entry per requested cprcode in order, from the feed, the detail fallback, or none', async () => {
      const priced = find.priced(BRANCH);
      const fallback = find.fallback(BRANCH);
      const unpriced = find.unpriced(BRANCH);
      const result = await world.grocer.prices(BRANCH, [
        priced.cprcode,
        fallback.cprcode,
        unpriced.cprcode,
        '999999999999',
        priced.cprcode,
      ]);
      assert.deepEqual(
        result.map((r) => r.cprcode),
        [priced.cprcode, fallback.cprcode, unpriced.cprcode, '999999999999', priced.cprcode],
      );
      assert.equal(result[0]!.price?.source, 'BRANCH_FEED');
      assert.ok(Number.isSafeInteger(result[0]!.price!.amountSatang) && result[0]!.price!.amountSatang > 0);
      assert.equal(result[0]!.price?.branchCode, BRANCH);
      assert.deepEqual(result[1]!.price, {
        cprcode: fallback.cprcode,
        branchCode: BRANCH,
        amountSatang: fallback.detailPriceSatang,
        source: 'DETAIL_FALLBACK',
      });
      assert.equal(result[2]!.price, null);
      assert.equal(result[3]!.price, null);
      await rejectsWith(world.grocer.prices('NOPE99', [priced.cprcode]), 'INVALID_BRANCH');
      await rejectsWith(world.grocer.prices('b@d!', [priced.cprcode]), 'INVALID_BRANCH', 'branchCode');
      await rejectsWith(world.grocer.prices(BRANCH, ['-1']), 'INVALID_CPRCODE', 'cprcodes.0');
    });

    test('stock: both quantity sources, unknown products not listable, control sets a level', async () => {
      const cprcodes = find.products.slice(0, 300).map((p) => p.cprcode);
      const levels = await world.grocer.stock(BRANCH, [...cprcodes, '999999999999']);
      assert.equal(levels.length, 301);
      assert.deepEqual(levels.at(-1), {
        cprcode: '999999999999',
        branchCode: BRANCH,
        listable: false,
        sellableQty: null,
        ibCfQty: null,
        qtySource: null,
      });
      const sources = new Set(levels.map((l) => l.qtySource));
      assert.ok(sources.has('NEW_IB_VS_STOCK_CV') && sources.has('IB_CF_QTY'));
      for (const level of levels) if (level.listable) assert.ok(level.sellableQty! > 0);
      const product = find.priced(BRANCH);
      await world.grocer.setStock({ branchCode: BRANCH, cprcode: product.cprcode, qty: -3 });
      assert.deepEqual((await world.grocer.stock(BRANCH, [product.cprcode]))[0], {
        cprcode: product.cprcode,
        branchCode: BRANCH,
        listable: false,
        sellableQty: -3,
        ibCfQty: -3,
        qtySource: 'NEW_IB_VS_STOCK_CV',
      });
      await world.grocer.setStock({ branchCode: BRANCH, cprcode: product.cprcode, qty: 12 });
      const level = (await world.grocer.stock(BRANCH, [product.cprcode]))[0]!;
      assert.equal(level.sellableQty, 12);
      assert.equal(level.listable, true);
      await rejectsWith(world.grocer.stock('ZZ99', [product.cprcode]), 'INVALID_BRANCH');
    });

    test('calculate prices a pickup basket with integer satang that adds up', async () => {
      const a = find.priced(BRANCH, 0);
      const b = find.priced(BRANCH, 1);
      const [pa, pb] = await world.grocer.prices(BRANCH, [a.cprcode, b.cprcode]);
      const calc = await world.grocer.calculate(
        pickup([
          { cprcode: a.cprcode, quantity: 2 },
          { cprcode: b.cprcode, quantity: 1 },
          { cprcode: a.cprcode, quantity: 1 },
        ]),
      );
      assert.equal(calc.lines.length, 2, 'duplicate cprcodes are merged');
      assert.deepEqual(
        calc.lines.map((l) => [l.cprcode, l.quantity]),
        [
          [a.cprcode, 3],
          [b.cprcode, 1],
        ],
      );
      assert.equal(calc.lines[0]!.priceSatang, pa!.price!.amountSatang);
      assert.equal(calc.lines[0]!.rowTotalSatang, pa!.price!.amountSatang * 3);
      assert.equal(calc.subTotalSatang, pa!.price!.amountSatang * 3 + pb!.price!.amountSatang);
      assert.equal(calc.deliveryFeeSatang, 0);
      assert.equal(calc.grandTotalSatang, calc.subTotalSatang);
      assert.equal(calc.fulfilment, 'PICKUP');
      assert.equal(calc.scheduleMode, 'REGULAR');
      assert.equal(calc.currency, 'THB');
      const raw = calc.raw as { store_code: string; grand_total: number; items: { sku: string }[] };
      assert.equal(raw.store_code, BRANCH);
      assert.equal(raw.grand_total, calc.grandTotalSatang / 100);
      assert.deepEqual(
        raw.items.map((i) => i.sku),
        [a.cprcode, b.cprcode],
      );
    });

    test('calculate delivers with fees, coupons and failed coupons reported with reasons', async () => {
      const a = find.priced(BRANCH);
      const address: Address = { lat: 13.7563, lon: 100.5018, ...NO_ADDRESS_DETAILS };
      const calc = await world.grocer.calculate({
        ...pickup([{ cprcode: a.cprcode, quantity: 1 }]),
        fulfilment: 'DELIVERY',
        scheduleMode: 'EXPRESS',
        address,
        couponCodes: ['freeship', 'NO-SUCH-CODE', 'EXPIRED50', 'FREESHIP'],
      });
      assert.ok(calc.deliveryFeeSatang > 0);
      assert.equal(calc.shippingDiscountSatang, calc.deliveryFeeSatang);
      assert.equal(calc.discountedDeliveryFeeSatang, 0);
      assert.equal(calc.expressShippingCostSatang, 5_000);
      assert.deepEqual(calc.couponCodes, ['FREESHIP']);
      assert.deepEqual(
        calc.failedCoupons.map((f) => [f.code, f.reason]),
        [
          ['NO-SUCH-CODE', 'UNKNOWN'],
          ['EXPIRED50', 'EXPIRED'],
          ['FREESHIP', 'DUPLICATE'],
        ],
      );
      for (const f of calc.failedCoupons) assert.ok(f.message.length > 10);
      assert.equal(
        calc.grandTotalSatang,
        calc.subTotalSatang - calc.totalDiscountSatang + calc.deliveryFeeSatang + calc.expressShippingCostSatang,
      );
    });

    test('calculate refuses what the grocer cannot sell, naming the field', async () => {
      const ok = find.priced(BRANCH);
      const line = (cprcode: string, quantity = 1) => [{ cprcode, quantity }];
      await rejectsWith(world.grocer.calculate(pickup([])), 'EMPTY_BASKET', 'lines');
      for (const quantity of [0, -1, 1.5, LIMITS.maxLineQuantity + 1, 1e12]) {
        const error = await rejectsWith(
          world.grocer.calculate(pickup([...line(ok.cprcode), { cprcode: ok.cprcode, quantity }])),
          'INVALID_QUANTITY',
          'lines.1.quantity',
        );
        assert.equal(error.details?.['cprcode'], ok.cprcode);
      }
      await rejectsWith(
        world.grocer.calculate(
          pickup([
            { cprcode: ok.cprcode, quantity: 60 },
            { cprcode: ok.cprcode, quantity: 60 },
          ]),
        ),
        'INVALID_QUANTITY',
        'lines.1.quantity',
      );
      const unknown = await rejectsWith(
        world.grocer.calculate(pickup([...line(ok.cprcode), ...line('999999999999')])),
        'INVALID_CPRCODE',
        'lines.1.cprcode',
      );
      assert.equal(unknown.details?.['cprcode'], '999999999999');
      await rejectsWith(world.grocer.calculate(pickup(line('12-34'))), 'INVALID_CPRCODE', 'lines.0.cprcode');
      await rejectsWith(
        world.grocer.calculate(pickup(line(find.inactive().cprcode))),
        'PRODUCT_UNAVAILABLE',
        'lines.0.cprcode',
      );
      await rejectsWith(world.grocer.calculate(pickup(line(find.offline().cprcode))), 'PRODUCT_UNAVAILABLE');
      const unpriced = await rejectsWith(
        world.grocer.calculate(pickup(line(find.unpriced(BRANCH).cprcode))),
        'PRICE_UNAVAILABLE',
      );
      assert.equal(unpriced.details?.['cprcode'], find.unpriced(BRANCH).cprcode);
      const beer = find.alcohol(BRANCH);
      await world.grocer.calculate(pickup(line(beer.cprcode)));
      await rejectsWith(
        world.grocer.calculate(pickup(line(beer.cprcode), { branchCode: UNLICENSED })),
        'ALCOHOL_NOT_LICENSED',
      );
      await rejectsWith(
        world.grocer.calculate(
          pickup(Array.from({ length: LIMITS.maxLines + 1 }, (_, i) => ({ cprcode: String(i + 1), quantity: 1 }))),
        ),
        'INVALID_INPUT',
        'lines',
      );
      await rejectsWith(
        world.grocer.calculate(pickup(line(ok.cprcode), { scheduleMode: 'TOMORROW' })),
        'INVALID_INPUT',
        'scheduleMode',
      );
      await rejectsWith(
        world.grocer.calculate(pickup(line(ok.cprcode), { branchCode: 'XX1' })),
        'INVALID_BRANCH',
        'branchCode',
      );
      await rejectsWith(
        world.grocer.calculate(pickup(line(ok.cprcode), { couponCodes: ['A', 'B', 'C', 'D', 'E', 'F'] })),
        'INVALID_INPUT',
        'couponCodes',
      );
      const delivery = { fulfilment: 'DELIVERY' as const };
      await rejectsWith(world.grocer.calculate(pickup(line(ok.cprcode), delivery)), 'ADDRESS_REQUIRED', 'address');
      await rejectsWith(
        world.grocer.calculate(
          pickup(line(ok.cprcode), { ...delivery, address: { lat: null, lon: 100.5, ...NO_ADDRESS_DETAILS } }),
        ),
        'ADDRESS_REQUIRED',
      );
      await rejectsWith(
        world.grocer.calculate(
          pickup(line(ok.cprcode), { ...delivery, address: { lat: 18.79, lon: 98.98, ...NO_ADDRESS_DETAILS } }),
        ),
        'DELIVERY_UNAVAILABLE',
        'address',
      );
      await rejectsWith(
        world.grocer.calculate(
          pickup(line(ok.cprcode), {
            ...delivery,
            address: { lat: 13.744, lon: 100.544, ...NO_ADDRESS_DETAILS, postcode: '50200' },
          }),
        ),
        'DELIVERY_UNAVAILABLE',
        'address.postcode',
      );
      await rejectsWith(
        world.grocer.calculate(
          pickup(line(ok.cprcode), { ...delivery, address: { lat: 95, lon: 100.5, ...NO_ADDRESS_DETAILS } }),
        ),
        'INVALID_INPUT',
        'address.lat',
      );
    });

    test('createOrder re-prices at that moment, is idempotent by orderId, and never reserves stock', async () => {
      const product = find.priced(BRANCH, 2);
      const stockBefore = await world.grocer.stock(BRANCH, [product.cprcode]);
      await world.grocer.setPrice({ branchCode: BRANCH, cprcode: product.cprcode, amountSatang: 12_345 });
      const request = orderRequest([{ cprcode: product.cprcode, quantity: 2 }], {
        specialComment: 'Leave at the door test',
        sandbox: true,
      });
      const order = await world.grocer.createOrder(request);
      assert.equal(order.orderId, request.orderId);
      assert.equal(order.lines[0]!.priceSatang, 12_345);
      assert.equal(order.grandTotalSatang, 24_690);
      assert.equal(order.status, 'PLACED');
      assert.equal(order.shipping.schedules[0]!.pickingStatus, 'AWAITING_PAYMENT');
      assert.deepEqual(order.payment, {
        isPaid: false,
        status: 'UNPAID',
        method: null,
        paidAt: null,
        reference: null,
        paymentId: null,
      });
      assert.equal(order.specialComment, 'Leave at the door test');
      assert.equal(order.sandbox, true);
      assert.equal(order.orderSource, 'CONTRACT');
      await world.grocer.setPrice({ branchCode: BRANCH, cprcode: product.cprcode, amountSatang: 99_999 });
      const again = await world.grocer.createOrder({ ...request, lines: [{ cprcode: product.cprcode, quantity: 5 }] });
      assert.deepEqual(again, order, 'the same orderId returns the first order unchanged');
      assert.deepEqual(await world.grocer.stock(BRANCH, [product.cprcode]), stockBefore);
      assert.deepEqual(
        (await world.grocer.orders([order.orderId, 'NO-SUCH-ORDER', order.orderId])).map((o) => o.orderId),
        [order.orderId],
      );
      await world.grocer.setPrice({ branchCode: BRANCH, cprcode: product.cprcode, amountSatang: null });
      await rejectsWith(
        world.grocer.createOrder(orderRequest([{ cprcode: product.cprcode, quantity: 1 }])),
        'PRICE_UNAVAILABLE',
      );
      await rejectsWith(world.grocer.createOrder(orderRequest([])), 'EMPTY_BASKET');
      await rejectsWith(
        world.grocer.createOrder({ ...orderRequest([{ cprcode: product.cprcode, quantity: 1 }]), orderId: 'bad id!' }),
        'INVALID_INPUT',
        'orderId',
      );
    });

    test('recordPayment: PRICE_CHANGED on another amount, idempotent by paymentId, ALREADY_PAID for another payment', async () => {
      const order = await world.grocer.createOrder(
        orderRequest([{ cprcode: find.priced(BRANCH, 3).cprcode, quantity: 1 }]),
      );
      const pay = (amountSatang: number, paymentId: string) =>
        world.grocer.recordPayment({
          orderId: order.orderId,
          paymentId,
          amountSatang,
          provider: 'sandbox',
          reference: `ref-${paymentId}`,
        });
      await rejectsWith(pay(order.grandTotalSatang + 1, 'pay_1'), 'PRICE_CHANGED');
      const paid = await pay(order.grandTotalSatang, 'pay_1');
      assert.deepEqual(paid.payment, {
        isPaid: true,
        status: 'PAID',
        method: 'sandbox',
        paidAt: new Date(world.clock.now()).toISOString(),
        reference: 'ref-pay_1',
        paymentId: 'pay_1',
      });
      assert.equal(paid.shipping.schedules[0]!.pickingStatus, 'QUEUED');
      assert.deepEqual(await pay(order.grandTotalSatang, 'pay_1'), paid, 'the same payment again is that payment');
      await rejectsWith(pay(order.grandTotalSatang, 'pay_2'), 'ALREADY_PAID');
      assert.deepEqual((await world.grocer.orders([order.orderId]))[0]!.payment, paid.payment, 'one payment is held');
      await rejectsWith(
        world.grocer.recordPayment({
          orderId: 'NOPE-0000',
          paymentId: 'pay_3',
          amountSatang: 1,
          provider: 'sandbox',
          reference: 'x',
        }),
        'NOT_FOUND',
      );
      await rejectsWith(
        world.grocer.recordPayment({
          orderId: order.orderId,
          paymentId: 'bad id!',
          amountSatang: order.grandTotalSatang,
          provider: 'sandbox',
          reference: 'x',
        }),
        'INVALID_INPUT',
        'paymentId',
      );
    });

    test('cancelOrder: an unpaid order is cancelled once; an unknown id is refused by a later create; a paid order is not cancelled', async () => {
      const order = await world.grocer.createOrder(
        orderRequest([{ cprcode: find.priced(BRANCH, 8).cprcode, quantity: 1 }]),
      );
      const cancelled = await world.grocer.cancelOrder(order.orderId);
      assert.equal(cancelled?.status, 'CANCELLED');
      assert.equal(cancelled?.shipping.schedules[0]!.pickingStatus, 'CANCELLED');
      assert.deepEqual(await world.grocer.cancelOrder(order.orderId), cancelled, 'cancelling again changes nothing');
      assert.equal((await world.grocer.orders([order.orderId]))[0]!.status, 'CANCELLED');
      await rejectsWith(
        world.grocer.createOrder(
          orderRequest([{ cprcode: find.priced(BRANCH, 8).cprcode, quantity: 1 }], { orderId: order.orderId }),
        ),
        'ORDER_CANCELLED',
      );
      await rejectsWith(
        world.grocer.recordPayment({
          orderId: order.orderId,
          paymentId: 'pay_c',
          amountSatang: order.grandTotalSatang,
          provider: 'sandbox',
          reference: 'x',
        }),
        'ORDER_CANCELLED',
      );

      const never = orderRequest([{ cprcode: find.priced(BRANCH, 8).cprcode, quantity: 1 }]);
      assert.equal(await world.grocer.cancelOrder(never.orderId), null, 'the grocer never had it');
      await rejectsWith(world.grocer.createOrder(never), 'ORDER_CANCELLED');
      assert.deepEqual(await world.grocer.orders([never.orderId]), [], 'a late create places nothing');

      const paid = await world.grocer.createOrder(
        orderRequest([{ cprcode: find.priced(BRANCH, 8).cprcode, quantity: 1 }]),
      );
      await world.grocer.recordPayment({
        orderId: paid.orderId,
        paymentId: 'pay_p',
        amountSatang: paid.grandTotalSatang,
        provider: 'sandbox',
        reference: 'x',
      });
      await rejectsWith(world.grocer.cancelOrder(paid.orderId), 'ALREADY_PAID');
      await rejectsWith(world.grocer.cancelOrder('bad id!'), 'INVALID_INPUT', 'orderId');
    });

    test('a usage-limited coupon is used up by paid orders, so an unpaid order re-prices the same', async () => {
      const lines = [{ cprcode: find.priced(BRANCH, 5).cprcode, quantity: 1 }];
      const orders = [];
      for (let i = 0; i < 4; i++)
        orders.push(await world.grocer.createOrder(orderRequest(lines, { couponCodes: ['LIMITED3'] })));
      assert.ok(
        orders.every((o) => o.couponCodes.includes('LIMITED3')),
        'creating orders uses no redemption',
      );
      const {
        orderId: _id,
        specialComment: _c,
        sandbox: _s,
        ...pricing
      } = orderRequest(lines, { couponCodes: ['LIMITED3'] });
      for (const order of orders.slice(0, 3)) {
        assert.equal(
          (await world.grocer.calculate(pricing)).grandTotalSatang,
          order.grandTotalSatang,
          'an unpaid order re-prices to its total',
        );
        await world.grocer.recordPayment({
          orderId: order.orderId,
          paymentId: `pay_${order.orderId}`,
          amountSatang: order.grandTotalSatang,
          provider: 'sandbox',
          reference: `ltd-${order.orderId}`,
        });
      }
      const after = await world.grocer.calculate(pricing);
      assert.deepEqual(
        after.failedCoupons.map((f) => f.reason),
        ['USAGE_LIMIT'],
        'three paid orders used the coupon up',
      );
      assert.notEqual(
        after.grandTotalSatang,
        orders[3]!.grandTotalSatang,
        'the fourth order now re-prices differently (PRICE_CHANGED at payment)',
      );
    });

    test('picking advances with simulated time only after payment, through the pickup statuses', async () => {
      const order = await world.grocer.createOrder(
        orderRequest([{ cprcode: find.priced(BRANCH, 4).cprcode, quantity: 1 }], {
          sandbox: true,
          specialComment: 'test',
        }),
      );
      world.clock.advance(world.pickingStepMs * 10);
      assert.equal(
        (await world.grocer.orders([order.orderId]))[0]!.shipping.schedules[0]!.pickingStatus,
        'AWAITING_PAYMENT',
      );
      await rejectsWith(world.grocer.advanceOrder(order.orderId), 'INVALID_INPUT');
      await world.grocer.recordPayment({
        orderId: order.orderId,
        paymentId: `pay_${order.orderId}`,
        amountSatang: order.grandTotalSatang,
        provider: 'sandbox',
        reference: `pay-${order.orderId}`,
      });
      const seen: [string, string][] = [];
      for (let step = 0; step < 6; step++) {
        const current = (await world.grocer.orders([order.orderId]))[0]!;
        seen.push([current.status, current.shipping.schedules[0]!.pickingStatus]);
        world.clock.advance(world.pickingStepMs);
      }
      assert.deepEqual(seen, [
        ['PLACED', 'QUEUED'],
        ['PICKING', 'PICKING'],
        ['PICKING', 'PACKED'],
        ['READY', 'READY_FOR_PICKUP'],
        ['COMPLETED', 'COLLECTED'],
        ['COMPLETED', 'COLLECTED'],
      ]);
      assert.ok(FINAL_ORDER_STATUSES.includes(seen.at(-1)![0]));
      const final = await world.grocer.advanceOrder(order.orderId);
      assert.equal(final.status, 'COMPLETED');
      assert.equal(final.specialComment, 'test');
    });

    test('advanceOrder moves a delivery one step at once, and time carries on from there', async () => {
      const address: Address = { lat: 13.75, lon: 100.55, ...NO_ADDRESS_DETAILS };
      const order = await world.grocer.createOrder(
        orderRequest([{ cprcode: find.priced(BRANCH, 5).cprcode, quantity: 1 }], { fulfilment: 'DELIVERY', address }),
      );
      assert.ok(order.deliveryFeeSatang > 0);
      assert.equal(order.shipping.address?.lat, 13.75);
      await world.grocer.recordPayment({
        orderId: order.orderId,
        paymentId: `pay_${order.orderId}`,
        amountSatang: order.grandTotalSatang,
        provider: 'sandbox',
        reference: `pay-${order.orderId}`,
      });
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const moved = await world.grocer.advanceOrder(order.orderId);
        statuses.push(`${moved.status}/${moved.shipping.schedules[0]!.pickingStatus}`);
      }
      assert.deepEqual(statuses, [
        'PICKING/PICKING',
        'PICKING/PACKED',
        'OUT_FOR_DELIVERY/OUT_FOR_DELIVERY',
        'COMPLETED/DELIVERED',
      ]);
      await rejectsWith(world.grocer.advanceOrder('NO-SUCH-ORDER'), 'NOT_FOUND');
    });

    test('unpaid orders are cancelled after 72 hours and can no longer be paid', async () => {
      const order = await world.grocer.createOrder(
        orderRequest([{ cprcode: find.priced(BRANCH, 6).cprcode, quantity: 1 }]),
      );
      world.clock.advance(72 * 3_600_000);
      const cancelled = (await world.grocer.orders([order.orderId]))[0]!;
      assert.equal(cancelled.status, 'CANCELLED');
      assert.equal(cancelled.shipping.schedules[0]!.pickingStatus, 'CANCELLED');
      await rejectsWith(
        world.grocer.recordPayment({
          orderId: order.orderId,
          paymentId: 'pay_late',
          amountSatang: order.grandTotalSatang,
          provider: 'sandbox',
          reference: 'late',
        }),
        'ORDER_CANCELLED',
      );
    });

    test('deactivating a product bumps the catalog version and makes it unavailable', async () => {
      const product = find.priced(BRANCH, 7);
      const before = await world.grocer.catalogVersion();
      await world.grocer.setProductActive({ cprcode: product.cprcode, active: false });
      const after = await world.grocer.catalogVersion();
      assert.notEqual(after.version, before.version);
      assert.equal((await world.grocer.products([product.cprcode]))[0]!.active, false);
      await rejectsWith(
        world.grocer.calculate(pickup([{ cprcode: product.cprcode, quantity: 1 }])),
        'PRODUCT_UNAVAILABLE',
      );
      await world.grocer.setProductActive({ cprcode: product.cprcode, active: true });
      assert.equal((await world.grocer.products([product.cprcode]))[0]!.active, true);
      await rejectsWith(world.grocer.setProductActive({ cprcode: '999999999999', active: false }), 'INVALID_CPRCODE');
      await rejectsWith(
        world.grocer.setPrice({ branchCode: BRANCH, cprcode: product.cprcode, amountSatang: -5 }),
        'INVALID_INPUT',
      );
    });

    test('injected faults reach the caller as GROCER_UNAVAILABLE, then clear', async () => {
      try {
        await world.grocer.setFaults({ errorRate: 1 });
        await rejectsWith(world.grocer.branches(), 'GROCER_UNAVAILABLE');
        await world.grocer.setFaults({ errorRate: 0, timeoutRate: 1 });
        await rejectsWith(world.grocer.catalogVersion(), 'GROCER_UNAVAILABLE');
        await world.grocer.setFaults({ timeoutRate: 0, latencyMs: 80 });
        const started = performance.now();
        await world.grocer.catalogVersion();
        assert.ok(performance.now() - started >= 75);
        await rejectsWith(world.grocer.setFaults({ errorRate: 2 }), 'INVALID_INPUT');
      } finally {
        await world.grocer.setFaults({ latencyMs: 0, errorRate: 0, timeoutRate: 0 });
      }
      assert.ok((await world.grocer.branches()).length >= 30);
    });

    test('every cprcode in the catalog is a stable numeric string', () => {
      for (const p of find.products) assert.match(p.cprcode, CPRCODE_PATTERN);
    });
  });
}
