import type { ErrorCode } from '../errors.ts';
import type { Satang } from '../money.ts';
import type { CreateOrderRequest, GrocerOrder, PaymentStatus } from './order.ts';
import type { Environment } from './partner.ts';
import type { CalculateRequest, Calculation } from './pricing.ts';

/** A stored quote: what was priced and the calculator's answer. */
export interface QuoteRecord {
  quoteId: string;
  partnerId: string;
  ownerId: string;
  request: CalculateRequest;
  calculation: Calculation;
  createdAt: string;
  expiresAt: string;
}

/** The service's record of an order; the grocer's view is kept in `grocerOrder`. */
export interface OrderRecord {
  orderId: string;
  partnerId: string;
  ownerId: string;
  environment: Environment;
  orderSource: string;
  branchCode: string;
  grandTotalSatang: Satang;
  currency: string;
  paymentStatus: PaymentStatus;
  /** Order status as last seen at the grocer. */
  status: string;
  /** Picking status of the first schedule as last seen at the grocer. */
  pickingStatus: string | null;
  /** The pricing inputs, so the order can be priced again before a payment is accepted. */
  request: CalculateRequest;
  grocerOrder: GrocerOrder;
  createdAt: string;
  paidAt: string | null;
}

/**
 * Where an order intent stands. `pending`: the grocer may or may not have the order (the call is
 * running, or its answer was lost); `cancelling`: the service gave it up and is making sure the
 * grocer cancels it; `created`: stored as an order; `failed`: the grocer refused it (it created
 * nothing); `cancelled`: the grocer has cancelled it, or will refuse its id.
 */
export type OrderIntentState = 'pending' | 'cancelling' | 'created' | 'failed' | 'cancelled';

/**
 * What the service means to create at the grocer, written before the grocer is called, so that an
 * order whose answer is lost (timeout, crash) is found again and adopted or cancelled.
 */
export interface OrderIntentRecord {
  /** Also the grocer's idempotency key: a repeated create of this id is the same order. */
  orderId: string;
  partnerId: string;
  ownerId: string;
  environment: Environment;
  idempotencyKey: string | null;
  request: CreateOrderRequest;
  /** The lines came from the basket: they are taken out of it once the order exists. */
  fromBasket: boolean;
  state: OrderIntentState;
  /** Times the recovery worker has looked at it. */
  checks: number;
  lastError: string | null;
  createdAt: string;
  /** When the recovery worker may look at it next (a request owns it until then). */
  nextCheckAt: string;
}

/**
 * Where a payment attempt stands: `started` (the provider has it; money may not have moved yet),
 * `charged` (the provider took the money; the grocer has not confirmed recording it), `paid` (the
 * grocer recorded it and the order is paid), or how it ended otherwise: `declined` by the provider,
 * `refunded` (charged, but the grocer would not record it, so the money went back), `failed`
 * (nothing was taken).
 */
export type PaymentAttemptState = 'started' | 'charged' | 'paid' | 'declined' | 'refunded' | 'failed';

/** One try at paying an order; its id is the idempotency key at the provider and at the grocer. */
export interface PaymentAttemptRecord {
  attemptId: string;
  orderId: string;
  partnerId: string;
  provider: string;
  amountSatang: Satang;
  currency: string;
  state: PaymentAttemptState;
  /** The provider's reference of the charge (or of its session). */
  providerReference: string | null;
  /** A hosted provider's page where the shopper pays this attempt (null for providers that settle at once). */
  redirectUrl: string | null;
  /** The hosted provider's last word on a started attempt: `open` (waits for the shopper) or `pending` (paid, settling). */
  providerStatus: 'open' | 'pending' | null;
  refundReference: string | null;
  /** Why it ended unpaid, in the domain's words (e.g. PRICE_CHANGED, ORDER_CANCELLED). */
  failureCode: ErrorCode | null;
  failureMessage: string | null;
  /** `decline` asks the sandbox provider to refuse. */
  simulate: 'decline' | null;
  /** Times the recovery worker has looked at it. */
  checks: number;
  createdAt: string;
  updatedAt: string;
  /** When the recovery worker may look at it next (the request that started it owns it until then). */
  nextCheckAt: string;
}

/**
 * Where a refund stands: `pending` (decided, and the provider has not confirmed it yet: the recovery
 * worker asks again until it does), `succeeded` (the provider confirmed it), or `failed` (the provider
 * gave up on it: staff must act; reconciliation lists it).
 */
export type RefundState = 'pending' | 'succeeded' | 'failed';

/**
 * Money a provider took that goes back: the whole of one provider payment (a hosted session or a
 * charge), so there is at most one per payment. Written before the provider is asked, so that a
 * refund whose answer is lost is asked again until the provider confirms it.
 */
export interface RefundRecord {
  refundId: string;
  orderId: string;
  partnerId: string;
  /** The attempt the payment names; null when it names none of this service's attempts. */
  attemptId: string | null;
  provider: string;
  /** The provider's payment the money came in on (a Checkout Session id, a charge reference). */
  paymentReference: string;
  /** What the payment took, in the minor unit of `currency` (satang for THB). */
  amountMinor: number;
  currency: string;
  /** Why the money goes back (ALREADY_PAID, PRICE_CHANGED, ORDER_CANCELLED, PAYMENT_MISMATCH, …). */
  reason: ErrorCode;
  state: RefundState;
  /** The provider's refund id, once it has one. */
  providerRefundReference: string | null;
  lastError: string | null;
  checks: number;
  createdAt: string;
  updatedAt: string;
  /** When the recovery worker may ask the provider again (the request that decided it owns it until then). */
  nextCheckAt: string;
}

/** A payment link: the token itself is never stored, only its SHA-256. */
export interface PaymentLinkRecord {
  linkId: string;
  tokenHash: string;
  orderId: string;
  partnerId: string;
  amountSatang: Satang;
  currency: string;
  provider: string;
  /** Where the pay page sends the shopper back after paying. */
  callbackUrl: string | null;
  expiresAt: string;
  createdAt: string;
}

/** A payment as recorded by the service when a provider settled it. */
export interface PaymentRecord {
  paymentId: string;
  orderId: string;
  amountSatang: Satang;
  currency: string;
  provider: string;
  reference: string;
  createdAt: string;
}

export type EventType = 'payment.paid' | 'payment.refunded' | 'order.status';

/** An event for the partner's webhook endpoints, written to the outbox with the change that caused it. */
export interface EventRecord {
  eventId: string;
  partnerId: string;
  type: EventType;
  orderId: string;
  payload: Record<string, unknown>;
  /** Unix seconds. */
  ts: number;
}

/** A payment link as handed out, once: its URL carries the token. */
export interface IssuedPaymentLink {
  url: string;
  /** Unix seconds. */
  expiresAt: number;
  amountSatang: Satang;
  currency: string;
  provider: string;
}

/** A payment session: where to send the shopper to pay an order. */
export interface PaymentSession {
  orderId: string;
  amountSatang: Satang;
  currency: string;
  publicKey: string | null;
  merchantId: string | null;
  sdkUrl: string | null;
  redirectUrl: string | null;
  available: boolean;
}
