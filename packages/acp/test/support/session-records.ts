import type { Branch, CheckoutFulfilmentOption, CheckoutSessionRecord } from '@grocery/core';
import type { CalculatedLine, Calculation, GrocerOrder, OrderRecord } from '@grocery/core/ports';
import { testBranch } from '@grocery/core/testing';
import type { AcpSessionView } from '../../src/acp-checkout-mapping.ts';

export const LINE_A = `li_${'a'.repeat(32)}`;
export const LINE_B = `li_${'b'.repeat(32)}`;
export const SESSION_ID = `cs_${'c'.repeat(32)}`;
export const ORDER_ID = 'PA2611270000001-K7QD';

/** A calculated line at `price` × `quantity`, less `discount`. */
export function calculatedLine(cprcode: string, price: number, quantity: number, discount = 0): CalculatedLine {
  const row = price * quantity;
  return {
    cprcode,
    productName: `Product ${cprcode}`,
    quantity,
    priceSatang: price,
    rowTotalSatang: row,
    discountedRowTotalSatang: row - discount,
    promotions: [],
  };
}

/** A bill as the grocer's calculator makes one (grand total = items − discounts + fee − free delivery + express); overrides may break that. */
export function calculation(overrides: Partial<Calculation> & { lines: CalculatedLine[] }): Calculation {
  const sub = overrides.lines.reduce((sum, l) => sum + l.rowTotalSatang, 0);
  const itemDiscount = overrides.lines.reduce((sum, l) => sum + l.rowTotalSatang - l.discountedRowTotalSatang, 0);
  const fee = overrides.deliveryFeeSatang ?? 0;
  const free = overrides.shippingDiscountSatang ?? 0;
  const express = overrides.expressShippingCostSatang ?? 0;
  return {
    branchCode: 'BKK01',
    currency: 'THB',
    fulfilment: 'PICKUP',
    scheduleMode: 'REGULAR',
    subTotalSatang: sub,
    deliveryFeeSatang: fee,
    discountedDeliveryFeeSatang: fee - free,
    shippingDiscountSatang: free,
    expressShippingCostSatang: express,
    totalDiscountSatang: itemDiscount + free,
    grandTotalSatang: sub - itemDiscount + fee - free + express,
    couponCodes: [],
    failedCoupons: [],
    raw: null,
    ...overrides,
  };
}

export const PICKUP_OPTIONS: CheckoutFulfilmentOption[] = [
  {
    type: 'pickup',
    branchCode: 'BKK01',
    name: 'Sukhumvit',
    address: '1 Sukhumvit Road',
    postcode: '10110',
    distanceKm: 0.4,
    readyAt: '2026-11-27T07:00:00.000Z',
  },
];

export const DELIVERY_ADDRESS = {
  streetAddress: '99 Sukhumvit Soi 11',
  locality: 'Watthana',
  region: 'Bangkok',
  postcode: '10110',
  country: 'TH',
  recipientName: 'Somchai Jaidee',
};

/** Both delivery slot kinds, with their fees. */
export function slots(regular: number, express: number): CheckoutFulfilmentOption[] {
  const slot = (scheduleMode: 'REGULAR' | 'EXPRESS', feeSatang: number, hour: number): CheckoutFulfilmentOption => ({
    type: 'delivery',
    scheduleMode,
    branchCode: 'BKK01',
    feeSatang,
    windowStart: `2026-11-27T0${hour}:00:00.000Z`,
    windowEnd: `2026-11-27T0${hour + 1}:00:00.000Z`,
  });
  return [slot('REGULAR', regular, 8), slot('EXPRESS', express, 6)];
}

/** A sandbox ACP session with two lines, ready, picked up at BKK01; overrides change the rest. */
export function sessionRecord(overrides: Partial<CheckoutSessionRecord> = {}): CheckoutSessionRecord {
  return {
    sessionId: SESSION_ID,
    partnerId: 'ptn_a',
    environment: 'sandbox',
    protocol: 'acp',
    callerId: 'agt_1',
    profileUrl: null,
    webhookUrl: null,
    status: 'ready_for_complete',
    buyer: { firstName: 'Somchai', lastName: 'Jaidee', email: 'somchai@example.com', phone: '+66812345678' },
    lines: [
      { lineId: LINE_A, cprcode: '100001', quantity: 2 },
      { lineId: LINE_B, cprcode: '100002', quantity: 1 },
    ],
    fulfilment: { type: 'pickup', branchCode: 'BKK01' },
    couponCodes: [],
    branchCode: 'BKK01',
    quote: calculation({ lines: [calculatedLine('100001', 4_500, 2), calculatedLine('100002', 21_500, 1)] }),
    quotedAt: '2026-11-27T05:00:00.000Z',
    options: PICKUP_OPTIONS,
    messages: [],
    order: null,
    createdAt: '2026-11-27T05:00:00.000Z',
    updatedAt: '2026-11-27T05:00:00.000Z',
    expiresAt: '2026-11-27T11:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const BRANCHES: ReadonlyMap<string, Branch> = new Map([
  ['BKK01', testBranch({ branchCode: 'BKK01', name: 'Sukhumvit', province: 'Bangkok', phone: '+66 2 111 1111' })],
]);

/** A view with the shop's terms, no catalogue facts and no storefront. */
export function sessionView(overrides: Partial<AcpSessionView> = {}): AcpSessionView {
  return {
    agentBase: 'https://api.example/agents/ptn_a',
    docsUrl: 'https://api.example/docs',
    links: [{ type: 'terms_of_use', url: 'https://shop.example/terms' }],
    products: new Map(),
    branches: BRANCHES,
    storefrontUrl: null,
    ...overrides,
  };
}

/** The grocer's order of the session's two lines, picked up, in `status`, paid. */
export function orderRecord(status = 'PLACED', overrides: Partial<GrocerOrder> = {}): OrderRecord {
  const grocerOrder: GrocerOrder = {
    orderId: ORDER_ID,
    branchCode: 'BKK01',
    orderSource: 'SRC_A',
    specialComment: 'test',
    sandbox: true,
    status,
    createdAt: '2026-11-27T05:10:00.000Z',
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
    payment: {
      isPaid: true,
      status: 'PAID',
      method: 'sandbox',
      paidAt: '2026-11-27T05:11:00.000Z',
      reference: 'r',
      paymentId: 'p',
    },
    shipping: {
      fulfilmentType: 'PICKUP',
      address: null,
      schedules: [
        { mode: 'REGULAR', dateTime: '2026-11-27T07:00:00.000Z', pickingStatus: 'QUEUED', deliveryFeeSatang: 0 },
      ],
    },
    ...overrides,
  };
  return {
    orderId: ORDER_ID,
    partnerId: 'ptn_a',
    ownerId: SESSION_ID,
    environment: 'sandbox',
    orderSource: 'SRC_A',
    branchCode: 'BKK01',
    grandTotalSatang: grocerOrder.grandTotalSatang,
    currency: 'THB',
    paymentStatus: grocerOrder.payment.isPaid ? 'PAID' : 'UNPAID',
    status: grocerOrder.status,
    pickingStatus: grocerOrder.shipping.schedules[0]?.pickingStatus ?? null,
    request: {
      branchCode: 'BKK01',
      lines: [],
      fulfilment: grocerOrder.shipping.fulfilmentType,
      scheduleMode: 'REGULAR',
      address: null,
      couponCodes: [],
      orderSource: 'SRC_A',
    },
    grocerOrder,
    createdAt: '2026-11-27T05:10:00.000Z',
    paidAt: grocerOrder.payment.paidAt,
  };
}
