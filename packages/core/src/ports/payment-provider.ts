/** What a provider needs to settle one payment. */
export interface ChargeRequest {
  orderId: string;
  amountSatang: number;
  currency: string;
  /** Unique per attempt; providers use it to make a retried charge idempotent. */
  attemptId: string;
  /** `decline` asks the sandbox provider to refuse, so partners can test that path. */
  simulate?: 'decline' | undefined;
}

/**
 * Takes the money for a payment link. The sandbox provider records the payment and moves no money;
 * production partners need a real provider configured. Throws `CommerceError('PAYMENT_DECLINED')`
 * when the payment is refused.
 */
export interface PaymentProvider {
  /** Name shown on links and orders, e.g. `sandbox`. */
  readonly name: string;
  /** For client-side widgets; null for link-based providers. */
  readonly publicKey: string | null;
  readonly merchantId: string | null;
  readonly sdkUrl: string | null;
  charge(request: ChargeRequest): Promise<{ reference: string }>;
}
