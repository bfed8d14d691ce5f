import type { Satang } from '../money.ts';
import type { GrocerOrder, PaymentStatus } from './order.ts';
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

export type EventType = 'payment.paid' | 'order.status';

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
