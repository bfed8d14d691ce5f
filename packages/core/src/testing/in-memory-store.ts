import type { BasketContent, BasketRecord, ShopperScope } from '../model/basket.ts';
import type {
  EventRecord,
  OrderIntentRecord,
  OrderIntentState,
  OrderRecord,
  PaymentAttemptRecord,
  PaymentAttemptState,
  PaymentLinkRecord,
  PaymentRecord,
  QuoteRecord,
  RefundRecord,
  RefundState,
} from '../model/checkout.ts';
import type { GrocerOrder } from '../model/order.ts';
import type { AppClient, Environment, Partner, PartnerContext, PartnerKeyRecord } from '../model/partner.ts';
import type { DueWorkClaim, IdempotencyClaim, PaymentAttemptPatch, PaymentAttemptStart, RefundedAttempt, RefundPatch, Store } from '../ports/store.ts';
import { InMemoryEventStore, type InMemoryStoreOptions } from './in-memory-event-store.ts';
import { atMs, check, compareText, copy, iso, isoOrNull, scopeKey, tablesOf, writeEvents, type InMemoryTables, type KeyRow } from './in-memory-tables.ts';

const INTENT_STATES: readonly OrderIntentState[] = ['pending', 'cancelling', 'created', 'failed', 'cancelled'];
const ATTEMPT_STATES: readonly PaymentAttemptState[] = ['started', 'charged', 'paid', 'declined', 'refunded', 'failed'];
const ACTIVE: readonly PaymentAttemptState[] = ['started', 'charged'];
const REFUND_STATES: readonly RefundState[] = ['pending', 'succeeded', 'failed'];
const HOUR_MS = 60 * 60 * 1000;

const isEnvironment = (value: unknown): value is Environment => value === 'sandbox' || value === 'production';
const firstPickingStatus = (order: GrocerOrder): string | null => order.shipping.schedules[0]?.pickingStatus ?? null;
/** Oldest first by a timestamp column, then in insertion order (what distinct `now()`s would give). */
const byCreated = <T extends { createdAt: string; seq: number }>(a: T, b: T): number => atMs(a.createdAt) - atMs(b.createdAt) || a.seq - b.seq;

function toKey(row: KeyRow): PartnerKeyRecord {
  return { keyPrefix: row.keyPrefix, partnerId: row.partnerId, environment: row.environment, createdAt: row.createdAt, revokedAt: row.revokedAt };
}

function toPartner(row: Partner & { seq: number }): Partner {
  const { seq: _seq, ...partner } = row;
  return { ...partner };
}

function toClient(row: AppClient & { seq: number }): AppClient {
  return { clientId: row.clientId, partnerId: row.partnerId, redirectUris: [...row.redirectUris], createdAt: row.createdAt };
}

/**
 * The whole `Store` held in memory, for unit tests of the domain that run in milliseconds: every
 * method keeps the SQL store's semantics (scoping by partner, environment and shopper; unique keys;
 * moves guarded by the states they leave; idempotency keys with their stale takeover and retention;
 * leases that expire by the times the caller passes; newest-first paging), and it passes the same
 * contract tests as the SQL store (`describeStoreContract`). Times the database would stamp with
 * `now()` come from `clock`. Writes that a constraint of the SQL schema refuses are refused with an
 * Error that names the constraint. Not for production: nothing survives the process.
 *
 * @example
 * const clock = new ManualClock();
 * const commerce = createCommerce({ store: new InMemoryStore({ clock }), grocer, catalog, identity, search: null, publicBaseUrl: 'https://api.example', clock });
 */
export class InMemoryStore extends InMemoryEventStore implements Store {
  readonly #t: InMemoryTables;

  constructor(options: InMemoryStoreOptions = {}) {
    super(options);
    this.#t = tablesOf(this);
  }

  /** Every payment recorded, oldest first (the SQL store's `payments` table); for assertions. */
  recordedPayments(orderId?: string): PaymentRecord[] {
    return [...this.#t.payments.values()].filter((p) => orderId === undefined || p.orderId === orderId).map(copy);
  }

  /** Every payment link of an order, oldest first (only hashes of their tokens are kept); for assertions. */
  paymentLinksOf(orderId: string): PaymentLinkRecord[] {
    return [...this.#t.links.values()].filter((l) => l.orderId === orderId).map(copy);
  }

  #now(): string {
    return iso(this.#t.clock.now());
  }

  // Partners

  async createPartner(partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>): Promise<Partner> {
    this.#checkPartner(partner);
    return toPartner(this.#insertPartner(partner));
  }

  async getPartner(partnerId: string): Promise<Partner | null> {
    const row = this.#t.partners.get(partnerId);
    return row ? toPartner(row) : null;
  }

  async listPartners(): Promise<Partner[]> {
    return [...this.#t.partners.values()].sort((a, b) => byCreated(a, b) || compareText(a.partnerId, b.partnerId)).map(toPartner);
  }

  async addPartnerKey(key: { keyHash: string; keyPrefix: string; partnerId: string; environment: Environment }): Promise<PartnerKeyRecord> {
    this.#checkKey(key);
    return toKey(this.#insertKey(key));
  }

  async revokePartnerKey(keyPrefix: string): Promise<boolean> {
    const row = [...this.#t.keys.values()].find((k) => k.keyPrefix === keyPrefix && k.revokedAt === null);
    if (!row) return false;
    row.revokedAt = this.#now();
    return true;
  }

  async listPartnerKeys(partnerId: string): Promise<PartnerKeyRecord[]> {
    return [...this.#t.keys.values()]
      .filter((k) => k.partnerId === partnerId)
      .sort(byCreated)
      .map(toKey);
  }

  async findPartnerByKeyHash(keyHash: string): Promise<PartnerContext | null> {
    const key = this.#t.keys.get(keyHash);
    if (!key || key.revokedAt !== null) return null;
    const partner = this.#t.partners.get(key.partnerId)!;
    const clientIds = [...this.#t.clients.values()]
      .filter((c) => c.partnerId === partner.partnerId)
      .sort(byCreated)
      .map((c) => c.clientId);
    return {
      partnerId: partner.partnerId,
      partnerName: partner.name,
      orderSource: partner.orderSource,
      environment: key.environment,
      keyPrefix: key.keyPrefix,
      clientIds,
      live: partner.liveAt !== null,
    };
  }

  async createPartnerWithCredentials(input: {
    partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>;
    key: { keyHash: string; keyPrefix: string };
    client: { clientId: string; redirectUris: string[] } | null;
  }): Promise<Partner | null> {
    const { partner, key, client } = input;
    // All of it or nothing: every check before any write, in the order the transaction writes.
    this.#checkPartner(partner);
    const keyRow = { ...key, partnerId: partner.partnerId, environment: partner.environment };
    this.#checkKey(keyRow, { partnerExists: true });
    if (client && this.#t.clients.has(client.clientId)) return null;
    const created = this.#insertPartner(partner);
    this.#insertKey(keyRow);
    if (client) this.#insertClient({ clientId: client.clientId, partnerId: partner.partnerId, redirectUris: client.redirectUris });
    return toPartner(created);
  }

  async addAppClient(client: Omit<AppClient, 'createdAt'>): Promise<AppClient | null> {
    if (this.#t.clients.has(client.clientId)) return null;
    check(this.#t.partners.has(client.partnerId), 'app_clients_partner_id_fkey');
    return toClient(this.#insertClient(client));
  }

  async listAppClients(partnerId: string): Promise<AppClient[]> {
    return [...this.#t.clients.values()]
      .filter((c) => c.partnerId === partnerId)
      .sort(byCreated)
      .map(toClient);
  }

  async appClientExists(clientId: string): Promise<boolean> {
    return this.#t.clients.has(clientId);
  }

  async allRedirectUris(): Promise<string[]> {
    return [...new Set([...this.#t.clients.values()].flatMap((c) => c.redirectUris))];
  }

  async confirmBranchResolution(partnerId: string, at: string): Promise<void> {
    const row = this.#t.partners.get(partnerId);
    if (row) row.branchResolutionConfirmedAt = iso(at);
  }

  async setPartnerLive(partnerId: string, at: string): Promise<string> {
    const row = this.#t.partners.get(partnerId);
    if (!row) throw new Error(`No partner ${partnerId}.`);
    row.liveAt ??= iso(at);
    return row.liveAt;
  }

  #checkPartner(partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>): void {
    check(!this.#t.partners.has(partner.partnerId), 'partners_pkey');
    check(isEnvironment(partner.environment), 'partners_environment_check');
    check(![...this.#t.partners.values()].some((p) => p.orderSource === partner.orderSource), 'partners_order_source_key');
  }

  #insertPartner(partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>): Partner & { seq: number } {
    const row = {
      partnerId: partner.partnerId,
      name: partner.name,
      environment: partner.environment,
      orderSource: partner.orderSource,
      createdAt: this.#now(),
      branchResolutionConfirmedAt: null,
      liveAt: null,
      seq: ++this.#t.seq,
    };
    this.#t.partners.set(row.partnerId, row);
    return row;
  }

  #checkKey(key: { keyHash: string; keyPrefix: string; partnerId: string; environment: Environment }, options: { partnerExists?: boolean } = {}): void {
    check(!this.#t.keys.has(key.keyHash), 'partner_keys_pkey');
    check(![...this.#t.keys.values()].some((k) => k.keyPrefix === key.keyPrefix), 'partner_keys_key_prefix_key');
    check(options.partnerExists === true || this.#t.partners.has(key.partnerId), 'partner_keys_partner_id_fkey');
    check(isEnvironment(key.environment), 'partner_keys_environment_check');
  }

  #insertKey(key: { keyHash: string; keyPrefix: string; partnerId: string; environment: Environment }): KeyRow {
    const row: KeyRow = {
      keyHash: key.keyHash,
      keyPrefix: key.keyPrefix,
      partnerId: key.partnerId,
      environment: key.environment,
      createdAt: this.#now(),
      revokedAt: null,
      seq: ++this.#t.seq,
    };
    this.#t.keys.set(row.keyHash, row);
    return row;
  }

  #insertClient(client: Omit<AppClient, 'createdAt'>): AppClient & { seq: number } {
    const row = { clientId: client.clientId, partnerId: client.partnerId, redirectUris: copy(client.redirectUris), createdAt: this.#now(), seq: ++this.#t.seq };
    this.#t.clients.set(row.clientId, row);
    return row;
  }

  // Baskets

  async getBasket(scope: ShopperScope): Promise<BasketRecord | null> {
    const row = this.#t.baskets.get(scopeKey(scope.partnerId, scope.environment, scope.ownerId));
    return row ? copy(row) : null;
  }

  async updateBasket(scope: ShopperScope, newBasketId: string, change: (current: BasketRecord | null) => BasketContent | null): Promise<BasketRecord | null> {
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
      updatedAt: this.#now(),
    };
    this.#t.baskets.set(key, row);
    return copy(row);
  }

  // Quotes

  async saveQuote(quote: QuoteRecord): Promise<void> {
    check(!this.#t.quotes.has(quote.quoteId), 'quotes_pkey');
    this.#t.quotes.set(quote.quoteId, { ...copy(quote), createdAt: iso(quote.createdAt), expiresAt: iso(quote.expiresAt) });
  }

  async getQuote(scope: ShopperScope, quoteId: string): Promise<QuoteRecord | null> {
    const row = this.#t.quotes.get(quoteId);
    return row && row.partnerId === scope.partnerId && row.ownerId === scope.ownerId ? copy(row) : null;
  }

  // Idempotency

  async claimIdempotencyKey(
    scope: ShopperScope,
    claim: { key: string; requestHash: string; resourceId: string; nowMs: number; staleAfterMs: number; retentionMs: number },
  ): Promise<IdempotencyClaim> {
    const key = scopeKey(scope.partnerId, scope.environment, scope.ownerId, claim.key);
    const rows = this.#t.idempotency;
    // A key older than its retention is forgotten, so its id can be used afresh.
    if ((rows.get(key)?.claimedAtMs ?? Infinity) < claim.nowMs - claim.retentionMs) rows.delete(key);
    const row = rows.get(key);
    if (!row) {
      rows.set(key, { requestHash: claim.requestHash, resourceId: claim.resourceId, response: null, claimedAtMs: claim.nowMs, completed: false });
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

  // Orders

  async insertOrder(input: { order: OrderRecord; link: PaymentLinkRecord; idempotency: { key: string; response: unknown } | null }): Promise<boolean> {
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
    return row && row.partnerId === scope.partnerId && row.ownerId === scope.ownerId && row.environment === scope.environment ? copy(row) : null;
  }

  async listOrders(scope: ShopperScope, page: { after: { createdAt: string; orderId: string } | null; first: number }): Promise<{ orders: OrderRecord[]; hasNextPage: boolean }> {
    const after = page.after ? { ms: atMs(iso(page.after.createdAt)), orderId: page.after.orderId } : null;
    const rows = [...this.#t.orders.values()]
      .filter((o) => o.partnerId === scope.partnerId && o.ownerId === scope.ownerId && o.environment === scope.environment)
      .filter((o) => !after || atMs(o.createdAt) < after.ms || (atMs(o.createdAt) === after.ms && compareText(o.orderId, after.orderId) < 0))
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
    if (row) Object.assign(row, { grocerOrder: copy(grocerOrder), status: grocerOrder.status, pickingStatus: firstPickingStatus(grocerOrder) });
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

  async completePayment(input: { orderId: string; attemptId: string | null; payment: PaymentRecord; grocerOrder: GrocerOrder; events: EventRecord[] }): Promise<boolean> {
    const { orderId, attemptId, payment, grocerOrder, events } = input;
    const t = this.#t;
    const order = t.orders.get(orderId);
    // Whichever path comes second writes nothing.
    if (order?.paymentStatus !== 'UNPAID') return false;
    check(!t.payments.has(payment.paymentId), 'payments_pkey');
    check(![...t.payments.values()].some((p) => p.orderId === orderId), 'payments_order_id_key');
    const paidAt = iso(payment.createdAt);
    Object.assign(order, { paymentStatus: 'PAID', paidAt, grocerOrder: copy(grocerOrder), status: grocerOrder.status, pickingStatus: firstPickingStatus(grocerOrder) });
    const attempt = attemptId === null ? undefined : t.paymentAttempts.get(attemptId);
    if (attempt?.orderId === orderId) Object.assign(attempt, { state: 'paid', providerReference: attempt.providerReference ?? payment.reference, updatedAt: this.#now() });
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

  // Sagas

  async insertOrderIntent(intent: OrderIntentRecord): Promise<OrderIntentRecord> {
    const existing = this.#t.intents.get(intent.orderId);
    if (existing) return copy(existing);
    check(isEnvironment(intent.environment), 'order_intents_environment_check');
    check(INTENT_STATES.includes(intent.state), 'order_intents_state_check');
    check(intent.lastError === null || intent.lastError.length <= 1024, 'order_intents_last_error_check');
    const row: OrderIntentRecord = { ...copy(intent), createdAt: iso(intent.createdAt), nextCheckAt: iso(intent.nextCheckAt) };
    this.#t.intents.set(row.orderId, row);
    return copy(row);
  }

  async getOrderIntent(orderId: string): Promise<OrderIntentRecord | null> {
    const row = this.#t.intents.get(orderId);
    return row ? copy(row) : null;
  }

  async transitionOrderIntent(
    orderId: string,
    from: readonly OrderIntentState[],
    to: OrderIntentState,
    patch: { lastError?: string | null; nextCheckAt?: string } = {},
  ): Promise<boolean> {
    const t = this.#t;
    const intent = t.intents.get(orderId);
    if (!intent || !from.includes(intent.state)) return false;
    check(INTENT_STATES.includes(to), 'order_intents_state_check');
    const lastError = patch.lastError !== undefined ? patch.lastError : intent.lastError;
    check(lastError === null || lastError.length <= 1024, 'order_intents_last_error_check');
    const nextCheckAt = patch.nextCheckAt ? iso(patch.nextCheckAt) : intent.nextCheckAt;
    Object.assign(intent, { state: to, lastError, nextCheckAt });
    // An intent that ends without an order frees its unfinished idempotency key.
    if ((to === 'failed' || to === 'cancelled') && intent.idempotencyKey !== null) {
      const key = scopeKey(intent.partnerId, intent.environment, intent.ownerId, intent.idempotencyKey);
      const row = t.idempotency.get(key);
      if (row && !row.completed && row.resourceId === orderId) t.idempotency.delete(key);
    }
    return true;
  }

  async claimDueOrderIntents(claim: DueWorkClaim): Promise<OrderIntentRecord[]> {
    const due = [...this.#t.intents.values()]
      .filter((i) => (i.state === 'pending' || i.state === 'cancelling') && atMs(i.nextCheckAt) <= claim.nowMs)
      .sort((a, b) => atMs(a.nextCheckAt) - atMs(b.nextCheckAt))
      .slice(0, Math.max(0, claim.limit));
    for (const intent of due) Object.assign(intent, { nextCheckAt: iso(claim.untilMs), checks: intent.checks + 1 });
    return due.map(copy);
  }

  async listOrderIntents(page: { since: string; after: string | null; limit: number }): Promise<OrderIntentRecord[]> {
    const since = atMs(iso(page.since));
    const after = page.after ?? '';
    return [...this.#t.intents.values()]
      .filter((i) => atMs(i.createdAt) >= since && compareText(i.orderId, after) > 0)
      .sort((a, b) => compareText(a.orderId, b.orderId))
      .slice(0, Math.max(0, page.limit))
      .map(copy);
  }

  async startPaymentAttempt(attempt: PaymentAttemptRecord): Promise<PaymentAttemptStart> {
    const t = this.#t;
    const order = t.orders.get(attempt.orderId);
    if (!order) return { kind: 'not-found' };
    if (order.paymentStatus === 'PAID') return { kind: 'paid' };
    // One attempt under way per order (the partial unique index).
    const active = [...t.paymentAttempts.values()].find((a) => a.orderId === attempt.orderId && ACTIVE.includes(a.state));
    if (active) return { kind: 'busy', attempt: copy(active) };
    check(!t.paymentAttempts.has(attempt.attemptId), 'payment_attempts_pkey');
    check(attempt.simulate === null || attempt.simulate === 'decline', 'payment_attempts_simulate_check');
    const createdAt = iso(attempt.createdAt);
    // Only these columns are written; the rest start empty whatever the record carries.
    t.paymentAttempts.set(attempt.attemptId, {
      attemptId: attempt.attemptId,
      orderId: attempt.orderId,
      partnerId: attempt.partnerId,
      provider: attempt.provider,
      amountSatang: attempt.amountSatang,
      currency: attempt.currency,
      state: 'started',
      providerReference: null,
      redirectUrl: null,
      providerStatus: null,
      refundReference: null,
      failureCode: null,
      failureMessage: null,
      simulate: attempt.simulate,
      checks: 0,
      createdAt,
      updatedAt: createdAt,
      nextCheckAt: iso(attempt.nextCheckAt),
    });
    return { kind: 'started' };
  }

  async getPaymentAttempt(attemptId: string): Promise<PaymentAttemptRecord | null> {
    const row = this.#t.paymentAttempts.get(attemptId);
    return row ? copy(row) : null;
  }

  async listPaymentAttempts(orderIds: readonly string[]): Promise<PaymentAttemptRecord[]> {
    return [...this.#t.paymentAttempts.values()]
      .filter((a) => orderIds.includes(a.orderId))
      .sort((a, b) => atMs(a.createdAt) - atMs(b.createdAt) || compareText(a.attemptId, b.attemptId))
      .map(copy);
  }

  async transitionPaymentAttempt(attemptId: string, from: readonly PaymentAttemptState[], to: PaymentAttemptState, patch: PaymentAttemptPatch = {}): Promise<boolean> {
    const attempt = this.#t.paymentAttempts.get(attemptId);
    if (!attempt || !from.includes(attempt.state)) return false;
    check(ATTEMPT_STATES.includes(to), 'payment_attempts_state_check');
    const next = {
      state: to,
      providerReference: patch.providerReference ?? attempt.providerReference,
      refundReference: patch.refundReference ?? attempt.refundReference,
      failureCode: patch.failureCode ?? attempt.failureCode,
      failureMessage: patch.failureMessage ?? attempt.failureMessage,
      nextCheckAt: patch.nextCheckAt ? iso(patch.nextCheckAt) : attempt.nextCheckAt,
      redirectUrl: patch.redirectUrl ?? attempt.redirectUrl,
      providerStatus: patch.providerStatus ?? attempt.providerStatus,
      updatedAt: this.#now(),
    };
    check(next.failureMessage === null || next.failureMessage.length <= 1024, 'payment_attempts_failure_message_check');
    check(next.redirectUrl === null || next.redirectUrl.length <= 2048, 'payment_attempts_redirect_url_check');
    check(next.providerStatus === null || next.providerStatus === 'open' || next.providerStatus === 'pending', 'payment_attempts_provider_status_check');
    // Back under way while another attempt of the order is: the partial unique index refuses it.
    if (ACTIVE.includes(to) && !ACTIVE.includes(attempt.state)) {
      if ([...this.#t.paymentAttempts.values()].some((a) => a.orderId === attempt.orderId && a.attemptId !== attemptId && ACTIVE.includes(a.state))) return false;
    }
    Object.assign(attempt, next);
    return true;
  }

  async claimDuePaymentAttempts(claim: DueWorkClaim): Promise<PaymentAttemptRecord[]> {
    const due = [...this.#t.paymentAttempts.values()]
      .filter((a) => ACTIVE.includes(a.state) && atMs(a.nextCheckAt) <= claim.nowMs)
      .sort((a, b) => atMs(a.nextCheckAt) - atMs(b.nextCheckAt))
      .slice(0, Math.max(0, claim.limit));
    const updatedAt = this.#now();
    for (const attempt of due) Object.assign(attempt, { nextCheckAt: iso(claim.untilMs), checks: attempt.checks + 1, updatedAt });
    return due.map(copy);
  }

  async insertRefund(refund: RefundRecord, attempt: RefundedAttempt | null): Promise<RefundRecord> {
    const t = this.#t;
    const existing = [...t.refunds.values()].find((r) => r.provider === refund.provider && r.paymentReference === refund.paymentReference);
    if (existing) return copy(existing);
    check(!t.refunds.has(refund.refundId), 'payment_refunds_pkey');
    check(t.orders.has(refund.orderId), 'payment_refunds_order_id_fkey');
    check(refund.attemptId === null || t.paymentAttempts.has(refund.attemptId), 'payment_refunds_attempt_id_fkey');
    check(REFUND_STATES.includes(refund.state), 'payment_refunds_state_check');
    check(refund.amountMinor >= 0, 'payment_refunds_amount_minor_check');
    check(refund.paymentReference.length <= 255, 'payment_refunds_payment_reference_check');
    const createdAt = iso(refund.createdAt);
    const row: RefundRecord = { ...copy(refund), checks: 0, createdAt, updatedAt: createdAt, nextCheckAt: iso(refund.nextCheckAt) };
    t.refunds.set(row.refundId, row);
    const given = attempt ? t.paymentAttempts.get(attempt.attemptId) : undefined;
    if (attempt && given && attempt.from.includes(given.state)) {
      Object.assign(given, { state: 'refunded', failureCode: attempt.failureCode, failureMessage: attempt.failureMessage.slice(0, 1000), updatedAt: this.#now() });
    }
    return copy(row);
  }

  async getRefund(refundId: string): Promise<RefundRecord | null> {
    const row = this.#t.refunds.get(refundId);
    return row ? copy(row) : null;
  }

  async listRefunds(orderIds: readonly string[]): Promise<RefundRecord[]> {
    return [...this.#t.refunds.values()]
      .filter((r) => orderIds.includes(r.orderId))
      .sort((a, b) => atMs(a.createdAt) - atMs(b.createdAt) || compareText(a.refundId, b.refundId))
      .map(copy);
  }

  async transitionRefund(refundId: string, from: readonly RefundState[], to: RefundState, patch: RefundPatch = {}, events: readonly EventRecord[] = []): Promise<boolean> {
    const refund = this.#t.refunds.get(refundId);
    if (!refund || !from.includes(refund.state)) return false;
    check(REFUND_STATES.includes(to), 'payment_refunds_state_check');
    Object.assign(refund, {
      state: to,
      providerRefundReference: patch.providerRefundReference ?? refund.providerRefundReference,
      lastError: patch.lastError?.slice(0, 1000) ?? refund.lastError,
      nextCheckAt: patch.nextCheckAt ? iso(patch.nextCheckAt) : refund.nextCheckAt,
      updatedAt: this.#now(),
    });
    writeEvents(this.#t, [...events]);
    return true;
  }

  async claimDueRefunds(claim: DueWorkClaim): Promise<RefundRecord[]> {
    const due = [...this.#t.refunds.values()]
      .filter((r) => r.state === 'pending' && atMs(r.nextCheckAt) <= claim.nowMs)
      .sort((a, b) => atMs(a.nextCheckAt) - atMs(b.nextCheckAt))
      .slice(0, Math.max(0, claim.limit));
    const updatedAt = this.#now();
    for (const refund of due) Object.assign(refund, { nextCheckAt: iso(claim.untilMs), checks: refund.checks + 1, updatedAt });
    return due.map(copy);
  }

  async ordersByIds(orderIds: readonly string[]): Promise<OrderRecord[]> {
    return [...new Set(orderIds)]
      .flatMap((id) => this.#t.orders.get(id) ?? [])
      .sort((a, b) => compareText(a.orderId, b.orderId))
      .map(copy);
  }

  // Operations

  async deliveryCounts(): Promise<Record<'pending' | 'delivered' | 'failed' | 'cancelled', number>> {
    const counts = { pending: 0, delivered: 0, failed: 0, cancelled: 0 };
    for (const delivery of this.#t.deliveries.values()) counts[delivery.status] += 1;
    return counts;
  }

  // Rate limits

  async takeRateUnits(bucket: string, windowStartMs: number, units: number, limit: number): Promise<{ granted: number; used: number }> {
    const windows = this.#t.rateLimits;
    const key = `${bucket}\u0000${windowStartMs}`;
    const row = windows.get(key) ?? { windowStartMs, used: 0 };
    const granted = Math.max(0, Math.min(units, limit - row.used));
    row.used += granted;
    windows.set(key, row);
    // Windows are minutes long; an hour of history is what the SQL store keeps at most.
    const oldest = this.#t.clock.now() - HOUR_MS;
    for (const [k, w] of windows) if (w.windowStartMs < oldest && k !== key) windows.delete(k);
    return { granted, used: row.used };
  }
}
