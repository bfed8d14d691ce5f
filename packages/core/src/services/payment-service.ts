import { setTimeout as sleep } from 'node:timers/promises';
import { CommerceError } from '../errors.ts';
import type { IssuedPaymentLink, OrderRecord, PaymentAttemptRecord, PaymentAttemptState, PaymentLinkRecord, PaymentSession } from '../model/checkout.ts';
import { newId } from '../model/ids.ts';
import type { GrocerOrder } from '../model/order.ts';
import type { Environment } from '../model/partner.ts';
import { formatBaht } from '../money.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { PaymentProvider, ProviderEvent, ProviderPaymentState, StartedPayment } from '../ports/payment-provider.ts';
import type { Store } from '../ports/store.ts';
import { optionalHttpUrl } from './input-validation.ts';
import { orderStatusEvent, paymentPaidEvent } from './order-events.ts';
import type { OrderService } from './order-service.ts';
import { paymentEnvironment, type PaymentLinks } from './payment-links.ts';
import { DEFAULT_SAGA_SETTINGS, errorText, isUnanswered, recoveryDelayMs, type SagaSettings } from './saga-settings.ts';
import type { ShopperContext } from './shopper-context.ts';

export interface PaymentServiceOptions {
  store: Store;
  grocer: GrocerGateway;
  orders: OrderService;
  links: PaymentLinks;
  clock: Clock;
  providers: Record<Environment, PaymentProvider | null>;
  sagas?: SagaSettings;
}

/** What a payment-link page shows and what checkout.json returns. */
export interface Checkout {
  /**
   * `payable`, or why not: `paid`; `pending` (a payment is under way or being confirmed with the
   * grocer); `expired`; `price_changed`; `cancelled` (the grocer cancelled the order).
   */
  state: 'payable' | 'paid' | 'pending' | 'expired' | 'price_changed' | 'cancelled';
  order: OrderRecord;
  link: PaymentLinkRecord;
  /** The grand total the grocer would charge now, when it differs from the order's. */
  repricedTotalSatang: number | null;
  /** The order's latest payment attempt, if any: how it ended tells the shopper what happened. */
  attempt: PaymentAttemptRecord | null;
}

/**
 * What paying at a link came to: `paid`; `pending` (taken and still being confirmed with the grocer,
 * or another payment is under way); `redirect` (a hosted provider: the shopper pays at `redirectUrl`).
 */
export type PaymentOutcome = { state: 'paid' | 'pending'; order: OrderRecord } | { state: 'redirect'; order: OrderRecord; redirectUrl: string };

/**
 * Payment links and payments. Before a payment is accepted the order is priced again; a changed
 * total is refused with `PRICE_CHANGED` and the order stays unpaid.
 *
 * Paying is a saga whose every step is recorded before the next and is idempotent by the attempt
 * id (at the provider and at the grocer): started → charged → paid, or declined, refunded, failed.
 * One attempt per order is under way at a time; a later one first settles the earlier by asking the
 * grocer and the provider what became of it, never by taking it over blindly. Money the grocer will
 * not record goes back through the provider. The grocer is the authority: an order it holds paid is
 * paid here, with exactly one `payment.paid` event.
 */
export class PaymentService {
  readonly #store: Store;
  readonly #grocer: GrocerGateway;
  readonly #orders: OrderService;
  readonly #links: PaymentLinks;
  readonly #clock: Clock;
  readonly #providers: Record<Environment, PaymentProvider | null>;
  readonly #sagas: SagaSettings;

  constructor(options: PaymentServiceOptions) {
    this.#store = options.store;
    this.#grocer = options.grocer;
    this.#orders = options.orders;
    this.#links = options.links;
    this.#clock = options.clock;
    this.#providers = options.providers;
    this.#sagas = options.sagas ?? DEFAULT_SAGA_SETTINGS;
    this.#orders.onGrocerPaid((order, grocerOrder) => this.settleFromGrocer(order, grocerOrder));
  }

  provider(environment: Environment): PaymentProvider {
    const provider = this.#providers[environment];
    if (!provider) {
      throw new CommerceError('PAYMENT_PROVIDER_UNAVAILABLE', `No ${environment} payment provider is configured, so this order cannot be paid yet. No money moved.`);
    }
    return provider;
  }

  /** Origins of the configured hosted providers' payment pages (the pay page's form may go on to them). */
  pageOrigins(): string[] {
    return Object.values(this.#providers).flatMap((provider) => provider?.pageOrigins ?? []);
  }

  /** A fresh link for an unpaid order of the shopper. */
  async createLink(ctx: ShopperContext, orderId: string, callbackUrl: string | null = null): Promise<IssuedPaymentLink> {
    const order = await this.#orders.get(ctx, orderId);
    if (!order) throw new CommerceError('NOT_FOUND', `The shopper has no order ${orderId}.`, { field: 'orderId' });
    if (order.paymentStatus === 'PAID') throw new CommerceError('ALREADY_PAID', `Order ${orderId} is already paid.`, { field: 'orderId' });
    return this.#links.issue(order, callbackUrl);
  }

  /** A payment session whose `redirectUrl` is a payment link for the order. */
  async start(ctx: ShopperContext, input: { orderId: string; callbackUrl?: string | null | undefined }): Promise<PaymentSession> {
    const callbackUrl = optionalHttpUrl(input.callbackUrl, 'input.callbackUrl');
    const order = await this.#orders.get(ctx, input.orderId);
    if (!order) throw new CommerceError('NOT_FOUND', `The shopper has no order ${input.orderId}.`, { field: 'input.orderId' });
    const provider = this.provider(paymentEnvironment(order));
    const paid = order.paymentStatus === 'PAID';
    const link = paid ? null : await this.#links.issue(order, callbackUrl);
    return {
      orderId: order.orderId,
      amountSatang: order.grandTotalSatang,
      currency: order.currency,
      publicKey: provider.publicKey,
      merchantId: provider.merchantId,
      sdkUrl: provider.sdkUrl,
      redirectUrl: link?.url ?? null,
      available: !paid,
    };
  }

  /** The checkout behind a payment link, with the grocer's word on the order and priced again when still payable. */
  async checkout(token: string): Promise<Checkout> {
    const { link, expired, order: stored } = await this.#links.resolve(token);
    let order = stored.paymentStatus === 'PAID' ? stored : (await this.#orders.refresh([stored]))[0]!;
    let attempt = (await this.#store.listPaymentAttempts([order.orderId])).at(-1) ?? null;
    // A hosted payment under way: the provider's word settles it now (the shopper may be back from its page before its webhook).
    if (order.paymentStatus === 'UNPAID' && attempt?.state === 'started' && attempt.redirectUrl) {
      await this.#settle(attempt, order).catch((error: unknown) => {
        if (!(error instanceof CommerceError)) throw error;
      });
      [order = stored] = await this.#store.ordersByIds([order.orderId]);
      attempt = (await this.#store.getPaymentAttempt(attempt.attemptId)) ?? attempt;
    }
    const view = (state: Checkout['state'], repricedTotalSatang: number | null = null): Checkout => ({ state, order, link, repricedTotalSatang, attempt });
    if (order.paymentStatus === 'PAID') return view('paid');
    // Under way: taken and being recorded, or settling at the provider. A hosted session that still
    // waits for the shopper leaves the order payable: Pay goes back to it.
    if (attempt?.state === 'charged' || (attempt?.state === 'started' && (!attempt.redirectUrl || attempt.providerStatus === 'pending'))) return view('pending');
    if (order.status === 'CANCELLED') return view('cancelled');
    if (expired) return view('expired');
    const repriced = await this.#reprice(order);
    if (link.amountSatang !== order.grandTotalSatang || repriced !== order.grandTotalSatang) return view('price_changed', repriced);
    return view('payable');
  }

  /**
   * Pays the order behind the link with its environment's provider. `pending` when the money was
   * taken but the grocer has not confirmed recording it yet (or another attempt is under way): the
   * order turns paid without another payment. Errors: PAYMENT_LINK_INVALID, PAYMENT_LINK_EXPIRED,
   * ALREADY_PAID, PRICE_CHANGED, ORDER_CANCELLED, PAYMENT_DECLINED.
   */
  async pay(token: string, options: { simulate?: 'decline' | undefined } = {}): Promise<PaymentOutcome> {
    const { link, order, expired } = await this.#links.resolve(token);
    if (order.paymentStatus === 'PAID') throw alreadyPaid(order);
    if (expired) throw new CommerceError('PAYMENT_LINK_EXPIRED', 'This payment link has expired. Ask the shop for a new one.');
    if (link.amountSatang !== order.grandTotalSatang) throw priceChanged(order);
    const provider = this.provider(paymentEnvironment(order));
    const repriced = await this.#reprice(order);
    if (repriced !== order.grandTotalSatang) throw priceChanged(order);

    const attempt = await this.#startAttempt(order, provider, options.simulate ?? null);
    if ('state' in attempt && !('attemptId' in attempt)) return attempt;
    let started: StartedPayment;
    try {
      started = await provider.start({
        orderId: order.orderId,
        attemptId: attempt.attemptId,
        amountSatang: order.grandTotalSatang,
        currency: order.currency,
        // The page learns where the shopper comes back from; it looks the attempt up either way.
        returnUrl: `${this.#links.pageUrl(token)}?provider=return`,
        cancelUrl: `${this.#links.pageUrl(token)}?provider=cancel`,
        expiresAtMs: Date.parse(link.expiresAt),
        simulate: options.simulate,
      });
    } catch (error) {
      // The provider has not taken the money (declined or refused); an unanswered start is left for
      // the recovery worker, which asks the provider what became of it. A hosted provider takes
      // money only on its page, which the shopper never saw: that attempt ends, and paying again starts afresh.
      if (isUnanswered(error) && !provider.hosted) return { state: 'pending', order };
      const code = error instanceof CommerceError ? error.code : 'INTERNAL';
      await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], code === 'PAYMENT_DECLINED' ? 'declined' : 'failed', {
        failureCode: code,
        failureMessage: errorText(error),
      });
      throw error;
    }
    if (started.status === 'redirect') {
      // The shopper pays on the provider's page; its webhook, the return to the page or the recovery worker settles it.
      await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'started', { providerReference: started.reference, redirectUrl: started.redirectUrl });
      return { state: 'redirect', order, redirectUrl: started.redirectUrl };
    }
    const charged = { ...attempt, state: 'charged' as const, providerReference: started.reference };
    if (!(await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'charged', { providerReference: started.reference }))) {
      // The recovery worker gave this attempt up while the provider was answering: the charge goes back.
      await this.#giveBack(charged, new CommerceError('PAYMENT_DECLINED', 'The payment took too long to start and was given up.'));
      throw new CommerceError('PAYMENT_DECLINED', 'The payment took too long to confirm, so it was refunded. Try again.');
    }
    return this.#record(charged, order);
  }

  /**
   * Settles an attempt that its request left unfinished (the recovery worker's step, and what a
   * later payment of the order does first): asks the grocer, then the provider, what became of it.
   * Returns the attempt's state after.
   */
  async resume(attempt: PaymentAttemptRecord): Promise<PaymentAttemptState> {
    const [order] = await this.#store.ordersByIds([attempt.orderId]);
    if (!order) return attempt.state;
    try {
      await this.#settle(attempt, order);
    } catch (error) {
      if (!(error instanceof CommerceError)) throw error;
    }
    return (await this.#store.getPaymentAttempt(attempt.attemptId))?.state ?? attempt.state;
  }

  /**
   * Acts on a hosted provider's webhook event (verified by the provider): a payment taken is
   * recorded at the grocer; one that failed or expired ends its attempt. Repeated and out-of-order
   * events are harmless: every move is guarded by the attempt's state. Returns what the event did.
   */
  async onProviderEvent(provider: PaymentProvider, event: ProviderEvent): Promise<'settled' | 'ended' | 'ignored'> {
    const attempt = await this.#store.getPaymentAttempt(event.attemptId);
    if (!attempt || attempt.orderId !== event.orderId || attempt.provider !== provider.name) return 'ignored';
    const [order] = await this.#store.ordersByIds([attempt.orderId]);
    if (!order) return 'ignored';
    switch (event.type) {
      case 'paid': {
        const moved = await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'charged', { providerReference: event.reference });
        if (!moved && attempt.state !== 'charged') return 'ignored';
        await this.#record({ ...attempt, state: 'charged', providerReference: attempt.providerReference ?? event.reference }, order).catch((error: unknown) => {
          // Refused or unanswered: the attempt is refunded or left to the recovery worker.
          if (!(error instanceof CommerceError)) throw error;
        });
        return 'settled';
      }
      case 'pending':
        // Finished on the provider's page; the money settles later (PromptPay): the page says so meanwhile.
        return (await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'started', { providerStatus: 'pending' })) ? 'settled' : 'ignored';
      case 'failed':
      case 'expired': {
        const ended = await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'failed', {
          failureCode: event.type === 'failed' ? 'PAYMENT_DECLINED' : 'PAYMENT_LINK_EXPIRED',
          failureMessage: event.type === 'failed' ? 'The payment did not go through at the provider.' : 'The payment session expired unpaid.',
        });
        return ended ? 'ended' : 'ignored';
      }
    }
  }

  /**
   * Records the grocer's payment of an order the service held unpaid: its attempt turns paid (or
   * the grocer's payment is adopted as it is), with exactly one `payment.paid` event.
   */
  async settleFromGrocer(order: OrderRecord, grocerOrder: GrocerOrder): Promise<OrderRecord> {
    const paymentId = grocerOrder.payment.paymentId;
    const [attempt] = paymentId ? (await this.#store.listPaymentAttempts([order.orderId])).filter((a) => a.attemptId === paymentId) : [];
    return this.#complete(order, grocerOrder, attempt ?? null);
  }

  async #startAttempt(order: OrderRecord, provider: PaymentProvider, simulate: 'decline' | null): Promise<PaymentAttemptRecord | PaymentOutcome> {
    // Waiting is real time, whatever the domain clock says.
    const deadline = performance.now() + this.#sagas.waitForRunningMs;
    for (;;) {
      const nowMs = this.#clock.now();
      const attempt: PaymentAttemptRecord = {
        attemptId: newId('pay'),
        orderId: order.orderId,
        partnerId: order.partnerId,
        provider: provider.name,
        amountSatang: order.grandTotalSatang,
        currency: order.currency,
        state: 'started',
        providerReference: null,
        redirectUrl: null,
        providerStatus: null,
        refundReference: null,
        failureCode: null,
        failureMessage: null,
        simulate,
        checks: 0,
        createdAt: new Date(nowMs).toISOString(),
        updatedAt: new Date(nowMs).toISOString(),
        nextCheckAt: new Date(nowMs + this.#sagas.requestWindowMs).toISOString(),
      };
      const started = await this.#store.startPaymentAttempt(attempt);
      switch (started.kind) {
        case 'started':
          return attempt;
        case 'paid':
          throw alreadyPaid(order);
        case 'not-found':
          throw new CommerceError('PAYMENT_LINK_INVALID', 'This payment link is not valid.');
        case 'busy': {
          const busy = started.attempt;
          // A hosted session waiting for the shopper: pressing Pay again goes back to it.
          if (busy.state === 'started' && busy.redirectUrl) return { state: 'redirect', order, redirectUrl: busy.redirectUrl };
          // Its request still owns it: wait to learn the outcome. Later, settle it by asking.
          if (Date.parse(busy.nextCheckAt) > nowMs) {
            if (performance.now() > deadline) return { state: 'pending', order };
            await sleep(20);
          } else if (isActive(await this.resume(busy))) {
            return { state: 'pending', order };
          }
          break;
        }
      }
    }
  }

  /** Where an unfinished attempt stands: the grocer's word first, then the provider's. */
  async #settle(attempt: PaymentAttemptRecord, order: OrderRecord): Promise<void> {
    let truth: GrocerOrder | undefined;
    try {
      [truth] = await this.#grocer.orders([order.orderId]);
    } catch (error) {
      if (!isUnanswered(error)) throw error;
      return this.#defer(attempt, error);
    }
    if (truth?.payment.isPaid) {
      const paid = await this.#complete(order, truth, truth.payment.paymentId === attempt.attemptId ? attempt : null);
      if (truth.payment.paymentId === attempt.attemptId) return;
      // The order was paid by another payment: this attempt's money, if any, goes back.
      const state = attempt.state === 'started' ? await this.#lookup(attempt) : null;
      if (attempt.state === 'charged' || state?.status === 'paid') {
        await this.#giveBack({ ...attempt, providerReference: attempt.providerReference ?? state?.reference ?? null }, alreadyPaid(paid));
      } else {
        await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'failed', {
          failureCode: 'ALREADY_PAID',
          failureMessage: 'The order was paid by another payment.',
        });
      }
      return;
    }
    if (attempt.state === 'charged') {
      await this.#record(attempt, order).catch((error: unknown) => {
        if (!(error instanceof CommerceError)) throw error;
      });
      return;
    }
    if (attempt.state !== 'started') return;
    let state: ProviderPaymentState;
    try {
      state = await this.#lookup(attempt);
    } catch (error) {
      if (!isUnanswered(error)) throw error;
      return this.#defer(attempt, error);
    }
    if (state.status === 'paid' && state.reference) {
      if (await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'charged', { providerReference: state.reference })) {
        await this.#record({ ...attempt, state: 'charged', providerReference: state.reference }, order).catch((error: unknown) => {
          if (!(error instanceof CommerceError)) throw error;
        });
      }
    } else if (state.status === 'open' || state.status === 'pending') {
      await this.#defer(attempt, state.status === 'open' ? 'the shopper has not paid on the provider page yet' : 'the provider has not settled the payment yet', state.status);
    } else {
      await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'failed', {
        failureCode: 'PAYMENT_DECLINED',
        failureMessage: state.status === 'failed' ? 'The provider did not take the payment.' : 'The provider has no record of this payment; no money moved.',
      });
    }
  }

  /** Records a charged attempt at the grocer (idempotent by its id) and settles what the grocer answers. */
  async #record(attempt: PaymentAttemptRecord, order: OrderRecord): Promise<PaymentOutcome> {
    let grocerOrder: GrocerOrder;
    try {
      grocerOrder = await this.#grocer.recordPayment({
        orderId: order.orderId,
        paymentId: attempt.attemptId,
        amountSatang: attempt.amountSatang,
        provider: attempt.provider,
        reference: attempt.providerReference!,
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
        if (truth?.payment.isPaid) return { state: 'paid', order: await this.#settleAfterRefusal(attempt, order, truth) };
        await this.#defer(attempt, error);
        return { state: 'pending', order };
      }
      if (error.code === 'ALREADY_PAID') {
        const [truth] = await this.#grocer.orders([order.orderId]);
        if (truth?.payment.isPaid) return { state: 'paid', order: await this.#settleAfterRefusal(attempt, order, truth) };
      }
      // The grocer will not record it (the total changed, the order was cancelled): the money goes back.
      await this.#giveBack(attempt, error);
      throw new CommerceError(error.code, `${error.message} Your payment of ${formatBaht(attempt.amountSatang, 'en')} was refunded.`, {
        details: { orderId: order.orderId, refunded: true },
      });
    }
    return { state: 'paid', order: await this.#complete(order, grocerOrder, attempt) };
  }

  /** The grocer holds the order paid: by this attempt (settle it), or by another payment (settle that, refund this). */
  async #settleAfterRefusal(attempt: PaymentAttemptRecord, order: OrderRecord, truth: GrocerOrder): Promise<OrderRecord> {
    if (truth.payment.paymentId === attempt.attemptId) return this.#complete(order, truth, attempt);
    const paid = await this.settleFromGrocer(order, truth);
    await this.#giveBack(attempt, alreadyPaid(paid));
    throw alreadyPaid(order);
  }

  /** Marks the order paid with its payment and events, once, whichever path gets here first. */
  async #complete(order: OrderRecord, grocerOrder: GrocerOrder, attempt: PaymentAttemptRecord | null): Promise<OrderRecord> {
    if (order.paymentStatus === 'PAID') return order;
    const nowMs = this.#clock.now();
    const paidAt = grocerOrder.payment.paidAt ?? new Date(nowMs).toISOString();
    const provider = attempt?.provider ?? grocerOrder.payment.method ?? 'grocer';
    const reference = attempt?.providerReference ?? grocerOrder.payment.reference ?? grocerOrder.payment.paymentId ?? order.orderId;
    const paymentId = attempt?.attemptId ?? grocerOrder.payment.paymentId ?? `grocer_${order.orderId}`;
    const recorded = await this.#store.completePayment({
      orderId: order.orderId,
      attemptId: attempt?.attemptId ?? null,
      payment: { paymentId, orderId: order.orderId, amountSatang: grocerOrder.grandTotalSatang, currency: order.currency, provider, reference, createdAt: paidAt },
      grocerOrder,
      // Paying starts picking: that move's event (same derived id on every path) is written here too, so it is never absorbed.
      events: [
        paymentPaidEvent({ partnerId: order.partnerId, order: grocerOrder, provider, reference, paidAt, nowMs }),
        ...[orderStatusEvent({ partnerId: order.partnerId, before: order.grocerOrder, after: grocerOrder, nowMs })].filter((event) => event !== null),
      ],
    });
    if (!recorded) return (await this.#store.ordersByIds([order.orderId]))[0] ?? order;
    return { ...order, paymentStatus: 'PAID', paidAt, grocerOrder, status: grocerOrder.status, pickingStatus: grocerOrder.shipping.schedules[0]?.pickingStatus ?? null };
  }

  /**
   * Gives a charged attempt's money back and records why. When the provider cannot be reached the
   * attempt stays charged, and the recovery worker comes back to it.
   */
  async #giveBack(attempt: PaymentAttemptRecord, reason: CommerceError): Promise<void> {
    try {
      const refund = await this.#providerOf(attempt).refund({
        attemptId: attempt.attemptId,
        reference: attempt.providerReference!,
        amountSatang: attempt.amountSatang,
        reason: reason.code,
      });
      await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started', 'charged'], 'refunded', {
        refundReference: refund.reference,
        failureCode: reason.code,
        failureMessage: errorText(reason),
      });
    } catch (error) {
      if (!isUnanswered(error)) throw error;
      await this.#defer(attempt, error);
    }
  }

  /** The provider that started the attempt (a provider is named on every attempt it takes). */
  #providerOf(attempt: PaymentAttemptRecord): PaymentProvider {
    const provider = Object.values(this.#providers).find((p) => p?.name === attempt.provider);
    if (!provider) throw new CommerceError('PAYMENT_PROVIDER_UNAVAILABLE', `The payment provider ${attempt.provider} of attempt ${attempt.attemptId} is not configured.`);
    return provider;
  }

  async #lookup(attempt: PaymentAttemptRecord): Promise<ProviderPaymentState> {
    return this.#providerOf(attempt).lookup({ attemptId: attempt.attemptId, reference: attempt.providerReference });
  }

  /** Leaves an unfinished attempt for a later look, noting why (and what the provider said, if it answered). */
  async #defer(attempt: PaymentAttemptRecord, reason: unknown, providerStatus?: 'open' | 'pending'): Promise<void> {
    const next = this.#clock.now() + recoveryDelayMs(this.#sagas, attempt.checks);
    await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started', 'charged'], attempt.state, {
      failureMessage: errorText(reason),
      nextCheckAt: new Date(next).toISOString(),
      ...(providerStatus ? { providerStatus } : {}),
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

const isActive = (state: PaymentAttemptState): boolean => state === 'started' || state === 'charged';

function alreadyPaid(order: OrderRecord): CommerceError {
  return new CommerceError('ALREADY_PAID', `Order ${order.orderId} is already paid.`);
}

function priceChanged(order: OrderRecord): CommerceError {
  return new CommerceError('PRICE_CHANGED', `The total of order ${order.orderId} has changed since it was placed. Place the order again.`, {
    details: { orderId: order.orderId },
  });
}
