/** What a provider needs to take one payment. */
export interface PaymentRequest {
  orderId: string;
  /** Unique per attempt: the provider's idempotency key, so a repeated start is the same payment. */
  attemptId: string;
  amountSatang: number;
  currency: string;
  /** Where a hosted page sends the shopper back after paying, and when they give up. */
  returnUrl: string;
  cancelUrl: string;
  /** A hosted session ends by then (within the payment link's life). */
  expiresAtMs: number;
  /** `decline` asks the sandbox provider to refuse, so partners can test that path. */
  simulate?: 'decline' | undefined;
  /**
   * A payment credential an agent platform delegated for this payment (a Stripe shared payment
   * token, `spt_…`): the token providers charge it at once; other providers never get one.
   */
  delegatedToken?: string | undefined;
}

/** How a payment started: settled at once, or the shopper pays on the provider's hosted page. */
export type StartedPayment =
  { status: 'paid'; reference: string } | { status: 'redirect'; reference: string; redirectUrl: string };

/**
 * One payment as the provider holds it now: its word is what settles an attempt, never a webhook's
 * body. `open`: a hosted session waits for the shopper and can still take money; `pending`: the
 * shopper finished but the money has not settled (a PromptPay transfer can settle later); `paid`:
 * the money is taken; `failed`: it ended without taking money (declined, failed, or completed
 * without a payment); `expired`: it ended unpaid when its time ran out or it was closed. Neither
 * `failed` nor `expired` can take money any more.
 */
export interface ProviderPayment {
  /** The provider's reference, as `start` returned it (a Stripe Checkout Session id). */
  reference: string;
  status: 'open' | 'pending' | 'paid' | 'failed' | 'expired';
  /** The amount the payment is for (paid: taken), in the minor unit of `currency`; null when the provider does not say. */
  amountMinor: number | null;
  /** Lower-case ISO 4217 code, as the provider reports it; null when it does not say. */
  currency: string | null;
  /** The attempt and order the payment names (what `start` was given), when it names them. */
  attemptId: string | null;
  orderId: string | null;
}

/** Where a refund stands at the provider: `pending` until the provider confirms it; `failed` when it gave up (staff must act). */
export interface ProviderRefund {
  /** The provider's refund id. */
  reference: string;
  status: 'pending' | 'succeeded' | 'failed';
}

/** What a refund asks of the provider. */
export interface RefundRequest {
  /** The service's refund id: a repeated request with it is the same refund, however late. */
  refundId: string;
  /** The provider's idempotency key for creating it (one per attempt, reason and payment). */
  idempotencyKey: string;
  /** The payment whose money goes back (its provider reference). */
  reference: string;
  attemptId: string | null;
  orderId: string;
  /** The whole amount the payment took, in the minor unit of `currency`. */
  amountMinor: number;
  currency: string;
  /** Why, in the domain's words (an error code), kept with the refund at the provider. */
  reason: string;
}

/**
 * A provider's webhook delivery in the domain's words: only a hint of which payment or refund to
 * look at. What the service does is decided by asking the provider (`lookup`, `refund`), so
 * repeats, stale or out-of-order deliveries move nothing by themselves.
 */
export type ProviderEvent =
  | {
      /** The provider's event id: a delivery repeated by the provider has the same one. */
      eventId: string;
      /** The provider's event type, for the log. */
      type: string;
      subject: 'payment';
      /** The payment the event is about (a Checkout Session id). */
      reference: string;
      /** The attempt and order the payment names, when it names them. */
      attemptId: string | null;
      orderId: string | null;
    }
  | {
      eventId: string;
      type: string;
      subject: 'refund';
      /** The provider's refund id. */
      reference: string;
      /** The service's refund id the refund names, when it names one. */
      refundId: string | null;
    };

/**
 * Takes the money for a payment link. The sandbox provider records the payment and moves no money;
 * production partners need a real provider configured. Card numbers never reach this API: a hosted
 * provider takes them on its own page.
 *
 * Every call is idempotent per `attemptId` (refunds per `refundId`), so the payment saga can repeat
 * any step after a lost answer or a crash. `start` throws `CommerceError('PAYMENT_DECLINED')` when
 * the payment is refused and `PAYMENT_PROVIDER_UNAVAILABLE` when the provider cannot be reached.
 */
export interface PaymentProvider {
  /** Name shown on links and orders, e.g. `sandbox`. */
  readonly name: string;
  /** For client-side widgets; null for link-based providers. */
  readonly publicKey: string | null;
  readonly merchantId: string | null;
  readonly sdkUrl: string | null;
  /**
   * Whether the shopper pays on the provider's own page. Money then moves only there, so a start
   * whose answer was lost took none: the attempt ends and paying again starts afresh. A provider
   * that is not hosted may have charged during such a start; the recovery worker asks it.
   */
  readonly hosted: boolean;
  /** Origins of a hosted provider's payment pages: the pay form is sent on to them. */
  readonly pageOrigins?: readonly string[];
  start(request: PaymentRequest): Promise<StartedPayment>;
  /**
   * The payment as the provider holds it now: by `reference` when known, else by the attempt (a
   * provider that cannot find a payment without its reference answers null). Null when the
   * provider has no such payment.
   */
  lookup(query: { attemptId: string | null; reference: string | null }): Promise<ProviderPayment | null>;
  /**
   * Hosted providers: ends an open payment so that it can take no money, and returns it as it is
   * after (`expired`, or `paid`/`pending` when the shopper finished first). Repeating it is harmless.
   */
  close?(reference: string): Promise<ProviderPayment>;
  /**
   * Gives a paid payment's money back, all of it, once however often asked with the same
   * `refundId`; a repeat answers where the refund stands now.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /**
   * Hosted providers: verifies a webhook delivery (its raw body and headers, lower-case names) and
   * parses it. Null for an authentic event this API does not act on; throws
   * `CommerceError('SIGNATURE_INVALID')` for a forged, tampered or stale one, and
   * `CommerceError('INVALID_INPUT')` for an authentic one whose body is not an event this API reads.
   */
  parseWebhook?(rawBody: Uint8Array, headers: Readonly<Record<string, string | undefined>>): ProviderEvent | null;
}
