import type {
  EventRecord,
  OrderIntentRecord,
  OrderRecord,
  PaymentAttemptRecord,
  PaymentLinkRecord,
} from '../model/checkout.ts';
import type { ShopperScope } from '../model/basket.ts';
import type { GrocerOrder } from '../model/order.ts';
import { newPaymentAttempt } from '../model/payment-attempt.ts';
import type { Store } from '../ports/store.ts';

/*
 * Records the store contracts write: one priced pickup order at BK01 for 90 baht, and its events.
 * Exported for tests of what only one implementation can show (a database's transactions).
 */

/** The time the contract records are stamped with (2026-11-22 03:00 UTC). */
export const CONTRACT_T0 = Date.UTC(2026, 10, 22, 3, 0, 0);

/**
 * The grocer's view of the contract order (two milks, 90 baht, pickup at BK01), as a store keeps it
 * in an order record; `picking` and `createdAt` vary it.
 *
 * @example
 * const grocerOrder = contractGrocerOrder('ORD-1', 'PICKED');
 */
export function contractGrocerOrder(
  orderId: string,
  picking = 'PENDING',
  createdAt = new Date(CONTRACT_T0).toISOString(),
): GrocerOrder {
  return {
    orderId,
    branchCode: 'BK01',
    orderSource: 'SRC_A',
    specialComment: 'test',
    sandbox: true,
    status: 'PLACED',
    createdAt,
    currency: 'THB',
    lines: [{ cprcode: '100001', productName: 'Milk', quantity: 2, priceSatang: 4500, rowTotalSatang: 9000 }],
    subTotalSatang: 9000,
    deliveryFeeSatang: 0,
    totalDiscountSatang: 0,
    grandTotalSatang: 9000,
    couponCodes: [],
    payment: { isPaid: false, status: 'UNPAID', method: null, paidAt: null, reference: null, paymentId: null },
    shipping: {
      fulfilmentType: 'PICKUP',
      address: null,
      schedules: [
        { mode: 'REGULAR', dateTime: '2026-11-22T06:00:00.000Z', pickingStatus: picking, deliveryFeeSatang: 0 },
      ],
    },
  };
}

export function contractOrder(
  orderId: string,
  createdAt: string,
  owner: ShopperScope,
  picking = 'PENDING',
): OrderRecord {
  return {
    orderId,
    partnerId: owner.partnerId,
    ownerId: owner.ownerId,
    environment: owner.environment,
    orderSource: 'SRC_A',
    branchCode: 'BK01',
    grandTotalSatang: 9000,
    currency: 'THB',
    paymentStatus: 'UNPAID',
    status: 'PLACED',
    pickingStatus: picking,
    request: {
      branchCode: 'BK01',
      lines: [{ cprcode: '100001', quantity: 2 }],
      fulfilment: 'PICKUP',
      scheduleMode: 'REGULAR',
      address: null,
      couponCodes: [],
      orderSource: 'SRC_A',
    },
    grocerOrder: contractGrocerOrder(orderId, picking),
    createdAt,
    paidAt: null,
  };
}

export function contractLink(orderId: string, partnerId: string, hash: string): PaymentLinkRecord {
  return {
    linkId: `lnk_${hash}`,
    tokenHash: hash,
    orderId,
    partnerId,
    amountSatang: 9000,
    currency: 'THB',
    provider: 'sandbox',
    callbackUrl: null,
    expiresAt: new Date(CONTRACT_T0 + 86_400_000).toISOString(),
    createdAt: new Date(CONTRACT_T0).toISOString(),
  };
}

export function contractIntent(
  orderId: string,
  owner: ShopperScope,
  extra: Partial<OrderIntentRecord> = {},
): OrderIntentRecord {
  const order = contractOrder(orderId, new Date(CONTRACT_T0).toISOString(), owner);
  return {
    orderId,
    partnerId: owner.partnerId,
    ownerId: owner.ownerId,
    environment: owner.environment,
    idempotencyKey: null,
    request: { ...order.request, orderId, specialComment: 'test', sandbox: true },
    fromBasket: false,
    state: 'pending',
    checks: 0,
    lastError: null,
    createdAt: new Date(CONTRACT_T0).toISOString(),
    nextCheckAt: new Date(CONTRACT_T0 + 60_000).toISOString(),
    ...extra,
  };
}

export function contractAttempt(
  orderId: string,
  partnerId: string,
  attemptId: string,
  nowMs: number,
): PaymentAttemptRecord {
  const order = { orderId, partnerId, grandTotalSatang: 9000, currency: 'THB' };
  return newPaymentAttempt({ attemptId, order, provider: 'sandbox', simulate: null, nowMs, requestWindowMs: 60_000 });
}

/** Stores an order the way the order saga does: its intent first, then the order with its first link. */
export async function storeContractOrder(
  store: Store,
  orderId: string,
  owner: ShopperScope,
  createdAt: string,
  hash: string,
): Promise<boolean> {
  await store.insertOrderIntent(contractIntent(orderId, owner));
  return store.insertOrder({
    order: contractOrder(orderId, createdAt, owner),
    link: contractLink(orderId, owner.partnerId, hash),
    idempotency: null,
  });
}

/** An event of an order, its id padded to the 32 characters event ids have. */
export function contractEvent(
  id: string,
  partnerId: string,
  orderId: string,
  type: EventRecord['type'] = 'order.status',
): EventRecord {
  return {
    eventId: `evt_${id.padStart(32, '0')}`,
    partnerId,
    type,
    orderId,
    payload: { orderId },
    ts: Math.floor(CONTRACT_T0 / 1000),
  };
}
