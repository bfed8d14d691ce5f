import { setTimeout as sleep } from 'node:timers/promises';
import { CommerceError } from '../errors.ts';
import type {
  IssuedPaymentLink,
  OrderRecord,
  PaymentAttemptRecord,
  PaymentAttemptState,
  PaymentLinkRecord,
  PaymentSession,
  RefundRecord,
  RefundState,
} from '../model/checkout.ts';
import { newPaymentAttempt } from '../model/payment-attempt.ts';
import type { GrocerOrder } from '../model/order.ts';
import type { Environment } from '../model/partner.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { PaymentProvider, ProviderEvent, StartedPayment } from '../ports/payment-provider.ts';
import type { Store } from '../ports/store.ts';
import { optionalHttpUrl } from './input-validation.ts';
import type { OrderService } from './order-service.ts';
import { paymentEnvironment, type PaymentLinks } from './payment-links.ts';
import { ACTIVE_ATTEMPT_STATES, PaymentSettlement } from './payment-settlement.ts';
import { DEFAULT_SAGA_SETTINGS, errorText, isUnanswered, type SagaSettings } from './saga-settings.ts';
import type { ShopperContext } from './shopper-context.ts';

export interface PaymentServiceOptions {
  store: Store;
  grocer: GrocerGateway;
  orders: OrderService;
  links: PaymentLinks;
  clock: Clock;
  providers: Record<Environment, PaymentProvider | null>;
  /** Providers that charge a delegated payment credential (a Stripe shared payment token), by environment. */
  tokenProviders?: Partial<Record<Environment, PaymentProvider | null>>;
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
  /** Money of the order's payments that goes (or went) back, oldest first. */
  refunds: RefundRecord[];
}

/**
 * What paying at a link came to: `paid`; `pending` (taken and still being confirmed with the grocer,
 * or settling at the provider); `redirect` (a hosted provider: the shopper pays at `redirectUrl`).
 */
export type PaymentOutcome =
  { state: 'paid' | 'pending'; order: OrderRecord } | { state: 'redirect'; order: OrderRecord; redirectUrl: string };

/** What a provider's event came to: the order `settled`, money `refunded`, an attempt `ended` unpaid, or nothing changed (`ignored`). */
export type ProviderEventOutcome = 'settled' | 'refunded' | 'ended' | 'ignored';

/**
 * Payment links and payments. Before a payment is accepted the order is priced again; a changed
 * total is refused with `PRICE_CHANGED` and the order stays unpaid.
 *
 * Paying is a saga whose every step is recorded before the next and is idempotent by the attempt
 * id (at the provider and at the grocer): started → charged → paid, or declined, refunded, failed.
 * One attempt per order is under way at a time, so at most one reaches the provider's charge (or
 * opens a hosted session); a later one first settles the earlier by asking the grocer and the
 * provider what became of it, never by taking it over blindly. Settling is `PaymentSettlement`'s:
 * by the provider's truth, with money that cannot be the order's refunded once. The grocer is the
 * authority: an order it holds paid is paid here, with exactly one `payment.paid` event.
 */
export class PaymentService {
  readonly #store: Store;
  readonly #grocer: GrocerGateway;
  readonly #orders: OrderService;
  readonly #links: PaymentLinks;
  readonly #clock: Clock;
  readonly #providers: Record<Environment, PaymentProvider | null>;
  readonly #tokenProviders: Partial<Record<Environment, PaymentProvider | null>>;
  readonly #sagas: SagaSettings;
  readonly #settlement: PaymentSettlement;

  constructor(options: PaymentServiceOptions) {
    this.#store = options.store;
    this.#grocer = options.grocer;
    this.#orders = options.orders;
    this.#links = options.links;
    this.#clock = options.clock;
    this.#providers = options.providers;
    this.#tokenProviders = options.tokenProviders ?? {};
    this.#sagas = options.sagas ?? DEFAULT_SAGA_SETTINGS;
    this.#settlement = new PaymentSettlement({
      store: options.store,
      grocer: options.grocer,
      clock: options.clock,
      sagas: this.#sagas,
      providerOf: (name) => this.#providerNamed(name),
    });
    this.#orders.onGrocerPaid((order, grocerOrder) => this.settleFromGrocer(order, grocerOrder));
  }

  provider(environment: Environment): PaymentProvider {
    const provider = this.#providers[environment];
    if (!provider) {
      throw new CommerceError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        `No ${environment} payment provider is configured, so this order cannot be paid yet. No money moved.`,
      );
    }
    return provider;
  }

  /** Whether orders of `environment` can be paid with a delegated payment credential (a token provider is configured). */
  acceptsDelegatedTokens(environment: Environment): boolean {
    return Boolean(this.#tokenProviders[environment]);
  }

  /** Origins of the configured hosted providers' payment pages (the pay page's form may go on to them). */
  pageOrigins(): string[] {
    return Object.values(this.#providers).flatMap((provider) => provider?.pageOrigins ?? []);
  }

  /** A fresh link for an unpaid order of the shopper. */
  async createLink(
    ctx: ShopperContext,
    orderId: string,
    callbackUrl: string | null = null,
  ): Promise<IssuedPaymentLink> {
    const order = await this.#orders.get(ctx, orderId);
    if (!order) throw new CommerceError('NOT_FOUND', `The shopper has no order ${orderId}.`, { field: 'orderId' });
    if (order.paymentStatus === 'PAID')
      throw new CommerceError('ALREADY_PAID', `Order ${orderId} is already paid.`, { field: 'orderId' });
    return this.#links.issue(order, callbackUrl);
  }

  /** A payment session whose `redirectUrl` is a payment link for the order. */
  async start(
    ctx: ShopperContext,
    input: { orderId: string; callbackUrl?: string | null | undefined },
  ): Promise<PaymentSession> {
    const callbackUrl = optionalHttpUrl(input.callbackUrl, 'input.callbackUrl');
    const order = await this.#orders.get(ctx, input.orderId);
    if (!order)
      throw new CommerceError('NOT_FOUND', `The shopper has no order ${input.orderId}.`, { field: 'input.orderId' });
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
    let [order = stored] = stored.paymentStatus === 'PAID' ? [stored] : await this.#orders.refresh([stored]);
    let attempt = (await this.#store.listPaymentAttempts([order.orderId])).at(-1) ?? null;
    // A hosted payment under way: the provider's word settles it now (the shopper may be back from its page before its webhook).
    if (attempt?.state === 'started' && attempt.redirectUrl) {
      await this.#settlement.settle(attempt, order);
      [order = stored] = await this.#store.ordersByIds([order.orderId]);
      attempt = (await this.#store.getPaymentAttempt(attempt.attemptId)) ?? attempt;
    }
    const refunds = await this.#store.listRefunds([order.orderId]);
    const view = (state: Checkout['state'], repricedTotalSatang: number | null = null): Checkout => ({
      state,
      order,
      link,
      repricedTotalSatang,
      attempt,
      refunds,
    });
    if (order.paymentStatus === 'PAID') return view('paid');
    // Under way: taken and being recorded, or settling at the provider. A hosted session that still
    // waits for the shopper leaves the order payable: Pay goes back to it.
    if (
      attempt?.state === 'charged' ||
      (attempt?.state === 'started' && (!attempt.redirectUrl || attempt.providerStatus === 'pending'))
    )
      return view('pending');
    if (order.status === 'CANCELLED') return view('cancelled');
    if (expired) return view('expired');
    const repriced = await this.#reprice(order);
    if (link.amountSatang !== order.grandTotalSatang || repriced !== order.grandTotalSatang)
      return view('price_changed', repriced);
    return view('payable');
  }

  /**
   * Pays the order behind the link with its environment's provider. `pending` when the money was
   * taken but the grocer has not confirmed recording it yet: the order turns paid without another
   * payment. Errors: PAYMENT_LINK_INVALID, PAYMENT_LINK_EXPIRED, ALREADY_PAID, PRICE_CHANGED,
   * ORDER_CANCELLED, PAYMENT_DECLINED, and PAYMENT_IN_PROGRESS while another payment of the order
   * is being taken (this one moved no money). With `delegatedToken` (a credential an agent platform
   * delegated, e.g. a Stripe shared payment token) the environment's token provider charges it at
   * once instead; PAYMENT_PROVIDER_UNAVAILABLE when none is configured.
   */
  async pay(
    token: string,
    options: { simulate?: 'decline' | undefined; delegatedToken?: string | undefined } = {},
  ): Promise<PaymentOutcome> {
    const { link, order, expired } = await this.#links.resolve(token);
    if (order.paymentStatus === 'PAID') throw alreadyPaid(order);
    if (expired)
      throw new CommerceError('PAYMENT_LINK_EXPIRED', 'This payment link has expired. Ask the shop for a new one.');
    if (link.amountSatang !== order.grandTotalSatang) throw priceChanged(order);
    const delegated = options.delegatedToken;
    const provider =
      delegated === undefined
        ? this.provider(paymentEnvironment(order))
        : this.#tokenProvider(paymentEnvironment(order));
    const repriced = await this.#reprice(order);
    if (repriced !== order.grandTotalSatang) {
      // A hosted page still open at the old total can take no more money: the shopper places the order again.
      await this.#closeOpen(order, 'PRICE_CHANGED');
      throw priceChanged(order);
    }

    const attempt = await this.#startAttempt(order, provider, options.simulate ?? null);
    if (!('attemptId' in attempt)) return attempt;
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
        ...(delegated === undefined ? {} : { delegatedToken: delegated }),
      });
    } catch (error) {
      // The provider has not taken the money (declined or refused); an unanswered start is left for
      // the recovery worker, which asks the provider what became of it. A hosted provider takes
      // money only on its page, which the shopper never saw: that attempt ends, and paying again starts afresh.
      if (isUnanswered(error) && !provider.hosted) return { state: 'pending', order };
      const code = error instanceof CommerceError ? error.code : 'INTERNAL';
      await this.#store.transitionPaymentAttempt(
        attempt.attemptId,
        ['started'],
        code === 'PAYMENT_DECLINED' ? 'declined' : 'failed',
        {
          failureCode: code,
          failureMessage: errorText(error),
        },
      );
      throw error;
    }
    if (started.status === 'redirect') {
      // The shopper pays on the provider's page; its webhook, the return to the page or the recovery worker settles it.
      await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'started', {
        providerReference: started.reference,
        redirectUrl: started.redirectUrl,
      });
      return { state: 'redirect', order, redirectUrl: started.redirectUrl };
    }
    const charged = { ...attempt, state: 'charged' as const, providerReference: started.reference };
    if (
      !(await this.#store.transitionPaymentAttempt(attempt.attemptId, ['started'], 'charged', {
        providerReference: started.reference,
      }))
    ) {
      // The recovery worker gave this attempt up while the provider was answering: it settles the charge by the provider's word.
      await this.#settlement.settle((await this.#store.getPaymentAttempt(attempt.attemptId)) ?? attempt, order);
      throw new CommerceError(
        'PAYMENT_DECLINED',
        'The payment took too long to confirm, so it was given up; any money taken is refunded. Try again.',
      );
    }
    return this.#settlement.record(charged, order);
  }

  /**
   * Settles an attempt that its request left unfinished (the recovery worker's step, and what a
   * later payment of the order does first) by the grocer's and the provider's word. Returns the
   * attempt's state after.
   */
  async resume(attempt: PaymentAttemptRecord): Promise<PaymentAttemptState> {
    const [order] = await this.#store.ordersByIds([attempt.orderId]);
    if (!order) return attempt.state;
    await this.#settleByGrocer(attempt, order);
    return (await this.#store.getPaymentAttempt(attempt.attemptId))?.state ?? attempt.state;
  }

  /** Asks the provider again for a refund it has not confirmed (the recovery worker's step). Returns where it stands. */
  async resumeRefund(refund: RefundRecord): Promise<RefundState> {
    return this.#settlement.askRefund(refund);
  }

  /**
   * Acts on a hosted provider's webhook event (verified by the provider). The event only says which
   * payment or refund to look at: what happens is decided by the provider's word now, so repeated,
   * stale and out-of-order events are harmless. A payment that names one of this service's attempts
   * but is not the one it holds has its money refunded.
   */
  async onProviderEvent(provider: PaymentProvider, event: ProviderEvent): Promise<ProviderEventOutcome> {
    if (event.subject === 'refund') {
      const refund = event.refundId ? await this.#store.getRefund(event.refundId) : null;
      if (!refund || refund.provider !== provider.name || refund.state !== 'pending') return 'ignored';
      return (await this.#settlement.askRefund(refund)) === 'pending' ? 'ignored' : 'refunded';
    }
    const attempt = event.attemptId ? await this.#store.getPaymentAttempt(event.attemptId) : null;
    if (!attempt || attempt.provider !== provider.name) return 'ignored';
    const [order] = await this.#store.ordersByIds([attempt.orderId]);
    if (!order) return 'ignored';
    if (attempt.providerReference !== event.reference) {
      return (await this.#settlement.settleStray(provider, order, attempt, event.reference)) ? 'refunded' : 'ignored';
    }
    await this.#settlement.settle(attempt, order);
    const after = (await this.#store.getPaymentAttempt(attempt.attemptId)) ?? attempt;
    if (after.state === attempt.state) return 'ignored';
    if (after.state === 'paid') return 'settled';
    if (after.state === 'refunded') return 'refunded';
    return after.state === 'failed' || after.state === 'declined' ? 'ended' : 'ignored';
  }

  /**
   * Records the grocer's payment of an order the service held unpaid: its attempt turns paid (or
   * the grocer's payment is adopted as it is), with exactly one `payment.paid` event. Another
   * attempt still under way is looked at now: its payment page is closed, or its money refunded.
   */
  async settleFromGrocer(order: OrderRecord, grocerOrder: GrocerOrder): Promise<OrderRecord> {
    const attempts = await this.#store.listPaymentAttempts([order.orderId]);
    const paying = grocerOrder.payment.paymentId
      ? attempts.find((a) => a.attemptId === grocerOrder.payment.paymentId)
      : undefined;
    const paid = await this.#settlement.complete(order, grocerOrder, paying ?? null);
    const now = new Date(this.#clock.now()).toISOString();
    for (const other of attempts) {
      if (other !== paying && isActive(other.state))
        await this.#store.transitionPaymentAttempt(other.attemptId, [other.state], other.state, { nextCheckAt: now });
    }
    return paid;
  }

  async #startAttempt(
    order: OrderRecord,
    provider: PaymentProvider,
    simulate: 'decline' | null,
  ): Promise<PaymentAttemptRecord | PaymentOutcome> {
    // Waiting is real time, whatever the domain clock says.
    const deadline = performance.now() + this.#sagas.waitForRunningMs;
    for (;;) {
      const attempt = newPaymentAttempt({
        order,
        provider: provider.name,
        simulate,
        nowMs: this.#clock.now(),
        requestWindowMs: this.#sagas.requestWindowMs,
      });
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
          if (busy.state === 'started' && busy.redirectUrl) {
            // A hosted page of the order: the shopper goes back to it while it can still take the
            // money; one that ended is settled first, and then a new one may start.
            await this.#settlement.settle(busy, order);
            const now = await this.#store.getPaymentAttempt(busy.attemptId);
            if (now?.state === 'started' && now.providerStatus === 'pending') return { state: 'pending', order };
            if (now?.state === 'started') return { state: 'redirect', order, redirectUrl: busy.redirectUrl };
            break;
          }
          // Its request still owns it: wait to learn the outcome. Later, settle it by asking.
          if (Date.parse(busy.nextCheckAt) > this.#clock.now()) {
            if (performance.now() > deadline) throw inProgress(order);
            await sleep(20);
          } else if (isActive(await this.resume(busy))) {
            throw inProgress(order);
          }
          break;
        }
      }
    }
  }

  /** Where an unfinished attempt stands: the grocer's word first (it may hold the order paid), then the provider's. */
  async #settleByGrocer(attempt: PaymentAttemptRecord, order: OrderRecord): Promise<void> {
    let truth: GrocerOrder | undefined;
    try {
      [truth] = await this.#grocer.orders([order.orderId]);
    } catch (error) {
      if (!isUnanswered(error)) throw error;
      return this.#settlement.defer(attempt, error);
    }
    if (truth?.payment.isPaid && order.paymentStatus === 'UNPAID') {
      order = await this.settleFromGrocer(order, truth);
      attempt = (await this.#store.getPaymentAttempt(attempt.attemptId)) ?? attempt;
    } else if (truth) {
      order = await this.#orders.observe(order, truth);
    }
    await this.#settlement.settle(attempt, order);
  }

  /** Gives up the order's hosted payment page still open (the order can no longer be paid by it). */
  async #closeOpen(order: OrderRecord, reason: 'PRICE_CHANGED'): Promise<void> {
    const open = (await this.#store.listPaymentAttempts([order.orderId])).find(
      (a) => a.state === 'started' && a.redirectUrl,
    );
    if (open) await this.#settlement.settle(open, order, { close: reason });
  }

  #tokenProvider(environment: Environment): PaymentProvider {
    const provider = this.#tokenProviders[environment];
    if (!provider)
      throw new CommerceError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        `No ${environment} provider takes delegated payment tokens, so this order is paid on its payment page. No money moved.`,
      );
    return provider;
  }

  /** The provider that started an attempt (a provider is named on every attempt it takes). */
  #providerNamed(name: string): PaymentProvider {
    const provider = [...Object.values(this.#providers), ...Object.values(this.#tokenProviders)].find(
      (p) => p?.name === name,
    );
    if (!provider)
      throw new CommerceError('PAYMENT_PROVIDER_UNAVAILABLE', `The payment provider ${name} is not configured.`);
    return provider;
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

const isActive = (state: PaymentAttemptState): boolean => ACTIVE_ATTEMPT_STATES.includes(state);

function alreadyPaid(order: OrderRecord): CommerceError {
  return new CommerceError('ALREADY_PAID', `Order ${order.orderId} is already paid.`);
}

function inProgress(order: OrderRecord): CommerceError {
  return new CommerceError(
    'PAYMENT_IN_PROGRESS',
    `Another payment of order ${order.orderId} is being taken. No money moved for this one; its outcome shows on the payment page.`,
    {
      details: { orderId: order.orderId },
    },
  );
}

function priceChanged(order: OrderRecord): CommerceError {
  return new CommerceError(
    'PRICE_CHANGED',
    `The total of order ${order.orderId} has changed since it was placed. Place the order again.`,
    {
      details: { orderId: order.orderId },
    },
  );
}
