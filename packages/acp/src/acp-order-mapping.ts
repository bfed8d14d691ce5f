import type { Branch, CheckoutFulfilmentOption, CheckoutSessionRecord } from '@grocery/core';
import type { GrocerOrder, OrderRecord, RefundRecord } from '@grocery/core/ports';
import type { ProductFacts } from './acp-checkout-mapping.ts';
import { branchAddress, deliveryAddress } from './acp-fulfillment-mapping.ts';
import type { AcpAddress, AcpAdjustment, AcpFulfillment, AcpOrder, AcpOrderLineItem, AcpTotal } from './acp-types.ts';

/** What an order shows besides the order and its session. */
export interface AcpOrderView {
  /** Where the buyer sees the order (its payment page, which shows it paid). */
  permalinkUrl: string;
  branches: ReadonlyMap<string, Branch>;
  products: ReadonlyMap<string, ProductFacts>;
  refunds: readonly RefundRecord[];
  supportEmail: string | null;
  /** When the newest move of the order was seen (an event's time); its fulfilment event carries it. */
  latestAt?: string | undefined;
}

type Milestone = AcpFulfillment['events'][number]['type'];

/** ACP's order status of the grocer's (docs: PLACED → PICKING → READY | OUT_FOR_DELIVERY → COMPLETED, or CANCELLED). */
function orderStatus(record: OrderRecord): AcpOrder['status'] {
  const order = record.grocerOrder;
  switch (order.status) {
    case 'CANCELLED':
      return 'canceled';
    case 'COMPLETED':
      return 'completed';
    case 'OUT_FOR_DELIVERY':
      return 'shipped';
    case 'PICKING':
    case 'READY':
      return 'processing';
    default:
      return record.paymentStatus === 'PAID' || order.payment.isPaid ? 'confirmed' : 'created';
  }
}

function fulfillmentStatus(order: GrocerOrder): AcpFulfillment['status'] {
  switch (order.status) {
    case 'CANCELLED':
      return 'canceled';
    case 'COMPLETED':
      return 'delivered';
    case 'OUT_FOR_DELIVERY':
      return 'out_for_delivery';
    case 'READY':
      return 'ready_for_pickup';
    case 'PICKING':
      return 'processing';
    default:
      return 'pending';
  }
}

/** The fulfilment milestones the grocer's progress has reached, oldest first. */
function milestones(order: GrocerOrder): { type: Milestone; description: string }[] {
  const pickup = order.shipping.fulfilmentType === 'PICKUP';
  const processing = { type: 'processing' as const, description: 'The branch is picking the order.' };
  const ready = { type: 'ready_for_pickup' as const, description: 'The order is ready for pickup at the branch.' };
  const out = { type: 'out_for_delivery' as const, description: 'The order is out for delivery.' };
  switch (order.status) {
    case 'PICKING':
      return [processing];
    case 'READY':
      return [processing, ready];
    case 'OUT_FOR_DELIVERY':
      return [processing, out];
    case 'COMPLETED':
      return pickup
        ? [processing, ready, { type: 'delivered', description: 'The buyer collected the order.' }]
        : [processing, out, { type: 'delivered', description: 'The order was delivered.' }];
    case 'CANCELLED':
      return [{ type: 'canceled', description: 'The order was cancelled.' }];
    default:
      return [];
  }
}

function lineItems(order: GrocerOrder, session: CheckoutSessionRecord, view: AcpOrderView): AcpOrderLineItem[] {
  const lineIds = new Map(session.lines.map((line) => [line.cprcode, line.lineId]));
  const cancelled = order.status === 'CANCELLED';
  const done = order.status === 'COMPLETED';
  return order.lines.map((line) => {
    const current = cancelled ? 0 : line.quantity;
    const fulfilled = done ? current : 0;
    const image = view.products.get(line.cprcode)?.imageUrl;
    return {
      id: lineIds.get(line.cprcode) ?? `li_${line.cprcode}`,
      title: line.productName,
      product_id: line.cprcode,
      ...(image ? { image_url: image } : {}),
      quantity: { ordered: line.quantity, current, fulfilled },
      unit_price: line.priceSatang,
      subtotal: line.rowTotalSatang,
      status: current === 0 ? 'removed' : fulfilled === current ? 'fulfilled' : 'processing',
    };
  });
}

function destinationOf(order: GrocerOrder, session: CheckoutSessionRecord, view: AcpOrderView): AcpAddress | null {
  if (order.shipping.fulfilmentType === 'DELIVERY') return deliveryAddress(session);
  const option = session.options.find(
    (o): o is Extract<CheckoutFulfilmentOption, { type: 'pickup' }> =>
      o.type === 'pickup' && o.branchCode === order.branchCode,
  );
  const branch = view.branches.get(order.branchCode);
  if (option) return branchAddress(option, branch);
  return branch ? branchAddress(branch, branch) : null;
}

function fulfillment(order: OrderRecord, session: CheckoutSessionRecord, view: AcpOrderView): AcpFulfillment {
  const grocer = order.grocerOrder;
  const pickup = grocer.shipping.fulfilmentType === 'PICKUP';
  const destination = destinationOf(grocer, session, view);
  const slot = grocer.shipping.schedules[0];
  // Core keeps no time per picking step: earlier steps carry when the order was paid (or placed), the newest the time it was seen.
  const known = order.paidAt ?? grocer.payment.paidAt ?? order.createdAt;
  const steps = milestones(grocer);
  const where = pickup ? `Pickup at ${destination?.name ?? `branch ${grocer.branchCode}`}` : 'Delivery';
  return {
    id: `${order.orderId}-${pickup ? 'pickup' : 'delivery'}`,
    type: pickup ? 'pickup' : 'shipping',
    status: fulfillmentStatus(grocer),
    line_items: grocer.lines.map((line) => ({
      id: session.lines.find((l) => l.cprcode === line.cprcode)?.lineId ?? `li_${line.cprcode}`,
      quantity: Math.max(1, line.quantity),
    })),
    ...(destination ? { destination } : {}),
    ...(!pickup && slot && Number.isFinite(Date.parse(slot.dateTime))
      ? {
          estimated_delivery: {
            earliest: new Date(Date.parse(slot.dateTime)).toISOString(),
            latest: new Date(Date.parse(slot.dateTime) + 60 * 60_000).toISOString(),
          },
        }
      : {}),
    description: `${where}${slot?.mode === 'EXPRESS' ? ' (express)' : ''}.`,
    events: steps.map((step, index) => ({
      id: `${order.orderId}-${step.type}`,
      type: step.type,
      occurred_at: index === steps.length - 1 ? (view.latestAt ?? known) : known,
      description: step.description,
    })),
  };
}

const REFUND_STATUS: Readonly<Record<RefundRecord['state'], AcpAdjustment['status']>> = {
  pending: 'pending',
  succeeded: 'completed',
  failed: 'failed',
};

function adjustments(order: OrderRecord, view: AcpOrderView): AcpAdjustment[] {
  const refunds: AcpAdjustment[] = view.refunds.map((refund) => ({
    id: refund.refundId,
    type: 'refund',
    occurred_at: refund.updatedAt,
    status: REFUND_STATUS[refund.state],
    amount: refund.amountMinor,
    currency: 'thb',
    description: 'The payment was refunded in full.',
    reason: refund.reason.toLowerCase(),
  }));
  if (order.grocerOrder.status !== 'CANCELLED') return refunds;
  return [
    ...refunds,
    {
      id: `${order.orderId}-cancellation`,
      type: 'cancellation',
      occurred_at: order.paidAt ?? order.createdAt,
      status: 'completed',
      description: 'The order was cancelled.',
    },
  ];
}

/**
 * The order's bill, adding up exactly: `subtotal − discount + fulfillment = total` (the delivery
 * fee with any express charge is what the discounts leave to the grand total), and what was refunded.
 */
function orderTotals(order: GrocerOrder, refunds: readonly RefundRecord[]): AcpTotal[] {
  const entries: AcpTotal[] = [
    { type: 'subtotal', display_text: 'Subtotal (VAT included)', amount: order.subTotalSatang },
  ];
  if (order.totalDiscountSatang > 0)
    entries.push({ type: 'discount', display_text: 'Discounts', amount: order.totalDiscountSatang });
  const fulfilment = order.grandTotalSatang - order.subTotalSatang + order.totalDiscountSatang;
  const delivery = order.shipping.fulfilmentType === 'DELIVERY';
  if (fulfilment > 0 || delivery)
    entries.push({
      type: 'fulfillment',
      display_text: delivery ? 'Delivery' : 'Pickup',
      amount: Math.max(0, fulfilment),
    });
  if (fulfilment < 0) entries.push({ type: 'discount', display_text: 'Other discounts', amount: -fulfilment });
  entries.push({ type: 'total', display_text: 'Total (VAT included)', amount: order.grandTotalSatang });
  const refunded = refunds.filter((r) => r.state === 'succeeded').reduce((sum, r) => sum + r.amountMinor, 0);
  if (refunded > 0) entries.push({ type: 'amount_refunded', display_text: 'Refunded', amount: refunded });
  return entries;
}

/**
 * An order of one of the caller's sessions as ACP's `Order` (rfc.orders.md): its lines under the
 * session's line ids with their quantities, one fulfilment (pickup at the branch or delivery to the
 * address) whose status and events follow the grocer's picking progress, refunds and cancellation
 * as adjustments, and totals that add up.
 *
 * @example
 * const order = toAcpOrder(record, session, { permalinkUrl, branches, products, refunds: [], supportEmail: null });
 */
export function toAcpOrder(order: OrderRecord, session: CheckoutSessionRecord, view: AcpOrderView): AcpOrder {
  const grocer = order.grocerOrder;
  return {
    id: order.orderId,
    checkout_session_id: session.sessionId,
    order_number: order.orderId,
    permalink_url: view.permalinkUrl,
    status: orderStatus(order),
    line_items: lineItems(grocer, session, view),
    fulfillments: [fulfillment(order, session, view)],
    adjustments: adjustments(order, view),
    totals: orderTotals(grocer, view.refunds),
    ...(view.supportEmail ? { support: { email: view.supportEmail } } : {}),
  };
}
