import { CommerceError } from '@grocery/core';
import type { ProviderRefund, RefundRequest } from '@grocery/core/ports';
import Stripe from 'stripe';
import { toCommerceError } from './stripe-errors.ts';

/** Stripe caps a metadata value at 500 characters. */
const METADATA_VALUE_LIMIT = 500;

/**
 * Gives a payment intent's money back, once per `refundId` however often asked: a refund made
 * earlier is found by its metadata (Stripe forgets idempotency keys after 24 hours), a payment
 * whose money is all back already (refunded by hand) stands for it. `what` names the payment in
 * messages (a Checkout Session, or the payment intent itself).
 */
export async function refundPaymentIntent(
  stripe: Stripe,
  intent: Stripe.PaymentIntent | null,
  request: RefundRequest,
  what: string,
): Promise<ProviderRefund> {
  if (!intent || intent.status === 'requires_payment_method' || intent.status === 'canceled') {
    throw new CommerceError('NOT_FOUND', `${what} took no money, so there is nothing to refund.`);
  }
  if (intent.status !== 'succeeded') {
    // A PromptPay transfer still settling cannot be refunded yet; the saga asks again.
    throw new CommerceError(
      'PAYMENT_PROVIDER_UNAVAILABLE',
      `Stripe's payment ${intent.id} has not settled (${intent.status}); it can be refunded once it has.`,
    );
  }
  const earlier = await earlierRefund(stripe, intent.id, request.refundId);
  if (earlier) return earlier;
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: intent.id,
        amount: request.amountMinor,
        metadata: {
          refundId: request.refundId,
          attemptId: request.attemptId ?? '',
          orderId: request.orderId,
          reason: request.reason.slice(0, METADATA_VALUE_LIMIT),
        },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return refundOf(refund);
  } catch (error) {
    // A concurrent repeat, or the money is back already (refunded by hand in the Dashboard): where it stands is the answer.
    if (
      error instanceof Stripe.errors.StripeIdempotencyError ||
      (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded')
    ) {
      const mine =
        (await earlierRefund(stripe, intent.id, request.refundId)) ??
        (await fullyRefunded(stripe, intent.id, intent.amount_received));
      if (mine) return mine;
    }
    throw toCommerceError(error);
  }
}

/** A refund this service already made of the payment under `refundId`, if any. */
async function earlierRefund(
  stripe: Stripe,
  paymentIntentId: string,
  refundId: string,
): Promise<ProviderRefund | null> {
  const refunds = await listRefunds(stripe, paymentIntentId);
  const found = refunds.find((refund) => refund.metadata?.refundId === refundId);
  return found ? refundOf(found) : null;
}

/** The payment's money is all back (refunds made elsewhere): the latest of them stands for the refund. */
async function fullyRefunded(
  stripe: Stripe,
  paymentIntentId: string,
  received: number,
): Promise<ProviderRefund | null> {
  const refunds = await listRefunds(stripe, paymentIntentId);
  const back = refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.amount, 0);
  const latest = refunds[0];
  return latest && back >= received ? { reference: latest.id, status: 'succeeded' } : null;
}

async function listRefunds(stripe: Stripe, paymentIntentId: string): Promise<Stripe.Refund[]> {
  try {
    return (await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })).data;
  } catch (error) {
    throw toCommerceError(error);
  }
}

function refundOf(refund: Stripe.Refund): ProviderRefund {
  switch (refund.status) {
    case 'succeeded':
      return { reference: refund.id, status: 'succeeded' };
    case 'failed':
    case 'canceled':
      return { reference: refund.id, status: 'failed' };
    default:
      // pending, requires_action: Stripe has not finished it.
      return { reference: refund.id, status: 'pending' };
  }
}
