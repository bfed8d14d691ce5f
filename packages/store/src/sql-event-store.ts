import {
  RESPONSE_SNIPPET_MAX,
  storableText,
  type ClaimedDelivery,
  type ClaimedOrderPoll,
  type DeliveryAttemptRecord,
  type DeliveryAttemptReport,
  type DeliveryRecord,
  type EventStore,
  type EventType,
  type OrderPollReport,
  type RedeliverResult,
  type WebhookEndpointKind,
  type WebhookEndpointRecord,
} from '@grocery/core/ports';
import { onlyRow, type Db } from './database.ts';
import { iso, isoNotNull, toOrder, type OrderRow } from './row-mapping.ts';

const at = (ms: number): string => new Date(ms).toISOString();

interface EndpointRow {
  endpoint_id: string;
  partner_id: string;
  kind: WebhookEndpointKind;
  caller_id: string | null;
  url: string;
  environment: WebhookEndpointRecord['environment'];
  event_types: EventType[];
  status: WebhookEndpointRecord['status'];
  disabled_reason: string | null;
  disabled_at: Date | null;
  secret_rotated_at: Date | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toEndpoint(row: EndpointRow): WebhookEndpointRecord {
  return {
    endpointId: row.endpoint_id,
    partnerId: row.partner_id,
    kind: row.kind,
    callerId: row.caller_id,
    url: row.url,
    environment: row.environment,
    eventTypes: row.event_types,
    status: row.status,
    disabledReason: row.disabled_reason,
    disabledAt: iso(row.disabled_at),
    secretRotatedAt: iso(row.secret_rotated_at),
    previousSecretExpiresAt: iso(row.previous_secret_expires_at),
    createdAt: isoNotNull(row.created_at),
    updatedAt: isoNotNull(row.updated_at),
  };
}

/** Endpoint columns that may be shown: never the secrets. */
const ENDPOINT_COLUMNS = `endpoint_id, partner_id, kind, caller_id, url, environment, event_types, status, disabled_reason, disabled_at,
  secret_rotated_at, previous_secret_expires_at, created_at, updated_at`;

interface AttemptJson {
  attempt_number: number;
  instance_id: string;
  outcome: DeliveryAttemptRecord['outcome'];
  started_at: string;
  latency_ms: number;
  status_code: number | null;
  response_snippet: string | null;
  error: string | null;
}

interface DeliveryRow {
  delivery_id: string;
  event_id: string;
  endpoint_id: string;
  partner_id: string;
  type: EventType;
  order_id: string;
  status: DeliveryRecord['status'];
  attempt_count: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  redelivery_of: string | null;
  created_at: Date;
  attempts: AttemptJson[];
}

function toDelivery(row: DeliveryRow): DeliveryRecord {
  return {
    deliveryId: row.delivery_id,
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    partnerId: row.partner_id,
    type: row.type,
    orderId: row.order_id,
    status: row.status,
    attemptCount: row.attempt_count,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    deliveredAt: iso(row.delivered_at),
    redeliveryOf: row.redelivery_of,
    createdAt: isoNotNull(row.created_at),
    attempts: row.attempts.map((a) => ({
      attemptNumber: a.attempt_number,
      instanceId: a.instance_id,
      outcome: a.outcome,
      startedAt: isoNotNull(a.started_at),
      latencyMs: a.latency_ms,
      statusCode: a.status_code,
      responseSnippet: a.response_snippet,
      error: a.error,
    })),
  };
}

const DELIVERY_SELECT = `SELECT d.delivery_id, d.event_id, d.endpoint_id, d.partner_id, e.type, e.order_id, d.status, d.attempt_count,
       d.next_attempt_at, d.last_status_code, d.last_error, d.delivered_at, d.redelivery_of, d.created_at,
       COALESCE((SELECT jsonb_agg(jsonb_build_object(
                  'attempt_number', a.attempt_number, 'instance_id', a.instance_id, 'outcome', a.outcome, 'started_at', a.started_at,
                  'latency_ms', a.latency_ms, 'status_code', a.status_code, 'response_snippet', a.response_snippet, 'error', a.error)
                  ORDER BY a.attempt_id)
                   FROM webhook_attempts a WHERE a.delivery_id = d.delivery_id), '[]'::jsonb) AS attempts
  FROM webhook_deliveries d JOIN events e ON e.event_id = d.event_id`;

interface ClaimRow {
  delivery_id: string;
  attempt_count: number;
  claim_until: Date;
  event_id: string;
  partner_id: string;
  type: EventType;
  order_id: string;
  payload: Record<string, unknown>;
  ts: number;
  endpoint_id: string;
  kind: WebhookEndpointKind;
  caller_id: string | null;
  url: string;
  environment: WebhookEndpointRecord['environment'];
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
}

type OrderPollRow = OrderRow & { misses: number };

/**
 * Records a batch of attempts (`$1`, JSON rows; `$2`, their delivery ids, which let the planner use
 * the primary key whatever it guesses of the JSON's size) in one statement: every attempt is logged; a delivery
 * still claimed by the reporting instance moves on by its outcome (an aborted attempt counts for
 * nothing and leaves it due). Returns the deliveries that were held, with their endpoints.
 */
const RECORD_ATTEMPTS = `WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(ord integer, delivery_id text, instance_id text, outcome text, next_attempt_at timestamptz,
      started_at timestamptz, latency_ms integer, status_code integer, response_snippet text, error text, now timestamptz)
  ), held AS (
    SELECT d.delivery_id, d.attempt_count, d.endpoint_id
      FROM webhook_deliveries d JOIN input i ON i.delivery_id = d.delivery_id AND d.claimed_by = i.instance_id
     WHERE d.delivery_id = ANY($2::text[]) AND d.status = 'pending'
       FOR UPDATE OF d
  ), logged AS (
    INSERT INTO webhook_attempts (delivery_id, attempt_number, instance_id, outcome, started_at, latency_ms, status_code, response_snippet, error)
    SELECT i.delivery_id, COALESCE(h.attempt_count, d.attempt_count) + CASE WHEN i.outcome = 'released' THEN 0 ELSE 1 END, i.instance_id,
           CASE WHEN i.outcome = 'released' THEN 'aborted' ELSE i.outcome END, i.started_at, i.latency_ms, i.status_code, i.response_snippet, i.error
      FROM input i JOIN webhook_deliveries d ON d.delivery_id = i.delivery_id AND d.delivery_id = ANY($2::text[]) LEFT JOIN held h ON h.delivery_id = i.delivery_id
     ORDER BY i.ord
  ), moved AS (
    UPDATE webhook_deliveries d
       SET status = CASE i.outcome WHEN 'delivered' THEN 'delivered' WHEN 'failed' THEN 'failed' WHEN 'gone' THEN 'failed' ELSE d.status END,
           attempt_count = d.attempt_count + CASE WHEN i.outcome = 'released' THEN 0 ELSE 1 END,
           delivered_at = CASE WHEN i.outcome = 'delivered' THEN i.now ELSE d.delivered_at END,
           next_attempt_at = CASE i.outcome WHEN 'retry' THEN i.next_attempt_at WHEN 'released' THEN d.next_attempt_at ELSE NULL END,
           last_status_code = CASE WHEN i.outcome = 'released' THEN d.last_status_code ELSE i.status_code END,
           last_error = CASE WHEN i.outcome = 'released' THEN d.last_error ELSE i.error END,
           claimed_by = NULL, claim_until = NULL, updated_at = i.now
      FROM input i JOIN held h ON h.delivery_id = i.delivery_id
     WHERE d.delivery_id = i.delivery_id
  )
  SELECT delivery_id, endpoint_id FROM held`;

/** The EventStore port over SQL; the base of the port implementations that stack into `SqlStore` (see sql-store.ts). */
export class SqlEventStore implements EventStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  // Endpoints

  async insertWebhookEndpoint(
    endpoint: Omit<
      WebhookEndpointRecord,
      'status' | 'disabledReason' | 'disabledAt' | 'secretRotatedAt' | 'previousSecretExpiresAt' | 'updatedAt'
    > & { secret: string },
  ): Promise<WebhookEndpointRecord> {
    const { rows } = await this.#db.query<EndpointRow>(
      `INSERT INTO webhook_endpoints (endpoint_id, partner_id, url, environment, event_types, secret, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $7) RETURNING ${ENDPOINT_COLUMNS}`,
      [
        endpoint.endpointId,
        endpoint.partnerId,
        endpoint.url,
        endpoint.environment,
        JSON.stringify(endpoint.eventTypes),
        endpoint.secret,
        endpoint.createdAt,
      ],
    );
    return toEndpoint(onlyRow(rows, 'webhook endpoint insert'));
  }

  async ensureAgentWebhookEndpoint(
    endpoint: Parameters<EventStore['ensureAgentWebhookEndpoint']>[0],
  ): Promise<WebhookEndpointRecord> {
    const { rows } = await this.#db.query<EndpointRow>(
      `WITH made AS (
         INSERT INTO webhook_endpoints (endpoint_id, partner_id, kind, caller_id, url, environment, event_types, secret, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', $9, $9)
         ON CONFLICT (partner_id, kind, caller_id, url) WHERE kind <> 'partner' AND status = 'active' DO NOTHING
         RETURNING ${ENDPOINT_COLUMNS}
       )
       SELECT * FROM made
       UNION ALL
       SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
        WHERE partner_id = $2 AND kind = $3 AND caller_id = $4 AND url = $5 AND status = 'active' AND NOT EXISTS (SELECT 1 FROM made)`,
      [
        endpoint.endpointId,
        endpoint.partnerId,
        endpoint.kind,
        endpoint.callerId,
        endpoint.url,
        endpoint.environment,
        JSON.stringify(endpoint.eventTypes),
        endpoint.secret,
        endpoint.createdAt,
      ],
    );
    // A twin inserted by a concurrent session after this statement's snapshot: it is there now.
    if (rows.length === 0) return this.ensureAgentWebhookEndpoint(endpoint);
    return toEndpoint(onlyRow(rows, 'agent webhook endpoint'));
  }

  async getWebhookEndpoint(endpointId: string): Promise<WebhookEndpointRecord | null> {
    const { rows } = await this.#db.query<EndpointRow>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE endpoint_id = $1`,
      [endpointId],
    );
    return rows[0] ? toEndpoint(rows[0]) : null;
  }

  async listWebhookEndpoints(partnerId: string): Promise<WebhookEndpointRecord[]> {
    const { rows } = await this.#db.query<EndpointRow>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE partner_id = $1 ORDER BY created_at, endpoint_id`,
      [partnerId],
    );
    return rows.map(toEndpoint);
  }

  async disableWebhookEndpoint(endpointId: string, reason: string, nowMs: number): Promise<boolean> {
    return this.#db.transaction(async (tx) => disableEndpoint(tx, endpointId, reason, nowMs));
  }

  async rotateWebhookSecret(
    endpointId: string,
    secret: string,
    nowMs: number,
    previousUntilMs: number,
  ): Promise<boolean> {
    const { rowCount } = await this.#db.query(
      `UPDATE webhook_endpoints SET previous_secret = secret, secret = $2, previous_secret_expires_at = $4, secret_rotated_at = $3, updated_at = $3
        WHERE endpoint_id = $1 AND status = 'active'`,
      [endpointId, secret, at(nowMs), at(previousUntilMs)],
    );
    return rowCount > 0;
  }

  // Deliveries

  async listDeliveries(partnerId: string, page: { limit: number; before: string | null }): Promise<DeliveryRecord[]> {
    const params: unknown[] = [partnerId, page.limit];
    let cursor = '';
    if (page.before !== null) {
      params.push(page.before);
      cursor = 'AND d.seq < (SELECT seq FROM webhook_deliveries WHERE delivery_id = $3 AND partner_id = $1)';
    }
    const { rows } = await this.#db.query<DeliveryRow>(
      `${DELIVERY_SELECT} WHERE d.partner_id = $1 ${cursor} ORDER BY d.seq DESC LIMIT $2`,
      params,
    );
    return rows.map(toDelivery);
  }

  async getDelivery(deliveryId: string): Promise<DeliveryRecord | null> {
    const { rows } = await this.#db.query<DeliveryRow>(`${DELIVERY_SELECT} WHERE d.delivery_id = $1`, [deliveryId]);
    return rows[0] ? toDelivery(rows[0]) : null;
  }

  async redeliver(deliveryId: string, newDeliveryId: string, nowMs: number): Promise<RedeliverResult> {
    const found = await this.#db.query<{ status: string }>(
      'SELECT w.status FROM webhook_deliveries d JOIN webhook_endpoints w ON w.endpoint_id = d.endpoint_id WHERE d.delivery_id = $1',
      [deliveryId],
    );
    if (!found.rows[0]) return { kind: 'not-found' };
    if (found.rows[0].status !== 'active') return { kind: 'endpoint-disabled' };
    const inserted = await this.#db.query(
      `INSERT INTO webhook_deliveries (delivery_id, event_id, endpoint_id, partner_id, redelivery_of, status, next_attempt_at, created_at, updated_at)
       SELECT $2, d.event_id, d.endpoint_id, d.partner_id, d.delivery_id, 'pending', $3, $3, $3
         FROM webhook_deliveries d JOIN webhook_endpoints w ON w.endpoint_id = d.endpoint_id
        WHERE d.delivery_id = $1 AND w.status = 'active'`,
      [deliveryId, newDeliveryId, at(nowMs)],
    );
    if (inserted.rowCount === 0) return { kind: 'endpoint-disabled' };
    return { kind: 'created', delivery: (await this.getDelivery(newDeliveryId))! };
  }

  async claimDeliveries(input: {
    instanceId: string;
    nowMs: number;
    untilMs: number;
    limit: number;
  }): Promise<ClaimedDelivery[]> {
    const { rows } = await this.#db.query<ClaimRow>(
      `WITH due AS (
         SELECT delivery_id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= $2 AND (claim_until IS NULL OR claim_until < $2)
          ORDER BY next_attempt_at, seq
          LIMIT $4
          FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE webhook_deliveries d SET claimed_by = $1, claim_until = $3, updated_at = $2
           FROM due WHERE d.delivery_id = due.delivery_id
         RETURNING d.delivery_id, d.attempt_count, d.claim_until, d.event_id, d.endpoint_id
       )
       SELECT c.delivery_id, c.attempt_count, c.claim_until, e.event_id, e.partner_id, e.type, e.order_id, e.payload, e.ts,
              w.endpoint_id, w.kind, w.caller_id, w.url, w.environment, w.secret, w.previous_secret, w.previous_secret_expires_at
         FROM claimed c JOIN events e ON e.event_id = c.event_id JOIN webhook_endpoints w ON w.endpoint_id = c.endpoint_id`,
      [input.instanceId, at(input.nowMs), at(input.untilMs), input.limit],
    );
    return rows.map((row) => ({
      deliveryId: row.delivery_id,
      attemptCount: row.attempt_count,
      claimUntilMs: new Date(row.claim_until).getTime(),
      event: {
        eventId: row.event_id,
        partnerId: row.partner_id,
        type: row.type,
        orderId: row.order_id,
        payload: row.payload,
        ts: row.ts,
      },
      endpoint: {
        endpointId: row.endpoint_id,
        kind: row.kind,
        callerId: row.caller_id,
        url: row.url,
        environment: row.environment,
        secret: row.secret,
        previousSecret: row.previous_secret,
        previousSecretExpiresAtMs:
          row.previous_secret_expires_at === null ? null : new Date(row.previous_secret_expires_at).getTime(),
      },
    }));
  }

  async recordDeliveryAttempts(reports: readonly DeliveryAttemptReport[]): Promise<boolean[]> {
    if (reports.length === 0) return [];
    const input = JSON.stringify(
      reports.map((report, ord) => ({
        ord,
        delivery_id: report.deliveryId,
        instance_id: report.instanceId,
        outcome: report.outcome.kind,
        next_attempt_at: report.outcome.kind === 'retry' ? at(report.outcome.nextAttemptAtMs) : null,
        started_at: at(report.startedAtMs),
        latency_ms: Math.max(0, Math.round(report.latencyMs)),
        status_code: report.statusCode,
        response_snippet: storableText(report.responseSnippet, RESPONSE_SNIPPET_MAX),
        error: storableText(report.error, RESPONSE_SNIPPET_MAX),
        now: at(report.nowMs),
      })),
    );
    const record = async (db: Db): Promise<boolean[]> => {
      const { rows } = await db.query<{ delivery_id: string; endpoint_id: string }>(RECORD_ATTEMPTS, [
        input,
        reports.map((report) => report.deliveryId),
      ]);
      const held = new Map(rows.map((row) => [row.delivery_id, row.endpoint_id]));
      for (const report of reports) {
        const endpointId = held.get(report.deliveryId);
        if (report.outcome.kind === 'gone' && endpointId !== undefined)
          await disableEndpoint(db, endpointId, 'The endpoint answered 410 Gone.', report.nowMs);
      }
      return reports.map((report) => held.has(report.deliveryId));
    };
    // A 410 disables its endpoint in the same transaction as the attempt; otherwise one statement is the transaction.
    return reports.some((report) => report.outcome.kind === 'gone') ? this.#db.transaction(record) : record(this.#db);
  }

  // Order polling

  async claimOrderPolls(input: {
    instanceId: string;
    nowMs: number;
    untilMs: number;
    limit: number;
  }): Promise<ClaimedOrderPoll[]> {
    const { rows } = await this.#db.query<OrderPollRow>(
      `WITH due AS (
         SELECT order_id FROM order_polls
          WHERE done_at IS NULL AND next_poll_at <= $2 AND (claim_until IS NULL OR claim_until < $2)
          ORDER BY next_poll_at
          LIMIT $4
          FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE order_polls p SET claimed_by = $1, claim_until = $3
           FROM due WHERE p.order_id = due.order_id
         RETURNING p.order_id, p.misses
       )
       SELECT o.order_id, o.partner_id, o.owner_id, o.environment, o.order_source, o.branch_code, o.grand_total_satang, o.currency,
              o.payment_status, o.status, o.picking_status, o.request, o.grocer_order, o.created_at, o.paid_at, c.misses
         FROM claimed c JOIN orders o ON o.order_id = c.order_id`,
      [input.instanceId, at(input.nowMs), at(input.untilMs), input.limit],
    );
    return rows.map((row) => ({ misses: row.misses, order: toOrder(row) }));
  }

  async completeOrderPoll(report: OrderPollReport): Promise<boolean> {
    const now = at(report.nowMs);
    const { rowCount } = await this.#db.query(
      `UPDATE order_polls SET next_poll_at = $3, misses = $4, last_polled_at = $5, last_seen_status = $6, last_seen_picking_status = $7,
              done_at = CASE WHEN $8::text IS NULL THEN NULL ELSE $5::timestamptz END, done_reason = $8::text, claimed_by = NULL, claim_until = NULL
        WHERE order_id = $1 AND claimed_by = $2`,
      [
        report.orderId,
        report.instanceId,
        at(report.nextPollAtMs),
        report.misses,
        now,
        report.lastSeenStatus,
        report.lastSeenPickingStatus,
        report.done,
      ],
    );
    return rowCount > 0;
  }

  async releaseOrderPolls(instanceId: string, orderIds: readonly string[], nextPollAtMs: number): Promise<void> {
    if (orderIds.length === 0) return;
    await this.#db.query(
      'UPDATE order_polls SET claimed_by = NULL, claim_until = NULL, next_poll_at = $3 WHERE claimed_by = $1 AND order_id = ANY($2::text[])',
      [instanceId, [...orderIds], at(nextPollAtMs)],
    );
  }

  // Inbound notifications

  async rememberInboundNotification(key: string, nowMs: number, expiresAtMs: number): Promise<boolean> {
    // Expired receipts are swept a few at a time in the same statement, so the table stays small
    // without a job and a notification costs one round trip.
    const { rows } = await this.#db.query(
      `WITH swept AS (
         DELETE FROM inbound_notifications WHERE receipt_key IN (SELECT receipt_key FROM inbound_notifications WHERE expires_at < $2 LIMIT 100)
       )
       INSERT INTO inbound_notifications (receipt_key, received_at, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING receipt_key`,
      [key, at(nowMs), at(expiresAtMs)],
    );
    return rows.length > 0;
  }

  async forgetInboundNotification(key: string): Promise<void> {
    await this.#db.query('DELETE FROM inbound_notifications WHERE receipt_key = $1', [key]);
  }
}

async function disableEndpoint(tx: Db, endpointId: string, reason: string, nowMs: number): Promise<boolean> {
  const now = at(nowMs);
  const { rowCount } = await tx.query(
    `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $2, disabled_at = $3, updated_at = $3 WHERE endpoint_id = $1 AND status = 'active'`,
    [endpointId, reason, now],
  );
  if (rowCount === 0) return false;
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL, claimed_by = NULL, claim_until = NULL, last_error = $2, updated_at = $3
      WHERE endpoint_id = $1 AND status = 'pending'`,
    [endpointId, `Cancelled: ${reason}`.slice(0, RESPONSE_SNIPPET_MAX), now],
  );
  return true;
}
