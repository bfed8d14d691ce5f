import type { CalculatedLine, Calculation, CheckoutFulfilmentOption, CheckoutSessionRecord } from '@grocery/core/ports';
import type { CheckoutView } from '../../src/checkout-mapping.ts';

export const LINE_A = `li_${'a'.repeat(32)}`;
export const LINE_B = `li_${'b'.repeat(32)}`;
const SESSION_ID = `cs_${'c'.repeat(32)}`;

/** A calculated line at `price` × `quantity`, less `discount`. */
export function line(cprcode: string, price: number, quantity: number, discount = 0, promotions: string[] = []) {
  const row = price * quantity;
  return {
    cprcode,
    productName: `Product ${cprcode}`,
    quantity,
    priceSatang: price,
    rowTotalSatang: row,
    discountedRowTotalSatang: row - discount,
    promotions,
  } satisfies CalculatedLine;
}

/**
 * A calculation as the grocer's calculator makes it: grand total = subtotal − line discounts +
 * delivery fee − free delivery + express (overrides may break that on purpose).
 */
export function calculation(overrides: Partial<Calculation> & { lines: CalculatedLine[] }): Calculation {
  const sub = overrides.lines.reduce((sum, l) => sum + l.rowTotalSatang, 0);
  const itemDiscount = overrides.lines.reduce((sum, l) => sum + l.rowTotalSatang - l.discountedRowTotalSatang, 0);
  const fee = overrides.deliveryFeeSatang ?? 0;
  const shippingDiscount = overrides.shippingDiscountSatang ?? 0;
  const express = overrides.expressShippingCostSatang ?? 0;
  return {
    branchCode: 'BKK01',
    currency: 'THB',
    fulfilment: 'PICKUP',
    scheduleMode: 'REGULAR',
    subTotalSatang: sub,
    deliveryFeeSatang: fee,
    discountedDeliveryFeeSatang: fee - shippingDiscount,
    shippingDiscountSatang: shippingDiscount,
    expressShippingCostSatang: express,
    totalDiscountSatang: itemDiscount + shippingDiscount,
    grandTotalSatang: sub - itemDiscount + fee - shippingDiscount + express,
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
    address: '1 Sukhumvit Road, Bangkok',
    postcode: '10110',
    distanceKm: 0.4,
    readyAt: '2026-11-27T07:00:00.000Z',
  },
  {
    type: 'pickup',
    branchCode: 'BKK02',
    name: 'Silom',
    address: '2 Silom Road, Bangkok',
    postcode: '10500',
    distanceKm: 3.2,
    readyAt: '2026-11-27T07:00:00.000Z',
  },
];

export const ADDRESS = {
  streetAddress: '99 Sukhumvit Soi 11',
  locality: 'Watthana',
  region: 'Bangkok',
  postcode: '10110',
  country: 'TH',
  recipientName: 'Somchai Jaidee',
};

/** Delivery slot options of both kinds, with their fees. */
export function slots(regular: number, express: number): CheckoutFulfilmentOption[] {
  return [
    {
      type: 'delivery',
      scheduleMode: 'REGULAR',
      branchCode: 'BKK01',
      feeSatang: regular,
      windowStart: '2026-11-27T08:00:00.000Z',
      windowEnd: '2026-11-27T09:00:00.000Z',
    },
    {
      type: 'delivery',
      scheduleMode: 'EXPRESS',
      branchCode: 'BKK01',
      feeSatang: express,
      windowStart: '2026-11-27T06:00:00.000Z',
      windowEnd: '2026-11-27T07:00:00.000Z',
    },
  ];
}

/** A sandbox session with two lines, ready, picked up at BKK01; overrides change the rest. */
export function sessionRecord(overrides: Partial<CheckoutSessionRecord> = {}): CheckoutSessionRecord {
  return {
    sessionId: SESSION_ID,
    partnerId: 'ptn_a',
    environment: 'sandbox',
    protocol: 'ucp',
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
    quote: calculation({ lines: [line('100001', 4_500, 2), line('100002', 21_500, 1)] }),
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

/** A view with no negotiation (everything active), the given links and no catalog facts. */
export function view(overrides: Partial<CheckoutView> = {}): CheckoutView {
  return {
    active: null,
    links: [{ type: 'terms_of_service', url: 'https://shop.example/terms' }],
    products: new Map(),
    restEndpoint: 'https://api.example/agents/ptn_a/ucp/v1',
    storefrontUrl: null,
    ...overrides,
  };
}
