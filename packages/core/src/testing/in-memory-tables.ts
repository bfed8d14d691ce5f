import type { BasketRecord } from '../model/basket.ts';
import type {
  EventRecord,
  OrderIntentRecord,
  OrderRecord,
  PaymentAttemptRecord,
  PaymentLinkRecord,
  PaymentRecord,
  QuoteRecord,
  RefundRecord,
} from '../model/checkout.ts';
import type { AgentRecord, ShopSettings, SigningKeyRecord } from '../model/agent.ts';
import type { CheckoutSessionRecord } from '../model/checkout-session.ts';
import type { AppClient, Environment, Partner } from '../model/partner.ts';
import type { Clock } from '../ports/clock.ts';
import type { AttemptOutcome, DeliveryStatus, WebhookEndpointRecord } from '../ports/event-store.ts';

/**
 * The rows of the in-memory store and event store, shaped like the SQL store's tables
 * (packages/store/src/migrations), so that both fakes read and write one world as the SQL classes
 * share one database. Internal to `@grocery/core/testing`.
 */

export interface KeyRow {
  keyHash: string;
  keyPrefix: string;
  partnerId: string;
  environment: Environment;
  createdAt: string;
  revokedAt: string | null;
  seq: number;
}

export interface AgentRow extends AgentRecord {
  tokenHash: string;
  webhookSecret: string | null;
}

export interface IdempotencyRow {
  requestHash: string;
  resourceId: string;
  response: unknown;
  claimedAtMs: number;
  completed: boolean;
}

export interface EndpointRow extends WebhookEndpointRecord {
  secret: string;
  previousSecret: string | null;
  seq: number;
}

export interface WebhookAttemptRow {
  attemptNumber: number;
  instanceId: string;
  outcome: AttemptOutcome;
  startedAtMs: number;
  latencyMs: number;
  statusCode: number | null;
  responseSnippet: string | null;
  error: string | null;
}

export interface DeliveryRow {
  deliveryId: string;
  seq: number;
  eventId: string;
  endpointId: string;
  partnerId: string;
  redeliveryOf: string | null;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAtMs: number | null;
  claimedBy: string | null;
  claimUntilMs: number | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAtMs: number | null;
  createdAtMs: number;
  updatedAtMs: number;
  attempts: WebhookAttemptRow[];
}

export interface PollRow {
  nextPollAtMs: number;
  misses: number;
  lastPolledAtMs: number | null;
  lastSeenStatus: string | null;
  lastSeenPickingStatus: string | null;
  claimedBy: string | null;
  claimUntilMs: number | null;
  doneAtMs: number | null;
  doneReason: 'final' | 'stale' | null;
}

export interface InMemoryTables {
  clock: Clock;
  /** Insertion order, the tie-breaker where SQL's `now()` would differ between statements. */
  seq: number;
  partners: Map<string, Partner & { seq: number }>;
  keys: Map<string, KeyRow>;
  clients: Map<string, AppClient & { seq: number }>;
  /** By (partner, environment, owner). */
  baskets: Map<string, BasketRecord>;
  quotes: Map<string, QuoteRecord>;
  orders: Map<string, OrderRecord>;
  links: Map<string, PaymentLinkRecord>;
  payments: Map<string, PaymentRecord>;
  /** By (partner, environment, owner, key). */
  idempotency: Map<string, IdempotencyRow>;
  intents: Map<string, OrderIntentRecord>;
  paymentAttempts: Map<string, PaymentAttemptRecord>;
  refunds: Map<string, RefundRecord>;
  rateLimits: Map<string, { windowStartMs: number; used: number }>;
  events: Map<string, EventRecord>;
  endpoints: Map<string, EndpointRow>;
  deliveries: Map<string, DeliveryRow>;
  polls: Map<string, PollRow>;
  inbound: Map<string, { expiresAtMs: number }>;
  /** A background job's next turn, by job. */
  jobTurns: Map<string, number>;
  agents: Map<string, AgentRow>;
  /** By (partner, key id). */
  signingKeys: Map<string, SigningKeyRecord>;
  /** By lower-cased host. */
  domains: Map<string, { host: string; partnerId: string; createdAt: string }>;
  /** By partner. */
  shopSettings: Map<string, ShopSettings>;
  checkoutSessions: Map<string, CheckoutSessionRecord>;
}

export function newTables(clock: Clock): InMemoryTables {
  return {
    clock,
    seq: 0,
    partners: new Map(),
    keys: new Map(),
    clients: new Map(),
    baskets: new Map(),
    quotes: new Map(),
    orders: new Map(),
    links: new Map(),
    payments: new Map(),
    idempotency: new Map(),
    intents: new Map(),
    paymentAttempts: new Map(),
    refunds: new Map(),
    rateLimits: new Map(),
    events: new Map(),
    endpoints: new Map(),
    deliveries: new Map(),
    polls: new Map(),
    inbound: new Map(),
    jobTurns: new Map(),
    agents: new Map(),
    signingKeys: new Map(),
    domains: new Map(),
    shopSettings: new Map(),
    checkoutSessions: new Map(),
  };
}

const tablesByOwner = new WeakMap<object, InMemoryTables>();

/** Lets the in-memory store share its event store's tables without making them public API. */
export function attachTables(owner: object, tables: InMemoryTables): void {
  tablesByOwner.set(owner, tables);
}

export function tablesOf(owner: object): InMemoryTables {
  const tables = tablesByOwner.get(owner);
  if (!tables) throw new Error('No in-memory tables for this object.');
  return tables;
}

/** A copy as a jsonb column gives it back: no shared references, undefined members dropped. */
export function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** A timestamp as `timestamptz` normalises it; a value PostgreSQL would refuse is refused. */
export function iso(value: string | number): string {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`invalid input syntax for type timestamp with time zone: "${value}"`);
  return new Date(ms).toISOString();
}

export const isoOrNull = (value: string | number | null): string | null => (value === null ? null : iso(value));
/** What the database's `now()` would stamp: the tables' clock. */
export const stampNow = (tables: InMemoryTables): string => iso(tables.clock.now());
/** The `environment` columns' check. */
export const isEnvironment = (value: unknown): value is Environment => value === 'sandbox' || value === 'production';
export const atMs = (value: string): number => Date.parse(value);

/** The error a violated constraint raises, named as the SQL store's constraint is. */
function violation(constraint: string): Error {
  return Object.assign(new Error(`The in-memory store refuses the write: it violates ${constraint}.`), { constraint });
}

export function check(ok: boolean, constraint: string): void {
  if (!ok) throw violation(constraint);
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Refuses, as PostgreSQL does, a record holding text it cannot store: NUL (in text and jsonb) and an
 * unpaired surrogate (which jsonb refuses; a text column would turn it into U+FFFD, so this is stricter).
 */
export function checkStorableText(value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
    if (UNPAIRED_SURROGATE.test(value)) throw new Error('unsupported Unicode escape sequence: an unpaired surrogate');
  } else if (Array.isArray(value)) {
    for (const item of value) checkStorableText(item);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      checkStorableText(key);
      checkStorableText(item);
    }
  }
}

export const scopeKey = (partnerId: string, environment: string, ownerId: string, ...more: string[]): string =>
  [partnerId, environment, ownerId, ...more].join('\u0000');

/** JavaScript string order, which is PostgreSQL's under the C collation. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Writes events to the outbox as the SQL store's event CTEs do: an event seen before (same id) is
 * ignored; a new one gets a delivery for each active endpoint of its partner that takes its type,
 * due at the event's time; and its order's polling, unless finished for good, is due again.
 */
export function writeEvents(tables: InMemoryTables, events: readonly EventRecord[]): void {
  const firstTsByOrder = new Map<string, number>();
  for (const event of events) {
    if (tables.events.has(event.eventId)) continue;
    tables.events.set(event.eventId, copy(event));
    firstTsByOrder.set(event.orderId, Math.min(firstTsByOrder.get(event.orderId) ?? Infinity, event.ts));
    // The partner's endpoints, and the agent endpoints of the order's checkout session.
    const session = [...tables.checkoutSessions.values()].find((s) => s.order?.orderId === event.orderId);
    const endpoints = [...tables.endpoints.values()].filter(
      (e) =>
        e.partnerId === event.partnerId &&
        e.status === 'active' &&
        e.eventTypes.includes(event.type) &&
        (e.kind === 'partner' ||
          (session?.protocol === e.kind && session.callerId === e.callerId && session.webhookUrl === e.url)),
    );
    for (const endpoint of endpoints.sort((a, b) => a.seq - b.seq)) {
      const deliveryId = `dlv_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;
      tables.deliveries.set(
        deliveryId,
        newDeliveryRow(tables, deliveryId, event.eventId, endpoint.endpointId, endpoint.partnerId, event.ts * 1000),
      );
    }
  }
  for (const [orderId, ts] of firstTsByOrder) {
    const poll = tables.polls.get(orderId);
    if (!poll || poll.doneReason === 'final') continue;
    poll.misses = 0;
    poll.nextPollAtMs = Math.min(poll.nextPollAtMs, ts * 1000);
    poll.doneAtMs = null;
    poll.doneReason = null;
  }
}

/** A new pending delivery of an event to an endpoint, due at `atMs`. */
export function newDeliveryRow(
  tables: InMemoryTables,
  deliveryId: string,
  eventId: string,
  endpointId: string,
  partnerId: string,
  atMs: number,
): DeliveryRow {
  return {
    deliveryId,
    seq: ++tables.seq,
    eventId,
    endpointId,
    partnerId,
    redeliveryOf: null,
    status: 'pending',
    attemptCount: 0,
    nextAttemptAtMs: atMs,
    claimedBy: null,
    claimUntilMs: null,
    lastStatusCode: null,
    lastError: null,
    deliveredAtMs: null,
    createdAtMs: atMs,
    updatedAtMs: atMs,
    attempts: [],
  };
}
