import { readdirSync, readFileSync } from 'node:fs';
import type {
  AppClient,
  BasketContent,
  BasketRecord,
  EventRecord,
  GrocerOrder,
  DueWorkClaim,
  IdempotencyClaim,
  OrderIntentRecord,
  OrderIntentState,
  OrderRecord,
  PartnerKeyRecord,
  PaymentAttemptPatch,
  PaymentAttemptRecord,
  PaymentAttemptStart,
  PaymentAttemptState,
  PaymentLinkRecord,
  PaymentRecord,
  QuoteRecord,
  RefundedAttempt,
  RefundPatch,
  RefundRecord,
  RefundState,
  ShopperScope,
  Store,
} from '@grocery/core/ports';
import type { Partner, PartnerContext } from '@grocery/core';
import type { Db } from './database.ts';
import { migrate, type Migration } from './migrate.ts';
import { iso, isoNotNull, toOrder, type OrderRow } from './row-mapping.ts';
import { SqlEventStore } from './sql-event-store.ts';

// Read from src/ by the compiled code in dist/ too (the package ships src/): tsc does not copy .sql files.
const migrationsDir = new URL('../src/migrations/', import.meta.url);

/** The store's own migrations, read from `src/migrations/*.sql`. */
export function storeMigrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => ({ id: name.replace(/\.sql$/, ''), sql: readFileSync(new URL(name, migrationsDir), 'utf8') }));
}

/** Applies the store's migrations and returns the Store over `db`. */
export async function createSqlStore(db: Db): Promise<Store> {
  await migrate(db, 'store', storeMigrations());
  return new SqlStore(db);
}

interface PartnerRow {
  partner_id: string;
  name: string;
  environment: Partner['environment'];
  order_source: string;
  created_at: Date;
  branch_resolution_confirmed_at: Date | null;
  live_at: Date | null;
}

function toPartner(row: PartnerRow): Partner {
  return {
    partnerId: row.partner_id,
    name: row.name,
    environment: row.environment,
    orderSource: row.order_source,
    createdAt: isoNotNull(row.created_at),
    branchResolutionConfirmedAt: iso(row.branch_resolution_confirmed_at),
    liveAt: iso(row.live_at),
  };
}

interface KeyRow {
  key_prefix: string;
  partner_id: string;
  environment: Partner['environment'];
  created_at: Date;
  revoked_at: Date | null;
}

function toKey(row: KeyRow): PartnerKeyRecord {
  return {
    keyPrefix: row.key_prefix,
    partnerId: row.partner_id,
    environment: row.environment,
    createdAt: isoNotNull(row.created_at),
    revokedAt: iso(row.revoked_at),
  };
}

interface ClientRow {
  client_id: string;
  partner_id: string;
  redirect_uris: string[];
  created_at: Date;
}

function toClient(row: ClientRow): AppClient {
  return { clientId: row.client_id, partnerId: row.partner_id, redirectUris: row.redirect_uris, createdAt: isoNotNull(row.created_at) };
}

interface BasketRow {
  basket_id: string;
  partner_id: string;
  owner_id: string;
  branch_code: string;
  lines: BasketRecord['lines'];
  updated_at: Date;
}

function toBasket(row: BasketRow): BasketRecord {
  return {
    basketId: row.basket_id,
    partnerId: row.partner_id,
    ownerId: row.owner_id,
    branchCode: row.branch_code,
    lines: row.lines,
    updatedAt: isoNotNull(row.updated_at),
  };
}

interface LinkRow {
  link_id: string;
  token_hash: string;
  order_id: string;
  partner_id: string;
  amount_satang: number;
  currency: string;
  provider: string;
  callback_url: string | null;
  expires_at: Date;
  created_at: Date;
}

function toLink(row: LinkRow): PaymentLinkRecord {
  return {
    linkId: row.link_id,
    tokenHash: row.token_hash,
    orderId: row.order_id,
    partnerId: row.partner_id,
    amountSatang: row.amount_satang,
    currency: row.currency,
    provider: row.provider,
    callbackUrl: row.callback_url,
    expiresAt: isoNotNull(row.expires_at),
    createdAt: isoNotNull(row.created_at),
  };
}

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

const firstPickingStatus = (order: GrocerOrder): string | null => order.shipping.schedules[0]?.pickingStatus ?? null;

/**
 * The common table expressions that write events to the outbox with their deliveries (one per
 * active endpoint of the partner that takes the event's type) and wake their orders' polling.
 * `eventsParam` is the placeholder of the events' JSON (see `eventsJson`); `gate`, when given, is a
 * condition that must hold for any of it to happen (e.g. that a sibling update touched a row). An
 * event seen again by another path is the same event (same id): it gets no second delivery.
 * Statements compose these with their own writes, so that one round trip does the whole change
 * atomically (a statement is its own transaction).
 */
function eventCtes(eventsParam: string, gate = 'true'): string {
  return `event_input AS (
       SELECT * FROM jsonb_to_recordset(${eventsParam}::jsonb) AS x(event_id text, partner_id text, type text, order_id text, payload jsonb, ts bigint) WHERE ${gate}
     ), event_inserted AS (
       INSERT INTO events (event_id, partner_id, type, order_id, payload, ts)
       SELECT event_id, partner_id, type, order_id, payload, ts FROM event_input
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id, partner_id, type, order_id, ts
     ), event_deliveries AS (
       INSERT INTO webhook_deliveries (delivery_id, event_id, endpoint_id, partner_id, status, next_attempt_at, created_at, updated_at)
       SELECT 'dlv_' || replace(gen_random_uuid()::text, '-', ''), i.event_id, w.endpoint_id, w.partner_id, 'pending', to_timestamp(i.ts), to_timestamp(i.ts), to_timestamp(i.ts)
         FROM event_inserted i JOIN webhook_endpoints w ON w.partner_id = i.partner_id AND w.status = 'active' AND w.event_types @> jsonb_build_array(i.type)
       ON CONFLICT DO NOTHING
     ), event_polls AS (
       UPDATE order_polls p SET misses = 0, next_poll_at = LEAST(p.next_poll_at, to_timestamp(i.ts)), done_at = NULL, done_reason = NULL
         FROM (SELECT order_id, min(ts) AS ts FROM event_inserted GROUP BY order_id) i
        WHERE p.order_id = i.order_id AND (p.done_reason IS NULL OR p.done_reason = 'stale')
     )`;
}

function eventsJson(events: readonly EventRecord[]): string {
  return JSON.stringify(events.map((e) => ({ event_id: e.eventId, partner_id: e.partnerId, type: e.type, order_id: e.orderId, payload: e.payload, ts: e.ts })));
}

/** A unique violation of app_clients' key: the client id is registered already (PostgreSQL and PGlite report it alike). */
function isTakenClientId(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'app_clients_pkey';
}

/** The Store port over SQL (the event store mixed in); every query of shopper data is scoped by (partner, owner). */
class SqlStore extends SqlEventStore implements Store {
  readonly #db: Db;

  constructor(db: Db) {
    super(db);
    this.#db = db;
  }

  // Partners

  async createPartner(partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>): Promise<Partner> {
    const { rows } = await this.#db.query<PartnerRow>('INSERT INTO partners (partner_id, name, environment, order_source) VALUES ($1, $2, $3, $4) RETURNING *', [
      partner.partnerId,
      partner.name,
      partner.environment,
      partner.orderSource,
    ]);
    return toPartner(rows[0]!);
  }

  async getPartner(partnerId: string): Promise<Partner | null> {
    const { rows } = await this.#db.query<PartnerRow>('SELECT * FROM partners WHERE partner_id = $1', [partnerId]);
    return rows[0] ? toPartner(rows[0]) : null;
  }

  async listPartners(): Promise<Partner[]> {
    const { rows } = await this.#db.query<PartnerRow>('SELECT * FROM partners ORDER BY created_at, partner_id');
    return rows.map(toPartner);
  }

  async addPartnerKey(key: { keyHash: string; keyPrefix: string; partnerId: string; environment: Partner['environment'] }): Promise<PartnerKeyRecord> {
    const { rows } = await this.#db.query<KeyRow>('INSERT INTO partner_keys (key_hash, key_prefix, partner_id, environment) VALUES ($1, $2, $3, $4) RETURNING *', [
      key.keyHash,
      key.keyPrefix,
      key.partnerId,
      key.environment,
    ]);
    return toKey(rows[0]!);
  }

  async revokePartnerKey(keyPrefix: string): Promise<boolean> {
    const { rowCount } = await this.#db.query('UPDATE partner_keys SET revoked_at = now() WHERE key_prefix = $1 AND revoked_at IS NULL', [keyPrefix]);
    return rowCount > 0;
  }

  async listPartnerKeys(partnerId: string): Promise<PartnerKeyRecord[]> {
    const { rows } = await this.#db.query<KeyRow>('SELECT * FROM partner_keys WHERE partner_id = $1 ORDER BY created_at', [partnerId]);
    return rows.map(toKey);
  }

  async findPartnerByKeyHash(keyHash: string): Promise<PartnerContext | null> {
    const { rows } = await this.#db.query<{
      partner_id: string;
      name: string;
      order_source: string;
      environment: Partner['environment'];
      key_prefix: string;
      live: boolean;
      client_ids: string[] | null;
    }>(
      `SELECT p.partner_id, p.name, p.order_source, k.environment, k.key_prefix, p.live_at IS NOT NULL AS live,
              (SELECT array_agg(c.client_id ORDER BY c.created_at) FROM app_clients c WHERE c.partner_id = p.partner_id) AS client_ids
         FROM partner_keys k JOIN partners p ON p.partner_id = k.partner_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
      [keyHash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      partnerId: row.partner_id,
      partnerName: row.name,
      orderSource: row.order_source,
      environment: row.environment,
      keyPrefix: row.key_prefix,
      clientIds: row.client_ids ?? [],
      live: row.live,
    };
  }

  async createPartnerWithCredentials(input: Parameters<Store['createPartnerWithCredentials']>[0]): Promise<Partner | null> {
    const { partner, key, client } = input;
    try {
      return await this.#db.transaction(async (tx) => {
        const { rows } = await tx.query<PartnerRow>('INSERT INTO partners (partner_id, name, environment, order_source) VALUES ($1, $2, $3, $4) RETURNING *', [
          partner.partnerId,
          partner.name,
          partner.environment,
          partner.orderSource,
        ]);
        await tx.query('INSERT INTO partner_keys (key_hash, key_prefix, partner_id, environment) VALUES ($1, $2, $3, $4)', [
          key.keyHash,
          key.keyPrefix,
          partner.partnerId,
          partner.environment,
        ]);
        if (client)
          await tx.query('INSERT INTO app_clients (client_id, partner_id, redirect_uris) VALUES ($1, $2, $3)', [
            client.clientId,
            partner.partnerId,
            JSON.stringify(client.redirectUris),
          ]);
        return toPartner(rows[0]!);
      });
    } catch (error) {
      if (isTakenClientId(error)) return null;
      throw error;
    }
  }

  async addAppClient(client: Omit<AppClient, 'createdAt'>): Promise<AppClient | null> {
    const { rows } = await this.#db.query<ClientRow>(
      'INSERT INTO app_clients (client_id, partner_id, redirect_uris) VALUES ($1, $2, $3) ON CONFLICT (client_id) DO NOTHING RETURNING *',
      [client.clientId, client.partnerId, JSON.stringify(client.redirectUris)],
    );
    return rows[0] ? toClient(rows[0]) : null;
  }

  async appClientExists(clientId: string): Promise<boolean> {
    const { rows } = await this.#db.query('SELECT 1 FROM app_clients WHERE client_id = $1', [clientId]);
    return rows.length > 0;
  }

  async listAppClients(partnerId: string): Promise<AppClient[]> {
    const { rows } = await this.#db.query<ClientRow>('SELECT * FROM app_clients WHERE partner_id = $1 ORDER BY created_at', [partnerId]);
    return rows.map(toClient);
  }

  async allRedirectUris(): Promise<string[]> {
    const { rows } = await this.#db.query<{ uri: string }>('SELECT DISTINCT jsonb_array_elements_text(redirect_uris) AS uri FROM app_clients');
    return rows.map((r) => r.uri);
  }

  async confirmBranchResolution(partnerId: string, at: string): Promise<void> {
    await this.#db.query('UPDATE partners SET branch_resolution_confirmed_at = $2 WHERE partner_id = $1', [partnerId, at]);
  }

  async setPartnerLive(partnerId: string, at: string): Promise<string> {
    const { rows } = await this.#db.query<{ live_at: Date }>('UPDATE partners SET live_at = COALESCE(live_at, $2) WHERE partner_id = $1 RETURNING live_at', [partnerId, at]);
    return isoNotNull(rows[0]!.live_at);
  }

  // Baskets

  async getBasket(scope: ShopperScope): Promise<BasketRecord | null> {
    const { rows } = await this.#db.query<BasketRow>('SELECT * FROM baskets WHERE partner_id = $1 AND owner_id = $2 AND environment = $3', [
      scope.partnerId,
      scope.ownerId,
      scope.environment,
    ]);
    return rows[0] ? toBasket(rows[0]) : null;
  }

  async updateBasket(scope: ShopperScope, newBasketId: string, change: (current: BasketRecord | null) => BasketContent | null): Promise<BasketRecord | null> {
    return this.#db.transaction(async (tx) => {
      // The row lock serialises concurrent changes to one basket, so none is lost.
      const locked = await tx.query<BasketRow>('SELECT * FROM baskets WHERE partner_id = $1 AND owner_id = $2 AND environment = $3 FOR UPDATE', [
        scope.partnerId,
        scope.ownerId,
        scope.environment,
      ]);
      const current = locked.rows[0] ? toBasket(locked.rows[0]) : null;
      const next = change(current);
      if (next === null) return current;
      const { rows } = current
        ? await tx.query<BasketRow>(
            'UPDATE baskets SET branch_code = $3, lines = $4, updated_at = now() WHERE partner_id = $1 AND owner_id = $2 AND environment = $5 RETURNING *',
            [scope.partnerId, scope.ownerId, next.branchCode, JSON.stringify(next.lines), scope.environment],
          )
        : await tx.query<BasketRow>(
            // Two first changes may race to create the basket; the loser's insert waits on the
            // winner's row and then updates it, still under the lock.
            `INSERT INTO baskets (partner_id, owner_id, basket_id, branch_code, lines, environment) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (partner_id, environment, owner_id) DO NOTHING RETURNING *`,
            [scope.partnerId, scope.ownerId, newBasketId, next.branchCode, JSON.stringify(next.lines), scope.environment],
          );
      if (rows[0]) return toBasket(rows[0]);
      // Lost the creation race: apply the change to the basket that now exists.
      const again = await tx.query<BasketRow>('SELECT * FROM baskets WHERE partner_id = $1 AND owner_id = $2 AND environment = $3 FOR UPDATE', [
        scope.partnerId,
        scope.ownerId,
        scope.environment,
      ]);
      const existing = toBasket(again.rows[0]!);
      const retried = change(existing);
      if (retried === null) return existing;
      const updated = await tx.query<BasketRow>(
        'UPDATE baskets SET branch_code = $3, lines = $4, updated_at = now() WHERE partner_id = $1 AND owner_id = $2 AND environment = $5 RETURNING *',
        [scope.partnerId, scope.ownerId, retried.branchCode, JSON.stringify(retried.lines), scope.environment],
      );
      return toBasket(updated.rows[0]!);
    });
  }

  // Quotes

  async saveQuote(quote: QuoteRecord): Promise<void> {
    await this.#db.query('INSERT INTO quotes (quote_id, partner_id, owner_id, request, calculation, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      quote.quoteId,
      quote.partnerId,
      quote.ownerId,
      JSON.stringify(quote.request),
      JSON.stringify(quote.calculation),
      quote.createdAt,
      quote.expiresAt,
    ]);
  }

  async getQuote(scope: ShopperScope, quoteId: string): Promise<QuoteRecord | null> {
    const { rows } = await this.#db.query<{
      quote_id: string;
      partner_id: string;
      owner_id: string;
      request: QuoteRecord['request'];
      calculation: QuoteRecord['calculation'];
      created_at: Date;
      expires_at: Date;
    }>('SELECT * FROM quotes WHERE quote_id = $1 AND partner_id = $2 AND owner_id = $3', [quoteId, scope.partnerId, scope.ownerId]);
    const row = rows[0];
    if (!row) return null;
    return {
      quoteId: row.quote_id,
      partnerId: row.partner_id,
      ownerId: row.owner_id,
      request: row.request,
      calculation: row.calculation,
      createdAt: isoNotNull(row.created_at),
      expiresAt: isoNotNull(row.expires_at),
    };
  }

  // Idempotency

  async claimIdempotencyKey(
    scope: ShopperScope,
    claim: { key: string; requestHash: string; resourceId: string; nowMs: number; staleAfterMs: number; retentionMs: number },
  ): Promise<IdempotencyClaim> {
    const now = new Date(claim.nowMs).toISOString();
    // Forgotten keys go first (and, now and then, everyone's), so their ids can be used afresh.
    const expired = new Date(claim.nowMs - claim.retentionMs).toISOString();
    await this.#db.query('DELETE FROM idempotency_keys WHERE partner_id = $1 AND owner_id = $2 AND idempotency_key = $3 AND environment = $5 AND claimed_at < $4', [
      scope.partnerId,
      scope.ownerId,
      claim.key,
      expired,
      scope.environment,
    ]);
    if (Math.random() < 0.01) await this.#db.query('DELETE FROM idempotency_keys WHERE claimed_at < $1', [expired]);
    const inserted = await this.#db.query<{ resource_id: string }>(
      `INSERT INTO idempotency_keys (partner_id, owner_id, idempotency_key, request_hash, resource_id, claimed_at, environment)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING resource_id`,
      [scope.partnerId, scope.ownerId, claim.key, claim.requestHash, claim.resourceId, now, scope.environment],
    );
    if (inserted.rows[0]) return { kind: 'claimed', resourceId: inserted.rows[0].resource_id };
    const { rows } = await this.#db.query<{ request_hash: string; resource_id: string; response: unknown; claimed_at: Date; completed_at: Date | null }>(
      'SELECT request_hash, resource_id, response, claimed_at, completed_at FROM idempotency_keys WHERE partner_id = $1 AND owner_id = $2 AND idempotency_key = $3 AND environment = $4',
      [scope.partnerId, scope.ownerId, claim.key, scope.environment],
    );
    const row = rows[0];
    // Released between our insert and select: try once more.
    if (!row) return this.claimIdempotencyKey(scope, claim);
    if (row.request_hash !== claim.requestHash) return { kind: 'mismatch' };
    if (row.completed_at !== null) return { kind: 'replay', response: row.response };
    if (row.claimed_at.getTime() + claim.staleAfterMs > claim.nowMs) return { kind: 'in-progress' };
    const taken = await this.#db.query(
      `UPDATE idempotency_keys SET claimed_at = $4
        WHERE partner_id = $1 AND owner_id = $2 AND idempotency_key = $3 AND claimed_at = $5 AND completed_at IS NULL AND environment = $6`,
      [scope.partnerId, scope.ownerId, claim.key, now, row.claimed_at, scope.environment],
    );
    return taken.rowCount > 0 ? { kind: 'claimed', resourceId: row.resource_id } : { kind: 'in-progress' };
  }

  async releaseIdempotencyKey(scope: ShopperScope, key: string): Promise<void> {
    await this.#db.query('DELETE FROM idempotency_keys WHERE partner_id = $1 AND owner_id = $2 AND idempotency_key = $3 AND environment = $4 AND completed_at IS NULL', [
      scope.partnerId,
      scope.ownerId,
      key,
      scope.environment,
    ]);
  }

  // Orders

  async insertOrder(input: { order: OrderRecord; link: PaymentLinkRecord; idempotency: { key: string; response: unknown } | null }): Promise<boolean> {
    const { order, link, idempotency } = input;
    // One statement, so one round trip and atomic: the intent turns created (only from pending, so
    // exactly one path adopts it), and with it come the order, its link and the idempotency record.
    const { rows } = await this.#db.query<{ created: boolean }>(
      `WITH intent AS (
         UPDATE order_intents SET state = 'created', updated_at = now() WHERE order_id = $1 AND state = 'pending' RETURNING order_id
       ), new_order AS (
         INSERT INTO orders (order_id, partner_id, owner_id, environment, order_source, branch_code, grand_total_satang, currency,
                             payment_status, status, picking_status, request, grocer_order, created_at, paid_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15 FROM intent
       ), new_link AS (
         INSERT INTO payment_links (link_id, token_hash, order_id, partner_id, amount_satang, currency, provider, callback_url, expires_at, created_at)
         SELECT $16, $17, $1, $2, $18, $19, $20, $21, $22, $23 FROM intent
       ), idempotency AS (
         UPDATE idempotency_keys SET response = $25, completed_at = now()
          WHERE $24::text IS NOT NULL AND partner_id = $2 AND owner_id = $3 AND idempotency_key = $24 AND environment = $4 AND EXISTS (SELECT 1 FROM intent)
       )
       SELECT EXISTS (SELECT 1 FROM intent) AS created`,
      [
        order.orderId,
        order.partnerId,
        order.ownerId,
        order.environment,
        order.orderSource,
        order.branchCode,
        order.grandTotalSatang,
        order.currency,
        order.paymentStatus,
        order.status,
        order.pickingStatus,
        JSON.stringify(order.request),
        JSON.stringify(order.grocerOrder),
        order.createdAt,
        order.paidAt,
        link.linkId,
        link.tokenHash,
        link.amountSatang,
        link.currency,
        link.provider,
        link.callbackUrl,
        link.expiresAt,
        link.createdAt,
        idempotency?.key ?? null,
        idempotency ? JSON.stringify(idempotency.response) : null,
      ],
    );
    return rows[0]!.created;
  }

  async getOrder(scope: ShopperScope, orderId: string): Promise<OrderRecord | null> {
    const { rows } = await this.#db.query<OrderRow>('SELECT * FROM orders WHERE order_id = $1 AND partner_id = $2 AND owner_id = $3 AND environment = $4', [
      orderId,
      scope.partnerId,
      scope.ownerId,
      scope.environment,
    ]);
    return rows[0] ? toOrder(rows[0]) : null;
  }

  async listOrders(scope: ShopperScope, page: { after: { createdAt: string; orderId: string } | null; first: number }): Promise<{ orders: OrderRecord[]; hasNextPage: boolean }> {
    const params: unknown[] = [scope.partnerId, scope.ownerId, page.first + 1, scope.environment];
    let cursor = '';
    if (page.after) {
      params.push(page.after.createdAt, page.after.orderId);
      cursor = 'AND (created_at, order_id) < ($5::timestamptz, $6)';
    }
    const { rows } = await this.#db.query<OrderRow>(
      `SELECT * FROM orders WHERE partner_id = $1 AND owner_id = $2 AND environment = $4 ${cursor} ORDER BY created_at DESC, order_id DESC LIMIT $3`,
      params,
    );
    return { orders: rows.slice(0, page.first).map(toOrder), hasNextPage: rows.length > page.first };
  }

  async getOrderById(orderId: string): Promise<OrderRecord | null> {
    const { rows } = await this.#db.query<OrderRow>('SELECT * FROM orders WHERE order_id = $1', [orderId]);
    return rows[0] ? toOrder(rows[0]) : null;
  }

  async updateOrderFromGrocer(orderId: string, grocerOrder: GrocerOrder, events: EventRecord[]): Promise<void> {
    await this.#db.query(
      `WITH updated AS (
         UPDATE orders SET grocer_order = $2, status = $3, picking_status = $4, updated_at = now() WHERE order_id = $1
       ), ${eventCtes('$5')}
       SELECT 1`,
      [orderId, JSON.stringify(grocerOrder), grocerOrder.status, firstPickingStatus(grocerOrder), eventsJson(events)],
    );
  }

  // Payment links and payments

  async insertPaymentLink(link: PaymentLinkRecord): Promise<void> {
    await this.#db.query(
      `INSERT INTO payment_links (link_id, token_hash, order_id, partner_id, amount_satang, currency, provider, callback_url, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [link.linkId, link.tokenHash, link.orderId, link.partnerId, link.amountSatang, link.currency, link.provider, link.callbackUrl, link.expiresAt, link.createdAt],
    );
  }

  async findPaymentLinkByHash(tokenHash: string): Promise<{ link: PaymentLinkRecord; order: OrderRecord } | null> {
    const { rows } = await this.#db.query<{ link: LinkRow; order: OrderRow }>(
      'SELECT to_jsonb(l) AS link, to_jsonb(o) AS order FROM payment_links l JOIN orders o ON o.order_id = l.order_id WHERE l.token_hash = $1',
      [tokenHash],
    );
    const row = rows[0];
    return row ? { link: toLink(row.link), order: toOrder(row.order) } : null;
  }

  async listPayments(orderIds: readonly string[]): Promise<PaymentRecord[]> {
    if (orderIds.length === 0) return [];
    const { rows } = await this.#db.query<{
      payment_id: string;
      order_id: string;
      amount_satang: number | string;
      currency: string;
      provider: string;
      reference: string;
      created_at: Date | string;
    }>('SELECT payment_id, order_id, amount_satang, currency, provider, reference, created_at FROM payments WHERE order_id = ANY($1::text[]) ORDER BY order_id', [[...orderIds]]);
    return rows.map((row) => ({
      paymentId: row.payment_id,
      orderId: row.order_id,
      amountSatang: Number(row.amount_satang),
      currency: row.currency,
      provider: row.provider,
      reference: row.reference,
      createdAt: isoNotNull(row.created_at),
    }));
  }

  async completePayment(input: { orderId: string; attemptId: string | null; payment: PaymentRecord; grocerOrder: GrocerOrder; events: EventRecord[] }): Promise<boolean> {
    const { orderId, attemptId, payment, grocerOrder, events } = input;
    // One statement: the order turns PAID, its attempt paid, the payment and its events are written,
    // or none of it (when the order is paid already: whichever path comes second writes nothing).
    const { rows } = await this.#db.query<{ paid: boolean }>(
      `WITH updated AS (
         UPDATE orders SET payment_status = 'PAID', paid_at = $3, grocer_order = $4, status = $5, picking_status = $6, updated_at = now()
          WHERE order_id = $1 AND payment_status = 'UNPAID'
          RETURNING order_id
       ), attempt AS (
         UPDATE payment_attempts SET state = 'paid', provider_reference = COALESCE(provider_reference, $11), updated_at = now()
          WHERE attempt_id = $2 AND order_id = $1 AND EXISTS (SELECT 1 FROM updated)
       ), payment AS (
         INSERT INTO payments (payment_id, order_id, amount_satang, currency, provider, reference, created_at)
         SELECT $7::text, order_id, $8::bigint, $9::text, $10::text, $11::text, $3::timestamptz FROM updated
       ), ${eventCtes('$12', 'EXISTS (SELECT 1 FROM updated)')}
       SELECT EXISTS (SELECT 1 FROM updated) AS paid`,
      [
        orderId,
        attemptId,
        payment.createdAt,
        JSON.stringify(grocerOrder),
        grocerOrder.status,
        firstPickingStatus(grocerOrder),
        payment.paymentId,
        payment.amountSatang,
        payment.currency,
        payment.provider,
        payment.reference,
        eventsJson(events),
      ],
    );
    return rows[0]!.paid;
  }

  // Sagas

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
    return rows[0]!.moved;
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
    const { rows } = await this.#db.query<IntentRow>('SELECT * FROM order_intents WHERE created_at >= $1 AND order_id > $2 ORDER BY order_id LIMIT $3', [
      page.since,
      page.after ?? '',
      page.limit,
    ]);
    return rows.map(toIntent);
  }

  async startPaymentAttempt(attempt: PaymentAttemptRecord): Promise<PaymentAttemptStart> {
    // The order's row is locked first (a payment completing holds it too), so its payment status is
    // the latest when the attempt is written: no attempt starts beside a payment that is completing.
    // The partial unique index allows one attempt under way per order: a second insert does nothing.
    const { rows } = await this.#db.query<{ inserted: boolean; payment_status: string | null; active: AttemptRow | null }>(
      `WITH target AS (
         SELECT order_id, payment_status FROM orders WHERE order_id = $2 FOR UPDATE
       ), inserted AS (
         INSERT INTO payment_attempts (attempt_id, order_id, partner_id, provider, amount_satang, currency, state, simulate, checks, created_at, updated_at, next_check_at)
         SELECT $1, order_id, $3, $4, $5, $6, 'started', $7, 0, $8, $8, $9 FROM target WHERE payment_status = 'UNPAID'
         ON CONFLICT (order_id) WHERE state IN ('started', 'charged') DO NOTHING
         RETURNING attempt_id
       )
       SELECT EXISTS (SELECT 1 FROM inserted) AS inserted, (SELECT payment_status FROM target) AS payment_status,
              (SELECT to_jsonb(a) FROM payment_attempts a WHERE a.order_id = $2 AND a.state IN ('started', 'charged') LIMIT 1) AS active`,
      [attempt.attemptId, attempt.orderId, attempt.partnerId, attempt.provider, attempt.amountSatang, attempt.currency, attempt.simulate, attempt.createdAt, attempt.nextCheckAt],
    );
    const row = rows[0]!;
    if (row.inserted) return { kind: 'started' };
    if (row.payment_status === null) return { kind: 'not-found' };
    if (row.payment_status === 'PAID') return { kind: 'paid' };
    if (row.active) return { kind: 'busy', attempt: toAttempt(row.active) };
    // The attempt under way ended between the insert and the look: try again.
    return this.startPaymentAttempt(attempt);
  }

  async getPaymentAttempt(attemptId: string): Promise<PaymentAttemptRecord | null> {
    const { rows } = await this.#db.query<AttemptRow>('SELECT * FROM payment_attempts WHERE attempt_id = $1', [attemptId]);
    return rows[0] ? toAttempt(rows[0]) : null;
  }

  async listPaymentAttempts(orderIds: readonly string[]): Promise<PaymentAttemptRecord[]> {
    if (orderIds.length === 0) return [];
    const { rows } = await this.#db.query<AttemptRow>('SELECT * FROM payment_attempts WHERE order_id = ANY($1::text[]) ORDER BY created_at, attempt_id', [[...orderIds]]);
    return rows.map(toAttempt);
  }

  async transitionPaymentAttempt(attemptId: string, from: readonly PaymentAttemptState[], to: PaymentAttemptState, patch: PaymentAttemptPatch = {}): Promise<boolean> {
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
    return row ? toRefund(row.refund) : ((await this.#refundOfPayment(refund.provider, refund.paymentReference)) ?? refund);
  }

  async #refundOfPayment(provider: string, paymentReference: string): Promise<RefundRecord | null> {
    const { rows } = await this.#db.query<RefundRow>('SELECT * FROM payment_refunds WHERE provider = $1 AND payment_reference = $2', [provider, paymentReference]);
    return rows[0] ? toRefund(rows[0]) : null;
  }

  async getRefund(refundId: string): Promise<RefundRecord | null> {
    const { rows } = await this.#db.query<RefundRow>('SELECT * FROM payment_refunds WHERE refund_id = $1', [refundId]);
    return rows[0] ? toRefund(rows[0]) : null;
  }

  async listRefunds(orderIds: readonly string[]): Promise<RefundRecord[]> {
    if (orderIds.length === 0) return [];
    const { rows } = await this.#db.query<RefundRow>('SELECT * FROM payment_refunds WHERE order_id = ANY($1::text[]) ORDER BY created_at, refund_id', [[...orderIds]]);
    return rows.map(toRefund);
  }

  async transitionRefund(refundId: string, from: readonly RefundState[], to: RefundState, patch: RefundPatch = {}, events: readonly EventRecord[] = []): Promise<boolean> {
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
      [refundId, [...from], to, patch.providerRefundReference ?? null, patch.lastError?.slice(0, 1000) ?? null, patch.nextCheckAt ?? null, eventsJson(events)],
    );
    return rows[0]!.moved;
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
    const { rows } = await this.#db.query<OrderRow>('SELECT * FROM orders WHERE order_id = ANY($1::text[]) ORDER BY order_id', [[...orderIds]]);
    return rows.map(toOrder);
  }

  // Operations

  async deliveryCounts(): Promise<Record<'pending' | 'delivered' | 'failed' | 'cancelled', number>> {
    const { rows } = await this.#db.query<{ status: 'pending' | 'delivered' | 'failed' | 'cancelled'; n: number }>(
      'SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status',
    );
    const counts = { pending: 0, delivered: 0, failed: 0, cancelled: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  // Rate limits

  async takeRateUnits(bucket: string, windowStartMs: number, units: number, limit: number): Promise<{ granted: number; used: number }> {
    const windowStart = new Date(windowStartMs).toISOString();
    const result = await this.#db.transaction(async (tx) => {
      await tx.query('INSERT INTO rate_limits (bucket, window_start, used) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [bucket, windowStart]);
      const { rows } = await tx.query<{ used: number }>('SELECT used FROM rate_limits WHERE bucket = $1 AND window_start = $2 FOR UPDATE', [bucket, windowStart]);
      const before = rows[0]!.used;
      const granted = Math.max(0, Math.min(units, limit - before));
      if (granted > 0) await tx.query('UPDATE rate_limits SET used = used + $3 WHERE bucket = $1 AND window_start = $2', [bucket, windowStart, granted]);
      return { granted, used: before + granted };
    });
    // Windows are minutes long; an hour of history is plenty, and pruning now and then keeps the table small.
    if (Math.random() < 0.01) await this.#db.query("DELETE FROM rate_limits WHERE window_start < now() - interval '1 hour'");
    return result;
  }
}
