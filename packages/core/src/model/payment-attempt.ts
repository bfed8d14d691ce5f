import type { OrderRecord, PaymentAttemptRecord } from './checkout.ts';
import { newId } from './ids.ts';

/**
 * A new attempt at paying `order` with `provider`, as it is written before the provider is asked:
 * `started`, owned by its request until the request window has passed.
 *
 * @example
 * const attempt = newPaymentAttempt({ order, provider: 'sandbox', simulate: null, nowMs: clock.now(), requestWindowMs: 60_000 });
 */
export function newPaymentAttempt(input: {
  order: Pick<OrderRecord, 'orderId' | 'partnerId' | 'grandTotalSatang' | 'currency'>;
  provider: string;
  simulate: 'decline' | null;
  nowMs: number;
  requestWindowMs: number;
}): PaymentAttemptRecord {
  const { order, nowMs } = input;
  const now = new Date(nowMs).toISOString();
  return {
    attemptId: newId('pay'),
    orderId: order.orderId,
    partnerId: order.partnerId,
    provider: input.provider,
    amountSatang: order.grandTotalSatang,
    currency: order.currency,
    state: 'started',
    providerReference: null,
    redirectUrl: null,
    providerStatus: null,
    refundReference: null,
    failureCode: null,
    failureMessage: null,
    simulate: input.simulate,
    checks: 0,
    createdAt: now,
    updatedAt: now,
    nextCheckAt: new Date(nowMs + input.requestWindowMs).toISOString(),
  };
}
