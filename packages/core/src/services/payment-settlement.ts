import { CommerceError, type ErrorCode } from '../errors.ts';
import type { OrderRecord, PaymentAttemptRecord, PaymentAttemptState, RefundRecord } from '../model/checkout.ts';
import type { GrocerOrder } from '../model/order.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { PaymentProvider, ProviderPayment } from '../ports/payment-provider.ts';
import type { Store } from '../ports/store.ts';
import { orderStatusEvent, paymentPaidEvent } from './order-events.ts';
import { PaymentRefunds } from './payment-refunds.ts';
import { errorText, isUnanswered, recoveryDelayMs, type SagaSettings } from './saga-settings.ts';

/** What paying came to for the request that paid: recorded (`paid`), or taken and not confirmed by the grocer yet (`pending`). */
export type Recorded = { state: 'paid' | 'pending'; order: OrderRecord };

export interface PaymentSettlementOptions {
  store: Store;
  grocer: GrocerGateway;
  clock: Clock;
  sagas: SagaSettings;
  /** The provider that took an attempt (by its name). */
  providerOf: (name: string) => PaymentProvider;
}

export const ACTIVE_ATTEMPT_STATES: readonly PaymentAttemptState[] = ['started', 'charged'];

/**
 * Settles payments by the provider's truth. Whatever brought the service here (a webhook, the
 * shopper back on the page, a second press of Pay, the recovery worker), it asks the provider what
 * it holds and acts on that alone, so repeated, late and out-of-order events change nothing by
 * themselves:
 *
 * - money the provider took is recorded at the grocer only when it is this attempt's own payment, in
 *   the attempt's currency and amount, for an order that can still be paid by it at that price;
 * - any other money that reached the provider goes back, once per provider payment, with its reason
 *   (a refund row written before the provider is asked, asked again until it confirms);
 * - an attempt leaves the ones under way only when its provider payment can take no more money: a
 *   hosted session the service gives up is closed at the provider first. One attempt of an order is
 *   under way at a time, so an order has at most one live session.
 */
export class PaymentSettlement {
  readonly #store: Store;
  readonly #grocer: GrocerGateway;
  readonly #clock: Clock;
  readonly #sagas: SagaSettings;
  readonly #providerOf: (name: string) => PaymentProvider;
  readonly #refunds: PaymentRefunds;

  constructor(options: PaymentSettlementOptions) {
    this.#store = options.store;
    this.#grocer = options.grocer;
    this.#clock = options.clock;
    this.#sagas = options.sagas;
    this.#providerOf = options.providerOf;
    this.#refunds = new PaymentRefunds(options);
  }

  /**
   * Brings an attempt to what its provider holds. `close` gives up a payment still open at the
   * provider (the order was paid otherwise, cancelled or re-priced), ending the attempt with that
   * code; money that lands first goes back with it. Answers nothing: the attempt's record says where
   * it stands after.
   */
  async settle(
    attempt: PaymentAttemptRecord,
    order: OrderRecord,
    options: { close?: ErrorCode | undefined } = {},
  ): Promise<void> {
    if (attempt.state === 'paid' || attempt.state === 'refunded') return;
    if (attempt.state === 'charged') {
      await this.#takeMoney(attempt, order).catch(ignoreRefusal);
      return;
    }
    // Ended unpaid without a payment at the provider: nothing can land on it.
    if (attempt.state !== 'started' && !attempt.providerReference) return;
    const provider = this.#providerOf(attempt.provider);
    let payment: ProviderPayment | null;
    try {
      payment = await provider.lookup({ attemptId: attempt.attemptId, reference: attempt.providerReference });
      if (payment && payment.attemptId !== null && payment.attemptId !== attempt.attemptId) payment = null;
      const close = options.close ?? closeReason(order);
      if (payment?.status === 'open' && close && provider.close) payment = await provider.close(payment.reference);
    } catch (error) {
      if (!isUnanswered(error)) throw error;
      if (attempt.state === 'started') await this.defer(attempt, error);
      return;
    }
    if (!payment) {
      if (attempt.state === 'started')
        await this.#end(attempt, 'PAYMENT_DECLINED', 'The provider has no record of this payment; no money moved.');
      return;
    }
    switch (payment.status) {
      case 'open':
        if (attempt.state === 'started')
          await this.defer(attempt, 'the shopper has not paid on the provider page yet', 'open');
        return;
      case 'pending':
        if (attempt.state === 'started')
          await this.defer(attempt, 'the provider has not settled the payment yet', 'pending');
        return;
      case 'failed':
        if (attempt.state === 'started')
          await this.#end(
            attempt,
            options.close ?? 'PAYMENT_DECLINED',
            'The payment did not go through at the provider; no money moved.',
          );
        return;
      case 'expired':
        if (attempt.state === 'started') {
          await this.#end(
            attempt,
            options.close ?? closeReason(order) ?? 'PAYMENT_LINK_EXPIRED',
            'The payment session ended unpaid; no money moved.',
          );
        }
        return;
      case 'paid':
        await this.#paid(attempt, order, payment).catch(ignoreRefusal);
        return;
    }
  }

  /**
   * A provider payment that names this attempt but is not the one the attempt holds (one the
   * service never started, or a second one): its money is not the order's and goes back. Returns
   * whether money went back.
   */
  async settleStray(
    provider: PaymentProvider,
    order: OrderRecord,
    attempt: PaymentAttemptRecord | null,
    reference: string,
  ): Promise<boolean> {
    let payment: ProviderPayment | null;
    try {
      payment = await provider.lookup({ attemptId: null, reference });
    } catch (error) {
      // Asked again when the provider delivers the event again.
      if (isUnanswered(error)) throw error;
      return false;
    }
    if (!payment || payment.status !== 'paid') return false;
    // The event's metadata and the provider's disagree: the payment may be another attempt's own, which settles as such.
    if (
      payment.attemptId &&
      (await this.#store.getPaymentAttempt(payment.attemptId))?.providerReference === payment.reference
    )
      return false;
    await this.#refunds.giveBack({
      order,
      attemptId: attempt?.attemptId ?? null,
      attempt: null,
      provider: provider.name,
      payment,
      reason: 'PAYMENT_MISMATCH',
      message: `Payment ${reference} is not one this service started for order ${order.orderId}.`,
    });
    return true;
  }

  /** Records a charged attempt at the grocer (idempotent by its id) and settles what the grocer answers. */
  async record(attempt: PaymentAttemptRecord, order: OrderRecord): Promise<Recorded> {
    let grocerOrder: GrocerOrder;
    try {
      grocerOrder = await this.#grocer.recordPayment({
        orderId: order.orderId,
        paymentId: attempt.attemptId,
        amountSatang: attempt.amountSatang,
        provider: attempt.provider,
        reference: attempt.providerReference ?? attempt.attemptId,
      });
    } catch (error) {
      if (!(error instanceof CommerceError)) throw error;
      if (isUnanswered(error)) {
        // The record may have landed: the grocer's word settles it; if it cannot say, the attempt
        // waits (it is repeated with the same id later, so it lands once).
        const truth = await this.#grocer.orders([order.orderId]).then(
          ([found]) => found,
          () => undefined,
        );
        if (truth?.payment.isPaid)
          return { state: 'paid', order: await this.#settleAfterRefusal(attempt, order, truth) };
        await this.defer(attempt, error);
        return { state: 'pending', order };
      }
      if (error.code === 'ALREADY_PAID') {
        const [truth] = await this.#grocer.orders([order.orderId]);
        if (truth?.payment.isPaid)
          return { state: 'paid', order: await this.#settleAfterRefusal(attempt, order, truth) };
      }
      // The grocer will not record it (the total changed, the order was cancelled): the money goes back.
      throw await this.#refunds.refundAttempt(attempt, order, null, error.code, error.message);
    }
    return { state: 'paid', order: await this.complete(order, grocerOrder, attempt) };
  }

  /** Marks the order paid with its payment and events, once, whichever path gets here first. */
  async complete(
    order: OrderRecord,
    grocerOrder: GrocerOrder,
    attempt: PaymentAttemptRecord | null,
  ): Promise<OrderRecord> {
    if (order.paymentStatus === 'PAID') return order;
    const nowMs = this.#clock.now();
    const paidAt = grocerOrder.payment.paidAt ?? new Date(nowMs).toISOString();
    const provider = attempt?.provider ?? grocerOrder.payment.method ?? 'grocer';
    const reference =
      attempt?.providerReference ?? grocerOrder.payment.reference ?? grocerOrder.payment.paymentId ?? order.orderId;
    const paymentId = attempt?.attemptId ?? grocerOrder.payment.paymentId ?? `grocer_${order.orderId}`;
    const recorded = await this.#store.completePayment({
      orderId: order.orderId,
      attemptId: attempt?.attemptId ?? null,
      payment: {
        paymentId,
        orderId: order.orderId,
        amountSatang: grocerOrder.grandTotalSatang,
        currency: order.currency,
        provider,
        reference,
        createdAt: paidAt,
      },
      grocerOrder,
      // Paying starts picking: that move's event (same derived id on every path) is written here too, so it is never absorbed.
      events: [
        paymentPaidEvent({ partnerId: order.partnerId, order: grocerOrder, provider, reference, paidAt, nowMs }),
        ...[
          orderStatusEvent({ partnerId: order.partnerId, before: order.grocerOrder, after: grocerOrder, nowMs }),
        ].filter((event) => event !== null),
      ],
    });
    if (!recorded) return (await this.#store.ordersByIds([order.orderId]))[0] ?? order;
    return {
      ...order,
      paymentStatus: 'PAID',
      paidAt,
      grocerOrder,
      status: grocerOrder.status,
      pickingStatus: grocerOrder.shipping.schedules[0]?.pickingStatus ?? null,
    };
  }

  /**
   * Asks the provider for a pending refund (again): it is made once per refund id however often
   * asked. Confirmed refunds send `payment.refunded`; one the provider cannot take now is asked
   * again by the recovery worker.
   */
  askRefund(refund: RefundRecord): Promise<RefundRecord['state']> {
    return this.#refunds.ask(refund);
  }

  /** Leaves an unfinished attempt for a later look, noting why (and what the provider said, if it answered). */
  async defer(attempt: PaymentAttemptRecord, reason: unknown, providerStatus?: 'open' | 'pending'): Promise<void> {
    const next = this.#clock.now() + recoveryDelayMs(this.#sagas, attempt.checks);
    await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started', 'charged'], attempt.state, {
      failureMessage: errorText(reason),
      nextCheckAt: new Date(next).toISOString(),
      ...(providerStatus ? { providerStatus } : {}),
    });
  }

  /** The provider took this attempt's money: settled when it matches and the order can take it, else given back. */
  async #paid(attempt: PaymentAttemptRecord, order: OrderRecord, payment: ProviderPayment): Promise<void> {
    const mismatch = mismatchOf(attempt, payment);
    if (mismatch) {
      await this.#refunds.refundAttempt(attempt, order, payment, 'PAYMENT_MISMATCH', mismatch);
      return;
    }
    const charged: PaymentAttemptRecord = {
      ...attempt,
      state: 'charged',
      providerReference: attempt.providerReference ?? payment.reference,
    };
    if (
      !(await this.#store.transitionPaymentAttempt(attempt.attemptId, [attempt.state], 'charged', {
        providerReference: payment.reference,
      }))
    ) {
      if (attempt.state === 'started') return; // another path moved it first
      // Money on an attempt that had ended, while another attempt of the order is under way: not the order's payment.
      await this.#refunds.refundAttempt(
        attempt,
        order,
        payment,
        'PAYMENT_IN_PROGRESS',
        'The order was being paid by another payment when this one arrived.',
      );
      return;
    }
    await this.#takeMoney(charged, order);
  }

  /** A charged attempt: recorded at the grocer when its order can still be paid by it at that amount, else its money goes back. */
  async #takeMoney(attempt: PaymentAttemptRecord, stale: OrderRecord): Promise<void> {
    const [order = stale] = await this.#store.ordersByIds([stale.orderId]);
    if (order.paymentStatus === 'PAID') {
      throw await this.#refunds.refundAttempt(
        attempt,
        order,
        null,
        'ALREADY_PAID',
        `Order ${order.orderId} was already paid by another payment.`,
      );
    }
    if (attempt.redirectUrl !== null) {
      // Paid on a hosted page, possibly long after Pay was pressed: priced again before it is accepted (checkout rule 5).
      let repriced: number | null;
      try {
        repriced = await this.#reprice(order);
      } catch (error) {
        if (!isUnanswered(error)) throw error;
        return this.defer(attempt, error);
      }
      if (repriced !== attempt.amountSatang) {
        throw await this.#refunds.refundAttempt(
          attempt,
          order,
          null,
          'PRICE_CHANGED',
          `The total of order ${order.orderId} has changed since the payment page was opened.`,
        );
      }
    }
    await this.record(attempt, order);
  }

  /** The grocer holds the order paid: by this attempt (settle it), or by another payment (settle that, refund this). */
  async #settleAfterRefusal(
    attempt: PaymentAttemptRecord,
    order: OrderRecord,
    truth: GrocerOrder,
  ): Promise<OrderRecord> {
    if (truth.payment.paymentId === attempt.attemptId) return this.complete(order, truth, attempt);
    const attempts = truth.payment.paymentId ? await this.#store.listPaymentAttempts([order.orderId]) : [];
    const paid = await this.complete(
      order,
      truth,
      attempts.find((a) => a.attemptId === truth.payment.paymentId) ?? null,
    );
    throw await this.#refunds.refundAttempt(
      attempt,
      paid,
      null,
      'ALREADY_PAID',
      `Order ${order.orderId} was already paid by another payment.`,
    );
  }

  /** Ends a started attempt that took no money. */
  async #end(attempt: PaymentAttemptRecord, failureCode: ErrorCode, failureMessage: string): Promise<void> {
    await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'failed', {
      failureCode,
      failureMessage,
    });
  }

  /** The grand total the grocer's calculator gives the order's request now; null when it cannot price it. */
  async #reprice(order: OrderRecord): Promise<number | null> {
    try {
      return (await this.#grocer.calculate(order.request)).grandTotalSatang;
    } catch (error) {
      if (error instanceof CommerceError && error.code !== 'GROCER_UNAVAILABLE') return null;
      throw error;
    }
  }
}

/** Why an open payment of the order is given up without being asked: the order can no longer be paid by it. */
function closeReason(order: OrderRecord): ErrorCode | undefined {
  if (order.paymentStatus === 'PAID') return 'ALREADY_PAID';
  if (order.status === 'CANCELLED') return 'ORDER_CANCELLED';
  return undefined;
}

/** Why a payment the provider took is not the attempt's (currency or amount), or null when it is. */
function mismatchOf(attempt: PaymentAttemptRecord, payment: ProviderPayment): string | null {
  if (payment.currency === null || payment.currency.toUpperCase() !== attempt.currency.toUpperCase()) {
    return `The payment was taken in ${payment.currency?.toUpperCase() ?? 'an unknown currency'}, not ${attempt.currency.toUpperCase()}.`;
  }
  if (payment.amountMinor !== attempt.amountSatang) {
    return `The payment took ${payment.amountMinor ?? 'an unknown amount of'} satang; the order's payment is ${attempt.amountSatang} satang.`;
  }
  return null;
}

/** A refusal the settlement already acted on (the money went back, or the attempt waits): nothing more for this caller. */
function ignoreRefusal(error: unknown): void {
  if (!(error instanceof CommerceError)) throw error;
}
