import type {
  EventRecord,
  OrderIntentRecord,
  OrderIntentState,
  OrderRecord,
  PaymentAttemptRecord,
  PaymentAttemptState,
  RefundRecord,
  RefundState,
} from '../model/checkout.ts';
import { startedPaymentAttempt } from '../model/payment-attempt.ts';
import type {
  DueWorkClaim,
  PaymentAttemptPatch,
  PaymentAttemptStart,
  RefundedAttempt,
  RefundPatch,
  SagaStore,
} from '../ports/store.ts';
import { InMemoryCommerceStore } from './in-memory-commerce-store.ts';
import type { InMemoryStoreOptions } from './in-memory-event-store.ts';
import {
  atMs,
  check,
  compareText,
  copy,
  iso,
  isEnvironment,
  scopeKey,
  stampNow,
  tablesOf,
  writeEvents,
  type InMemoryTables,
} from './in-memory-tables.ts';

const INTENT_STATES: readonly OrderIntentState[] = ['pending', 'cancelling', 'created', 'failed', 'cancelled'];
const ATTEMPT_STATES: readonly PaymentAttemptState[] = ['started', 'charged', 'paid', 'declined', 'refunded', 'failed'];
const ACTIVE: readonly PaymentAttemptState[] = ['started', 'charged'];
const REFUND_STATES: readonly RefundState[] = ['pending', 'succeeded', 'failed'];

/**
 * The SagaStore port in memory: order intents, payment attempts and refunds, moves guarded by the
 * states they leave, leases that expire by the times the caller passes. It stacks on the commerce
 * store (see in-memory-store.ts).
 */
export class InMemorySagaStore extends InMemoryCommerceStore implements SagaStore {
  readonly #t: InMemoryTables;

  constructor(options: InMemoryStoreOptions = {}) {
    super(options);
    this.#t = tablesOf(this);
  }

  async insertOrderIntent(intent: OrderIntentRecord): Promise<OrderIntentRecord> {
    const existing = this.#t.intents.get(intent.orderId);
    if (existing) return copy(existing);
    check(isEnvironment(intent.environment), 'order_intents_environment_check');
    check(INTENT_STATES.includes(intent.state), 'order_intents_state_check');
    check(intent.lastError === null || intent.lastError.length <= 1024, 'order_intents_last_error_check');
    const row: OrderIntentRecord = {
      ...copy(intent),
      createdAt: iso(intent.createdAt),
      nextCheckAt: iso(intent.nextCheckAt),
    };
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
    const active = [...t.paymentAttempts.values()].find(
      (a) => a.orderId === attempt.orderId && ACTIVE.includes(a.state),
    );
    if (active) return { kind: 'busy', attempt: copy(active) };
    check(!t.paymentAttempts.has(attempt.attemptId), 'payment_attempts_pkey');
    check(attempt.simulate === null || attempt.simulate === 'decline', 'payment_attempts_simulate_check');
    // Written as the model starts an attempt, whatever else the record carries (as the SQL store's columns).
    t.paymentAttempts.set(
      attempt.attemptId,
      startedPaymentAttempt({ ...attempt, createdAt: iso(attempt.createdAt), nextCheckAt: iso(attempt.nextCheckAt) }),
    );
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

  async transitionPaymentAttempt(
    attemptId: string,
    from: readonly PaymentAttemptState[],
    to: PaymentAttemptState,
    patch: PaymentAttemptPatch = {},
  ): Promise<boolean> {
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
      updatedAt: stampNow(this.#t),
    };
    check(next.failureMessage === null || next.failureMessage.length <= 1024, 'payment_attempts_failure_message_check');
    check(next.redirectUrl === null || next.redirectUrl.length <= 2048, 'payment_attempts_redirect_url_check');
    check(
      next.providerStatus === null || next.providerStatus === 'open' || next.providerStatus === 'pending',
      'payment_attempts_provider_status_check',
    );
    // Back under way while another attempt of the order is: the partial unique index refuses it.
    if (ACTIVE.includes(to) && !ACTIVE.includes(attempt.state)) {
      if (
        [...this.#t.paymentAttempts.values()].some(
          (a) => a.orderId === attempt.orderId && a.attemptId !== attemptId && ACTIVE.includes(a.state),
        )
      )
        return false;
    }
    Object.assign(attempt, next);
    return true;
  }

  async claimDuePaymentAttempts(claim: DueWorkClaim): Promise<PaymentAttemptRecord[]> {
    const due = [...this.#t.paymentAttempts.values()]
      .filter((a) => ACTIVE.includes(a.state) && atMs(a.nextCheckAt) <= claim.nowMs)
      .sort((a, b) => atMs(a.nextCheckAt) - atMs(b.nextCheckAt))
      .slice(0, Math.max(0, claim.limit));
    const updatedAt = stampNow(this.#t);
    for (const attempt of due)
      Object.assign(attempt, { nextCheckAt: iso(claim.untilMs), checks: attempt.checks + 1, updatedAt });
    return due.map(copy);
  }

  async insertRefund(refund: RefundRecord, attempt: RefundedAttempt | null): Promise<RefundRecord> {
    const t = this.#t;
    const existing = [...t.refunds.values()].find(
      (r) => r.provider === refund.provider && r.paymentReference === refund.paymentReference,
    );
    if (existing) return copy(existing);
    check(!t.refunds.has(refund.refundId), 'payment_refunds_pkey');
    check(t.orders.has(refund.orderId), 'payment_refunds_order_id_fkey');
    check(refund.attemptId === null || t.paymentAttempts.has(refund.attemptId), 'payment_refunds_attempt_id_fkey');
    check(REFUND_STATES.includes(refund.state), 'payment_refunds_state_check');
    check(refund.amountMinor >= 0, 'payment_refunds_amount_minor_check');
    check(refund.paymentReference.length <= 255, 'payment_refunds_payment_reference_check');
    const createdAt = iso(refund.createdAt);
    const row: RefundRecord = {
      ...copy(refund),
      checks: 0,
      createdAt,
      updatedAt: createdAt,
      nextCheckAt: iso(refund.nextCheckAt),
    };
    t.refunds.set(row.refundId, row);
    const given = attempt ? t.paymentAttempts.get(attempt.attemptId) : undefined;
    if (attempt && given && attempt.from.includes(given.state)) {
      Object.assign(given, {
        state: 'refunded',
        failureCode: attempt.failureCode,
        failureMessage: attempt.failureMessage.slice(0, 1000),
        updatedAt: stampNow(this.#t),
      });
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

  async transitionRefund(
    refundId: string,
    from: readonly RefundState[],
    to: RefundState,
    patch: RefundPatch = {},
    events: readonly EventRecord[] = [],
  ): Promise<boolean> {
    const refund = this.#t.refunds.get(refundId);
    if (!refund || !from.includes(refund.state)) return false;
    check(REFUND_STATES.includes(to), 'payment_refunds_state_check');
    Object.assign(refund, {
      state: to,
      providerRefundReference: patch.providerRefundReference ?? refund.providerRefundReference,
      lastError: patch.lastError?.slice(0, 1000) ?? refund.lastError,
      nextCheckAt: patch.nextCheckAt ? iso(patch.nextCheckAt) : refund.nextCheckAt,
      updatedAt: stampNow(this.#t),
    });
    writeEvents(this.#t, [...events]);
    return true;
  }

  async claimDueRefunds(claim: DueWorkClaim): Promise<RefundRecord[]> {
    const due = [...this.#t.refunds.values()]
      .filter((r) => r.state === 'pending' && atMs(r.nextCheckAt) <= claim.nowMs)
      .sort((a, b) => atMs(a.nextCheckAt) - atMs(b.nextCheckAt))
      .slice(0, Math.max(0, claim.limit));
    const updatedAt = stampNow(this.#t);
    for (const refund of due)
      Object.assign(refund, { nextCheckAt: iso(claim.untilMs), checks: refund.checks + 1, updatedAt });
    return due.map(copy);
  }

  async ordersByIds(orderIds: readonly string[]): Promise<OrderRecord[]> {
    return [...new Set(orderIds)]
      .flatMap((id) => this.#t.orders.get(id) ?? [])
      .sort((a, b) => compareText(a.orderId, b.orderId))
      .map(copy);
  }
}
