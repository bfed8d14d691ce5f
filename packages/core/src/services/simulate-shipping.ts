import { CommerceError } from '../errors.ts';
import type { OrderRecord } from '../model/checkout.ts';
import type { GrocerControl } from '../ports/grocer-gateway.ts';
import type { Commerce } from './commerce.ts';

/** Statuses from which an order counts as shipped: out for delivery, or ready at the branch for pickup. */
const SHIPPED = new Set(['OUT_FOR_DELIVERY', 'READY', 'COMPLETED']);
/** More picking steps than any order has: a grocer that never gets there is a fault, not a loop. */
const MAX_STEPS = 8;

/**
 * The sandbox's "ship it now" (UCP's conformance hook `POST {agent_base}/testing/simulate-shipping/{id}`):
 * moves a paid sandbox order of the partner's agent checkout sessions through the simulator's picking
 * until it is out for delivery (or ready for pickup), and records what the grocer says, so the order
 * events go out as they would. NOT_FOUND for any other order; never for production orders.
 */
export async function simulateShipping(
  commerce: Pick<Commerce, 'store' | 'orders'>,
  control: GrocerControl,
  partnerId: string,
  orderId: string,
): Promise<OrderRecord> {
  const session = await commerce.store.findCheckoutSessionByOrder(orderId);
  if (!session || session.partnerId !== partnerId || session.environment !== 'sandbox')
    throw new CommerceError('NOT_FOUND', `The partner has no sandbox agent order ${orderId.slice(0, 40)}.`, {
      field: 'orderId',
    });
  const [stored] = await commerce.store.ordersByIds([orderId]);
  if (!stored) throw new CommerceError('NOT_FOUND', `There is no order ${orderId}.`, { field: 'orderId' });
  if (stored.paymentStatus !== 'PAID')
    throw new CommerceError('INVALID_INPUT', `Order ${orderId} is not paid; it ships after payment.`, {
      field: 'orderId',
    });
  let status = stored.status;
  for (let step = 0; !SHIPPED.has(status) && status !== 'CANCELLED'; step++) {
    if (step === MAX_STEPS) throw new CommerceError('GROCER_UNAVAILABLE', `Order ${orderId} did not ship.`);
    status = (await control.advanceOrder(orderId)).status;
  }
  const [refreshed] = await commerce.orders.refresh([stored]);
  return refreshed ?? stored;
}
