import { CommerceError } from '../errors.ts';
import { newId } from '../model/ids.ts';
import type { ChargeRequest, PaymentProvider } from '../ports/payment-provider.ts';

/**
 * The sandbox provider: records the payment and moves no money. `simulate: 'decline'` refuses,
 * so partners can see the declined path end to end.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly publicKey = null;
  readonly merchantId = null;
  readonly sdkUrl = null;
  readonly #references = new Map<string, string>();

  async charge(request: ChargeRequest): Promise<{ reference: string }> {
    if (request.simulate === 'decline') throw new CommerceError('PAYMENT_DECLINED', 'The sandbox declined this payment, as asked. No money moved.');
    if (!Number.isSafeInteger(request.amountSatang) || request.amountSatang <= 0) {
      throw new CommerceError('INVALID_INPUT', 'A payment amount is a positive number of satang.');
    }
    // Same attempt, same reference: a retried charge is not a second payment.
    let reference = this.#references.get(request.attemptId);
    if (!reference) {
      reference = newId('sbx');
      this.#references.set(request.attemptId, reference);
      if (this.#references.size > 10_000) this.#references.delete(this.#references.keys().next().value!);
    }
    return { reference };
  }
}
