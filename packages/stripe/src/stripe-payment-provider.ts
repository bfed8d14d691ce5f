import { CommerceError } from '@grocery/core';
import type {
  PaymentProvider,
  PaymentRequest,
  ProviderEvent,
  ProviderPayment,
  ProviderRefund,
  RefundRequest,
  StartedPayment,
} from '@grocery/core/ports';
import Stripe from 'stripe';
import { apiUrlProblem, sdkHostOptions, type StripeConfig } from './stripe-config.ts';
import { retrieveOrNull, stripeCall, toCommerceError } from './stripe-errors.ts';
import { readStripeEvent } from './stripe-events.ts';
import { refundPaymentIntent } from './stripe-refunds.ts';

type Session = Stripe.Checkout.Session;

/** Stripe accepts a Checkout Session's `expires_at` between 30 minutes and 24 hours after creation. */
const MIN_SESSION_SECONDS = 30 * 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60;
/** Margin for the request's flight time and clock skew, so a clamped value stays inside Stripe's window. */
const CLAMP_MARGIN_SECONDS = 60;
/** Clamped values are rounded to this grid, so a repeated start within it sends the same body (same idempotency key, same parameters). */
const CLAMP_GRID_SECONDS = 10 * 60;
/** Stripe's own tolerance for a webhook's signed timestamp; older deliveries are replays. */
const WEBHOOK_TOLERANCE_SECONDS = 300;
/** A real Stripe-Signature header is a timestamp and one or two signatures; anything far longer is not one. */
const MAX_SIGNATURE_HEADER_LENGTH = 4096;

/**
 * The Stripe provider: the shopper pays by card or PromptPay on a Stripe Checkout page in THB;
 * lookups, refunds and webhooks go through the official SDK. Every call that creates something
 * carries an idempotency key derived from the attempt id, so the saga can repeat any step.
 *
 * @example
 * const stripe = createStripePaymentProvider({ secretKey: process.env.STRIPE_SECRET_KEY!, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET! });
 * const started = await stripe.start(request); // { status: 'redirect', reference: 'cs_…', redirectUrl: 'https://checkout.stripe.com/…' }
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly publicKey = null;
  readonly merchantId = null;
  readonly sdkUrl = null;
  readonly hosted = true;
  readonly pageOrigins: readonly string[];
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(config: StripeConfig) {
    const problems = configProblems(config);
    if (problems.length > 0)
      throw new CommerceError('INVALID_INPUT', `The Stripe provider is misconfigured: ${problems.join(' ')}`);
    this.#webhookSecret = config.webhookSecret;
    this.#stripe = new Stripe(config.secretKey, {
      apiVersion: Stripe.API_VERSION,
      timeout: config.timeoutMs ?? 10_000,
      maxNetworkRetries: config.maxNetworkRetries ?? 2,
      ...(config.apiUrl ? sdkHostOptions(config.apiUrl) : {}),
    });
    // The pay form posts on to the Checkout page; an overridden API (a double) serves its own pages.
    this.pageOrigins = config.apiUrl
      ? ['https://checkout.stripe.com', new URL(config.apiUrl).origin]
      : ['https://checkout.stripe.com'];
  }

  async start(request: PaymentRequest): Promise<StartedPayment> {
    if (!Number.isSafeInteger(request.amountSatang) || request.amountSatang <= 0) {
      throw new CommerceError('INVALID_INPUT', 'A payment amount is a positive number of satang.');
    }
    if (request.currency.toUpperCase() !== 'THB')
      throw new CommerceError('INVALID_INPUT', `Stripe payments here are in THB, not ${request.currency}.`);
    const metadata = { orderId: request.orderId, attemptId: request.attemptId };
    // `simulate` is the sandbox's; with a test key, Stripe's own test cards decline on its page.
    const session = await stripeCall(() =>
      this.#stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              price_data: {
                currency: 'thb',
                unit_amount: request.amountSatang,
                product_data: { name: `Order ${request.orderId}` },
              },
              quantity: 1,
            },
          ],
          // Since API version 2026-09-30 (SDK 23) this filters the methods the dashboard enables; payment_method_types is gone.
          allowed_payment_method_types: ['card', 'promptpay'],
          client_reference_id: request.orderId,
          metadata,
          payment_intent_data: { metadata },
          expires_at: sessionExpiry(request.expiresAtMs, Date.now()),
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.attemptId },
      ),
    );
    if (!session.url)
      throw new CommerceError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        `Stripe created Checkout Session ${session.id} without a page URL.`,
      );
    return { status: 'redirect', reference: session.id, redirectUrl: session.url };
  }

  async lookup(query: { attemptId: string | null; reference: string | null }): Promise<ProviderPayment | null> {
    // Checkout Sessions cannot be listed by metadata: without the reference there is nothing to ask.
    if (!query.reference) return null;
    const session = await this.#retrieve(query.reference);
    return session ? paymentOf(session) : null;
  }

  async close(reference: string): Promise<ProviderPayment> {
    const session = await this.#retrieve(reference);
    if (!session) throw new CommerceError('NOT_FOUND', `Stripe has no Checkout Session ${reference}.`);
    if (session.status !== 'open') return paymentOf(session);
    try {
      await this.#stripe.checkout.sessions.expire(reference, {}, { idempotencyKey: `expire-${reference}` });
    } catch (error) {
      // No longer open (the shopper finished meanwhile): what it is now is the answer.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw toCommerceError(error);
    }
    const after = await this.#retrieve(reference);
    if (!after)
      throw new CommerceError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        `Stripe lost Checkout Session ${reference} while it was being expired.`,
      );
    if (after.status === 'open')
      throw new CommerceError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        `Stripe would not expire Checkout Session ${reference}; try again.`,
      );
    return paymentOf(after);
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const session = await this.#retrieve(request.reference);
    if (!session) throw new CommerceError('NOT_FOUND', `Stripe has no Checkout Session ${request.reference}.`);
    return refundPaymentIntent(this.#stripe, paymentIntentOf(session), request, `Checkout Session ${session.id}`);
  }

  parseWebhook(rawBody: Uint8Array, headers: Readonly<Record<string, string | undefined>>): ProviderEvent | null {
    const signature = headers['stripe-signature'];
    if (!signature) throw new CommerceError('SIGNATURE_INVALID', 'The Stripe-Signature header is missing.');
    if (signature.length > MAX_SIGNATURE_HEADER_LENGTH)
      throw new CommerceError('SIGNATURE_INVALID', 'The Stripe-Signature header is not one Stripe sends.');
    let event: unknown;
    try {
      // Verified before anything of the body is read; what it holds is checked by readStripeEvent.
      event = this.#stripe.webhooks.constructEvent(
        Buffer.from(rawBody),
        signature,
        this.#webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        // Stripe's message says what failed (no signature matched, timestamp outside the tolerance) and quotes no secret.
        throw new CommerceError('SIGNATURE_INVALID', `The Stripe webhook signature does not verify: ${error.message}`);
      }
      // Verified but not JSON: authentic yet unreadable.
      throw new CommerceError('INVALID_INPUT', 'The Stripe webhook body is signed but is not a JSON event.');
    }
    return readStripeEvent(event);
  }

  /** The session with its payment intent, or null when Stripe has no such session. */
  #retrieve(reference: string): Promise<Session | null> {
    return retrieveOrNull(() => this.#stripe.checkout.sessions.retrieve(reference, { expand: ['payment_intent'] }));
  }
}

/**
 * The Stripe provider for a configuration; throws `CommerceError('INVALID_INPUT')` naming what is
 * wrong (never the secrets) when the configuration cannot work.
 *
 * @example
 * const provider = createStripePaymentProvider({ secretKey: 'sk_test_…', webhookSecret: 'whsec_…' });
 */
export function createStripePaymentProvider(config: StripeConfig): PaymentProvider {
  return new StripePaymentProvider(config);
}

function configProblems(config: StripeConfig): string[] {
  const problems: string[] = [];
  if (!/^(sk|rk)_(live|test)_\S+$/.test(config.secretKey))
    problems.push('the secret key must start with sk_live_, sk_test_, rk_live_ or rk_test_.');
  if (!/^whsec_\S+$/.test(config.webhookSecret)) problems.push('the webhook secret must start with whsec_.');
  if (config.apiUrl) {
    const problem = apiUrlProblem(config.apiUrl);
    if (problem) problems.push(`the API URL ${problem}`);
  }
  return problems;
}

/** The session's end in Unix seconds: the link's end, moved into Stripe's allowed window when outside it. */
export function sessionExpiry(expiresAtMs: number, nowMs: number): number {
  const wanted = Math.floor(expiresAtMs / 1000);
  const now = Math.floor(nowMs / 1000);
  const earliest = now + MIN_SESSION_SECONDS + CLAMP_MARGIN_SECONDS;
  const latest = now + MAX_SESSION_SECONDS - CLAMP_MARGIN_SECONDS;
  if (wanted < earliest) return Math.ceil(earliest / CLAMP_GRID_SECONDS) * CLAMP_GRID_SECONDS;
  if (wanted > latest) return Math.floor(latest / CLAMP_GRID_SECONDS) * CLAMP_GRID_SECONDS;
  return wanted;
}

function paymentIntentOf(session: Session): Stripe.PaymentIntent | null {
  return session.payment_intent && typeof session.payment_intent === 'object' ? session.payment_intent : null;
}

/** The session as the domain sees a payment: Stripe's word on its status, amount and currency. */
function paymentOf(session: Session): ProviderPayment {
  return {
    reference: session.id,
    status: sessionStatus(session),
    amountMinor: session.amount_total,
    currency: session.currency,
    attemptId: session.metadata?.attemptId ?? null,
    orderId: session.metadata?.orderId ?? null,
  };
}

function sessionStatus(session: Session): ProviderPayment['status'] {
  switch (session.status) {
    case 'open':
      return 'open';
    case 'expired':
      return 'expired';
    case 'complete': {
      if (session.payment_status === 'paid') return 'paid';
      // Complete without a payment to take: no money moved.
      if (session.payment_status === 'no_payment_required') return 'failed';
      // Complete but unpaid: an asynchronous method (PromptPay) that settles or fails later.
      const intent = paymentIntentOf(session);
      if (intent?.status === 'succeeded') return 'paid';
      if (intent?.status === 'requires_payment_method' || intent?.status === 'canceled') return 'failed';
      return 'pending';
    }
    default:
      return 'failed';
  }
}
