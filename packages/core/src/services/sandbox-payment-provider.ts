import { CommerceError } from '../errors.ts';
import { sha256Hex } from '../model/ids.ts';
import type { PaymentProvider, PaymentRequest, ProviderPaymentState, StartedPayment } from '../ports/payment-provider.ts';

/**
 * The sandbox provider: settles at once and moves no money. `simulate: 'decline'` refuses, so
 * partners can see the declined path end to end. References derive from the attempt id, so every
 * instance gives a repeated start the same answer without sharing state.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly publicKey = null;
  readonly merchantId = null;
  readonly sdkUrl = null;

  async start(request: PaymentRequest): Promise<StartedPayment> {
    if (request.simulate === 'decline') throw new CommerceError('PAYMENT_DECLINED', 'The sandbox declined this payment, as asked. No money moved.');
    if (!Number.isSafeInteger(request.amountSatang) || request.amountSatang <= 0) {
      throw new CommerceError('INVALID_INPUT', 'A payment amount is a positive number of satang.');
    }
    return { status: 'paid', reference: reference('sbx', request.attemptId) };
  }

  /**
   * The sandbox keeps no record: a start either answered (and the saga stored its reference) or
   * never happened, and no money moves either way, so an attempt it is asked about is `unknown`.
   */
  async lookup(): Promise<ProviderPaymentState> {
    return { status: 'unknown', reference: null, amountSatang: null };
  }

  async refund(input: { attemptId: string }): Promise<{ reference: string }> {
    return { reference: reference('sbx_rf', input.attemptId) };
  }
}

const reference = (prefix: string, attemptId: string) => `${prefix}_${sha256Hex(attemptId).slice(0, 24)}`;
