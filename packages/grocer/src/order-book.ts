/**
 * Orders as the grocer keeps them, and their picking progress. Progress is computed lazily from the
 * clock: once an order is paid it moves one step every `pickingStepMs`; `advance` moves it one step
 * at once and time carries on from there. Unpaid orders are cancelled after `unpaidCancelAfterMs`.
 *
 * | pickingStatus      | PICKUP status | DELIVERY status  |
 * | ------------------ | ------------- | ---------------- |
 * | AWAITING_PAYMENT   | PLACED        | PLACED           |
 * | QUEUED (paid)      | PLACED        | PLACED           |
 * | PICKING            | PICKING       | PICKING          |
 * | PACKED             | PICKING       | PICKING          |
 * | READY_FOR_PICKUP   | READY         | (n/a)            |
 * | OUT_FOR_DELIVERY   | (n/a)         | OUT_FOR_DELIVERY |
 * | COLLECTED          | COMPLETED     | (n/a)            |
 * | DELIVERED          | (n/a)         | COMPLETED        |
 * | CANCELLED          | CANCELLED     | CANCELLED        |
 */
import type { Address, Calculation, CreateOrderRequest, FulfilmentType, GrocerOrder } from '@grocery/core/ports';

export const PICKUP_STEPS = ['QUEUED', 'PICKING', 'PACKED', 'READY_FOR_PICKUP', 'COLLECTED'] as const;
export const DELIVERY_STEPS = ['QUEUED', 'PICKING', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const;
export type PickingStatus =
  'AWAITING_PAYMENT' | (typeof PICKUP_STEPS)[number] | (typeof DELIVERY_STEPS)[number] | 'CANCELLED';
export type OrderStatus = 'PLACED' | 'PICKING' | 'READY' | 'OUT_FOR_DELIVERY' | 'COMPLETED' | 'CANCELLED';

const STATUS_OF: Readonly<Record<PickingStatus, OrderStatus>> = {
  AWAITING_PAYMENT: 'PLACED',
  QUEUED: 'PLACED',
  PICKING: 'PICKING',
  PACKED: 'PICKING',
  READY_FOR_PICKUP: 'READY',
  OUT_FOR_DELIVERY: 'OUT_FOR_DELIVERY',
  COLLECTED: 'COMPLETED',
  DELIVERED: 'COMPLETED',
  CANCELLED: 'CANCELLED',
};

/** Progress positions: -2 cancelled, -1 awaiting payment, 0.. the fulfilment steps. */
const CANCELLED = -2;
const AWAITING_PAYMENT = -1;

/** One move of an order, as the order-status notification reports it. */
export interface OrderTransition {
  orderId: string;
  status: OrderStatus;
  pickingStatus: PickingStatus;
  changedAtMs: number;
}

interface Anchor {
  position: number;
  atMs: number;
}

/** An order and the facts its progress is computed from. */
export interface OrderRecord {
  order: GrocerOrder;
  createdAtMs: number;
  /** Payment and manual advances; progress between them follows the clock. */
  anchors: Anchor[];
  /** When the service cancelled it (an unpaid order only); null otherwise. */
  cancelledAtMs: number | null;
  /** Last position an order-status notification was queued for. */
  notifiedPosition: number;
}

export interface OrderBookOptions {
  pickingStepMs: number;
  unpaidCancelAfterMs: number;
}

function stepsOf(fulfilment: FulfilmentType): readonly PickingStatus[] {
  return fulfilment === 'PICKUP' ? PICKUP_STEPS : DELIVERY_STEPS;
}

function pickingStatusAt(record: OrderRecord, position: number): PickingStatus {
  if (position === CANCELLED) return 'CANCELLED';
  if (position === AWAITING_PAYMENT) return 'AWAITING_PAYMENT';
  return stepsOf(record.order.shipping.fulfilmentType)[position]!;
}

/** The slot the order is scheduled for: pickup in 2 hours (1 express), delivery in 3 (1 express), on the half hour. */
function slotTime(createdAtMs: number, fulfilment: FulfilmentType, mode: string): string {
  const hours = mode === 'EXPRESS' ? 1 : fulfilment === 'PICKUP' ? 2 : 3;
  const halfHour = 30 * 60_000;
  return new Date(Math.ceil((createdAtMs + hours * 3_600_000) / halfHour) * halfHour).toISOString();
}

/** The grocer's orders. */
export class OrderBook {
  readonly #records = new Map<string, OrderRecord>();
  readonly #open = new Set<string>();
  readonly #options: OrderBookOptions;

  constructor(options: OrderBookOptions) {
    this.#options = options;
  }

  get(orderId: string): OrderRecord | undefined {
    return this.#records.get(orderId);
  }

  /** Records a new order priced by `calculation`; the caller has checked that the id is new. */
  create(request: CreateOrderRequest, calculation: Calculation, address: Address | null, nowMs: number): OrderRecord {
    const schedule = {
      mode: calculation.scheduleMode,
      dateTime: slotTime(nowMs, calculation.fulfilment, calculation.scheduleMode),
      pickingStatus: 'AWAITING_PAYMENT',
      deliveryFeeSatang: calculation.deliveryFeeSatang + calculation.expressShippingCostSatang,
    };
    const order: GrocerOrder = {
      orderId: request.orderId,
      branchCode: calculation.branchCode,
      orderSource: request.orderSource,
      specialComment: request.specialComment,
      sandbox: request.sandbox,
      status: 'PLACED',
      createdAt: new Date(nowMs).toISOString(),
      currency: calculation.currency,
      lines: calculation.lines.map((line) => ({
        cprcode: line.cprcode,
        productName: line.productName,
        quantity: line.quantity,
        priceSatang: line.priceSatang,
        rowTotalSatang: line.rowTotalSatang,
      })),
      subTotalSatang: calculation.subTotalSatang,
      // The order's delivery fee includes the express surcharge, so grand = sub + fee - discount.
      deliveryFeeSatang: calculation.deliveryFeeSatang + calculation.expressShippingCostSatang,
      totalDiscountSatang: calculation.totalDiscountSatang,
      grandTotalSatang: calculation.grandTotalSatang,
      couponCodes: [...calculation.couponCodes],
      payment: { isPaid: false, status: 'UNPAID', method: null, paidAt: null, reference: null, paymentId: null },
      shipping: { fulfilmentType: calculation.fulfilment, address, schedules: [schedule] },
    };
    const record: OrderRecord = {
      order,
      createdAtMs: nowMs,
      anchors: [],
      cancelledAtMs: null,
      notifiedPosition: AWAITING_PAYMENT,
    };
    this.#records.set(order.orderId, record);
    this.#open.add(order.orderId);
    return record;
  }

  /** The order's progress position at `nowMs`. */
  position(record: OrderRecord, nowMs: number): number {
    const last = record.anchors.at(-1);
    if (!last) return nowMs >= this.#cancelledAt(record) ? CANCELLED : AWAITING_PAYMENT;
    const final = stepsOf(record.order.shipping.fulfilmentType).length - 1;
    return Math.min(final, last.position + Math.floor(Math.max(0, nowMs - last.atMs) / this.#options.pickingStepMs));
  }

  /** When the order reached `position`. */
  changedAt(record: OrderRecord, position: number): number {
    if (position === CANCELLED) return this.#cancelledAt(record);
    if (position === AWAITING_PAYMENT) return record.createdAtMs;
    let anchor = record.anchors[0]!;
    for (const a of record.anchors) if (a.position <= position) anchor = a;
    return anchor.atMs + (position - anchor.position) * this.#options.pickingStepMs;
  }

  isFinal(record: OrderRecord, nowMs: number): boolean {
    const position = this.position(record, nowMs);
    return position === CANCELLED || position === stepsOf(record.order.shipping.fulfilmentType).length - 1;
  }

  isCancelled(record: OrderRecord, nowMs: number): boolean {
    return this.position(record, nowMs) === CANCELLED;
  }

  /** Unpaid orders end when the service cancels them, or when they are not paid in time. */
  #cancelledAt(record: OrderRecord): number {
    return Math.min(record.cancelledAtMs ?? Infinity, record.createdAtMs + this.#options.unpaidCancelAfterMs);
  }

  /** Marks the order paid; picking starts now. */
  pay(record: OrderRecord, payment: { method: string; reference: string; paymentId: string }, nowMs: number): void {
    record.order.payment = {
      isPaid: true,
      status: 'PAID',
      method: payment.method,
      paidAt: new Date(nowMs).toISOString(),
      reference: payment.reference,
      paymentId: payment.paymentId,
    };
    record.anchors.push({ position: 0, atMs: nowMs });
  }

  /** Cancels an unpaid order now (the caller has checked that it is unpaid). */
  cancel(record: OrderRecord, nowMs: number): void {
    if (this.position(record, nowMs) !== CANCELLED) record.cancelledAtMs = nowMs;
  }

  /** Moves a paid, unfinished order one step now. Returns false when there is nothing to move. */
  advance(record: OrderRecord, nowMs: number): boolean {
    const position = this.position(record, nowMs);
    if (position < 0 || this.isFinal(record, nowMs)) return false;
    record.anchors.push({ position: position + 1, atMs: nowMs });
    return true;
  }

  /** A copy of the order as it stands at `nowMs`. */
  view(record: OrderRecord, nowMs: number): GrocerOrder {
    const pickingStatus = pickingStatusAt(record, this.position(record, nowMs));
    const o = record.order;
    return {
      ...o,
      status: STATUS_OF[pickingStatus],
      lines: o.lines.map((line) => ({ ...line })),
      couponCodes: [...o.couponCodes],
      payment: { ...o.payment },
      shipping: {
        fulfilmentType: o.shipping.fulfilmentType,
        address: o.shipping.address ? { ...o.shipping.address } : null,
        schedules: o.shipping.schedules.map((s) => ({ ...s, pickingStatus })),
      },
    };
  }

  /** Moves since the last call for this order, oldest first; each is returned once. */
  takeTransitions(record: OrderRecord, nowMs: number): OrderTransition[] {
    const position = this.position(record, nowMs);
    const from = record.notifiedPosition;
    if (position === from) return [];
    const positions =
      position === CANCELLED
        ? [CANCELLED]
        : Array.from({ length: Math.max(0, position - from) }, (_, i) => from + 1 + i);
    record.notifiedPosition = position;
    return positions.map((p) => {
      const pickingStatus = pickingStatusAt(record, p);
      return {
        orderId: record.order.orderId,
        status: STATUS_OF[pickingStatus],
        pickingStatus,
        changedAtMs: this.changedAt(record, p),
      };
    });
  }

  /** Orders that may still move or have moves not yet taken; finished ones drop out. */
  open(nowMs: number): OrderRecord[] {
    const open: OrderRecord[] = [];
    for (const orderId of this.#open) {
      const record = this.#records.get(orderId)!;
      if (this.isFinal(record, nowMs) && this.position(record, nowMs) === record.notifiedPosition)
        this.#open.delete(orderId);
      else open.push(record);
    }
    return open;
  }
}
