import { CommerceError } from '@grocery/core';
import Stripe from 'stripe';

/** Stripe's error in the domain's words; the secret key never reaches a message. */
export function toCommerceError(error: unknown): CommerceError {
  if (error instanceof CommerceError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const details = {
      stripeType: error.type,
      stripeCode: error.code,
      statusCode: error.statusCode,
      requestId: error.requestId,
    };
    const message = scrub(error.message);
    if (error instanceof Stripe.errors.StripeCardError)
      return new CommerceError('PAYMENT_DECLINED', `Stripe declined the payment: ${message}`, { details });
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error.statusCode ?? 0) >= 500
    ) {
      return new CommerceError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        `Stripe could not be reached or did not answer (${error.type}): ${message}`,
        { details },
      );
    }
    // Authentication, permission, invalid request, idempotency: the saga treats it as unanswered and asks again later.
    return new CommerceError(
      'PAYMENT_PROVIDER_UNAVAILABLE',
      `Stripe refused the request (${error.type}${error.code ? ` ${error.code}` : ''}): ${message}`,
      { details },
    );
  }
  const message = error instanceof Error ? scrub(error.message) : 'unknown error';
  return new CommerceError('PAYMENT_PROVIDER_UNAVAILABLE', `Stripe could not be reached: ${message}`);
}

/** Runs a Stripe call, its failure in the domain's words. */
export async function stripeCall<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toCommerceError(error);
  }
}

/** Retrieves an object Stripe may not have: null when it answers that there is no such object. */
export async function retrieveOrNull<T>(request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && (error.code === 'resource_missing' || error.statusCode === 404))
      return null;
    throw toCommerceError(error);
  }
}

/** Stripe masks keys in its messages; this makes sure of it for anything that echoes one. */
function scrub(message: string): string {
  return message
    .replace(/\b(sk|rk)_(live|test)_[A-Za-z0-9*]+/g, '$1_$2_***')
    .replace(/\bwhsec_[A-Za-z0-9+/=]+/g, 'whsec_***');
}
