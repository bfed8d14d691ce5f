import { CommerceError, requireSafeText } from '@grocery/core';
import type { ProviderEvent } from '@grocery/core/ports';
import { z } from 'zod';

/** The Checkout Session events that say something about a payment this API may have started. */
const SESSION_EVENTS: readonly string[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
];

/** The refund events that say where a refund this API asked for stands. */
const REFUND_EVENTS: readonly string[] = ['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated'];

/** Stripe ids and the ids this API puts in metadata are short; anything longer is not one. */
const id = z.string().min(1).max(255);
const metadata = z.record(z.string(), z.string()).nullish();

/** The part of a Stripe event this API reads; everything else of the body is left alone. */
const eventShape = z.object({
  id,
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const sessionShape = z.object({ object: z.literal('checkout.session'), id, metadata });
const refundShape = z.object({ object: z.literal('refund'), id, metadata });

/**
 * A verified Stripe event in the domain's words: which payment (a Checkout Session) or refund it is
 * about, and the ids this API put in its metadata. Null for authentic events this API does not act
 * on (other types, objects of other integrations). Throws `CommerceError('INVALID_INPUT')` for a
 * body that is not an event of the shape Stripe documents, or whose fields carry text no input may
 * carry (NUL, control characters, lone surrogates): nothing moves for it.
 */
export function readStripeEvent(body: unknown): ProviderEvent | null {
  const event = parse(eventShape, body, 'The Stripe webhook body is not an event');
  requireSafeText(event.id, 'id');
  requireSafeText(event.type, 'type');
  const object = event.data.object;
  if (SESSION_EVENTS.includes(event.type)) {
    const session = parse(sessionShape, object, `The ${event.type} event does not carry a Checkout Session`);
    const attemptId = safeMetadata(session.metadata, 'attemptId');
    const orderId = safeMetadata(session.metadata, 'orderId');
    requireSafeText(session.id, 'data.object.id');
    // A session this API did not start (another integration on the same account) is not ours to act on.
    if (!attemptId) return null;
    return { eventId: event.id, type: event.type, subject: 'payment', reference: session.id, attemptId, orderId };
  }
  if (REFUND_EVENTS.includes(event.type)) {
    const refund = parse(refundShape, object, `The ${event.type} event does not carry a refund`);
    const refundId = safeMetadata(refund.metadata, 'refundId');
    requireSafeText(refund.id, 'data.object.id');
    if (!refundId) return null;
    return { eventId: event.id, type: event.type, subject: 'refund', reference: refund.id, refundId };
  }
  return null;
}

function parse<T>(shape: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = shape.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  throw new CommerceError('INVALID_INPUT', `${what}${field ? ` (${field}: ${issue?.message})` : ''}.`, { field });
}

function safeMetadata(values: Record<string, string> | null | undefined, key: string): string | null {
  const value = values?.[key];
  if (value === undefined) return null;
  return requireSafeText(value, `data.object.metadata.${key}`);
}
