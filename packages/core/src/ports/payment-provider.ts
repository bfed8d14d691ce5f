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
 * What the provider says of an attempt now. `pending`: not paid yet (a hosted session is open, or a
 * PromptPay transfer has not settled); `failed`: refused, cancelled or expired, no money taken;
 * `unknown`: the provider has no such attempt.
 */
export interface ProviderPaymentState {
  status: 'pending' | 'paid' | 'failed' | 'unknown';
  reference: string | null;
  amountSatang: number | null;
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
  start(request: PaymentRequest): Promise<StartedPayment>;
  /** What became of an attempt; `reference` is what `start` returned, when known. */
  lookup(attempt: { attemptId: string; reference: string | null }): Promise<ProviderPaymentState>;
  /** Gives a charged attempt's money back (a void when it was not captured). Repeating it refunds once. */
  refund(input: { attemptId: string; reference: string; amountSatang: number; reason: string }): Promise<{ reference: string }>;
}
