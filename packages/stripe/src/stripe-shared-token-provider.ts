import { CommerceError } from '@grocery/core';
import type {
  PaymentProvider,
  PaymentRequest,
  ProviderPayment,
  ProviderRefund,
  RefundRequest,
  StartedPayment,
} from '@grocery/core/ports';
import Stripe from 'stripe';
import { apiUrlProblem, sdkHostOptions, type StripeConfig } from './stripe-config.ts';
import { retrieveOrNull, stripeCall, toCommerceError } from './stripe-errors.ts';
import { refundPaymentIntent } from './stripe-refunds.ts';

/** What the shared-token provider needs: the Stripe account's key (no webhook: it never sends the buyer to a page). */
export type StripeSharedTokenConfig = Omit<StripeConfig, 'webhookSecret'>;

/** A granted shared payment token as Stripe writes them; anything else is refused before Stripe is asked. */
const SHARED_TOKEN = /^spt_[A-Za-z0-9_]{1,250}$/;

/** Stripe's payment intent parameters with the shared payment token, which the SDK's types do not name yet (a preview API). */
type SharedTokenIntentParams = Stripe.PaymentIntentCreateParams & { shared_payment_granted_token: string };

/**
 * Stripe's shared payment tokens (SPT, `spt_…`): an agent platform grants the shop a token for one
 * buyer's payment method, limited in amount, currency and time (ACP's delegated payment). The
 * provider charges it at once: a PaymentIntent created with `shared_payment_granted_token` and
 * `confirm: true`, as Stripe's agentic-commerce docs show, under the attempt id as idempotency key.
 * Not hosted: a start whose answer was lost may have charged, so lookups find the intent by the
 * attempt id in its metadata, and the payment saga settles or refunds it like any other.
 *
 * @example
 * const spt = createStripeSharedTokenProvider({ secretKey: process.env.STRIPE_SECRET_KEY! });
 * await spt.start({ ...request, delegatedToken: 'spt_123' }); // { status: 'paid', reference: 'pi_…' }
 */
export class StripeSharedTokenProvider implements PaymentProvider {
  readonly name = 'stripe_spt';
  readonly publicKey = null;
  readonly merchantId = null;
  readonly sdkUrl = null;
  readonly hosted = false;
  readonly #stripe: Stripe;

  constructor(config: StripeSharedTokenConfig) {
    const problems: string[] = [];
    if (!/^(sk|rk)_(live|test)_\S+$/.test(config.secretKey))
      problems.push('the secret key must start with sk_live_, sk_test_, rk_live_ or rk_test_.');
    const apiProblem = config.apiUrl ? apiUrlProblem(config.apiUrl) : null;
    if (apiProblem) problems.push(`the API URL ${apiProblem}`);
    if (problems.length > 0)
      throw new CommerceError(
        'INVALID_INPUT',
        `The Stripe shared-token provider is misconfigured: ${problems.join(' ')}`,
      );
    this.#stripe = new Stripe(config.secretKey, {
      apiVersion: Stripe.API_VERSION,
      timeout: config.timeoutMs ?? 10_000,
      maxNetworkRetries: config.maxNetworkRetries ?? 2,
      ...(config.apiUrl ? sdkHostOptions(config.apiUrl) : {}),
    });
  }

  async start(request: PaymentRequest): Promise<StartedPayment> {
    if (!Number.isSafeInteger(request.amountSatang) || request.amountSatang <= 0)
      throw new CommerceError('INVALID_INPUT', 'A payment amount is a positive number of satang.');
    if (request.currency.toUpperCase() !== 'THB')
      throw new CommerceError('INVALID_INPUT', `Stripe payments here are in THB, not ${request.currency}.`);
    const token = request.delegatedToken;
    if (token === undefined || !SHARED_TOKEN.test(token))
      throw new CommerceError('PAYMENT_DECLINED', 'A Stripe shared payment token (spt_…) pays this payment.');
    const metadata = { orderId: request.orderId, attemptId: request.attemptId };
    const params: SharedTokenIntentParams = {
      amount: request.amountSatang,
      currency: 'thb',
      confirm: true,
      shared_payment_granted_token: token,
      description: `Order ${request.orderId}`,
      metadata,
    };
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.#stripe.paymentIntents.create(params, { idempotencyKey: request.attemptId });
    } catch (error) {
      throw refusalOf(error);
    }
    switch (intent.status) {
      case 'succeeded':
        return { status: 'paid', reference: intent.id };
      case 'processing':
        // Taken but not settled: the saga looks the intent up later (by the attempt id) and settles it then.
        throw new CommerceError(
          'PAYMENT_PROVIDER_UNAVAILABLE',
          `Stripe is still processing payment ${intent.id}; it is settled when it has.`,
        );
      default:
        // 3-D Secure or another step the buyer must take: the agent cannot, so nothing is charged and the buyer pays on the payment page.
        await this.#cancel(intent.id);
        throw new CommerceError(
          'PAYMENT_DECLINED',
          `Stripe needs the buyer to act on payment ${intent.id} (${intent.status}); nothing was charged.`,
          { details: { stripeStatus: intent.status } },
        );
    }
  }

  async lookup(query: { attemptId: string | null; reference: string | null }): Promise<ProviderPayment | null> {
    if (query.reference) {
      const intent = await this.#retrieve(query.reference);
      return intent ? paymentOf(intent) : null;
    }
    if (!query.attemptId) return null;
    // Without the reference (the start's answer was lost), the intent is found by the attempt id it carries.
    // Stripe's search lags writes by up to a minute; the saga asks only after its request window (60 s by default).
    const found = await stripeCall(() =>
      this.#stripe.paymentIntents.search({ query: `metadata['attemptId']:'${query.attemptId}'`, limit: 10 }),
    );
    const intent = found.data.find((candidate) => candidate.metadata?.attemptId === query.attemptId);
    return intent ? paymentOf(intent) : null;
  }

  async close(reference: string): Promise<ProviderPayment> {
    const intent = await this.#retrieve(reference);
    if (!intent) throw new CommerceError('NOT_FOUND', `Stripe has no payment intent ${reference}.`);
    if (paymentOf(intent).status !== 'open') return paymentOf(intent);
    await this.#cancel(reference);
    const after = await this.#retrieve(reference);
    if (!after) throw new CommerceError('PAYMENT_PROVIDER_UNAVAILABLE', `Stripe lost payment intent ${reference}.`);
    return paymentOf(after);
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const intent = await this.#retrieve(request.reference);
    if (!intent) throw new CommerceError('NOT_FOUND', `Stripe has no payment intent ${request.reference}.`);
    return refundPaymentIntent(this.#stripe, intent, request, `Payment intent ${intent.id}`);
  }

  async #cancel(reference: string): Promise<void> {
    try {
      await this.#stripe.paymentIntents.cancel(reference, {}, { idempotencyKey: `cancel-${reference}` });
    } catch (error) {
      // No longer cancelable (it succeeded or was cancelled meanwhile): what it is now is the answer.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw toCommerceError(error);
    }
  }

  #retrieve(reference: string): Promise<Stripe.PaymentIntent | null> {
    return retrieveOrNull(() => this.#stripe.paymentIntents.retrieve(reference));
  }
}

/**
 * The Stripe shared-payment-token provider for a configuration; throws `CommerceError('INVALID_INPUT')`
 * naming what is wrong (never the key) when it cannot work.
 *
 * @example
 * const spt = createStripeSharedTokenProvider({ secretKey: 'sk_live_…' });
 */
export function createStripeSharedTokenProvider(config: StripeSharedTokenConfig): PaymentProvider {
  return new StripeSharedTokenProvider(config);
}

/**
 * A refused start in the domain's words. A card decline (402) is PAYMENT_DECLINED; so is a request
 * Stripe refused as invalid (a token that is unknown, used, revoked, expired or over its limits):
 * Stripe keeps no result for it and moved no money. Anything unanswered stays unanswered.
 */
function refusalOf(error: unknown): CommerceError {
  if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode ?? 400) < 500) {
    const message = toCommerceError(error).message.replace(/^Stripe refused the request \([^)]*\): /, '');
    return new CommerceError('PAYMENT_DECLINED', `Stripe refused the shared payment token: ${message}`, {
      details: { stripeCode: error.code, param: error.param },
    });
  }
  return toCommerceError(error);
}

/** The payment intent as the domain sees a payment. */
function paymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    reference: intent.id,
    status: statusOf(intent.status),
    amountMinor: intent.status === 'succeeded' ? intent.amount_received : intent.amount,
    currency: intent.currency,
    attemptId: intent.metadata?.attemptId ?? null,
    orderId: intent.metadata?.orderId ?? null,
  };
}

function statusOf(status: Stripe.PaymentIntent.Status): ProviderPayment['status'] {
  switch (status) {
    case 'succeeded':
      return 'paid';
    case 'processing':
    case 'requires_capture':
      return 'pending';
    case 'requires_action':
    case 'requires_confirmation':
      // Could still take money once the step is taken: open until closed (cancelled).
      return 'open';
    case 'canceled':
      return 'expired';
    default:
      // requires_payment_method: the confirmation failed (declined) and nothing was taken.
      return 'failed';
  }
}
