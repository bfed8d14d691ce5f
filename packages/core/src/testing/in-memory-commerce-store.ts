import type { BasketContent, BasketRecord, ShopperScope } from '../model/basket.ts';
import type { EventRecord, OrderRecord, PaymentLinkRecord, PaymentRecord, QuoteRecord } from '../model/checkout.ts';
import type { GrocerOrder } from '../model/order.ts';
import type { CommerceStore, IdempotencyClaim } from '../ports/store.ts';
import type { InMemoryStoreOptions } from './in-memory-event-store.ts';
import { InMemoryPartnerStore } from './in-memory-partner-store.ts';
import {
  atMs,
  check,
  compareText,
  copy,
  iso,
  isEnvironment,
  isoOrNull,
  scopeKey,
  stampNow,
  tablesOf,
  writeEvents,
  type InMemoryTables,
} from './in-memory-tables.ts';

const firstPickingStatus = (order: GrocerOrder): string | null => order.shipping.schedules[0]?.pickingStatus ?? null;

/**
 * The CommerceStore port in memory: baskets, quotes, idempotency keys, orders, payment links and
 * payments, scoped by (partner, environment, shopper) as in SQL. It stacks on the partner store
 * (see in-memory-store.ts).
 */
export class InMemoryCommerceStore extends InMemoryPartnerStore implements CommerceStore {
  readonly #t: InMemoryTables;

  constructor(options: InMemoryStoreOptions = {}) {
    super(options);
    this.#t = tablesOf(this);
  }

  async getBasket(scope: ShopperScope): Promise<BasketRecord | null> {
    const row = this.#t.baskets.get(scopeKey(scope.partnerId, scope.environment, scope.ownerId));
    return row ? copy(row) : null;
  }

  async updateBasket(
    scope: ShopperScope,
    newBasketId: string,
    change: (current: BasketRecord | null) => BasketContent | null,
  ): Promise<BasketRecord | null> {
    // No await between the read and the write: the change is atomic, as under the SQL row lock.
    const key = scopeKey(scope.partnerId, scope.environment, scope.ownerId);
    const stored = this.#t.baskets.get(key);
    const current = stored ? copy(stored) : null;
    const next = change(current);
    if (next === null) return current;
    check(isEnvironment(scope.environment), 'baskets_environment_check');
    if (!stored) check(![...this.#t.baskets.values()].some((b) => b.basketId === newBasketId), 'baskets_basket_id_key');
    const row: BasketRecord = {
      basketId: stored?.basketId ?? newBasketId,
      partnerId: scope.partnerId,
      ownerId: scope.ownerId,
      branchCode: next.branchCode,
      lines: copy(next.lines),
      updatedAt: stampNow(this.#t),
    };
    this.#t.baskets.set(key, row);
    return copy(row);
  }

  // Quotes

  async saveQuote(quote: QuoteRecord): Promise<void> {
    check(!this.#t.quotes.has(quote.quoteId), 'quotes_pkey');
    this.#t.quotes.set(quote.quoteId, {
      ...copy(quote),
      createdAt: iso(quote.createdAt),
      expiresAt: iso(quote.expiresAt),
    });
  }

  async getQuote(scope: ShopperScope, quoteId: string): Promise<QuoteRecord | null> {
    const row = this.#t.quotes.get(quoteId);
    return row && row.partnerId === scope.partnerId && row.ownerId === scope.ownerId ? copy(row) : null;
  }

  // Idempotency

  async claimIdempotencyKey(
    scope: ShopperScope,
    claim: {
      key: string;
      requestHash: string;
      resourceId: string;
      nowMs: number;
      staleAfterMs: number;
      retentionMs: number;
    },
  ): Promise<IdempotencyClaim> {
    const key = scopeKey(scope.partnerId, scope.environment, scope.ownerId, claim.key);
    const rows = this.#t.idempotency;
    // A key older than its retention is forgotten, so its id can be used afresh.
    if ((rows.get(key)?.claimedAtMs ?? Infinity) < claim.nowMs - claim.retentionMs) rows.delete(key);
    const row = rows.get(key);
    if (!row) {
      rows.set(key, {
        requestHash: claim.requestHash,
        resourceId: claim.resourceId,
        response: null,
        claimedAtMs: claim.nowMs,
        completed: false,
      });
      return { kind: 'claimed', resourceId: claim.resourceId };
    }
    if (row.requestHash !== claim.requestHash) return { kind: 'mismatch' };
    if (row.completed) return { kind: 'replay', response: copy(row.response) };
    if (row.claimedAtMs + claim.staleAfterMs > claim.nowMs) return { kind: 'in-progress' };
    // A stale claim (its request died) is taken over with its original resource id.
    row.claimedAtMs = claim.nowMs;
    return { kind: 'claimed', resourceId: row.resourceId };
  }

  async releaseIdempotencyKey(scope: ShopperScope, key: string): Promise<void> {
    const id = scopeKey(scope.partnerId, scope.environment, scope.ownerId, key);
    if (this.#t.idempotency.get(id)?.completed === false) this.#t.idempotency.delete(id);
  }

  async completeIdempotencyKey(scope: ShopperScope, key: string, response: unknown): Promise<boolean> {
    const row = this.#t.idempotency.get(scopeKey(scope.partnerId, scope.environment, scope.ownerId, key));
    if (!row || row.completed) return false;
    // Stored as the jsonb column holds it: no response is a JSON null.
    Object.assign(row, { response: copy(response ?? null), completed: true });
    return true;
  }

  async deleteExpiredIdempotencyKeys(sweep: { claimedBeforeMs: number; limit: number }): Promise<number> {
    const expired = [...this.#t.idempotency]
      .filter(([, row]) => row.claimedAtMs < sweep.claimedBeforeMs)
      .sort(([, a], [, b]) => a.claimedAtMs - b.claimedAtMs)
      .slice(0, Math.max(0, sweep.limit));
    for (const [key] of expired) this.#t.idempotency.delete(key);
    return expired.length;
  }

  // Orders

  async insertOrder(input: {
    order: OrderRecord;
    link: PaymentLinkRecord;
    idempotency: { key: string; response: unknown } | null;
  }): Promise<boolean> {
    const { order, link, idempotency } = input;
    const t = this.#t;
    const intent = t.intents.get(order.orderId);
    // Only a pending intent is adopted, so exactly one path stores the order.
    if (intent?.state !== 'pending') return false;
    check(!t.orders.has(order.orderId), 'orders_pkey');
    check(order.paymentStatus === 'UNPAID' || order.paymentStatus === 'PAID', 'orders_payment_status_check');
    this.#checkLink(link, { orderExists: true });
    intent.state = 'created';
    const stored: OrderRecord = { ...copy(order), createdAt: iso(order.createdAt), paidAt: isoOrNull(order.paidAt) };
    t.orders.set(order.orderId, stored);
    // Every order is enrolled for polling as it is stored (the SQL trigger).
    if (!t.polls.has(order.orderId)) {
      t.polls.set(order.orderId, {
        nextPollAtMs: atMs(stored.createdAt),
        misses: 0,
        lastPolledAtMs: null,
        lastSeenStatus: null,
        lastSeenPickingStatus: null,
        claimedBy: null,
        claimUntilMs: null,
        doneAtMs: null,
        doneReason: null,
      });
    }
    this.#insertLink({ ...link, orderId: order.orderId, partnerId: order.partnerId });
    if (idempotency) {
      const row = t.idempotency.get(scopeKey(order.partnerId, order.environment, order.ownerId, idempotency.key));
      if (row) Object.assign(row, { response: copy(idempotency.response), completed: true });
    }
    return true;
  }

  async getOrder(scope: ShopperScope, orderId: string): Promise<OrderRecord | null> {
    const row = this.#t.orders.get(orderId);
    return row &&
      row.partnerId === scope.partnerId &&
      row.ownerId === scope.ownerId &&
      row.environment === scope.environment
      ? copy(row)
      : null;
  }

  async listOrders(
    scope: ShopperScope,
    page: { after: { createdAt: string; orderId: string } | null; first: number },
  ): Promise<{ orders: OrderRecord[]; hasNextPage: boolean }> {
    const after = page.after ? { ms: atMs(iso(page.after.createdAt)), orderId: page.after.orderId } : null;
    const rows = [...this.#t.orders.values()]
      .filter(
        (o) => o.partnerId === scope.partnerId && o.ownerId === scope.ownerId && o.environment === scope.environment,
      )
      .filter(
        (o) =>
          !after ||
          atMs(o.createdAt) < after.ms ||
          (atMs(o.createdAt) === after.ms && compareText(o.orderId, after.orderId) < 0),
      )
      .sort((a, b) => atMs(b.createdAt) - atMs(a.createdAt) || compareText(b.orderId, a.orderId))
      .slice(0, Math.max(0, page.first + 1));
    return { orders: rows.slice(0, page.first).map(copy), hasNextPage: rows.length > page.first };
  }

  async getOrderById(orderId: string): Promise<OrderRecord | null> {
    const row = this.#t.orders.get(orderId);
    return row ? copy(row) : null;
  }

  async updateOrderFromGrocer(orderId: string, grocerOrder: GrocerOrder, events: EventRecord[]): Promise<void> {
    const row = this.#t.orders.get(orderId);
    if (row)
      Object.assign(row, {
        grocerOrder: copy(grocerOrder),
        status: grocerOrder.status,
        pickingStatus: firstPickingStatus(grocerOrder),
      });
    // As in SQL, the events are written whether or not the order row was there.
    writeEvents(this.#t, events);
  }

  // Payment links and payments

  async insertPaymentLink(link: PaymentLinkRecord): Promise<void> {
    this.#checkLink(link);
    this.#insertLink(link);
  }

  async findPaymentLinkByHash(tokenHash: string): Promise<{ link: PaymentLinkRecord; order: OrderRecord } | null> {
    const link = [...this.#t.links.values()].find((l) => l.tokenHash === tokenHash);
    const order = link && this.#t.orders.get(link.orderId);
    return link && order ? { link: copy(link), order: copy(order) } : null;
  }

  async listPayments(orderIds: readonly string[]): Promise<PaymentRecord[]> {
    return [...this.#t.payments.values()]
      .filter((p) => orderIds.includes(p.orderId))
      .sort((a, b) => compareText(a.orderId, b.orderId))
      .map(copy);
  }

  async completePayment(input: {
    orderId: string;
    attemptId: string | null;
    payment: PaymentRecord;
    grocerOrder: GrocerOrder;
    events: EventRecord[];
  }): Promise<boolean> {
    const { orderId, attemptId, payment, grocerOrder, events } = input;
    const t = this.#t;
    const order = t.orders.get(orderId);
    // Whichever path comes second writes nothing.
    if (order?.paymentStatus !== 'UNPAID') return false;
    check(!t.payments.has(payment.paymentId), 'payments_pkey');
    check(![...t.payments.values()].some((p) => p.orderId === orderId), 'payments_order_id_key');
    const paidAt = iso(payment.createdAt);
    Object.assign(order, {
      paymentStatus: 'PAID',
      paidAt,
      grocerOrder: copy(grocerOrder),
      status: grocerOrder.status,
      pickingStatus: firstPickingStatus(grocerOrder),
    });
    const attempt = attemptId === null ? undefined : t.paymentAttempts.get(attemptId);
    if (attempt?.orderId === orderId)
      Object.assign(attempt, {
        state: 'paid',
        providerReference: attempt.providerReference ?? payment.reference,
        updatedAt: stampNow(this.#t),
      });
    t.payments.set(payment.paymentId, {
      paymentId: payment.paymentId,
      orderId,
      amountSatang: payment.amountSatang,
      currency: payment.currency,
      provider: payment.provider,
      reference: payment.reference,
      createdAt: paidAt,
    });
    writeEvents(t, events);
    return true;
  }

  #checkLink(link: PaymentLinkRecord, options: { orderExists?: boolean } = {}): void {
    check(!this.#t.links.has(link.linkId), 'payment_links_pkey');
    check(![...this.#t.links.values()].some((l) => l.tokenHash === link.tokenHash), 'payment_links_token_hash_key');
    check(options.orderExists === true || this.#t.orders.has(link.orderId), 'payment_links_order_id_fkey');
  }

  #insertLink(link: PaymentLinkRecord): void {
    this.#t.links.set(link.linkId, { ...copy(link), expiresAt: iso(link.expiresAt), createdAt: iso(link.createdAt) });
  }
}
