/**
 * A Stripe API double for tests (never shipped): a node:http server on 127.0.0.1 that answers
 * exactly the calls @grocery/stripe makes, with Stripe's request encoding (form-urlencoded, bracket
 * notation), bearer-key check, idempotency keys, error bodies and object shapes (checked against the
 * stripe package's own types), plus a tiny hosted page at the sessions' `url`. Tests drive what
 * the shopper and Stripe would do through its methods, and get signed webhook deliveries from it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The calls the double answers, as `METHOD /path` with `:id` for the object id. */
export type StripeDoubleRoute =
  | 'POST /v1/checkout/sessions'
  | 'GET /v1/checkout/sessions/:id'
  | 'POST /v1/checkout/sessions/:id/expire'
  | 'POST /v1/refunds'
  | 'GET /v1/refunds'
  | 'GET /v1/refunds/:id'
  | 'POST /v1/payment_intents'
  | 'GET /v1/payment_intents/search'
  | 'GET /v1/payment_intents/:id'
  | 'POST /v1/payment_intents/:id/cancel'
  | 'POST /v1/test_helpers/shared_payment/granted_tokens'
  | 'GET /c/pay/:id'
  | 'POST /c/pay/:id';

/** The fields of a Checkout Session the double keeps (named and typed as the SDK's `Checkout.Session`). */
export type DoubleSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'allowed_payment_method_types'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
> & { payment_intent: string | null };

export type DoublePaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_received'
  | 'currency'
  | 'created'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'payment_method'
  | 'status'
> & { latest_charge: string | null; payment_method: string | null };

/** A shared payment token granted to the account (Stripe's `SharedPaymentGrantedToken`, the fields the double keeps). */
export interface DoubleGrantedToken {
  id: string;
  object: 'shared_payment.granted_token';
  created: number;
  deactivated_at: number | null;
  deactivated_reason: 'consumed' | 'expired' | 'revoked' | null;
  /** The buyer's payment method behind it: `pm_card_visa` pays, `pm_card_chargeDeclined` is declined. */
  payment_method: string;
  usage_limits: { currency: string; max_amount: number; expires_at: number };
  livemode: boolean;
}

export type DoubleRefund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'balance_transaction'
  | 'charge'
  | 'created'
  | 'currency'
  | 'customer'
  | 'metadata'
  | 'payment_intent'
  | 'payment_method'
  | 'reason'
  | 'receipt_number'
  | 'status'
>;

/** One request as the double received it: the decoded form (or query) and the headers that matter. */
export interface RecordedRequest {
  route: StripeDoubleRoute | 'unknown';
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  authorization: string | null;
}

export interface StripeDoubleOptions {
  /** The key the double accepts (default `sk_test_double…`). */
  secretKey?: string;
  /** What webhook deliveries are signed with (default `whsec_double…`). */
  webhookSecret?: string;
}

export interface StripeDouble {
  /** `http://127.0.0.1:<port>`: give it as `apiUrl` of the provider. */
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Every request, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** Refunds created, oldest first. */
  readonly refunds: readonly DoubleRefund[];
  /** How many requests a route received (faulted ones included). */
  count(route: StripeDoubleRoute): number;
  /** The session as the double holds it now (its `url` is `pageUrl(id)`). */
  session(sessionId: string): DoubleSession;
  paymentIntent(paymentIntentId: string): DoublePaymentIntent;
  /** The hosted page of a session: GET shows a Pay form; POSTing it pays (`paid`) and redirects to `success_url`. */
  pageUrl(sessionId: string): string;
  /**
   * The shopper finished on Stripe's page: `paid` (a card), `unpaid` (PromptPay still settling), or
   * `no_payment_required` (nothing to pay). Creates the payment intent when there is money to take.
   */
  complete(sessionId: string, options?: { paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required' }): DoubleSession;
  /**
   * A Checkout Session made on the account by something else than the service under test (another
   * integration, a Dashboard payment link), with whatever amount, currency and metadata it says.
   */
  openSession(options: { amountMinor: number; currency?: string; metadata?: Record<string, string> }): DoubleSession;
  /** Staff refunded the session's whole payment by hand in the Dashboard (a refund without the service's metadata). */
  refundByHand(sessionId: string): DoubleRefund;
  /** While on, new refunds are created `pending` (Stripe has not finished them); `settleRefund` finishes them. */
  holdRefunds(on: boolean): void;
  /** A pending refund finishes: `succeeded`, or `failed` (its money stays with the merchant). */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): DoubleRefund;
  /** A webhook delivery of a refund event (`refund.updated`, …) about the refund as it is now, signed. */
  refundEvent(
    type: string,
    refundId: string,
    options?: { timestamp?: number },
  ): { payload: string; header: string; event: Record<string, unknown> };
  /** An `unpaid` completed session settles (`paid`) or fails (its payment intent back to `requires_payment_method`). */
  settleAsync(sessionId: string, succeeded: boolean): DoubleSession;
  /**
   * An agent grants the account a shared payment token (as `POST /v1/test_helpers/shared_payment/granted_tokens`
   * does): `paymentMethod` `pm_card_visa` (default) pays, `pm_card_chargeDeclined` is declined, `pm_card_processing`
   * leaves the payment processing; limits default to 1,000,000 satang in THB for an hour.
   */
  grantToken(options?: {
    paymentMethod?: string;
    currency?: string;
    maxAmount?: number;
    expiresAt?: number;
  }): DoubleGrantedToken;
  grantedToken(tokenId: string): DoubleGrantedToken;
  /** A processing payment intent settles (`succeeded`) or fails (back to `requires_payment_method`). */
  settleIntent(paymentIntentId: string, succeeded: boolean): DoublePaymentIntent;
  /** Stripe forgets idempotency keys after 24 hours: this forgets them all now. */
  forgetIdempotencyKeys(): void;
  /** The session's time ran out (as `POST …/expire` does). */
  expire(sessionId: string): DoubleSession;
  /**
   * A webhook delivery of `type` about the session as it is now, signed with the webhook secret
   * (or `secret`), at `timestamp` (Unix seconds; default now) so a test can sign a stale one.
   */
  event(
    type: string,
    sessionId: string,
    options?: { timestamp?: number; secret?: string; id?: string },
  ): { payload: string; header: string; event: Record<string, unknown> };
  /**
   * The next `times` requests of `route` fail before Stripe would act: `status` (default 500) with
   * Stripe's error body, or `hang` (no answer until `close`). With `before` alone they do not fail:
   * `before` runs first (what happens at Stripe just before the request lands, e.g. the shopper
   * finishing on the page), then Stripe answers as usual.
   */
  fault(
    route: StripeDoubleRoute,
    fault: { times?: number; status?: number; hang?: boolean; before?: () => void },
  ): void;
  close(): Promise<void>;
}

interface StoredIdempotent {
  fingerprint: string;
  status: number;
  body: unknown;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      code?: string;
      message: string;
      param?: string;
      decline_code?: string;
      payment_intent?: unknown;
    },
  ) {
    super(body.message);
  }
}

/**
 * Starts the double on an ephemeral port of 127.0.0.1.
 *
 * @example
 * const stripe = await startStripeDouble();
 * const provider = createStripePaymentProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.apiUrl, maxNetworkRetries: 0 });
 */
export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const secretKey = options.secretKey ?? `sk_test_double${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_double${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, DoubleSession>();
  const intents = new Map<string, DoublePaymentIntent>();
  const refunds: DoubleRefund[] = [];
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, StoredIdempotent>();
  const faults = new Map<
    StripeDoubleRoute,
    { times: number; status: number | null; hang: boolean; before: (() => void) | null }
  >();
  let apiUrl = '';
  let holdRefunds = false;
  const grantedTokens = new Map<string, DoubleGrantedToken>();

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

  function sessionOf(sessionId: string): DoubleSession {
    const session = sessions.get(sessionId);
    if (!session)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'session',
        message: `No such checkout.session: '${sessionId}'`,
      });
    // Stripe expires an open session when its time is up.
    if (session.status === 'open' && session.expires_at <= nowSeconds()) session.status = 'expired';
    return session;
  }

  function expireSession(sessionId: string): DoubleSession {
    const session = sessionOf(sessionId);
    if (session.status !== 'open') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      });
    }
    session.status = 'expired';
    return session;
  }

  function completeSession(sessionId: string, paymentStatus: 'paid' | 'unpaid' | 'no_payment_required'): DoubleSession {
    const session = sessionOf(sessionId);
    if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${session.status}, not open.`);
    if (paymentStatus === 'no_payment_required') {
      session.status = 'complete';
      session.payment_status = 'no_payment_required';
      return session;
    }
    const intent: DoublePaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total ?? 0,
      amount_received: paymentStatus === 'paid' ? (session.amount_total ?? 0) : 0,
      currency: session.currency ?? 'thb',
      created: nowSeconds(),
      latest_charge: paymentStatus === 'paid' ? id('ch') : null,
      livemode: false,
      metadata: { ...(paymentIntentMetadata.get(sessionId) ?? {}) },
      payment_method: id('pm'),
      status: paymentStatus === 'paid' ? 'succeeded' : 'processing',
    };
    intents.set(intent.id, intent);
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.payment_intent = intent.id;
    return session;
  }

  /** payment_intent_data.metadata per session: it lands on the payment intent when one is made. */
  const paymentIntentMetadata = new Map<string, Record<string, string>>();

  function createSession(params: Record<string, unknown>): DoubleSession {
    const known = [
      'mode',
      'line_items',
      'allowed_payment_method_types',
      'client_reference_id',
      'metadata',
      'payment_intent_data',
      'expires_at',
      'success_url',
      'cancel_url',
      'customer_email',
      'locale',
      'expand',
    ];
    for (const name of Object.keys(params)) {
      if (!known.includes(name)) throw invalid(name, `Received unknown parameter: ${name}`);
    }
    if (params.mode !== 'payment') throw invalid('mode', 'This double takes Checkout Sessions in payment mode only.');
    const lines = params.line_items;
    if (!Array.isArray(lines) || lines.length === 0)
      throw invalid('line_items', 'line_items is required in payment mode.');
    let amount = 0;
    let currency: string | null = null;
    lines.forEach((line: unknown, index) => {
      const item = asRecord(line);
      const price = asRecord(item.price_data);
      const unit = integer(price.unit_amount, `line_items[${index}][price_data][unit_amount]`);
      const quantity = integer(item.quantity, `line_items[${index}][quantity]`);
      if (typeof price.currency !== 'string')
        throw invalid(`line_items[${index}][price_data][currency]`, 'Missing required param: currency.');
      if (typeof asRecord(price.product_data).name !== 'string')
        throw invalid(`line_items[${index}][price_data][product_data][name]`, 'Missing required param: name.');
      if (currency && currency !== price.currency)
        throw invalid('line_items', 'All line items must have the same currency.');
      currency = price.currency;
      amount += unit * quantity;
    });
    const methods = params.allowed_payment_method_types === undefined ? null : params.allowed_payment_method_types;
    if (methods !== null && (!Array.isArray(methods) || !methods.every((method) => typeof method === 'string')))
      throw invalid('allowed_payment_method_types', 'Invalid array');
    if (methods?.includes('promptpay') && currency !== 'thb')
      throw invalid('allowed_payment_method_types', 'The payment method `promptpay` only supports the currency thb.');
    const created = nowSeconds();
    const expiresAt =
      params.expires_at === undefined ? created + 24 * 60 * 60 : integer(params.expires_at, 'expires_at');
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 60 * 60) {
      throw invalid(
        'expires_at',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      );
    }
    for (const url of ['success_url', 'cancel_url'] as const) {
      const value = params[url];
      if (value !== undefined && (typeof value !== 'string' || !/^https?:\/\//.test(value)))
        throw invalid(url, `Not a valid URL`);
    }
    const metadata = stringMap(params.metadata, 'metadata');
    const intentData = asRecord(params.payment_intent_data ?? {});
    const session: DoubleSession = {
      id: `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`,
      object: 'checkout.session',
      allowed_payment_method_types: methods as string[] | null,
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      created,
      currency,
      customer: null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      expires_at: expiresAt,
      livemode: false,
      locale: null,
      metadata,
      mode: 'payment',
      payment_intent: null,
      payment_method_types: (methods as string[] | null) ?? ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: typeof params.success_url === 'string' ? params.success_url : null,
      url: null,
    };
    session.url = `${apiUrl}/c/pay/${session.id}`;
    sessions.set(session.id, session);
    paymentIntentMetadata.set(session.id, stringMap(intentData.metadata, 'payment_intent_data[metadata]'));
    return session;
  }

  function withExpansions(session: DoubleSession, expand: unknown): Record<string, unknown> {
    const fields = Array.isArray(expand) ? expand : [];
    for (const field of fields)
      if (field !== 'payment_intent') throw invalid('expand', `This property cannot be expanded (${String(field)}).`);
    if (fields.includes('payment_intent') && session.payment_intent)
      return { ...session, payment_intent: intents.get(session.payment_intent) };
    return { ...session };
  }

  function createRefund(params: Record<string, unknown>): DoubleRefund {
    for (const name of Object.keys(params)) {
      if (!['payment_intent', 'charge', 'amount', 'metadata', 'reason', 'expand'].includes(name))
        throw invalid(name, `Received unknown parameter: ${name}`);
    }
    if (typeof params.payment_intent !== 'string')
      throw invalid('payment_intent', 'Missing required param: payment_intent (or charge).');
    const intent = intents.get(params.payment_intent);
    if (!intent)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${params.payment_intent}'`,
      });
    if (intent.status !== 'succeeded') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      });
    }
    const refunded = refunds
      .filter(
        (refund) => refund.payment_intent === intent.id && refund.status !== 'failed' && refund.status !== 'canceled',
      )
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = intent.amount_received - refunded;
    if (left <= 0)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    const amount = params.amount === undefined ? left : integer(params.amount, 'amount');
    if (amount <= 0) throw invalid('amount', 'Invalid positive integer');
    if (amount > left)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      });
    const reason =
      params.reason === undefined
        ? null
        : typeof params.reason === 'string'
          ? params.reason
          : JSON.stringify(params.reason);
    if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason))
      throw invalid('reason', `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`);
    const refund: DoubleRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: id('txn'),
      charge: intent.latest_charge,
      created: nowSeconds(),
      currency: intent.currency,
      customer: null,
      metadata: stringMap(params.metadata, 'metadata'),
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      reason: reason as DoubleRefund['reason'],
      receipt_number: null,
      status: holdRefunds ? 'pending' : 'succeeded',
    };
    refunds.push(refund);
    return refund;
  }

  function grantToken(params: Record<string, unknown>): DoubleGrantedToken {
    for (const name of Object.keys(params)) {
      if (!['payment_method', 'usage_limits', 'seller_details', 'expand'].includes(name))
        throw invalid(name, `Received unknown parameter: ${name}`);
    }
    if (typeof params.payment_method !== 'string')
      throw invalid('payment_method', 'Missing required param: payment_method.');
    const limits = asRecord(params.usage_limits);
    if (typeof limits.currency !== 'string')
      throw invalid('usage_limits[currency]', 'Missing required param: currency.');
    const token: DoubleGrantedToken = {
      id: id('spt'),
      object: 'shared_payment.granted_token',
      created: nowSeconds(),
      deactivated_at: null,
      deactivated_reason: null,
      payment_method: params.payment_method,
      usage_limits: {
        currency: limits.currency,
        max_amount: integer(limits.max_amount, 'usage_limits[max_amount]'),
        expires_at: integer(limits.expires_at, 'usage_limits[expires_at]'),
      },
      livemode: false,
    };
    grantedTokens.set(token.id, token);
    return token;
  }

  /** The shared payment token a payment intent names, if it can still pay `amount` in `currency` (else Stripe's 400). */
  function usableToken(tokenId: unknown, amount: number, currency: string): DoubleGrantedToken {
    const param = 'shared_payment_granted_token';
    const token = typeof tokenId === 'string' ? grantedTokens.get(tokenId) : undefined;
    if (!token)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param,
        message: `No such shared_payment_granted_token: '${String(tokenId)}'`,
      });
    if (token.deactivated_at === null && token.usage_limits.expires_at <= nowSeconds()) {
      token.deactivated_at = token.usage_limits.expires_at;
      token.deactivated_reason = 'expired';
    }
    if (token.deactivated_at !== null)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        param,
        message: `The shared payment token ${token.id} can no longer be used (${token.deactivated_reason}).`,
      });
    if (currency !== token.usage_limits.currency || amount > token.usage_limits.max_amount)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        param,
        message: `The payment exceeds the usage limits of shared payment token ${token.id}.`,
      });
    return token;
  }

  /** `POST /v1/payment_intents` with a shared payment token and `confirm=true`, as Stripe's agentic-commerce docs show. */
  function createIntent(params: Record<string, unknown>): DoublePaymentIntent {
    const known = [
      'amount',
      'currency',
      'confirm',
      'shared_payment_granted_token',
      'description',
      'metadata',
      'expand',
    ];
    for (const name of Object.keys(params)) {
      if (!known.includes(name)) throw invalid(name, `Received unknown parameter: ${name}`);
    }
    const amount = integer(params.amount, 'amount');
    if (amount <= 0) throw invalid('amount', 'Amount must be at least 1 satang.');
    if (typeof params.currency !== 'string') throw invalid('currency', 'Missing required param: currency.');
    if (params.confirm !== 'true')
      throw invalid('confirm', 'This double confirms payment intents with a shared payment token at creation only.');
    const token = usableToken(params.shared_payment_granted_token, amount, params.currency);
    const intent: DoublePaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: params.currency,
      created: nowSeconds(),
      latest_charge: null,
      livemode: false,
      metadata: stringMap(params.metadata, 'metadata'),
      // Stripe clones the token's payment method onto the intent.
      payment_method: id('pm'),
      status: 'requires_payment_method',
    };
    intents.set(intent.id, intent);
    if (token.payment_method === 'pm_card_chargeDeclined')
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: { ...intent },
      });
    token.deactivated_at = nowSeconds();
    token.deactivated_reason = 'consumed';
    if (token.payment_method === 'pm_card_processing') intent.status = 'processing';
    else settleIntent(intent, true);
    return intent;
  }

  function settleIntent(intent: DoublePaymentIntent, succeeded: boolean): DoublePaymentIntent {
    if (succeeded) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.latest_charge = id('ch');
    } else intent.status = 'requires_payment_method';
    return intent;
  }

  function intentOf(intentId: string): DoublePaymentIntent {
    const intent = intents.get(intentId);
    if (!intent)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${intentId}'`,
      });
    return intent;
  }

  function cancelIntent(intentId: string): DoublePaymentIntent {
    const intent = intentOf(intentId);
    const cancelable = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'];
    if (!cancelable.includes(intent.status))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      });
    intent.status = 'canceled';
    return intent;
  }

  /** Stripe's search query language, as far as `metadata['key']:'value'` goes. */
  function searchIntents(params: Record<string, unknown>): unknown {
    const query = typeof params.query === 'string' ? /^metadata\['([^']+)'\]:'([^']*)'$/.exec(params.query) : null;
    if (!query) throw invalid('query', 'This double searches by one metadata value only.');
    const data = [...intents.values()].filter((intent) => intent.metadata[query[1]!] === query[2]);
    return { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' };
  }

  function routeOf(method: string, path: string): { route: StripeDoubleRoute | 'unknown'; objectId: string | null } {
    const match = (pattern: RegExp) => pattern.exec(path)?.[1] ?? null;
    if (method === 'POST' && path === '/v1/checkout/sessions')
      return { route: 'POST /v1/checkout/sessions', objectId: null };
    let objectId = match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (objectId && method === 'GET') return { route: 'GET /v1/checkout/sessions/:id', objectId };
    objectId = match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (objectId && method === 'POST') return { route: 'POST /v1/checkout/sessions/:id/expire', objectId };
    if (path === '/v1/refunds' && method === 'POST') return { route: 'POST /v1/refunds', objectId: null };
    if (path === '/v1/refunds' && method === 'GET') return { route: 'GET /v1/refunds', objectId: null };
    objectId = match(/^\/v1\/refunds\/([^/]+)$/);
    if (objectId && method === 'GET') return { route: 'GET /v1/refunds/:id', objectId };
    if (path === '/v1/payment_intents' && method === 'POST')
      return { route: 'POST /v1/payment_intents', objectId: null };
    if (path === '/v1/payment_intents/search' && method === 'GET')
      return { route: 'GET /v1/payment_intents/search', objectId: null };
    objectId = match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (objectId && method === 'GET') return { route: 'GET /v1/payment_intents/:id', objectId };
    objectId = match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
    if (objectId && method === 'POST') return { route: 'POST /v1/payment_intents/:id/cancel', objectId };
    if (path === '/v1/test_helpers/shared_payment/granted_tokens' && method === 'POST')
      return { route: 'POST /v1/test_helpers/shared_payment/granted_tokens', objectId: null };
    objectId = match(/^\/c\/pay\/([^/]+)$/);
    if (objectId && (method === 'GET' || method === 'POST'))
      return { route: `${method} /c/pay/:id` as StripeDoubleRoute, objectId };
    return { route: 'unknown', objectId: null };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://double');
    const method = request.method ?? 'GET';
    const rawBody = await readBody(request);
    const { route, objectId } = routeOf(method, url.pathname);
    const header = (name: string) =>
      typeof request.headers[name] === 'string' ? (request.headers[name] as string) : null;
    const params = method === 'GET' ? decodeForm(url.searchParams) : decodeForm(new URLSearchParams(rawBody));
    requests.push({
      route,
      method,
      path: url.pathname,
      params,
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
      authorization: header('authorization'),
    });

    if (route !== 'unknown') {
      const fault = faults.get(route);
      if (fault && fault.times > 0) {
        fault.times -= 1;
        fault.before?.();
        if (fault.hang) return; // no answer: the socket stays open until close()
        if (fault.status !== null)
          return sendError(response, new StripeApiError(fault.status, faultBody(fault.status)));
      }
    }

    if (route === 'GET /c/pay/:id' || route === 'POST /c/pay/:id') return payPage(route, objectId!, response);
    if (route === 'unknown') {
      return sendError(
        response,
        new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        }),
      );
    }

    const authorization = header('authorization');
    if (authorization !== `Bearer ${secretKey}`) {
      const given = authorization?.replace(/^Bearer\s+/i, '') ?? '';
      const message = given
        ? `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return sendError(response, new StripeApiError(401, { type: 'invalid_request_error', message }));
    }

    const key = method === 'POST' ? header('idempotency-key') : null;
    const fingerprint = `${method} ${url.pathname} ${createHash('sha256').update(canonical(params)).digest('hex')}`;
    if (key) {
      const stored = idempotent.get(key);
      if (stored && stored.fingerprint !== fingerprint) {
        return sendError(
          response,
          new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        );
      }
      if (stored)
        return send(response, stored.status, stored.body, { 'idempotent-replayed': 'true', 'idempotency-key': key });
    }

    let status = 200;
    let body: unknown;
    try {
      body = answer(route, objectId, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = { error: { ...error.body, request_log_url: null } };
      // Stripe saves no result for a request that failed validation, so the key may be used again.
      if (key && status === 400) return send(response, status, body, {});
    }
    if (key) idempotent.set(key, { fingerprint, status, body });
    send(response, status, body, key ? { 'idempotency-key': key } : {});
  }

  function answer(route: StripeDoubleRoute, objectId: string | null, params: Record<string, unknown>): unknown {
    switch (route) {
      case 'POST /v1/checkout/sessions':
        return withExpansions(createSession(params), params.expand);
      case 'GET /v1/checkout/sessions/:id':
        return withExpansions(sessionOf(objectId!), params.expand);
      case 'POST /v1/checkout/sessions/:id/expire':
        return withExpansions(expireSession(objectId!), params.expand);
      case 'POST /v1/refunds':
        return createRefund(params);
      case 'POST /v1/payment_intents':
        return createIntent(params);
      case 'GET /v1/payment_intents/search':
        return searchIntents(params);
      case 'GET /v1/payment_intents/:id':
        return intentOf(objectId!);
      case 'POST /v1/payment_intents/:id/cancel':
        return cancelIntent(objectId!);
      case 'POST /v1/test_helpers/shared_payment/granted_tokens':
        return grantToken(params);
      case 'GET /v1/refunds': {
        const limit = params.limit === undefined ? 10 : integer(params.limit, 'limit');
        const matching = refunds
          .filter((refund) => params.payment_intent === undefined || refund.payment_intent === params.payment_intent)
          .reverse();
        return {
          object: 'list',
          data: matching.slice(0, limit),
          has_more: matching.length > limit,
          url: '/v1/refunds',
        };
      }
      case 'GET /v1/refunds/:id': {
        const refund = refunds.find((candidate) => candidate.id === objectId);
        if (!refund)
          throw new StripeApiError(404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'id',
            message: `No such refund: '${objectId}'`,
          });
        return refund;
      }
      default:
        throw new StripeApiError(404, { type: 'invalid_request_error', message: 'Unrecognized request URL.' });
    }
  }

  function payPage(route: 'GET /c/pay/:id' | 'POST /c/pay/:id', sessionId: string, response: ServerResponse): void {
    const session = sessions.get(sessionId);
    if (session && session.status === 'open' && session.expires_at <= nowSeconds()) session.status = 'expired';
    const page = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe double checkout</title></head><body>${body}</body></html>`,
      );
    };
    if (!session)
      return page(404, '<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>');
    if (session.status !== 'open')
      return page(
        410,
        `<h1>This Checkout Session is no longer active</h1>${session.cancel_url ? `<p><a href="${html(session.cancel_url)}">Return to the merchant</a></p>` : ''}`,
      );
    if (route === 'POST /c/pay/:id') {
      completeSession(sessionId, 'paid');
      response.writeHead(303, { location: session.success_url ?? '/' });
      response.end();
      return;
    }
    const baht = ((session.amount_total ?? 0) / 100).toFixed(2);
    page(
      200,
      `<main><h1>Pay THB ${html(baht)}</h1><p>${html(session.client_reference_id ?? '')}</p>` +
        `<form method="post" action="/c/pay/${html(session.id)}"><button type="submit">Pay</button></form>` +
        (session.cancel_url ? `<p><a href="${html(session.cancel_url)}">Back</a></p>` : '') +
        '</main>',
    );
  }

  /** A webhook delivery of `type` about `object`, signed as Stripe signs them. */
  function signedEvent(
    type: string,
    object: object,
    timestamp = nowSeconds(),
    secret = webhookSecret,
    eventId = id('evt'),
  ) {
    const event = {
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: timestamp,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return { payload, header, event };
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        send(
          response,
          500,
          {
            error: {
              type: 'api_error',
              message: `Double fault: ${error instanceof Error ? error.message : String(error)}`,
            },
          },
          {},
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl,
    secretKey,
    webhookSecret,
    requests,
    refunds,
    count: (route) => requests.filter((request) => request.route === route).length,
    session: (sessionId) => sessionOf(sessionId),
    paymentIntent: (paymentIntentId) => {
      const intent = intents.get(paymentIntentId);
      if (!intent) throw new Error(`No payment intent ${paymentIntentId}.`);
      return intent;
    },
    pageUrl: (sessionId) => `${apiUrl}/c/pay/${sessionOf(sessionId).id}`,
    complete: (sessionId, options = {}) => completeSession(sessionId, options.paymentStatus ?? 'paid'),
    settleAsync: (sessionId, succeeded) => {
      const session = sessionOf(sessionId);
      const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
      if (
        session.status !== 'complete' ||
        session.payment_status !== 'unpaid' ||
        !intent ||
        intent.status !== 'processing'
      ) {
        throw new Error(`Checkout Session ${sessionId} has no payment settling.`);
      }
      if (succeeded) {
        session.payment_status = 'paid';
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        intent.latest_charge = id('ch');
      } else {
        // Stripe puts a failed asynchronous payment's intent back to requires_payment_method; the session stays unpaid.
        intent.status = 'requires_payment_method';
      }
      return session;
    },
    openSession: ({ amountMinor, currency = 'thb', metadata = {} }) =>
      createSession({
        mode: 'payment',
        line_items: [
          {
            price_data: { currency, unit_amount: String(amountMinor), product_data: { name: 'Elsewhere' } },
            quantity: '1',
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        success_url: 'https://elsewhere.example/ok',
      }),
    refundByHand: (sessionId) => {
      const session = sessionOf(sessionId);
      const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
      if (!intent) throw new Error(`Checkout Session ${sessionId} took no money.`);
      return createRefund({ payment_intent: intent.id });
    },
    holdRefunds: (on) => {
      holdRefunds = on;
    },
    settleRefund: (refundId, status) => {
      const refund = refunds.find((candidate) => candidate.id === refundId);
      if (!refund || refund.status !== 'pending') throw new Error(`No pending refund ${refundId}.`);
      refund.status = status;
      return refund;
    },
    refundEvent: (type, refundId, eventOptions = {}) => {
      const refund = refunds.find((candidate) => candidate.id === refundId);
      if (!refund) throw new Error(`No refund ${refundId}.`);
      return signedEvent(type, { ...refund }, eventOptions.timestamp);
    },
    grantToken: (grant = {}) =>
      grantToken({
        payment_method: grant.paymentMethod ?? 'pm_card_visa',
        usage_limits: {
          currency: grant.currency ?? 'thb',
          max_amount: String(grant.maxAmount ?? 1_000_000),
          expires_at: String(grant.expiresAt ?? nowSeconds() + 3600),
        },
      }),
    grantedToken: (tokenId) => {
      const token = grantedTokens.get(tokenId);
      if (!token) throw new Error(`No granted token ${tokenId}.`);
      return token;
    },
    settleIntent: (paymentIntentId, succeeded) => {
      const intent = intentOf(paymentIntentId);
      if (intent.status !== 'processing') throw new Error(`Payment intent ${paymentIntentId} is not processing.`);
      return settleIntent(intent, succeeded);
    },
    forgetIdempotencyKeys: () => idempotent.clear(),
    expire: (sessionId) => expireSession(sessionId),
    event: (type, sessionId, eventOptions = {}) =>
      signedEvent(type, { ...sessionOf(sessionId) }, eventOptions.timestamp, eventOptions.secret, eventOptions.id),
    fault: (route, fault) => {
      const before = fault.before ?? null;
      faults.set(route, {
        times: fault.times ?? 1,
        status: fault.status ?? (before ? null : 500),
        hang: fault.hang ?? false,
        before,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function faultBody(status: number): { type: string; code?: string; message: string } {
  if (status === 429)
    return {
      type: 'invalid_request_error',
      code: 'rate_limit',
      message: 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
    };
  if (status >= 500) return { type: 'api_error', message: 'An unknown error occurred' };
  return { type: 'invalid_request_error', message: `Injected ${status}.` };
}

function invalid(param: string, message: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param, message });
}

function integer(value: unknown, param: string): number {
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value))
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param,
      message: `Invalid integer: ${String(value)}`,
    });
  return Number(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringMap(value: unknown, param: string): Record<string, string> {
  if (value === undefined || value === '') return {};
  const record = asRecord(value);
  if (record !== value) throw invalid(param, `Invalid hash`);
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(record)) {
    if (typeof item !== 'string') throw invalid(`${param}[${key}]`, 'Invalid string');
    if (key.length > 40 || item.length > 500)
      throw invalid(`${param}[${key}]`, 'Metadata keys are at most 40 characters and values at most 500.');
    out[key] = item;
  }
  return out;
}

/**
 * Stripe's form encoding: `a[b][0][c]=x` is `{ a: { b: [{ c: 'x' }] } }`. Objects whose keys are
 * all indices become arrays.
 */
function decodeForm(search: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of search) {
    const path = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!path) continue;
    const keys = [path[1]!, ...[...path[2]!.matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1]!)];
    let node = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  return arrays(root) as Record<string, unknown>;
}

function arrays(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const fixed = Object.fromEntries(keys.map((key) => [key, arrays(record[key])]));
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return keys.map((key) => fixed[key]);
  return fixed;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(8).toString('hex')}`,
    ...headers,
  });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, error: StripeApiError): void {
  send(response, error.status, { error: error.body }, {});
}

function html(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
