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
}

/** How a payment started: settled at once, or the shopper pays on the provider's hosted page. */
export type StartedPayment = { status: 'paid'; reference: string } | { status: 'redirect'; reference: string; redirectUrl: string };

/**
 * What the provider says of an attempt now. `open`: a hosted session waits for the shopper;
 * `pending`: the shopper finished but the money has not settled (a PromptPay transfer can settle
 * later); `paid`; `failed`: refused, cancelled or expired, no money taken; `unknown`: the provider
 * has no such attempt.
 */
export interface ProviderPaymentState {
  status: 'open' | 'pending' | 'paid' | 'failed' | 'unknown';
  reference: string | null;
  amountSatang: number | null;
}

/**
 * A provider's webhook event in the domain's words. `paid`: the money is taken; `pending`: the
 * shopper finished but the money has not settled yet (PromptPay can settle later); `failed`: the
 * payment did not go through; `expired`: the hosted session ended unpaid.
 */
export interface ProviderEvent {
  /** The provider's event id: a delivery repeated by the provider has the same one. */
  eventId: string;
  type: 'paid' | 'pending' | 'failed' | 'expired';
  /** The attempt the payment belongs to (what `start` was given), and its order. */
  attemptId: string;
  orderId: string;
  /** The provider's reference of the attempt (as `start` returned it). */
  reference: string;
  amountSatang: number | null;
  /** When the provider says it happened (Unix ms). */
  occurredAtMs: number;
}

/**
 * Takes the money for a payment link. The sandbox provider records the payment and moves no money;
 * production partners need a real provider configured. Card numbers never reach this API: a hosted
 * provider takes them on its own page.
 *
 * Every call is idempotent per `attemptId`, so the payment saga can repeat any step after a lost
 * answer or a crash. `start` throws `CommerceError('PAYMENT_DECLINED')` when the payment is refused
 * and `PAYMENT_PROVIDER_UNAVAILABLE` when the provider cannot be reached.
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
  /** What became of an attempt; `reference` is what `start` returned, when known. */
  lookup(attempt: { attemptId: string; reference: string | null }): Promise<ProviderPaymentState>;
  /** Gives a charged attempt's money back (a void when it was not captured). Repeating it refunds once. */
  refund(input: { attemptId: string; reference: string; amountSatang: number; reason: string }): Promise<{ reference: string }>;
  /**
   * Hosted providers: verifies a webhook delivery (its raw body and headers, lower-case names) and
   * parses it. Null for an authentic event this API does not act on; throws
   * `CommerceError('SIGNATURE_INVALID')` for a forged, tampered or stale one.
   */
  parseWebhook?(rawBody: Uint8Array, headers: Readonly<Record<string, string | undefined>>): ProviderEvent | null;
}
