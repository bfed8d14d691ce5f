import type { EventRecord } from '../model/checkout.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import {
  RESPONSE_SNIPPET_MAX,
  storableText,
  type ClaimedDelivery,
  type ClaimedOrderPoll,
  type DeliveryAttemptReport,
  type DeliveryRecord,
  type EventStore,
  type OrderPollReport,
  type RedeliverResult,
  type WebhookEndpointRecord,
} from '../ports/event-store.ts';
import {
  attachTables,
  check,
  compareText,
  copy,
  iso,
  isoOrNull,
  newDeliveryRow,
  newTables,
  type DeliveryRow,
  type EndpointRow,
  type InMemoryTables,
} from './in-memory-tables.ts';

function publicEndpoint(row: EndpointRow): WebhookEndpointRecord {
  const { secret: _secret, previousSecret: _previous, seq: _seq, ...record } = row;
  return copy(record);
}

/** Options of the in-memory stores. */
export interface InMemoryStoreOptions {
  /** Stands in for the database's `now()` (creation, revocation and update times). Default: the system clock. */
  clock?: Clock;
}

/**
 * An `EventStore` held in memory, for tests: webhook endpoints, the delivery outbox with leased
 * claims, order polling and inbound-notification receipts, with the SQL store's semantics (leases
 * expire by the times the caller passes; deliveries are listed newest first by insertion). Events
 * enter through the writes of `InMemoryStore`, which extends this class; it passes the same
 * contract tests as the SQL event store (`describeEventStoreContract`).
 *
 * @example
 * const store = new InMemoryStore({ clock: new ManualClock() }); // an InMemoryEventStore too
 */
export class InMemoryEventStore implements EventStore {
  readonly #t: InMemoryTables;

  constructor(options: InMemoryStoreOptions = {}) {
    this.#t = newTables(options.clock ?? systemClock);
    attachTables(this, this.#t);
  }

  /** Every event written to the outbox, oldest first (the SQL store's `events` table); for assertions. */
  recordedEvents(orderId?: string): EventRecord[] {
    return [...this.#t.events.values()].filter((e) => orderId === undefined || e.orderId === orderId).map(copy);
  }

  // Endpoints

  async insertWebhookEndpoint(
    endpoint: Parameters<EventStore['insertWebhookEndpoint']>[0],
  ): Promise<WebhookEndpointRecord> {
    return this.#insertEndpoint({ ...endpoint, kind: 'partner', callerId: null });
  }

  async ensureAgentWebhookEndpoint(
    endpoint: Parameters<EventStore['ensureAgentWebhookEndpoint']>[0],
  ): Promise<WebhookEndpointRecord> {
    const found = [...this.#t.endpoints.values()].find(
      (e) =>
        e.partnerId === endpoint.partnerId &&
        e.kind === endpoint.kind &&
        e.callerId === endpoint.callerId &&
        e.url === endpoint.url &&
        e.status === 'active',
    );
    return found ? publicEndpoint(found) : this.#insertEndpoint(endpoint);
  }

  #insertEndpoint(
    endpoint: Parameters<EventStore['insertWebhookEndpoint']>[0] & Pick<WebhookEndpointRecord, 'kind' | 'callerId'>,
  ): WebhookEndpointRecord {
    const t = this.#t;
    check(!t.endpoints.has(endpoint.endpointId), 'webhook_endpoints_pkey');
    check(t.partners.has(endpoint.partnerId), 'webhook_endpoints_partner_id_fkey');
    check(
      endpoint.environment === 'sandbox' || endpoint.environment === 'production',
      'webhook_endpoints_environment_check',
    );
    const at = iso(endpoint.createdAt);
    const row: EndpointRow = {
      endpointId: endpoint.endpointId,
      partnerId: endpoint.partnerId,
      kind: endpoint.kind,
      callerId: endpoint.callerId,
      url: endpoint.url,
      environment: endpoint.environment,
      eventTypes: copy(endpoint.eventTypes),
      status: 'active',
      disabledReason: null,
      disabledAt: null,
      secretRotatedAt: null,
      previousSecretExpiresAt: null,
      createdAt: at,
      updatedAt: at,
      secret: endpoint.secret,
      previousSecret: null,
      seq: ++t.seq,
    };
    t.endpoints.set(row.endpointId, row);
    return publicEndpoint(row);
  }

  async getWebhookEndpoint(endpointId: string): Promise<WebhookEndpointRecord | null> {
    const row = this.#t.endpoints.get(endpointId);
    return row ? publicEndpoint(row) : null;
  }

  async listWebhookEndpoints(partnerId: string): Promise<WebhookEndpointRecord[]> {
    return [...this.#t.endpoints.values()]
      .filter((e) => e.partnerId === partnerId)
      .sort((a, b) => compareText(a.createdAt, b.createdAt) || compareText(a.endpointId, b.endpointId))
      .map(publicEndpoint);
  }

  async disableWebhookEndpoint(endpointId: string, reason: string, nowMs: number): Promise<boolean> {
    return disableEndpoint(this.#t, endpointId, reason, nowMs);
  }

  async rotateWebhookSecret(
    endpointId: string,
    secret: string,
    nowMs: number,
    previousUntilMs: number,
  ): Promise<boolean> {
    const row = this.#t.endpoints.get(endpointId);
    if (!row || row.status !== 'active') return false;
    row.previousSecret = row.secret;
    row.secret = secret;
    row.previousSecretExpiresAt = iso(previousUntilMs);
    row.secretRotatedAt = iso(nowMs);
    row.updatedAt = iso(nowMs);
    return true;
  }

  // Deliveries

  async listDeliveries(partnerId: string, page: { limit: number; before: string | null }): Promise<DeliveryRecord[]> {
    let rows = [...this.#t.deliveries.values()].filter((d) => d.partnerId === partnerId);
    if (page.before !== null) {
      const cursor = this.#t.deliveries.get(page.before);
      // `seq < NULL` in SQL: a cursor that is not one of the partner's deliveries matches nothing.
      if (!cursor || cursor.partnerId !== partnerId) return [];
      rows = rows.filter((d) => d.seq < cursor.seq);
    }
    return rows
      .sort((a, b) => b.seq - a.seq)
      .slice(0, Math.max(0, page.limit))
      .map((row) => this.#toDelivery(row));
  }

  async getDelivery(deliveryId: string): Promise<DeliveryRecord | null> {
    const row = this.#t.deliveries.get(deliveryId);
    return row ? this.#toDelivery(row) : null;
  }

  async redeliver(deliveryId: string, newDeliveryId: string, nowMs: number): Promise<RedeliverResult> {
    const t = this.#t;
    const original = t.deliveries.get(deliveryId);
    if (!original) return { kind: 'not-found' };
    if (t.endpoints.get(original.endpointId)?.status !== 'active') return { kind: 'endpoint-disabled' };
    check(!t.deliveries.has(newDeliveryId), 'webhook_deliveries_pkey');
    t.deliveries.set(newDeliveryId, {
      ...newDeliveryRow(t, newDeliveryId, original.eventId, original.endpointId, original.partnerId, nowMs),
      redeliveryOf: original.deliveryId,
    });
    return { kind: 'created', delivery: (await this.getDelivery(newDeliveryId))! };
  }

  async claimDeliveries(input: {
    instanceId: string;
    nowMs: number;
    untilMs: number;
    limit: number;
  }): Promise<ClaimedDelivery[]> {
    const t = this.#t;
    const due = [...t.deliveries.values()]
      .filter(
        (d) =>
          d.status === 'pending' &&
          d.nextAttemptAtMs !== null &&
          d.nextAttemptAtMs <= input.nowMs &&
          (d.claimUntilMs === null || d.claimUntilMs < input.nowMs),
      )
      .sort((a, b) => a.nextAttemptAtMs! - b.nextAttemptAtMs! || a.seq - b.seq)
      .slice(0, Math.max(0, input.limit));
    return due.map((row) => {
      row.claimedBy = input.instanceId;
      row.claimUntilMs = input.untilMs;
      row.updatedAtMs = input.nowMs;
      const event = t.events.get(row.eventId)!;
      const endpoint = t.endpoints.get(row.endpointId)!;
      return {
        deliveryId: row.deliveryId,
        attemptCount: row.attemptCount,
        claimUntilMs: input.untilMs,
        event: copy(event),
        endpoint: {
          endpointId: endpoint.endpointId,
          kind: endpoint.kind,
          callerId: endpoint.callerId,
          url: endpoint.url,
          environment: endpoint.environment,
          secret: endpoint.secret,
          previousSecret: endpoint.previousSecret,
          previousSecretExpiresAtMs:
            endpoint.previousSecretExpiresAt === null ? null : Date.parse(endpoint.previousSecretExpiresAt),
        },
      };
    });
  }

  async recordDeliveryAttempts(reports: readonly DeliveryAttemptReport[]): Promise<boolean[]> {
    return reports.map((report) => this.#recordAttempt(report));
  }

  /** One attempt of `recordDeliveryAttempts`; an attempt of no delivery is not logged, as the SQL store's join drops it. */
  #recordAttempt(report: DeliveryAttemptReport): boolean {
    const t = this.#t;
    const { outcome } = report;
    const delivery = t.deliveries.get(report.deliveryId);
    if (!delivery) return false;
    const held = delivery.claimedBy === report.instanceId && delivery.status === 'pending';
    const counted = outcome.kind !== 'released';
    delivery.attempts.push({
      attemptNumber: delivery.attemptCount + (counted ? 1 : 0),
      instanceId: report.instanceId,
      outcome: outcome.kind === 'released' ? 'aborted' : outcome.kind,
      startedAtMs: report.startedAtMs,
      latencyMs: Math.max(0, Math.round(report.latencyMs)),
      statusCode: report.statusCode,
      responseSnippet: storableText(report.responseSnippet, RESPONSE_SNIPPET_MAX),
      error: storableText(report.error, RESPONSE_SNIPPET_MAX),
    });
    if (!held) return false;
    const settle = (changes: Partial<DeliveryRow>): void => {
      Object.assign(
        delivery,
        {
          lastStatusCode: report.statusCode,
          lastError: storableText(report.error, RESPONSE_SNIPPET_MAX),
          claimedBy: null,
          claimUntilMs: null,
          updatedAtMs: report.nowMs,
        },
        changes,
      );
    };
    switch (outcome.kind) {
      case 'delivered':
        settle({
          status: 'delivered',
          attemptCount: delivery.attemptCount + 1,
          deliveredAtMs: report.nowMs,
          nextAttemptAtMs: null,
        });
        break;
      case 'retry':
        settle({ attemptCount: delivery.attemptCount + 1, nextAttemptAtMs: outcome.nextAttemptAtMs });
        break;
      case 'failed':
      case 'gone':
        settle({ status: 'failed', attemptCount: delivery.attemptCount + 1, nextAttemptAtMs: null });
        if (outcome.kind === 'gone')
          disableEndpoint(t, delivery.endpointId, 'The endpoint answered 410 Gone.', report.nowMs);
        break;
      case 'released':
        Object.assign(delivery, { claimedBy: null, claimUntilMs: null, updatedAtMs: report.nowMs });
        break;
    }
    return true;
  }

  // Order polling

  async claimOrderPolls(input: {
    instanceId: string;
    nowMs: number;
    untilMs: number;
    limit: number;
  }): Promise<ClaimedOrderPoll[]> {
    const t = this.#t;
    const due = [...t.polls.entries()]
      .filter(
        ([, p]) =>
          p.doneAtMs === null &&
          p.nextPollAtMs <= input.nowMs &&
          (p.claimUntilMs === null || p.claimUntilMs < input.nowMs),
      )
      .sort(([, a], [, b]) => a.nextPollAtMs - b.nextPollAtMs)
      .slice(0, Math.max(0, input.limit));
    const claimed: ClaimedOrderPoll[] = [];
    for (const [orderId, poll] of due) {
      poll.claimedBy = input.instanceId;
      poll.claimUntilMs = input.untilMs;
      const order = t.orders.get(orderId);
      if (order) claimed.push({ order: copy(order), misses: poll.misses });
    }
    return claimed;
  }

  async completeOrderPoll(report: OrderPollReport): Promise<boolean> {
    const poll = this.#t.polls.get(report.orderId);
    if (!poll || poll.claimedBy !== report.instanceId) return false;
    Object.assign(poll, {
      nextPollAtMs: report.nextPollAtMs,
      misses: report.misses,
      lastPolledAtMs: report.nowMs,
      lastSeenStatus: report.lastSeenStatus,
      lastSeenPickingStatus: report.lastSeenPickingStatus,
      doneAtMs: report.done === null ? null : report.nowMs,
      doneReason: report.done,
      claimedBy: null,
      claimUntilMs: null,
    });
    return true;
  }

  async releaseOrderPolls(instanceId: string, orderIds: readonly string[], nextPollAtMs: number): Promise<void> {
    for (const orderId of orderIds) {
      const poll = this.#t.polls.get(orderId);
      if (poll?.claimedBy === instanceId) Object.assign(poll, { claimedBy: null, claimUntilMs: null, nextPollAtMs });
    }
  }

  // Inbound notifications

  async rememberInboundNotification(key: string, nowMs: number, expiresAtMs: number): Promise<boolean> {
    const inbound = this.#t.inbound;
    // Expired receipts are swept a few at a time, as the SQL statement does.
    let swept = 0;
    for (const [receipt, { expiresAtMs: until }] of inbound) {
      if (swept >= 100) break;
      if (until < nowMs) {
        inbound.delete(receipt);
        swept += 1;
      }
    }
    if (inbound.has(key)) return false;
    inbound.set(key, { expiresAtMs });
    return true;
  }

  async forgetInboundNotification(key: string): Promise<void> {
    this.#t.inbound.delete(key);
  }

  #toDelivery(row: DeliveryRow): DeliveryRecord {
    const event = this.#t.events.get(row.eventId)!;
    return {
      deliveryId: row.deliveryId,
      eventId: row.eventId,
      endpointId: row.endpointId,
      partnerId: row.partnerId,
      type: event.type,
      orderId: event.orderId,
      status: row.status,
      attemptCount: row.attemptCount,
      nextAttemptAt: row.status === 'pending' ? isoOrNull(row.nextAttemptAtMs) : null,
      lastStatusCode: row.lastStatusCode,
      lastError: row.lastError,
      deliveredAt: isoOrNull(row.deliveredAtMs),
      redeliveryOf: row.redeliveryOf,
      createdAt: iso(row.createdAtMs),
      attempts: row.attempts.map((a) => ({
        attemptNumber: a.attemptNumber,
        instanceId: a.instanceId,
        outcome: a.outcome,
        startedAt: iso(a.startedAtMs),
        latencyMs: a.latencyMs,
        statusCode: a.statusCode,
        responseSnippet: a.responseSnippet,
        error: a.error,
      })),
    };
  }
}

/** Disables an active endpoint and cancels its pending deliveries; false when it was not active. */
function disableEndpoint(t: InMemoryTables, endpointId: string, reason: string, nowMs: number): boolean {
  const endpoint = t.endpoints.get(endpointId);
  if (!endpoint || endpoint.status !== 'active') return false;
  Object.assign(endpoint, {
    status: 'disabled',
    disabledReason: reason,
    disabledAt: iso(nowMs),
    updatedAt: iso(nowMs),
  });
  for (const delivery of t.deliveries.values()) {
    if (delivery.endpointId !== endpointId || delivery.status !== 'pending') continue;
    Object.assign(delivery, {
      status: 'cancelled',
      nextAttemptAtMs: null,
      claimedBy: null,
      claimUntilMs: null,
      lastError: `Cancelled: ${reason}`.slice(0, RESPONSE_SNIPPET_MAX),
      updatedAtMs: nowMs,
    });
  }
  return true;
}
