import type { OrderRecord, PaymentAttemptRecord } from './checkout.ts';
import { newId } from './ids.ts';

/** What a new payment attempt is written with; every other field starts empty. */
export type StartedPaymentAttemptFields = Pick<
  PaymentAttemptRecord,
  | 'attemptId'
  | 'orderId'
  | 'partnerId'
  | 'provider'
  | 'amountSatang'
  | 'currency'
  | 'simulate'
  | 'createdAt'
  | 'nextCheckAt'
>;

/**
 * The one constructor of a payment-attempt record as it is written: `started`, nothing heard from
 * the provider yet, never looked at by the recovery worker. Fields of `fields` beyond those it is
 * written with are dropped, so a store writes the same record whatever it was given.
 *
 * @example
 * const row = startedPaymentAttempt(attempt); // what a store's startPaymentAttempt writes
 */
export function startedPaymentAttempt(fields: StartedPaymentAttemptFields): PaymentAttemptRecord {
  return {
    attemptId: fields.attemptId,
    orderId: fields.orderId,
    partnerId: fields.partnerId,
    provider: fields.provider,
    amountSatang: fields.amountSatang,
    currency: fields.currency,
    state: 'started',
    providerReference: null,
    redirectUrl: null,
    providerStatus: null,
    refundReference: null,
    failureCode: null,
    failureMessage: null,
    simulate: fields.simulate,
    checks: 0,
    createdAt: fields.createdAt,
    updatedAt: fields.createdAt,
    nextCheckAt: fields.nextCheckAt,
  };
}

/**
 * A new attempt at paying `order` with `provider`, as it is written before the provider is asked:
 * `started`, owned by its request until the request window has passed. A new id unless one is given.
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
  attemptId?: string;
}): PaymentAttemptRecord {
  const { order, nowMs } = input;
  return startedPaymentAttempt({
    attemptId: input.attemptId ?? newId('pay'),
    orderId: order.orderId,
    partnerId: order.partnerId,
    provider: input.provider,
    amountSatang: order.grandTotalSatang,
    currency: order.currency,
    simulate: input.simulate,
    createdAt: new Date(nowMs).toISOString(),
    nextCheckAt: new Date(nowMs + input.requestWindowMs).toISOString(),
  });
}
