import type { EventRecord, RefundRecord } from '../model/checkout.ts';
import { sha256Hex } from '../model/ids.ts';
import type { GrocerOrder } from '../model/order.ts';
import { toBaht } from '../money.ts';

/**
 * Event ids are derived from the move they report, so that each real move yields exactly one event
 * whichever path (payment, polling, inbound grocer webhook, a read) sees it first.
 */
function eventId(parts: string[]): string {
  return `evt_${sha256Hex(parts.join('\u0000')).slice(0, 32)}`;
}

const pickingOf = (order: GrocerOrder): string | null => order.shipping.schedules[0]?.pickingStatus ?? null;

export function paymentPaidEvent(input: {
  partnerId: string;
  order: GrocerOrder;
  provider: string;
  reference: string;
  paidAt: string;
  nowMs: number;
}): EventRecord {
  const { order } = input;
  return {
    eventId: eventId(['payment.paid', order.orderId]),
    partnerId: input.partnerId,
    type: 'payment.paid',
    orderId: order.orderId,
    ts: Math.floor(input.nowMs / 1000),
    payload: {
      orderId: order.orderId,
      status: 'PAID',
      amount: toBaht(order.grandTotalSatang),
      currency: order.currency,
      provider: input.provider,
      reference: input.reference,
      paidAt: input.paidAt,
      sandbox: order.sandbox,
    },
  };
}

/** `payment.refunded`: the provider confirmed giving a payment's money back (one event per refund). */
export function paymentRefundedEvent(input: {
  refund: RefundRecord;
  providerRefundReference: string;
  sandbox: boolean;
  nowMs: number;
}): EventRecord {
  const { refund } = input;
  return {
    eventId: eventId(['payment.refunded', refund.refundId]),
    partnerId: refund.partnerId,
    type: 'payment.refunded',
    orderId: refund.orderId,
    ts: Math.floor(input.nowMs / 1000),
    payload: {
      orderId: refund.orderId,
      refundId: refund.refundId,
      amount: toBaht(refund.amountMinor),
      currency: refund.currency,
      reason: refund.reason,
      provider: refund.provider,
      paymentReference: refund.paymentReference,
      reference: input.providerRefundReference,
      refundedAt: new Date(input.nowMs).toISOString(),
      sandbox: input.sandbox,
    },
  };
}

/** The `order.status` event for a move from `before` to `after`, or null when nothing moved. */
export function orderStatusEvent(input: {
  partnerId: string;
  before: GrocerOrder;
  after: GrocerOrder;
  nowMs: number;
}): EventRecord | null {
  const { before, after } = input;
  const previousPicking = pickingOf(before);
  const picking = pickingOf(after);
  if (before.status === after.status && previousPicking === picking) return null;
  return {
    eventId: eventId(['order.status', after.orderId, after.status, picking ?? '']),
    partnerId: input.partnerId,
    type: 'order.status',
    orderId: after.orderId,
    ts: Math.floor(input.nowMs / 1000),
    payload: {
      orderId: after.orderId,
      status: after.status,
      previousStatus: before.status,
      pickingStatus: picking,
      previousPickingStatus: previousPicking,
      fulfilmentType: after.shipping.fulfilmentType,
      isPaid: after.payment.isPaid,
      sandbox: after.sandbox,
    },
  };
}
