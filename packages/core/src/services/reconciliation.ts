import type {
  OrderIntentRecord,
  OrderRecord,
  PaymentAttemptRecord,
  PaymentRecord,
  RefundRecord,
} from '../model/checkout.ts';
import type { GrocerOrder } from '../model/order.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { PaymentProvider } from '../ports/payment-provider.ts';
import type { Store } from '../ports/store.ts';

/**
 * What disagrees: `order_missing` (an order intent is done but the service has no order),
 * `missing_at_grocer` (the service's order is unknown to the grocer), `orphan_at_grocer` (the grocer
 * holds a live order the service gave up or never stored), `payment_status` (paid on one side
 * only), `payment_reference` (the grocer's payment is not the one the service recorded), `amount`
 * (totals differ), `duplicate_payment` (more than one paid attempt), `order_unsettled` and
 * `payment_unsettled` (still unfinished after recovery should have settled them), `provider_payment`
 * (the provider does not hold the settled payment as paid), `provider_unaccounted` (the provider
 * holds money of one of the service's payments that the service neither settled nor refunded),
 * `refund_pending` (a refund the provider has not confirmed in time) and `refund_failed` (one it
 * gave up: the money must be returned by hand).
 */
export type MismatchKind =
  | 'order_missing'
  | 'missing_at_grocer'
  | 'orphan_at_grocer'
  | 'payment_status'
  | 'payment_reference'
  | 'amount'
  | 'duplicate_payment'
  | 'order_unsettled'
  | 'payment_unsettled'
  | 'provider_payment'
  | 'provider_unaccounted'
  | 'refund_pending'
  | 'refund_failed';

export interface ReconciliationMismatch {
  kind: MismatchKind;
  orderId: string;
  detail: string;
}

export interface ReconciliationReport {
  checkedAt: string;
  mismatches: ReconciliationMismatch[];
}

export interface ReconciliationOptions {
  store: Store;
  grocer: GrocerGateway;
  /** Providers whose word is compared with the attempts they took (by provider name). */
  providers: readonly PaymentProvider[];
  clock: Clock;
  /** Orders created this long ago or later are compared. Default 7 days. */
  windowMs?: number;
  /** Unfinished work younger than this is still being settled, not a mismatch. Default 10 minutes. */
  settleWithinMs?: number;
}

/** Orders per grocer call: the grocer takes at most 500. */
const PAGE = 500;

/**
 * Compares the service's orders and payments with the grocer's and the providers' and lists every
 * disagreement; empty when all agree. Every order the service ever asked the grocer to create has
 * an intent, so paging through intents finds orders the grocer holds that the service does not.
 * Providers are asked about every payment the service started by the reference it stored (they
 * cannot be searched by metadata), so money they hold for an order that the service neither
 * settled nor refunded is found.
 *
 * @example
 * const report = await new Reconciliation({ store, grocer, providers, clock }).run();
 */
export class Reconciliation {
  readonly #store: Store;
  readonly #grocer: GrocerGateway;
  readonly #providers: readonly PaymentProvider[];
  readonly #clock: Clock;
  readonly #windowMs: number;
  readonly #settleWithinMs: number;
  #latest: ReconciliationReport | null = null;

  constructor(options: ReconciliationOptions) {
    this.#store = options.store;
    this.#grocer = options.grocer;
    this.#providers = options.providers;
    this.#clock = options.clock;
    this.#windowMs = options.windowMs ?? 7 * 24 * 3_600_000;
    this.#settleWithinMs = options.settleWithinMs ?? 10 * 60_000;
  }

  /** The last report (null before the first run): what the metrics gauge shows. */
  get latest(): ReconciliationReport | null {
    return this.#latest;
  }

  /** Compares everything in the window now. Throws GROCER_UNAVAILABLE when the grocer cannot answer. */
  async run(): Promise<ReconciliationReport> {
    const nowMs = this.#clock.now();
    const since = new Date(nowMs - this.#windowMs).toISOString();
    const mismatches: ReconciliationMismatch[] = [];
    let after: string | null = null;
    for (;;) {
      const intents = await this.#store.listOrderIntents({ since, after, limit: PAGE });
      if (intents.length === 0) break;
      const ids = intents.map((i) => i.orderId);
      const [grocerOrders, orders, attempts, refunds, payments] = await Promise.all([
        this.#grocer.orders(ids),
        this.#store.ordersByIds(ids),
        this.#store.listPaymentAttempts(ids),
        this.#store.listRefunds(ids),
        this.#store.listPayments(ids),
      ]);
      const paymentByOrder = new Map(payments.map((p) => [p.orderId, p]));
      const grocerById = new Map(grocerOrders.map((o) => [o.orderId, o]));
      const orderById = new Map(orders.map((o) => [o.orderId, o]));
      for (const intent of intents) {
        const ofOrder = attempts.filter((a) => a.orderId === intent.orderId);
        mismatches.push(
          ...this.#compare(
            intent,
            orderById.get(intent.orderId),
            grocerById.get(intent.orderId),
            ofOrder,
            paymentByOrder.get(intent.orderId),
            nowMs,
          ),
        );
        const refundsOfOrder = refunds.filter((r) => r.orderId === intent.orderId);
        mismatches.push(
          ...(await this.#compareProvider(ofOrder, refundsOfOrder, nowMs)),
          ...this.#compareRefunds(refundsOfOrder, nowMs),
        );
      }
      after = ids.at(-1)!;
      if (intents.length < PAGE) break;
    }
    this.#latest = { checkedAt: new Date(nowMs).toISOString(), mismatches };
    return this.#latest;
  }

  /** What disagrees about one order intent: its own state, then its order at the service and at the grocer. */
  #compare(
    intent: OrderIntentRecord,
    order: OrderRecord | undefined,
    grocer: GrocerOrder | undefined,
    attempts: PaymentAttemptRecord[],
    payment: PaymentRecord | undefined,
    nowMs: number,
  ): ReconciliationMismatch[] {
    const out: ReconciliationMismatch[] = [];
    const add: AddMismatch = (kind, detail) => out.push({ kind, orderId: intent.orderId, detail });
    if (!this.#compareIntent(intent, grocer, nowMs, add)) return out;
    if (!order) {
      add('order_missing', 'The order was created at the grocer but the service has no record of it.');
      return out;
    }
    if (!grocer) {
      add('missing_at_grocer', 'The service holds this order; the grocer does not know it.');
      return out;
    }
    comparePayment(order, grocer, attempts, payment, add);
    this.#compareAttempts(order, attempts, nowMs, add);
    return out;
  }

  /**
   * An intent that did not create its order: unsettled too long, or given up while the grocer holds
   * the order. True when the intent created its order, which is compared next.
   */
  #compareIntent(intent: OrderIntentRecord, grocer: GrocerOrder | undefined, nowMs: number, add: AddMismatch): boolean {
    const live = grocer !== undefined && grocer.status !== 'CANCELLED';
    switch (intent.state) {
      case 'pending':
      case 'cancelling':
        if (!this.#settling(intent.createdAt, nowMs))
          add(
            'order_unsettled',
            `The order intent is still ${intent.state}${live ? ', and the grocer holds the order' : ''}. Last error: ${intent.lastError ?? 'none'}.`,
          );
        return false;
      case 'failed':
      case 'cancelled':
        if (live)
          add(
            'orphan_at_grocer',
            `The service ${intent.state === 'failed' ? 'was refused' : 'cancelled'} this order, but the grocer holds it as ${grocer.status}.`,
          );
        return false;
      case 'created':
        return true;
    }
  }

  /** Attempts still started or charged after recovery should have settled them. */
  #compareAttempts(order: OrderRecord, attempts: PaymentAttemptRecord[], nowMs: number, add: AddMismatch): void {
    for (const attempt of attempts) {
      // A hosted page of an unpaid order waits for its shopper (until it expires): nothing to settle yet.
      const waiting =
        attempt.state === 'started' &&
        attempt.providerStatus === 'open' &&
        order.paymentStatus === 'UNPAID' &&
        order.status !== 'CANCELLED';
      if (
        (attempt.state === 'started' || attempt.state === 'charged') &&
        !waiting &&
        !this.#settling(attempt.createdAt, nowMs)
      ) {
        add(
          'payment_unsettled',
          `Payment attempt ${attempt.attemptId} is still ${attempt.state}. Last note: ${attempt.failureMessage ?? 'none'}.`,
        );
      }
    }
  }

  /** Whether work begun at `at` is young enough to be still settling. */
  #settling(at: string, nowMs: number): boolean {
    return nowMs - Date.parse(at) < this.#settleWithinMs;
  }

  /**
   * Asks each attempt's provider what it holds under the reference the service stored (a provider
   * that keeps no record answers null, which says nothing; one that cannot answer now is asked at
   * the next run).
   */
  async #compareProvider(
    attempts: PaymentAttemptRecord[],
    refunds: RefundRecord[],
    nowMs: number,
  ): Promise<ReconciliationMismatch[]> {
    const out: ReconciliationMismatch[] = [];
    for (const attempt of attempts) {
      const provider = this.#providers.find((p) => p.name === attempt.provider);
      if (!provider || !attempt.providerReference) continue;
      const said = await provider
        .lookup({ attemptId: attempt.attemptId, reference: attempt.providerReference })
        .catch(() => null);
      if (!said || said.status === 'pending') continue;
      const add = (kind: MismatchKind, detail: string) => out.push({ kind, orderId: attempt.orderId, detail });
      const taken = `${said.amountMinor ?? '?'} ${said.currency?.toUpperCase() ?? ''} (minor units)`.replace(' )', ')');
      if (attempt.state === 'paid') {
        if (said.status !== 'paid')
          add(
            'provider_payment',
            `Attempt ${attempt.attemptId} is paid at the service and ${said.status} at ${provider.name}.`,
          );
        else if (
          said.amountMinor !== attempt.amountSatang ||
          said.currency?.toUpperCase() !== attempt.currency.toUpperCase()
        ) {
          add(
            'amount',
            `${provider.name} took ${taken} for attempt ${attempt.attemptId}; the service settled ${attempt.amountSatang} ${attempt.currency}.`,
          );
        }
        continue;
      }
      if (said.status !== 'paid') continue;
      const underWay =
        (attempt.state === 'started' || attempt.state === 'charged') &&
        nowMs - Date.parse(attempt.updatedAt) < this.#settleWithinMs;
      if (underWay || refunds.some((r) => r.provider === provider.name && r.paymentReference === said.reference))
        continue;
      add(
        'provider_unaccounted',
        `${provider.name} holds payment ${said.reference} of attempt ${attempt.attemptId} (${attempt.state}) as paid, ${taken}; the service neither settled nor refunded it.`,
      );
    }
    return out;
  }

  /** Refunds the provider has not confirmed in time, or gave up. */
  #compareRefunds(refunds: RefundRecord[], nowMs: number): ReconciliationMismatch[] {
    const out: ReconciliationMismatch[] = [];
    for (const refund of refunds) {
      const what = `Refund ${refund.refundId} (${refund.reason}) of payment ${refund.paymentReference}, ${refund.amountMinor} ${refund.currency} in minor units,`;
      if (refund.state === 'failed')
        out.push({
          kind: 'refund_failed',
          orderId: refund.orderId,
          detail: `${what} was given up by ${refund.provider}: ${refund.lastError ?? 'no reason given'}.`,
        });
      else if (refund.state === 'pending' && nowMs - Date.parse(refund.createdAt) >= this.#settleWithinMs) {
        out.push({
          kind: 'refund_pending',
          orderId: refund.orderId,
          detail: `${what} is not confirmed by ${refund.provider} yet. Last note: ${refund.lastError ?? 'none'}.`,
        });
      }
    }
    return out;
  }
}

/** Notes one mismatch of the order being compared. */
type AddMismatch = (kind: MismatchKind, detail: string) => void;

/** The order's payment at the service against the grocer's: status, which payment, how many, and the total. */
function comparePayment(
  order: OrderRecord,
  grocer: GrocerOrder,
  attempts: PaymentAttemptRecord[],
  payment: PaymentRecord | undefined,
  add: AddMismatch,
): void {
  const paidAttempts = attempts.filter((a) => a.state === 'paid');
  if (order.paymentStatus === 'PAID' && !grocer.payment.isPaid)
    add('payment_status', 'Paid at the service, unpaid at the grocer.');
  if (order.paymentStatus === 'UNPAID' && grocer.payment.isPaid)
    add(
      'payment_status',
      `Paid at the grocer (payment ${grocer.payment.paymentId ?? grocer.payment.reference ?? 'unknown'}), unpaid at the service.`,
    );
  // The service's payment is its paid attempt, or the grocer's own payment it adopted (paid at the till).
  if (
    order.paymentStatus === 'PAID' &&
    grocer.payment.isPaid &&
    grocer.payment.paymentId !== null &&
    payment?.paymentId !== grocer.payment.paymentId
  ) {
    add(
      'payment_reference',
      `The grocer recorded payment ${grocer.payment.paymentId}; the service recorded ${payment?.paymentId ?? 'none'}.`,
    );
  }
  if (paidAttempts.length > 1)
    add(
      'duplicate_payment',
      `${paidAttempts.length} attempts are paid: ${paidAttempts.map((a) => a.attemptId).join(', ')}.`,
    );
  if (order.grandTotalSatang !== grocer.grandTotalSatang)
    add('amount', `The service's total is ${order.grandTotalSatang} satang, the grocer's ${grocer.grandTotalSatang}.`);
}
