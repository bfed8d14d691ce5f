import type {
  CheckoutFulfilmentOption,
  CheckoutSessionRecord,
  GrocerOrder,
  OrderRecord,
  RefundRecord,
} from '@grocery/core/ports';
import type { ProductFacts, UcpTotal } from './checkout-mapping.ts';
import { ucpEnvelope, type UcpEnvelope } from './envelope.ts';

type LineRef = { id: string; quantity: number };

export interface UcpOrderLineItem {
  id: string;
  item: { id: string; title: string; price: number; image_url?: string };
  quantity: { original: number; total: number; fulfilled: number };
  totals: UcpTotal[];
  status: 'processing' | 'partial' | 'fulfilled' | 'removed';
}

export interface UcpExpectation {
  id: string;
  line_items: LineRef[];
  method_type: 'shipping' | 'pickup';
  destination: Record<string, string>;
  description: string;
  fulfillable_on: string;
}

export interface UcpFulfillmentEvent {
  id: string;
  occurred_at: string;
  type: string;
  line_items: LineRef[];
  description: string;
}

export interface UcpAdjustment {
  id: string;
  type: string;
  occurred_at: string;
  status: 'pending' | 'completed' | 'failed';
  totals?: UcpTotal[];
  description: string;
}

/** An order as UCP 2026-04-08 shows it (order.json). */
export interface UcpOrder {
  ucp: UcpEnvelope<'success'>;
  id: string;
  checkout_id: string;
  permalink_url: string;
  line_items: UcpOrderLineItem[];
  fulfillment: { expectations: UcpExpectation[]; events: UcpFulfillmentEvent[] };
  adjustments: UcpAdjustment[];
  currency: 'THB';
  totals: UcpTotal[];
}

/** What an order response shows besides the order and its session. */
export interface OrderView {
  active: readonly string[] | null;
  products: ReadonlyMap<string, ProductFacts>;
  /** The order's permalink (its payment page, or the REST order URL). */
  permalinkUrl: string;
  refunds: readonly RefundRecord[];
}

/** The milestones an order has reached, from the grocer's status (docs: PLACED → … → COMPLETED or CANCELLED). */
function milestones(order: GrocerOrder): { type: string; description: string }[] {
  const pickup = order.shipping.fulfilmentType === 'PICKUP';
  const processing = { type: 'processing', description: 'The branch is picking the order.' };
  const ready = { type: 'ready_for_pickup', description: 'The order is ready for pickup at the branch.' };
  const shipped = { type: 'shipped', description: 'The order is out for delivery.' };
  switch (order.status) {
    case 'PLACED':
      return order.payment.isPaid ? [{ ...processing, description: 'The branch has the paid order.' }] : [];
    case 'PICKING':
      return [processing];
    case 'READY':
      return [processing, ready];
    case 'OUT_FOR_DELIVERY':
      return [processing, shipped];
    case 'COMPLETED':
      return pickup
        ? [processing, ready, { type: 'picked_up', description: 'The buyer collected the order.' }]
        : [processing, shipped, { type: 'delivered', description: 'The order was delivered.' }];
    case 'CANCELLED':
      return [{ type: 'canceled', description: 'The order was cancelled.' }];
    default:
      return [];
  }
}

function destinationOf(
  session: CheckoutSessionRecord,
  order: GrocerOrder,
): { destination: Record<string, string>; where: string } {
  const fulfilment = session.fulfilment;
  if (order.shipping.fulfilmentType === 'PICKUP') {
    const branch = session.options.find(
      (o): o is Extract<CheckoutFulfilmentOption, { type: 'pickup' }> =>
        o.type === 'pickup' && o.branchCode === order.branchCode,
    );
    const street = branch ? `${branch.name}, ${branch.address}` : `Branch ${order.branchCode}`;
    return {
      destination: {
        street_address: street,
        ...(branch ? { postal_code: branch.postcode } : {}),
        address_country: 'TH',
      },
      where: `at ${branch?.name ?? `branch ${order.branchCode}`}`,
    };
  }
  const address = fulfilment?.type === 'delivery' ? fulfilment.address : null;
  if (address)
    return {
      destination: {
        street_address: address.streetAddress,
        ...(address.locality ? { address_locality: address.locality } : {}),
        ...(address.region ? { address_region: address.region } : {}),
        postal_code: address.postcode,
        address_country: address.country,
      },
      where: `to ${address.streetAddress}`,
    };
  const given = order.shipping.address;
  return {
    destination: {
      street_address: given?.address ?? 'The delivery address',
      ...(given?.postcode ? { postal_code: given.postcode } : {}),
      address_country: 'TH',
    },
    where: 'to the delivery address',
  };
}

/** Order totals that add up exactly: subtotal, delivery (express included), discounts, total. */
function orderTotals(order: GrocerOrder): UcpTotal[] {
  const entries: UcpTotal[] = [{ type: 'subtotal', display_text: 'Subtotal', amount: order.subTotalSatang }];
  const delivery = order.shipping.fulfilmentType === 'DELIVERY';
  if (delivery || order.deliveryFeeSatang > 0)
    entries.push({
      type: 'fulfillment',
      display_text: delivery ? 'Delivery' : 'Pickup',
      amount: Math.max(0, order.deliveryFeeSatang),
    });
  if (order.totalDiscountSatang > 0)
    entries.push({ type: 'discount', display_text: 'Discounts', amount: -order.totalDiscountSatang });
  const remainder = order.grandTotalSatang - entries.reduce((sum, e) => sum + e.amount, 0);
  if (remainder < 0) entries.push({ type: 'discount', display_text: 'Other discounts', amount: remainder });
  if (remainder > 0) entries.push({ type: 'fee', display_text: 'Other charges', amount: remainder });
  entries.push({ type: 'total', display_text: 'Total (incl. 7% VAT)', amount: order.grandTotalSatang });
  return entries;
}

function lineStatus(total: number, fulfilled: number): UcpOrderLineItem['status'] {
  if (total === 0) return 'removed';
  if (fulfilled === total) return 'fulfilled';
  return fulfilled > 0 ? 'partial' : 'processing';
}

function orderLines(order: GrocerOrder, session: CheckoutSessionRecord, view: OrderView): UcpOrderLineItem[] {
  const lineIds = new Map(session.lines.map((line) => [line.cprcode, line.lineId]));
  const cancelled = order.status === 'CANCELLED';
  const done = order.status === 'COMPLETED';
  return order.lines.map((line) => {
    const facts = view.products.get(line.cprcode);
    const total = cancelled ? 0 : line.quantity;
    const fulfilled = done ? total : 0;
    return {
      id: lineIds.get(line.cprcode) ?? `li_${line.cprcode}`,
      item: {
        id: line.cprcode,
        title: line.productName,
        price: line.priceSatang,
        ...(facts?.imageUrl ? { image_url: facts.imageUrl } : {}),
      },
      quantity: { original: line.quantity, total, fulfilled },
      totals: [
        { type: 'subtotal', amount: line.rowTotalSatang },
        { type: 'total', amount: line.rowTotalSatang },
      ],
      status: lineStatus(total, fulfilled),
    };
  });
}

const REFUND_STATUS: Readonly<Record<RefundRecord['state'], UcpAdjustment['status']>> = {
  pending: 'pending',
  succeeded: 'completed',
  failed: 'failed',
};

/**
 * An order as UCP 2026-04-08 shows it (order.json): its lines under the session's line ids, one
 * expectation (pickup at the branch, or delivery to the address, from the grocer's slot), the
 * fulfilment events the grocer's progress has reached, refunds and cancellation as adjustments,
 * and totals that add up exactly. Core keeps no time for each step of the grocer's progress, so an
 * event's `occurred_at` is the latest time known to precede it: when the order was paid (or placed).
 */
export function toUcpOrder(order: OrderRecord, session: CheckoutSessionRecord, view: OrderView): UcpOrder {
  const grocer = order.grocerOrder;
  const lines = orderLines(grocer, session, view);
  const refs = lines.map((line) => ({ id: line.id, quantity: Math.max(1, line.quantity.original) }));
  const known = order.paidAt ?? grocer.payment.paidAt ?? order.createdAt;
  const pickup = grocer.shipping.fulfilmentType === 'PICKUP';
  const { destination, where } = destinationOf(session, grocer);
  const slot = grocer.shipping.schedules[0];
  const adjustments: UcpAdjustment[] = view.refunds.map((refund) => ({
    id: refund.refundId,
    type: 'refund',
    occurred_at: refund.updatedAt,
    status: REFUND_STATUS[refund.state],
    totals: [{ type: 'total', amount: -refund.amountMinor }],
    description: `Payment refunded (${refund.reason}).`,
  }));
  if (grocer.status === 'CANCELLED')
    adjustments.push({
      id: `${order.orderId}-cancellation`,
      type: 'cancellation',
      occurred_at: known,
      status: 'completed',
      description: 'The order was cancelled.',
    });
  return {
    ucp: ucpEnvelope('order', { environment: order.environment, active: view.active }),
    id: order.orderId,
    checkout_id: session.sessionId,
    permalink_url: view.permalinkUrl,
    line_items: lines,
    fulfillment: {
      expectations: [
        {
          id: `${order.orderId}-${pickup ? 'pickup' : 'delivery'}`,
          line_items: refs,
          method_type: pickup ? 'pickup' : 'shipping',
          destination,
          description: `${pickup ? 'Pickup' : `${slot?.mode === 'EXPRESS' ? 'Express delivery' : 'Delivery'}`} ${where}`,
          fulfillable_on: slot?.dateTime ?? 'now',
        },
      ],
      events: milestones(grocer).map((step) => ({
        id: `${order.orderId}-${step.type}`,
        occurred_at: known,
        type: step.type,
        line_items: refs,
        description: step.description,
      })),
    },
    adjustments,
    currency: 'THB',
    totals: orderTotals(grocer),
  };
}
