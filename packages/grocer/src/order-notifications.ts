import type { Clock, GrocerOrder } from '@grocery/core/ports';
import type { OrderBook, OrderRecord } from './order-book.ts';
import { ServiceNotifier } from './service-notifier.ts';
import type { GrocerSimulatorOptions } from './simulator-contract.ts';

/** Tells the service of payments and order moves, when a webhook is configured; otherwise does nothing. */
export interface OrderNotifications {
  readonly enabled: boolean;
  /** Looks at every open order for moves to tell. */
  scan(): void;
  /** Tells the order's moves up to `now`. */
  transitions(record: OrderRecord, now: number): void;
  paid(order: GrocerOrder, amountSatang: number, reference: string): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function orderNotifications(
  options: GrocerSimulatorOptions,
  clock: Clock,
  orders: OrderBook,
): OrderNotifications {
  const notifier = options.serviceWebhook
    ? new ServiceNotifier({
        ...options.serviceWebhook,
        clock,
        log: options.log ?? ((message: string) => console.warn(message)),
        ...(options.webhookRetryDelaysMs ? { retryDelaysMs: options.webhookRetryDelaysMs } : {}),
      })
    : null;
  const transitions = (record: OrderRecord, now: number): void => {
    if (!notifier) return;
    for (const move of orders.takeTransitions(record, now)) {
      notifier.send(move.orderId, '/webhooks/shop/order-status', {
        type: 'order-status',
        orderId: move.orderId,
        status: move.status,
        pickingStatus: move.pickingStatus,
        changedAt: new Date(move.changedAtMs).toISOString(),
      });
    }
  };
  return {
    enabled: notifier !== null,
    scan: () => {
      if (!notifier) return;
      const now = clock.now();
      for (const record of orders.open(now)) transitions(record, now);
    },
    transitions,
    paid: (order, amountSatang, reference) =>
      notifier?.send(order.orderId, '/webhooks/shop/payment', {
        type: 'payment',
        orderId: order.orderId,
        paymentStatus: 'PAID',
        amountSatang,
        paidAt: order.payment.paidAt,
        reference,
      }),
    idle: async () => notifier?.idle(),
    close: async () => notifier?.close(),
  };
}
