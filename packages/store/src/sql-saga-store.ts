import {
  startedPaymentAttempt,
  type DueWorkClaim,
  type EventRecord,
  type OrderIntentRecord,
  type OrderIntentState,
  type OrderRecord,
  type PaymentAttemptPatch,
  type PaymentAttemptRecord,
  type PaymentAttemptStart,
  type PaymentAttemptState,
  type RefundedAttempt,
  type RefundPatch,
  type RefundRecord,
  type RefundState,
  type SagaStore,
} from '@grocery/core/ports';
import { onlyRow, type Db } from './database.ts';
import { eventCtes, eventsJson } from './outbox-ctes.ts';
import { isoNotNull, toOrder, type OrderRow } from './row-mapping.ts';
import { SqlCommerceStore } from './sql-commerce-store.ts';

interface IntentRow {
  order_id: string;
  partner_id: string;
  owner_id: string;
  environment: OrderIntentRecord['environment'];
  idempotency_key: string | null;
  request: OrderIntentRecord['request'];
  from_basket: boolean;
  state: OrderIntentState;
  checks: number;
  last_error: string | null;
  created_at: Date;
  next_check_at: Date;
}

function toIntent(row: IntentRow): OrderIntentRecord {
  return {
    orderId: row.order_id,
    partnerId: row.partner_id,
    ownerId: row.owner_id,
    environment: row.environment,
    idempotencyKey: row.idempotency_key,
    request: row.request,
    fromBasket: row.from_basket,
    state: row.state,
    checks: row.checks,
    lastError: row.last_error,
    createdAt: isoNotNull(row.created_at),
    nextCheckAt: isoNotNull(row.next_check_at),
  };
}

interface AttemptRow {
  attempt_id: string;
  order_id: string;
  partner_id: string;
  provider: string;
  amount_satang: number;
  currency: string;
  state: PaymentAttemptState;
  provider_reference: string | null;
  redirect_url: string | null;
  provider_status: PaymentAttemptRecord['providerStatus'];
  refund_reference: string | null;
  failure_code: PaymentAttemptRecord['failureCode'];
  failure_message: string | null;
  simulate: PaymentAttemptRecord['simulate'];
  checks: number;
  created_at: Date;
  updated_at: Date;
  next_check_at: Date;
}

function toAttempt(row: AttemptRow): PaymentAttemptRecord {
  return {
    attemptId: row.attempt_id,
    orderId: row.order_id,
    partnerId: row.partner_id,
    provider: row.provider,
    amountSatang: row.amount_satang,
    currency: row.currency,
    state: row.state,
    providerReference: row.provider_reference,
    redirectUrl: row.redirect_url,
    providerStatus: row.provider_status,
    refundReference: row.refund_reference,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    simulate: row.simulate,
    checks: row.checks,
    createdAt: isoNotNull(row.created_at),
    updatedAt: isoNotNull(row.updated_at),
    nextCheckAt: isoNotNull(row.next_check_at),
  };
}

interface RefundRow {
  refund_id: string;
  order_id: string;
  partner_id: string;
  attempt_id: string | null;
  provider: string;
  payment_reference: string;
  amount_minor: number | string;
  currency: string;
  reason: RefundRecord['reason'];
  state: RefundState;
  provider_refund_reference: string | null;
  last_error: string | null;
  checks: number;
  created_at: Date | string;
  updated_at: Date | string;
  next_check_at: Date | string;
}

function toRefund(row: RefundRow): RefundRecord {
  return {
    refundId: row.refund_id,
    orderId: row.order_id,
    partnerId: row.partner_id,
    attemptId: row.attempt_id,
    provider: row.provider,
    paymentReference: row.payment_reference,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    reason: row.reason,
    state: row.state,
    providerRefundReference: row.provider_refund_reference,
    lastError: row.last_error,
    checks: row.checks,
    createdAt: isoNotNull(row.created_at),
    updatedAt: isoNotNull(row.updated_at),
    nextCheckAt: isoNotNull(row.next_check_at),
  };
}

/** A unique violation (PostgreSQL and PGlite report it alike): here, a second attempt of an order under way. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * The SagaStore port over SQL: order intents, payment attempts and refunds, each move guarded by the
 * state it leaves, due work leased with `FOR UPDATE SKIP LOCKED`. It stacks on the commerce store
 * (see sql-store.ts).
 */
export class SqlSagaStore extends SqlCommerceStore implements SagaStore {
  readonly #db: Db;

  constructor(db: Db) {
    super(db);
    this.#db = db;
  }

  async insertOrderIntent(intent: OrderIntentRecord): Promise<OrderIntentRecord> {
    const { rows } = await this.#db.query<IntentRow>(
      `WITH inserted AS (
         INSERT INTO order_intents (order_id, partner_id, owner_id, environment, idempotency_key, request, from_basket, state, checks, last_error, created_at, next_check_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (order_id) DO NOTHING RETURNING *
       )
       SELECT * FROM inserted UNION ALL SELECT * FROM order_intents WHERE order_id = $1 AND NOT EXISTS (SELECT 1 FROM inserted)`,
      [
        intent.orderId,
        intent.partnerId,
        intent.ownerId,
        intent.environment,
        intent.idempotencyKey,
        JSON.stringify(intent.request),
        intent.fromBasket,
        intent.state,
        intent.checks,
        intent.lastError,
        intent.createdAt,
        intent.nextCheckAt,
      ],
    );
    // A concurrent insert of the same id commits after this statement's snapshot: read it afresh.
    if (!rows[0]) return (await this.getOrderIntent(intent.orderId))!;
    return toIntent(rows[0]);
  }

  async getOrderIntent(orderId: string): Promise<OrderIntentRecord | null> {
    const { rows } = await this.#db.query<IntentRow>('SELECT * FROM order_intents WHERE order_id = $1', [orderId]);
    return rows[0] ? toIntent(rows[0]) : null;
  }

  async transitionOrderIntent(
    orderId: string,
    from: readonly OrderIntentState[],
    to: OrderIntentState,
    patch: { lastError?: string | null; nextCheckAt?: string } = {},
  ): Promise<boolean> {
    // An intent that ends without an order frees its idempotency key in the same statement.
    const { rows } = await this.#db.query<{ moved: boolean }>(
      `WITH moved AS (
         UPDATE order_intents SET state = $3, last_error = CASE WHEN $4 THEN $5 ELSE last_error END, next_check_at = COALESCE($6::timestamptz, next_check_at), updated_at = now()
          WHERE order_id = $1 AND state = ANY($2::text[])
          RETURNING partner_id, owner_id, environment, idempotency_key
       ), released AS (
         DELETE FROM idempotency_keys k USING moved m
          WHERE $3 IN ('failed', 'cancelled') AND k.partner_id = m.partner_id AND k.owner_id = m.owner_id AND k.environment = m.environment
            AND k.idempotency_key = m.idempotency_key AND k.completed_at IS NULL AND k.resource_id = $1
       )
       SELECT EXISTS (SELECT 1 FROM moved) AS moved`,
      [orderId, [...from], to, patch.lastError !== undefined, patch.lastError ?? null, patch.nextCheckAt ?? null],
    );
    return onlyRow(rows, 'order intent move').moved;
  }

  async claimDueOrderIntents(claim: DueWorkClaim): Promise<OrderIntentRecord[]> {
    const { rows } = await this.#db.query<IntentRow>(
      `UPDATE order_intents SET next_check_at = $2, checks = checks + 1, updated_at = now()
        WHERE order_id IN (
          SELECT order_id FROM order_intents WHERE state IN ('pending', 'cancelling') AND next_check_at <= $1
           ORDER BY next_check_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [new Date(claim.nowMs).toISOString(), new Date(claim.untilMs).toISOString(), claim.limit],
    );
    return rows.map(toIntent);
  }

  async listOrderIntents(page: { since: string; after: string | null; limit: number }): Promise<OrderIntentRecord[]> {
    const { rows } = await this.#db.query<IntentRow>(
      'SELECT * FROM order_intents WHERE created_at >= $1 AND order_id > $2 ORDER BY order_id LIMIT $3',
      [page.since, page.after ?? '', page.limit],
    );
    return rows.map(toIntent);
  }

  async startPaymentAttempt(attempt: PaymentAttemptRecord): Promise<PaymentAttemptStart> {
    // The order's row is locked first (a payment completing holds it too), so its payment status is
    // the latest when the attempt is written: no attempt starts beside a payment that is completing.
    // The partial unique index allows one attempt under way per order: a second insert does nothing.
    // The row is the model's started attempt, whatever else the given record carries.
    const row = startedPaymentAttempt(attempt);
    const { rows } = await this.#db.query<{
      inserted: boolean;
      payment_status: string | null;
      active: AttemptRow | null;
    }>(
      `WITH target AS (
         SELECT order_id, payment_status FROM orders WHERE order_id = $2 FOR UPDATE
       ), inserted AS (
         INSERT INTO payment_attempts (attempt_id, order_id, partner_id, provider, amount_satang, currency, state, provider_reference, redirect_url, provider_status,
                                       refund_reference, failure_code, failure_message, simulate, checks, created_at, updated_at, next_check_at)
         SELECT $1, order_id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18 FROM target WHERE payment_status = 'UNPAID'
         ON CONFLICT (order_id) WHERE state IN ('started', 'charged') DO NOTHING
         RETURNING attempt_id
       )
       SELECT EXISTS (SELECT 1 FROM inserted) AS inserted, (SELECT payment_status FROM target) AS payment_status,
              (SELECT to_jsonb(a) FROM payment_attempts a WHERE a.order_id = $2 AND a.state IN ('started', 'charged') LIMIT 1) AS active`,
      [
        row.attemptId,
        row.orderId,
        row.partnerId,
        row.provider,
        row.amountSatang,
        row.currency,
        row.state,
        row.providerReference,
        row.redirectUrl,
        row.providerStatus,
        row.refundReference,
        row.failureCode,
        row.failureMessage,
        row.simulate,
        row.checks,
        row.createdAt,
        row.updatedAt,
        row.nextCheckAt,
      ],
    );
    const result = onlyRow(rows, 'payment attempt start');
    if (result.inserted) return { kind: 'started' };
    if (result.payment_status === null) return { kind: 'not-found' };
    if (result.payment_status === 'PAID') return { kind: 'paid' };
    if (result.active) return { kind: 'busy', attempt: toAttempt(result.active) };
    // The attempt under way ended between the insert and the look: try again.
    return this.startPaymentAttempt(attempt);
  }

  async getPaymentAttempt(attemptId: string): Promise<PaymentAttemptRecord | null> {
    const { rows } = await this.#db.query<AttemptRow>('SELECT * FROM payment_attempts WHERE attempt_id = $1', [
      attemptId,
    ]);
    return rows[0] ? toAttempt(rows[0]) : null;
  }

  async listPaymentAttempts(orderIds: readonly string[]): Promise<PaymentAttemptRecord[]> {
    if (orderIds.length === 0) return [];
    const { rows } = await this.#db.query<AttemptRow>(
      'SELECT * FROM payment_attempts WHERE order_id = ANY($1::text[]) ORDER BY created_at, attempt_id',
      [[...orderIds]],
    );
    return rows.map(toAttempt);
  }

  async transitionPaymentAttempt(
    attemptId: string,
    from: readonly PaymentAttemptState[],
    to: PaymentAttemptState,
    patch: PaymentAttemptPatch = {},
  ): Promise<boolean> {
    const query = this.#db.query(
      `UPDATE payment_attempts
          SET state = $3,
              provider_reference = COALESCE($4, provider_reference),
              refund_reference = COALESCE($5, refund_reference),
              failure_code = COALESCE($6, failure_code),
              failure_message = COALESCE($7, failure_message),
              next_check_at = COALESCE($8::timestamptz, next_check_at),
              redirect_url = COALESCE($9, redirect_url),
              provider_status = COALESCE($10, provider_status),
              updated_at = now()
        WHERE attempt_id = $1 AND state = ANY($2::text[])`,
      [
        attemptId,
        [...from],
        to,
        patch.providerReference ?? null,
        patch.refundReference ?? null,
        patch.failureCode ?? null,
        patch.failureMessage ?? null,
        patch.nextCheckAt ?? null,
        patch.redirectUrl ?? null,
        patch.providerStatus ?? null,
      ],
    );
    try {
      return (await query).rowCount > 0;
    } catch (error) {
      // Back under way (money landed on an ended attempt) while another attempt of the order is: not this caller's move.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async claimDuePaymentAttempts(claim: DueWorkClaim): Promise<PaymentAttemptRecord[]> {
    const { rows } = await this.#db.query<AttemptRow>(
      `UPDATE payment_attempts SET next_check_at = $2, checks = checks + 1, updated_at = now()
        WHERE attempt_id IN (
          SELECT attempt_id FROM payment_attempts WHERE state IN ('started', 'charged') AND next_check_at <= $1
           ORDER BY next_check_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [new Date(claim.nowMs).toISOString(), new Date(claim.untilMs).toISOString(), claim.limit],
    );
    return rows.map(toAttempt);
  }

  async insertRefund(refund: RefundRecord, attempt: RefundedAttempt | null): Promise<RefundRecord> {
    const { rows } = await this.#db.query<{ refund: RefundRow }>(
      `WITH inserted AS (
         INSERT INTO payment_refunds (refund_id, order_id, partner_id, attempt_id, provider, payment_reference, amount_minor, currency, reason, state,
                                      provider_refund_reference, last_error, checks, created_at, updated_at, next_check_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13, $13, $14)
         ON CONFLICT (provider, payment_reference) DO NOTHING
         RETURNING *
       ), attempt AS (
         UPDATE payment_attempts SET state = 'refunded', failure_code = $16, failure_message = $17, updated_at = now()
          WHERE attempt_id = $15 AND state = ANY($18::text[]) AND EXISTS (SELECT 1 FROM inserted)
       )
       SELECT to_jsonb(i) AS refund FROM inserted i
       UNION ALL
       SELECT to_jsonb(r) FROM payment_refunds r WHERE r.provider = $5 AND r.payment_reference = $6 AND NOT EXISTS (SELECT 1 FROM inserted)`,
      [
        refund.refundId,
        refund.orderId,
        refund.partnerId,
        refund.attemptId,
        refund.provider,
        refund.paymentReference,
        refund.amountMinor,
        refund.currency,
        refund.reason,
        refund.state,
        refund.providerRefundReference,
        refund.lastError,
        refund.createdAt,
        refund.nextCheckAt,
        attempt?.attemptId ?? null,
        attempt?.failureCode ?? null,
        attempt?.failureMessage.slice(0, 1000) ?? null,
        attempt ? [...attempt.from] : [],
      ],
    );
    const row = rows[0];
    // Inserted, or there; a concurrent insert not yet visible to this statement's look is read again.
    return row
      ? toRefund(row.refund)
      : ((await this.#refundOfPayment(refund.provider, refund.paymentReference)) ?? refund);
  }

  async #refundOfPayment(provider: string, paymentReference: string): Promise<RefundRecord | null> {
    const { rows } = await this.#db.query<RefundRow>(
      'SELECT * FROM payment_refunds WHERE provider = $1 AND payment_reference = $2',
      [provider, paymentReference],
    );
    return rows[0] ? toRefund(rows[0]) : null;
  }

  async getRefund(refundId: string): Promise<RefundRecord | null> {
    const { rows } = await this.#db.query<RefundRow>('SELECT * FROM payment_refunds WHERE refund_id = $1', [refundId]);
    return rows[0] ? toRefund(rows[0]) : null;
  }

  async listRefunds(orderIds: readonly string[]): Promise<RefundRecord[]> {
    if (orderIds.length === 0) return [];
    const { rows } = await this.#db.query<RefundRow>(
      'SELECT * FROM payment_refunds WHERE order_id = ANY($1::text[]) ORDER BY created_at, refund_id',
      [[...orderIds]],
    );
    return rows.map(toRefund);
  }

  async transitionRefund(
    refundId: string,
    from: readonly RefundState[],
    to: RefundState,
    patch: RefundPatch = {},
    events: readonly EventRecord[] = [],
  ): Promise<boolean> {
    const { rows } = await this.#db.query<{ moved: boolean }>(
      `WITH moved AS (
         UPDATE payment_refunds
            SET state = $3,
                provider_refund_reference = COALESCE($4, provider_refund_reference),
                last_error = COALESCE($5, last_error),
                next_check_at = COALESCE($6::timestamptz, next_check_at),
                updated_at = now()
          WHERE refund_id = $1 AND state = ANY($2::text[])
          RETURNING refund_id
       ), ${eventCtes('$7', 'EXISTS (SELECT 1 FROM moved)')}
       SELECT EXISTS (SELECT 1 FROM moved) AS moved`,
      [
        refundId,
        [...from],
        to,
        patch.providerRefundReference ?? null,
        patch.lastError?.slice(0, 1000) ?? null,
        patch.nextCheckAt ?? null,
        eventsJson(events),
      ],
    );
    return onlyRow(rows, 'refund move').moved;
  }

  async claimDueRefunds(claim: DueWorkClaim): Promise<RefundRecord[]> {
    const { rows } = await this.#db.query<RefundRow>(
      `UPDATE payment_refunds SET next_check_at = $2, checks = checks + 1, updated_at = now()
        WHERE refund_id IN (
          SELECT refund_id FROM payment_refunds WHERE state = 'pending' AND next_check_at <= $1
           ORDER BY next_check_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [new Date(claim.nowMs).toISOString(), new Date(claim.untilMs).toISOString(), claim.limit],
    );
    return rows.map(toRefund);
  }

  async ordersByIds(orderIds: readonly string[]): Promise<OrderRecord[]> {
    if (orderIds.length === 0) return [];
    const { rows } = await this.#db.query<OrderRow>(
      'SELECT * FROM orders WHERE order_id = ANY($1::text[]) ORDER BY order_id',
      [[...orderIds]],
    );
    return rows.map(toOrder);
  }
}
