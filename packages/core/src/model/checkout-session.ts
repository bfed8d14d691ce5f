import type { Environment } from './partner.ts';
import type { Calculation } from './pricing.ts';

/** The open protocols an agent platform checks out through (DESIGN §6). */
export type AgentProtocol = 'ucp' | 'acp';

/**
 * Where a checkout session stands, in UCP's words (ACP's bindings map them): `incomplete` (something
 * is missing or wrong: see the messages), `requires_escalation` (the buyer must act at
 * `continueUrl`), `ready_for_complete`, `complete_in_progress` (the order or its payment is under
 * way), and the terminal `completed` and `canceled`.
 */
export type CheckoutSessionStatus =
  'incomplete' | 'requires_escalation' | 'ready_for_complete' | 'complete_in_progress' | 'completed' | 'canceled';

/** Statuses a session never leaves. */
export const TERMINAL_SESSION_STATUSES: readonly CheckoutSessionStatus[] = ['completed', 'canceled'];

/** Who is buying, as the agent said; every field optional until the order needs it. */
export interface CheckoutBuyer {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** E.164, e.g. `+66812345678`. */
  phone: string | null;
}

/** One line of a session; `lineId` (`li_…`) stays the same for the product across updates. */
export interface CheckoutLine {
  lineId: string;
  cprcode: string;
  quantity: number;
}

/** A postal address as the protocols send it (no coordinates): geocoded by its postcode. */
export interface CheckoutAddress {
  streetAddress: string;
  /** District or city (`address_locality`). */
  locality: string | null;
  /** Province (`address_region`). */
  region: string | null;
  postcode: string;
  /** ISO 3166-1 alpha-2; only `TH` is served. */
  country: string;
  /** Who receives it, when not the buyer. */
  recipientName: string | null;
}

/** How the order reaches the buyer: picked up at a branch, or delivered to an address. */
export type CheckoutFulfilment =
  | { type: 'pickup'; branchCode: string | null }
  | {
      type: 'delivery';
      address: CheckoutAddress | null;
      /** The slot kind the buyer chose (`REGULAR` or `EXPRESS`); null until chosen. */
      scheduleMode: 'REGULAR' | 'EXPRESS' | null;
    };

/** What the buyer or agent asks a session to hold: on create, and in full on every update. */
export interface CheckoutSessionInput {
  lines: readonly { cprcode: string; quantity: number; lineId?: string | null | undefined }[];
  buyer?: Partial<CheckoutBuyer> | null | undefined;
  fulfilment?: CheckoutFulfilment | null | undefined;
  couponCodes?: readonly string[] | null | undefined;
}

/** Why a message is there; the bindings map each to their protocol's code. */
export type CheckoutMessageCode =
  | 'out_of_stock'
  | 'item_unavailable'
  | 'invalid_item'
  | 'address_undeliverable'
  | 'fulfilment_required'
  | 'buyer_required'
  | 'coupon_refused'
  | 'price_changed'
  | 'payment_failed'
  | 'payment_required'
  | 'alcohol_not_licensed'
  | 'order_failed';

/**
 * A business outcome the agent shows or acts on (never a protocol error). `severity` for errors:
 * `recoverable` (the agent can fix it), `requires_buyer_input` / `requires_buyer_review` (the buyer
 * must act, at `continueUrl` when escalated), `unrecoverable`.
 */
export interface CheckoutMessage {
  type: 'error' | 'warning' | 'info';
  code: CheckoutMessageCode;
  text: string;
  /** What it is about, as a path into the session (`lines.li_…`, `fulfilment.address`, `couponCodes.0`). */
  path: string | null;
  severity: 'recoverable' | 'requires_buyer_input' | 'requires_buyer_review' | 'unrecoverable' | null;
  /** For coupon messages: the grocer's stable reason (UNKNOWN, EXPIRED, MIN_SPEND, …). */
  reason: string | null;
}

/** A fulfilment choice the session offers for its lines: a branch to pick up at, or a delivery slot kind. */
export type CheckoutFulfilmentOption =
  | {
      type: 'pickup';
      branchCode: string;
      name: string;
      address: string;
      postcode: string;
      distanceKm: number | null;
      /** ISO time when an order placed now is ready. */
      readyAt: string;
    }
  | {
      type: 'delivery';
      scheduleMode: 'REGULAR' | 'EXPRESS';
      branchCode: string;
      /** What this slot kind adds to the bill, in satang. */
      feeSatang: number;
      windowStart: string;
      windowEnd: string;
    };

/** The session's order, once `complete` has placed it. */
export interface CheckoutSessionOrder {
  orderId: string;
  /** Where the buyer pays the order (its payment link); the session's `continueUrl` while unpaid. */
  paymentUrl: string | null;
  /** When the payment link lapses (unix seconds): the session never outlives it. */
  paymentUrlExpiresAt: number | null;
  paid: boolean;
}

/**
 * A checkout session (`cs_…`) an agent platform drives for a partner's shop: protocol-neutral; the
 * UCP and ACP bindings translate it. Every write re-quotes; `version` guards concurrent writes.
 */
export interface CheckoutSessionRecord {
  sessionId: string;
  partnerId: string;
  environment: Environment;
  protocol: AgentProtocol;
  /** The agent credential (or verified profile) that created it; only it reads and writes the session. */
  callerId: string;
  /** The caller's UCP profile, when it sent one; order events go to its webhook. */
  profileUrl: string | null;
  webhookUrl: string | null;
  status: CheckoutSessionStatus;
  buyer: CheckoutBuyer;
  lines: CheckoutLine[];
  fulfilment: CheckoutFulfilment | null;
  couponCodes: string[];
  /** The branch the lines are priced at. */
  branchCode: string;
  /** The last bill from the grocer's calculator; null when it could not price (see messages). */
  quote: Calculation | null;
  quotedAt: string | null;
  options: CheckoutFulfilmentOption[];
  messages: CheckoutMessage[];
  order: CheckoutSessionOrder | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  /** Bumped on every write; a write that finds another version lost a race and retries. */
  version: number;
}
