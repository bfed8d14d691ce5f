// The simulator's GrocerGateway orders: create (idempotent by id), read, cancel and record a payment.
import { CommerceError } from '@grocery/core';
import type { CreateOrderRequest, GrocerOrder, RecordPaymentRequest } from '@grocery/core/ports';
import { calculate } from './calculator.ts';
import { checkAddress } from './calculator-input.ts';
import {
  cancelledError,
  checkBatch,
  checkOrderFields,
  checkOrderId,
  checkPaymentFields,
  isRecord,
} from './simulator-input.ts';
import type { GrocerSimulator } from './simulator-contract.ts';
import type { SimulatorWorld } from './simulator-world.ts';

/** The gateway's orders: create (idempotent by id), read, cancel and record a payment. */
export function orderMethods(
  world: SimulatorWorld,
): Pick<GrocerSimulator, 'createOrder' | 'orders' | 'cancelOrder' | 'recordPayment'> {
  const { orders, clock, gate, notifications } = world;
  return {
    async createOrder(request: CreateOrderRequest): Promise<GrocerOrder> {
      await gate();
      return createOrder(world, request);
    },

    async orders(orderIds: readonly string[]): Promise<GrocerOrder[]> {
      await gate();
      const now = clock.now();
      const seen = new Set<string>();
      const out: GrocerOrder[] = [];
      checkBatch(orderIds, 'orderIds').forEach((orderId, i) => {
        if (typeof orderId !== 'string' || orderId.length > 64)
          throw new CommerceError('INVALID_INPUT', `orderIds[${i}] must be an order id.`, { field: `orderIds.${i}` });
        if (seen.has(orderId)) return;
        seen.add(orderId);
        const record = orders.get(orderId);
        if (record) out.push(orders.view(record, now));
      });
      return out;
    },

    async cancelOrder(orderId: string): Promise<GrocerOrder | null> {
      await gate();
      const id = checkOrderId(orderId);
      const record = orders.get(id);
      if (!record) {
        world.cancelledIds.add(id);
        return null;
      }
      const now = clock.now();
      if (record.order.payment.isPaid)
        throw new CommerceError('ALREADY_PAID', `Order ${id} is paid; it cannot be cancelled.`, {
          field: 'orderId',
          details: { orderId: id },
        });
      orders.cancel(record, now);
      notifications.transitions(record, now);
      return orders.view(record, now);
    },

    async recordPayment(request: RecordPaymentRequest): Promise<GrocerOrder> {
      await gate();
      return recordPayment(world, request);
    },
  };
}

/** A new order priced by the calculator, or the order already made under this id; an id cancelled first is refused. */
function createOrder(world: SimulatorWorld, request: CreateOrderRequest): GrocerOrder {
  const { orders, clock } = world;
  if (!isRecord(request)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
  const orderId = checkOrderId(request.orderId);
  if (world.cancelledIds.has(orderId)) throw cancelledError(orderId);
  const existing = orders.get(orderId);
  if (existing) {
    if (orders.isCancelled(existing, clock.now())) throw cancelledError(orderId);
    return orders.view(existing, clock.now());
  }
  checkOrderFields(request);
  const { branchCode, lines, fulfilment, scheduleMode, address, couponCodes, orderSource } = request;
  const calculation = calculate(
    { branchCode, lines, fulfilment, scheduleMode, address, couponCodes, orderSource },
    world.calculatorContext(),
  );
  const now = clock.now();
  const record = orders.create(request, calculation, checkAddress(request.address), now);
  return orders.view(record, now);
}

/** Pays an unpaid order its exact total (the same paymentId again is that payment); uses up its coupons and tells the service. */
function recordPayment(world: SimulatorWorld, request: RecordPaymentRequest): GrocerOrder {
  const { orders, clock, notifications } = world;
  if (!isRecord(request)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
  const record = world.requireOrder(request.orderId);
  const { amountSatang, provider, reference, paymentId } = checkPaymentFields(request);
  const now = clock.now();
  const order = record.order;
  // One payment per order: the same paymentId again is that payment, any other is refused.
  if (order.payment.isPaid) {
    if (order.payment.paymentId === paymentId) return orders.view(record, now);
    throw new CommerceError('ALREADY_PAID', `Order ${order.orderId} is already paid.`, {
      details: { orderId: order.orderId },
    });
  }
  if (orders.isCancelled(record, now)) throw cancelledError(order.orderId);
  if (amountSatang !== order.grandTotalSatang) {
    throw new CommerceError(
      'PRICE_CHANGED',
      `The payment of ${amountSatang} satang is not the order's total of ${order.grandTotalSatang} satang.`,
      {
        field: 'amountSatang',
        details: { orderId: order.orderId, expectedSatang: order.grandTotalSatang },
      },
    );
  }
  orders.pay(record, { method: provider, reference, paymentId }, now);
  // A coupon is used up when its order is paid, so re-pricing an unpaid order before payment
  // still counts it as available (spec rule 5 compares like with like).
  world.couponBook.redeem(order.couponCodes);
  notifications.paid(order, amountSatang, reference);
  notifications.transitions(record, now);
  return orders.view(record, now);
}
