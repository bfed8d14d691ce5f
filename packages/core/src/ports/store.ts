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
import type { ErrorCode } from '../errors.ts';
import type { GrocerOrder } from '../model/order.ts';
import type { AppClient, Environment, Partner, PartnerContext, PartnerKeyRecord } from '../model/partner.ts';
import type { AgentContext, AgentRecord, ShopSettings, SigningKeyRecord } from '../model/agent.ts';
import type { CheckoutSessionRecord } from '../model/checkout-session.ts';
import type { EventStore } from './event-store.ts';

/** Partners, their keys and the identity-provider app clients whose tokens they accept. */
export interface PartnerStore {
  createPartner(partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>): Promise<Partner>;
  getPartner(partnerId: string): Promise<Partner | null>;
  listPartners(): Promise<Partner[]>;
  addPartnerKey(key: {
    keyHash: string;
    keyPrefix: string;
    partnerId: string;
    environment: Environment;
  }): Promise<PartnerKeyRecord>;
  /** False when no active key has that prefix. */
  revokePartnerKey(keyPrefix: string): Promise<boolean>;
  listPartnerKeys(partnerId: string): Promise<PartnerKeyRecord[]>;
  /** The partner of an active (unrevoked) key, with its app clients; null otherwise. */
  findPartnerByKeyHash(keyHash: string): Promise<PartnerContext | null>;
  /**
   * The partner, its first key and, when given, its first app client, in one transaction: all of
   * them, or nothing and null when the client id is registered already.
   */
  createPartnerWithCredentials(input: {
    partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>;
    key: { keyHash: string; keyPrefix: string };
    client: { clientId: string; redirectUris: string[] } | null;
  }): Promise<Partner | null>;
  /** Null when the client id is registered already (to any partner). */
  addAppClient(client: Omit<AppClient, 'createdAt'>): Promise<AppClient | null>;
  listAppClients(partnerId: string): Promise<AppClient[]>;
  appClientExists(clientId: string): Promise<boolean>;
  /** Every registered redirect URI of every partner (their origins may call the API from browsers). */
  allRedirectUris(): Promise<string[]>;
  confirmBranchResolution(partnerId: string, at: string): Promise<void>;
  /** Records that the partner went live at `at`, unless it already has; returns when it did. */
  setPartnerLive(partnerId: string, at: string): Promise<string>;
}

/** Result of claiming an idempotency key for a request. */
export type IdempotencyClaim =
  /** First use: go ahead, using `resourceId` (stored with the claim so a retry after a crash reuses it). */
  | { kind: 'claimed'; resourceId: string }
  /** Done before with the same request: replay `response`. */
  | { kind: 'replay'; response: unknown }
  /** Another request with this key is running now. */
  | { kind: 'in-progress' }
  /** The key was used for a different request. */
  | { kind: 'mismatch' };

/** Result of starting a payment attempt. */
export type PaymentAttemptStart =
  | { kind: 'started' }
  /** The order is paid already. */
  | { kind: 'paid' }
  /** Another attempt of the order is under way: settle it first. */
  | { kind: 'busy'; attempt: PaymentAttemptRecord }
  | { kind: 'not-found' };

/** What a payment attempt's move may record besides its new state. */
export interface PaymentAttemptPatch {
  providerReference?: string;
  redirectUrl?: string;
  providerStatus?: 'open' | 'pending';
  refundReference?: string;
  failureCode?: ErrorCode;
  failureMessage?: string;
  nextCheckAt?: string;
}

/** What a refund's move may record besides its new state. */
export interface RefundPatch {
  providerRefundReference?: string;
  lastError?: string;
  nextCheckAt?: string;
}

/** The attempt a new refund gives up, moved to `refunded` with the refund (when the money was its own). */
export interface RefundedAttempt {
  attemptId: string;
  from: readonly PaymentAttemptState[];
  failureCode: ErrorCode;
  failureMessage: string;
}

/** A lease of due saga work for the recovery worker. */
export interface DueWorkClaim {
  nowMs: number;
  /** The lease: until then no other worker gets the same rows. */
  untilMs: number;
  limit: number;
}

/**
 * The durable state of the order and payment sagas (docs "Failures and recovery"). Every move is
 * guarded by the state it leaves, so that the request that started a step, a retry and the recovery
 * workers of every instance can race and exactly one of them makes each move.
 */
export interface SagaStore {
  /** Writes the intent unless one with its orderId exists; returns the stored one either way. */
  insertOrderIntent(intent: OrderIntentRecord): Promise<OrderIntentRecord>;
  getOrderIntent(orderId: string): Promise<OrderIntentRecord | null>;
  /**
   * Moves an intent from one of `from` to `to`; true when this caller made the move. Moving to
   * `failed` or `cancelled` also forgets its unfinished idempotency key, so that the key can be used
   * again: nothing was placed under it.
   */
  transitionOrderIntent(
    orderId: string,
    from: readonly OrderIntentState[],
    to: OrderIntentState,
    patch?: { lastError?: string | null; nextCheckAt?: string },
  ): Promise<boolean>;
  /** Leases due unfinished intents (`FOR UPDATE SKIP LOCKED`), pushing their next check to the lease's end. */
  claimDueOrderIntents(claim: DueWorkClaim): Promise<OrderIntentRecord[]>;
  /** Intents created from `since` on, in orderId order after `after` (reconciliation pages through them). */
  listOrderIntents(page: { since: string; after: string | null; limit: number }): Promise<OrderIntentRecord[]>;

  /**
   * Writes a new attempt in state `started`, unless the order is paid or another attempt is under
   * way. The order's row is locked while it decides, so an attempt never starts beside a payment
   * that is completing: one charge at a time per order, however many instances race.
   */
  startPaymentAttempt(attempt: PaymentAttemptRecord): Promise<PaymentAttemptStart>;
  getPaymentAttempt(attemptId: string): Promise<PaymentAttemptRecord | null>;
  /** Every attempt of these orders, oldest first. */
  listPaymentAttempts(orderIds: readonly string[]): Promise<PaymentAttemptRecord[]>;
  /**
   * Moves an attempt from one of `from` to `to`; true when this caller made the move. False too
   * when the move would make a second attempt of the order under way.
   */
  transitionPaymentAttempt(
    attemptId: string,
    from: readonly PaymentAttemptState[],
    to: PaymentAttemptState,
    patch?: PaymentAttemptPatch,
  ): Promise<boolean>;
  /** Leases due unfinished attempts (`FOR UPDATE SKIP LOCKED`), pushing their next check to the lease's end. */
  claimDuePaymentAttempts(claim: DueWorkClaim): Promise<PaymentAttemptRecord[]>;
  /** Orders by id, unscoped (reconciliation and recovery). */
  ordersByIds(orderIds: readonly string[]): Promise<OrderRecord[]>;

  /**
   * Writes the refund unless its provider payment has one already, and when it is written moves
   * `attempt` (if given and still in one of its `from` states) to `refunded`, atomically. Returns
   * the stored refund (the earlier one when there was one).
   */
  insertRefund(refund: RefundRecord, attempt: RefundedAttempt | null): Promise<RefundRecord>;
  getRefund(refundId: string): Promise<RefundRecord | null>;
  /** Every refund of these orders, oldest first. */
  listRefunds(orderIds: readonly string[]): Promise<RefundRecord[]>;
  /** Moves a refund from one of `from` to `to` and writes `events` with it; true when this caller made the move. */
  transitionRefund(
    refundId: string,
    from: readonly RefundState[],
    to: RefundState,
    patch?: RefundPatch,
    events?: readonly EventRecord[],
  ): Promise<boolean>;
  /** Leases due pending refunds (`FOR UPDATE SKIP LOCKED`), pushing their next check to the lease's end. */
  claimDueRefunds(claim: DueWorkClaim): Promise<RefundRecord[]>;
}

/** Baskets, quotes, orders, payment links and payments, always scoped to (partner, shopper). */
export interface CommerceStore {
  getBasket(scope: ShopperScope): Promise<BasketRecord | null>;
  /**
   * Changes the basket atomically: `change` sees the current basket (null if none) under a row lock
   * and returns the new content, or null to leave it as it is. `change` must not do I/O.
   */
  updateBasket(
    scope: ShopperScope,
    newBasketId: string,
    change: (current: BasketRecord | null) => BasketContent | null,
  ): Promise<BasketRecord | null>;

  saveQuote(quote: QuoteRecord): Promise<void>;
  getQuote(scope: ShopperScope, quoteId: string): Promise<QuoteRecord | null>;

  /**
   * Claims `key` for this (partner, shopper) and request. `resourceId` is what a first use will
   * create; an unfinished claim older than `staleAfterMs` (its request died, e.g. in a crash) is
   * taken over with its original resourceId; a key older than `retentionMs` is forgotten.
   */
  claimIdempotencyKey(
    scope: ShopperScope,
    claim: {
      key: string;
      requestHash: string;
      resourceId: string;
      nowMs: number;
      staleAfterMs: number;
      retentionMs: number;
    },
  ): Promise<IdempotencyClaim>;
  /** Forgets a claim whose request failed, so the key can be used again. */
  releaseIdempotencyKey(scope: ShopperScope, key: string): Promise<void>;
  /**
   * Completes an unfinished claim with the response a replay answers (the protocols' idempotency,
   * whose effects are not orders). False when the key is not claimed unfinished under this scope.
   */
  completeIdempotencyKey(scope: ShopperScope, key: string, response: unknown): Promise<boolean>;
  /**
   * Forgets up to `limit` idempotency keys claimed before `claimedBeforeMs` (past their retention),
   * oldest first, of every partner; returns how many. The idempotency sweeper calls it, so that keys
   * never used again do not pile up.
   */
  deleteExpiredIdempotencyKeys(sweep: { claimedBeforeMs: number; limit: number }): Promise<number>;

  /**
   * Stores a new order with its first payment link, marks its intent `created` and completes the
   * idempotency key (if any) with `response`, atomically. False, writing nothing, when the intent is
   * no longer pending (another path settled it first).
   */
  insertOrder(input: {
    order: OrderRecord;
    link: PaymentLinkRecord;
    idempotency: { key: string; response: unknown } | null;
  }): Promise<boolean>;
  getOrder(scope: ShopperScope, orderId: string): Promise<OrderRecord | null>;
  /** Orders newest first; `after` is the cursor of the last order of the previous page. */
  listOrders(
    scope: ShopperScope,
    page: { after: { createdAt: string; orderId: string } | null; first: number },
  ): Promise<{ orders: OrderRecord[]; hasNextPage: boolean }>;
  /** Unscoped: for the payment-link pages, where the link is the credential. */
  getOrderById(orderId: string): Promise<OrderRecord | null>;
  /** Updates the grocer's view of an order (status and picking progress) and writes its events. */
  updateOrderFromGrocer(orderId: string, grocerOrder: GrocerOrder, events: EventRecord[]): Promise<void>;

  insertPaymentLink(link: PaymentLinkRecord): Promise<void>;
  /** A link with its order (one round trip: paying starts here). */
  findPaymentLinkByHash(tokenHash: string): Promise<{ link: PaymentLinkRecord; order: OrderRecord } | null>;

  /** The recorded payments of these orders (at most one each), in orderId order. */
  listPayments(orderIds: readonly string[]): Promise<PaymentRecord[]>;

  /**
   * Marks the order paid, records the payment, moves its attempt (when the service knows it) to
   * `paid` and writes the events, in one transaction. False, writing nothing, when the order is paid
   * already or the attempt is no longer under way.
   */
  completePayment(input: {
    orderId: string;
    attemptId: string | null;
    payment: PaymentRecord;
    grocerOrder: GrocerOrder;
    events: EventRecord[];
  }): Promise<boolean>;
}

/** Rate-limit counters shared by every instance: fixed windows per bucket. */
export interface RateLimitStore {
  /**
   * Takes up to `units` from the bucket's window, never beyond `limit`, atomically. Returns how many
   * were granted and the window's total use after the grant. Old windows are pruned by the store.
   */
  takeRateUnits(
    bucket: string,
    windowStartMs: number,
    units: number,
    limit: number,
  ): Promise<{ granted: number; used: number }>;
}

/**
 * What agent platforms need of a partner (DESIGN §6): their credentials, the partner's signing keys,
 * the domains its shop answers on and the shop settings the protocols show.
 */
export interface AgentStore {
  /** Stores an agent with the SHA-256 of its credential. */
  insertAgent(agent: AgentRecord, tokenHash: string): Promise<void>;
  /** The agent of an unrevoked credential with its partner (as a partner key would give it); null otherwise. */
  findAgentByTokenHash(tokenHash: string): Promise<AgentContext | null>;
  listAgents(partnerId: string): Promise<AgentRecord[]>;
  /** False when the partner has no such unrevoked agent. */
  revokeAgent(partnerId: string, agentId: string, at: string): Promise<boolean>;
  /** ACP's webhook secret of the agent (HMAC key of its order events); null when there is no such agent. */
  agentWebhookSecret(agentId: string): Promise<string | null>;
  /** Stores the agent's webhook secret (at creation, and when rotated). */
  setAgentWebhookSecret(agentId: string, secret: string): Promise<void>;

  /** Adds a key and retires the partner's current ones at `key.createdAt`, atomically. */
  rotateSigningKey(key: SigningKeyRecord): Promise<void>;
  /** The partner's keys, newest first, retired ones included. */
  listSigningKeys(partnerId: string): Promise<SigningKeyRecord[]>;
  /** Drops keys retired before `retiredBefore` (they are no longer published). Returns how many. */
  deleteRetiredSigningKeys(partnerId: string, retiredBefore: string): Promise<number>;

  /** Registers a host name for the partner; false when any partner has it already. */
  addPartnerDomain(partnerId: string, host: string, at: string): Promise<boolean>;
  /** False when the partner had no such domain. */
  removePartnerDomain(partnerId: string, host: string): Promise<boolean>;
  listPartnerDomains(partnerId: string): Promise<{ host: string; createdAt: string }[]>;
  /** The partner a registered host name belongs to. */
  partnerOfDomain(host: string): Promise<string | null>;

  getShopSettings(partnerId: string): Promise<ShopSettings | null>;
  putShopSettings(settings: ShopSettings): Promise<void>;
}

/** Checkout sessions of agent platforms; every write is guarded by the version it read. */
export interface CheckoutSessionStore {
  insertCheckoutSession(session: CheckoutSessionRecord): Promise<void>;
  /** The partner's session; null when it has none with that id. */
  getCheckoutSession(partnerId: string, sessionId: string): Promise<CheckoutSessionRecord | null>;
  /**
   * Replaces the stored session when its stored version is `expectedVersion` (the caller passes the
   * new record with `version = expectedVersion + 1`); false, writing nothing, otherwise.
   */
  replaceCheckoutSession(session: CheckoutSessionRecord, expectedVersion: number): Promise<boolean>;
  /** The session whose order this is (unscoped: payment events name only the order). */
  findCheckoutSessionByOrder(orderId: string): Promise<CheckoutSessionRecord | null>;
}

/** Background jobs that one instance at a time runs every so often, however many instances there are. */
export type BackgroundJob = 'idempotency-sweep';

/** What only the database knows across instances: figures for /metrics, and whose turn a background job is. */
export interface OperationsStore {
  /** Webhook deliveries by status (pending is the outbox depth). */
  deliveryCounts(): Promise<Record<'pending' | 'delivered' | 'failed' | 'cancelled', number>>;
  /**
   * Takes the job's turn when it is due (at `nowMs`, or it never ran) and moves its next turn to
   * `nextTurnAtMs`: true for exactly one caller per turn, whichever instance it runs on; false for
   * the others until the next turn is due.
   */
  claimJobTurn(job: BackgroundJob, turn: { nowMs: number; nextTurnAtMs: number }): Promise<boolean>;
}

/** All persistence the service needs, behind one port. */
export interface Store
  extends
    PartnerStore,
    CommerceStore,
    SagaStore,
    EventStore,
    RateLimitStore,
    OperationsStore,
    AgentStore,
    CheckoutSessionStore {}
