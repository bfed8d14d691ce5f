import type { EventRecord, EventType, OrderRecord } from '../model/checkout.ts';
import type { Environment } from '../model/partner.ts';

export type WebhookEndpointStatus = 'active' | 'disabled';

/**
 * Who an endpoint is for: the partner (all its orders' events, signed with the endpoint's secret),
 * or an agent platform (`ucp`, `acp`: only the events of orders of its checkout sessions, in its
 * protocol's shape and signature). Agent endpoints are made by the sessions that name their URL.
 */
export type WebhookEndpointKind = 'partner' | 'ucp' | 'acp';

/** A partner's webhook endpoint as listed (never with its secrets). */
export interface WebhookEndpointRecord {
  endpointId: string;
  partnerId: string;
  kind: WebhookEndpointKind;
  /** For agent endpoints: the sessions' caller (agent id or profile URL) whose orders' events it receives. */
  callerId: string | null;
  url: string;
  /** The partner's environment at registration: sandbox endpoints may use loopback http. */
  environment: Environment;
  eventTypes: EventType[];
  status: WebhookEndpointStatus;
  disabledReason: string | null;
  disabledAt: string | null;
  secretRotatedAt: string | null;
  /** Until then deliveries also carry a signature with the secret before the last rotation. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** What one attempt came to: `aborted` attempts (the instance stopped) do not count toward the schedule. */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'gone' | 'aborted';

/** One HTTP attempt at a delivery, as recorded. */
export interface DeliveryAttemptRecord {
  attemptNumber: number;
  instanceId: string;
  outcome: AttemptOutcome;
  startedAt: string;
  latencyMs: number;
  statusCode: number | null;
  /** The start of the response body, at most `RESPONSE_SNIPPET_MAX` characters. */
  responseSnippet: string | null;
  error: string | null;
}

/** One event for one endpoint, with every attempt, oldest first. */
export interface DeliveryRecord {
  deliveryId: string;
  eventId: string;
  endpointId: string;
  partnerId: string;
  type: EventType;
  orderId: string;
  status: DeliveryStatus;
  /** Attempts that counted toward the retry schedule. */
  attemptCount: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  /** The delivery this one repeats, for deliveries made by `redeliver`. */
  redeliveryOf: string | null;
  createdAt: string;
  attempts: DeliveryAttemptRecord[];
}

/** A delivery claimed by one instance until `claimUntilMs`, with what it takes to send it. */
export interface ClaimedDelivery {
  deliveryId: string;
  /** Counted attempts made before this one. */
  attemptCount: number;
  claimUntilMs: number;
  event: EventRecord;
  endpoint: {
    endpointId: string;
    kind: WebhookEndpointKind;
    callerId: string | null;
    url: string;
    environment: Environment;
    secret: string;
    previousSecret: string | null;
    previousSecretExpiresAtMs: number | null;
  };
}

/** How a claimed delivery goes on after an attempt. */
export type DeliveryOutcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; nextAttemptAtMs: number }
  /** The retry schedule is exhausted. */
  | { kind: 'failed' }
  /** The receiver answered 410: the endpoint is disabled and its pending deliveries cancelled. */
  | { kind: 'gone' }
  /** The attempt was cut short by a stopping instance: the claim is released, the delivery due again at once. */
  | { kind: 'released' };

export interface DeliveryAttemptReport {
  deliveryId: string;
  instanceId: string;
  startedAtMs: number;
  latencyMs: number;
  statusCode: number | null;
  responseSnippet: string | null;
  error: string | null;
  outcome: DeliveryOutcome;
  nowMs: number;
}

/** An order claimed for polling, with how many polls in a row saw no move. */
export interface ClaimedOrderPoll {
  order: OrderRecord;
  misses: number;
}

export interface OrderPollReport {
  orderId: string;
  instanceId: string;
  nowMs: number;
  misses: number;
  /** When to poll again; ignored when `done` is set. */
  nextPollAtMs: number;
  lastSeenStatus: string | null;
  lastSeenPickingStatus: string | null;
  /** `final`: the order no longer moves; `stale`: unpaid for too long (a later payment resumes polling). */
  done: 'final' | 'stale' | null;
}

export type RedeliverResult =
  { kind: 'created'; delivery: DeliveryRecord } | { kind: 'not-found' } | { kind: 'endpoint-disabled' };

/** Webhook endpoints, the delivery outbox, per-order polling state and inbound-notification receipts. */
export interface EventStore {
  /** A partner's endpoint (kind `partner`). */
  insertWebhookEndpoint(
    endpoint: Omit<
      WebhookEndpointRecord,
      | 'kind'
      | 'callerId'
      | 'status'
      | 'disabledReason'
      | 'disabledAt'
      | 'secretRotatedAt'
      | 'previousSecretExpiresAt'
      | 'updatedAt'
    > & { secret: string },
  ): Promise<WebhookEndpointRecord>;
  getWebhookEndpoint(endpointId: string): Promise<WebhookEndpointRecord | null>;
  /**
   * The active agent endpoint of (partner, kind, caller, url), made with `endpoint`'s id, secret and
   * event types when there is none. Events of an order reach it when a checkout session of that
   * protocol and caller, naming that webhook URL, has the order.
   */
  ensureAgentWebhookEndpoint(
    endpoint: Pick<
      WebhookEndpointRecord,
      'endpointId' | 'partnerId' | 'url' | 'environment' | 'eventTypes' | 'createdAt'
    > & {
      kind: 'ucp' | 'acp';
      callerId: string;
      secret: string;
    },
  ): Promise<WebhookEndpointRecord>;
  /** Oldest first. */
  listWebhookEndpoints(partnerId: string): Promise<WebhookEndpointRecord[]>;
  /** Disables an active endpoint and cancels its pending deliveries; false when none was active. */
  disableWebhookEndpoint(endpointId: string, reason: string, nowMs: number): Promise<boolean>;
  /** Replaces the secret; the old one stays as the previous secret until `previousUntilMs`. False when not active. */
  rotateWebhookSecret(endpointId: string, secret: string, nowMs: number, previousUntilMs: number): Promise<boolean>;

  /** Newest first, with every attempt; `before` is a deliveryId of the previous page. */
  listDeliveries(partnerId: string, page: { limit: number; before: string | null }): Promise<DeliveryRecord[]>;
  getDelivery(deliveryId: string): Promise<DeliveryRecord | null>;
  /** A new delivery of the same event to the same endpoint, due at once. */
  redeliver(deliveryId: string, newDeliveryId: string, nowMs: number): Promise<RedeliverResult>;

  /**
   * Claims up to `limit` due deliveries for `instanceId` until `untilMs` (`FOR UPDATE SKIP LOCKED`):
   * no two instances hold one delivery at once; an expired claim (a killed instance) is claimed again.
   */
  claimDeliveries(input: {
    instanceId: string;
    nowMs: number;
    untilMs: number;
    limit: number;
  }): Promise<ClaimedDelivery[]>;
  /**
   * Records the attempts and moves each delivery on, all in one statement (one transaction when an
   * endpoint is disabled); per report, false when its claim was no longer held (its attempt is
   * recorded still). Text that PostgreSQL cannot store (NUL, a surrogate cut in half) is replaced.
   */
  recordDeliveryAttempts(reports: readonly DeliveryAttemptReport[]): Promise<boolean[]>;

  /** Claims up to `limit` orders due for polling until `untilMs` (`FOR UPDATE SKIP LOCKED`). */
  claimOrderPolls(input: {
    instanceId: string;
    nowMs: number;
    untilMs: number;
    limit: number;
  }): Promise<ClaimedOrderPoll[]>;
  /** Stores the poll's outcome and releases the claim; false when the claim was no longer held. */
  completeOrderPoll(report: OrderPollReport): Promise<boolean>;
  /** Releases the instance's claims on these orders, due again at `nextPollAtMs`. */
  releaseOrderPolls(instanceId: string, orderIds: readonly string[], nextPollAtMs: number): Promise<void>;

  /** Remembers an inbound notification until `expiresAtMs`; false when it was seen before (a replay). */
  rememberInboundNotification(key: string, nowMs: number, expiresAtMs: number): Promise<boolean>;
  /** Forgets a notification whose processing failed, so the sender's retry is accepted. */
  forgetInboundNotification(key: string): Promise<void>;
}

/** Longest response snippet kept per attempt, in characters. */
export const RESPONSE_SNIPPET_MAX = 1024;

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `value` cut to `max` characters, as PostgreSQL text holds it: NUL and lone surrogates (what a cut
 * through a pair leaves) become U+FFFD. A receiver's answer is kept in the delivery log this way.
 *
 * @example
 * storableText('ok\u0000', RESPONSE_SNIPPET_MAX); // 'ok\uFFFD'
 */
export function storableText(value: string | null, max: number): string | null {
  return value === null ? null : value.slice(0, max).replace(UNSTORABLE, '\uFFFD');
}
