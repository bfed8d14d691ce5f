import type { BasketContent, BasketRecord, ShopperScope } from '../model/basket.ts';
import type { EventRecord, OrderRecord, PaymentLinkRecord, PaymentRecord, QuoteRecord } from '../model/checkout.ts';
import type { GrocerOrder } from '../model/order.ts';
import type { AppClient, Environment, Partner, PartnerContext, PartnerKeyRecord } from '../model/partner.ts';
import type { EventStore } from './event-store.ts';

/** Partners, their keys and the identity-provider app clients whose tokens they accept. */
export interface PartnerStore {
  createPartner(partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt'>): Promise<Partner>;
  getPartner(partnerId: string): Promise<Partner | null>;
  listPartners(): Promise<Partner[]>;
  addPartnerKey(key: { keyHash: string; keyPrefix: string; partnerId: string; environment: Environment }): Promise<PartnerKeyRecord>;
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
    partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt'>;
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

export type PaymentClaim = 'claimed' | 'paid' | 'busy' | 'not-found';

/** Baskets, quotes, orders, payment links and payments, always scoped to (partner, shopper). */
export interface CommerceStore {
  getBasket(scope: ShopperScope): Promise<BasketRecord | null>;
  /**
   * Changes the basket atomically: `change` sees the current basket (null if none) under a row lock
   * and returns the new content, or null to leave it as it is. `change` must not do I/O.
   */
  updateBasket(scope: ShopperScope, newBasketId: string, change: (current: BasketRecord | null) => BasketContent | null): Promise<BasketRecord | null>;

  saveQuote(quote: QuoteRecord): Promise<void>;
  getQuote(scope: ShopperScope, quoteId: string): Promise<QuoteRecord | null>;

  /**
   * Claims `key` for this (partner, shopper) and request. `resourceId` is what a first use will
   * create; an unfinished claim older than `staleAfterMs` (its request died, e.g. in a crash) is
   * taken over with its original resourceId; a key older than `retentionMs` is forgotten.
   */
  claimIdempotencyKey(
    scope: ShopperScope,
    claim: { key: string; requestHash: string; resourceId: string; nowMs: number; staleAfterMs: number; retentionMs: number },
  ): Promise<IdempotencyClaim>;
  /** Forgets a claim whose request failed, so the key can be used again. */
  releaseIdempotencyKey(scope: ShopperScope, key: string): Promise<void>;

  /**
   * Stores a new order with its first payment link in one transaction, completing the
   * idempotency key (if any) with `response`.
   */
  insertOrder(input: { order: OrderRecord; link: PaymentLinkRecord; idempotency: { key: string; response: unknown } | null }): Promise<void>;
  getOrder(scope: ShopperScope, orderId: string): Promise<OrderRecord | null>;
  /** Orders newest first; `after` is the cursor of the last order of the previous page. */
  listOrders(scope: ShopperScope, page: { after: { createdAt: string; orderId: string } | null; first: number }): Promise<{ orders: OrderRecord[]; hasNextPage: boolean }>;
  /** Unscoped: for the payment-link pages, where the link is the credential. */
  getOrderById(orderId: string): Promise<OrderRecord | null>;
  /** Updates the grocer's view of an order (status and picking progress) and writes its events. */
  updateOrderFromGrocer(orderId: string, grocerOrder: GrocerOrder, events: EventRecord[]): Promise<void>;

  insertPaymentLink(link: PaymentLinkRecord): Promise<void>;
  /** A link with its order (one round trip: paying starts here). */
  findPaymentLinkByHash(tokenHash: string): Promise<{ link: PaymentLinkRecord; order: OrderRecord } | null>;

  /**
   * Takes the right to pay the order until `untilMs` (epoch ms): 'claimed' for exactly one caller;
   * 'paid' when already paid; 'busy' while another attempt holds an unexpired claim.
   */
  claimPayment(orderId: string, attemptId: string, nowMs: number, untilMs: number): Promise<PaymentClaim>;
  /** Marks the order paid, records the payment and writes its events, in one transaction. False if the claim was lost. */
  completePayment(input: { orderId: string; attemptId: string; payment: PaymentRecord; grocerOrder: GrocerOrder; events: EventRecord[] }): Promise<boolean>;
  /** Gives up a claim whose payment failed. */
  releasePayment(orderId: string, attemptId: string): Promise<void>;
}

/** Rate-limit counters shared by every instance: fixed windows per bucket. */
export interface RateLimitStore {
  /**
   * Takes up to `units` from the bucket's window, never beyond `limit`, atomically. Returns how many
   * were granted and the window's total use after the grant. Old windows are pruned by the store.
   */
  takeRateUnits(bucket: string, windowStartMs: number, units: number, limit: number): Promise<{ granted: number; used: number }>;
}

/** Figures for /metrics that only the database knows across instances. */
export interface OperationsStore {
  /** Webhook deliveries by status (pending is the outbox depth). */
  deliveryCounts(): Promise<Record<'pending' | 'delivered' | 'failed' | 'cancelled', number>>;
}

/** All persistence the service needs, behind one port. */
export interface Store extends PartnerStore, CommerceStore, EventStore, RateLimitStore, OperationsStore {}
