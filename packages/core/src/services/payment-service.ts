import { setTimeout as sleep } from 'node:timers/promises';
import { CommerceError } from '../errors.ts';
import type { IssuedPaymentLink, OrderRecord, PaymentLinkRecord, PaymentSession } from '../model/checkout.ts';
import { newId } from '../model/ids.ts';
import type { Environment } from '../model/partner.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { PaymentProvider } from '../ports/payment-provider.ts';
import type { Store } from '../ports/store.ts';
import { optionalHttpUrl } from './input-validation.ts';
import { orderStatusEvent, paymentPaidEvent } from './order-events.ts';
import type { OrderService } from './order-service.ts';
import type { PaymentLinks } from './payment-links.ts';
import type { ShopperContext } from './shopper-context.ts';

export interface PaymentServiceOptions {
  store: Store;
  grocer: GrocerGateway;
  orders: OrderService;
  links: PaymentLinks;
  clock: Clock;
  providers: Record<Environment, PaymentProvider | null>;
}

/** What a payment-link page shows and what checkout.json returns. */
export interface Checkout {
  /** `payable`, or why not: `paid`, `expired`, `price_changed`. */
  state: 'payable' | 'paid' | 'expired' | 'price_changed';
  order: OrderRecord;
  link: PaymentLinkRecord;
  /** The grand total the grocer would charge now, when it differs from the order's. */
  repricedTotalSatang: number | null;
}

/** How long one payment attempt holds an order. */
const PAYMENT_CLAIM_MS = 30_000;

/**
 * Payment links and payments. Before a payment is accepted the order is priced again; a changed
 * total is refused with `PRICE_CHANGED` and the order stays unpaid. Concurrent attempts on one
 * order record exactly one payment.
 */
export class PaymentService {
  readonly #store: Store;
  readonly #grocer: GrocerGateway;
  readonly #orders: OrderService;
  readonly #links: PaymentLinks;
  readonly #clock: Clock;
  readonly #providers: Record<Environment, PaymentProvider | null>;

  constructor(options: PaymentServiceOptions) {
    this.#store = options.store;
    this.#grocer = options.grocer;
    this.#orders = options.orders;
    this.#links = options.links;
    this.#clock = options.clock;
    this.#providers = options.providers;
  }

  provider(environment: Environment): PaymentProvider {
    const provider = this.#providers[environment];
    if (!provider) {
      throw new CommerceError('PAYMENT_PROVIDER_UNAVAILABLE', `No ${environment} payment provider is configured, so this order cannot be paid yet. No money moved.`);
    }
    return provider;
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
    const provider = this.provider(order.environment);
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

  /** The checkout behind a payment link, priced again when still payable. */
  async checkout(token: string): Promise<Checkout> {
    const { link, order, expired } = await this.#links.resolve(token);
    if (order.paymentStatus === 'PAID') return { state: 'paid', order, link, repricedTotalSatang: null };
    if (expired) return { state: 'expired', order, link, repricedTotalSatang: null };
    const repriced = await this.#reprice(order);
    if (link.amountSatang !== order.grandTotalSatang || repriced !== order.grandTotalSatang) {
      return { state: 'price_changed', order, link, repricedTotalSatang: repriced };
    }
    return { state: 'payable', order, link, repricedTotalSatang: null };
  }

  /**
   * Pays the order behind the link with its environment's provider. Errors: PAYMENT_LINK_INVALID,
   * PAYMENT_LINK_EXPIRED, ALREADY_PAID, PRICE_CHANGED, PAYMENT_DECLINED.
   */
  async pay(token: string, options: { simulate?: 'decline' } = {}): Promise<OrderRecord> {
    const { link, order, expired } = await this.#links.resolve(token);
    if (order.paymentStatus === 'PAID') throw alreadyPaid(order);
    if (expired) throw new CommerceError('PAYMENT_LINK_EXPIRED', 'This payment link has expired. Ask the shop for a new one.');
    if (link.amountSatang !== order.grandTotalSatang) throw priceChanged(order);
    const repriced = await this.#reprice(order);
    if (repriced !== order.grandTotalSatang) throw priceChanged(order);

    const attemptId = newId('pay');
    await this.#claim(order, attemptId);
    try {
      const provider = this.provider(order.environment);
      const { reference } = await provider.charge({
        orderId: order.orderId,
        amountSatang: order.grandTotalSatang,
        currency: order.currency,
        attemptId,
        simulate: options.simulate,
      });
      const grocerOrder = await this.#grocer.recordPayment({ orderId: order.orderId, amountSatang: order.grandTotalSatang, provider: provider.name, reference });
      const nowMs = this.#clock.now();
      const paidAt = new Date(nowMs).toISOString();
      const recorded = await this.#store.completePayment({
        orderId: order.orderId,
        attemptId,
        payment: { paymentId: attemptId, orderId: order.orderId, amountSatang: order.grandTotalSatang, currency: order.currency, provider: provider.name, reference, createdAt: paidAt },
        grocerOrder,
        // Paying starts picking: that move's event (same derived id on every path) is written here too, so it is never absorbed.
        events: [
          paymentPaidEvent({ partnerId: order.partnerId, order: grocerOrder, provider: provider.name, reference, paidAt, nowMs }),
          ...[orderStatusEvent({ partnerId: order.partnerId, before: order.grocerOrder, after: grocerOrder, nowMs })].filter((event) => event !== null),
        ],
      });
      if (!recorded) throw alreadyPaid(order);
      return { ...order, paymentStatus: 'PAID', paidAt, grocerOrder, status: grocerOrder.status };
    } catch (error) {
      await this.#store.releasePayment(order.orderId, attemptId);
      throw error;
    }
  }

  /** Takes the order for this attempt, waiting out a concurrent attempt to learn its outcome. */
  async #claim(order: OrderRecord, attemptId: string): Promise<void> {
    for (;;) {
      const now = this.#clock.now();
      const claim = await this.#store.claimPayment(order.orderId, attemptId, now, now + PAYMENT_CLAIM_MS);
      if (claim === 'claimed') return;
      if (claim === 'paid') throw alreadyPaid(order);
      if (claim === 'not-found') throw new CommerceError('PAYMENT_LINK_INVALID', 'This payment link is not valid.');
      await sleep(20);
    }
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

function alreadyPaid(order: OrderRecord): CommerceError {
  return new CommerceError('ALREADY_PAID', `Order ${order.orderId} is already paid.`);
}

function priceChanged(order: OrderRecord): CommerceError {
  return new CommerceError('PRICE_CHANGED', `The total of order ${order.orderId} has changed since it was placed. Place the order again.`, {
    details: { orderId: order.orderId },
  });
}
