import type {
  BasketContent,
  BasketRecord,
  CommerceStore,
  EventRecord,
  GrocerOrder,
  IdempotencyClaim,
  OrderRecord,
  PaymentLinkRecord,
  PaymentRecord,
  QuoteRecord,
  ShopperScope,
} from '@grocery/core/ports';
import { onlyRow, type Db } from './database.ts';
import { eventCtes, eventsJson, firstPickingStatus } from './outbox-ctes.ts';
import { isoNotNull, toOrder, type OrderRow } from './row-mapping.ts';
import { SqlPartnerStore } from './sql-partner-store.ts';

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

/**
 * The CommerceStore port over SQL: baskets, quotes, idempotency keys, orders, payment links and
 * payments, every query of shopper data scoped by (partner, environment, owner). It stacks on the
 * partner store (see sql-store.ts).
 */
export class SqlCommerceStore extends SqlPartnerStore implements CommerceStore {
  readonly #db: Db;

  constructor(db: Db) {
    super(db);
    this.#db = db;
  }

  // Baskets

  async getBasket(scope: ShopperScope): Promise<BasketRecord | null> {
    const { rows } = await this.#db.query<BasketRow>(
      'SELECT * FROM baskets WHERE partner_id = $1 AND owner_id = $2 AND environment = $3',
      [scope.partnerId, scope.ownerId, scope.environment],
    );
    return rows[0] ? toBasket(rows[0]) : null;
  }

  async updateBasket(
    scope: ShopperScope,
    newBasketId: string,
    change: (current: BasketRecord | null) => BasketContent | null,
  ): Promise<BasketRecord | null> {
    return this.#db.transaction(async (tx) => {
      // The row lock serialises concurrent changes to one basket, so none is lost.
      const locked = await tx.query<BasketRow>(
        'SELECT * FROM baskets WHERE partner_id = $1 AND owner_id = $2 AND environment = $3 FOR UPDATE',
        [scope.partnerId, scope.ownerId, scope.environment],
      );
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
            [
              scope.partnerId,
              scope.ownerId,
              newBasketId,
              next.branchCode,
              JSON.stringify(next.lines),
              scope.environment,
            ],
          );
      if (rows[0]) return toBasket(rows[0]);
      // Lost the creation race: apply the change to the basket that now exists.
      const again = await tx.query<BasketRow>(
        'SELECT * FROM baskets WHERE partner_id = $1 AND owner_id = $2 AND environment = $3 FOR UPDATE',
        [scope.partnerId, scope.ownerId, scope.environment],
      );
      const existing = toBasket(onlyRow(again.rows, 'basket read after a lost creation race'));
      const retried = change(existing);
      if (retried === null) return existing;
      const updated = await tx.query<BasketRow>(
        'UPDATE baskets SET branch_code = $3, lines = $4, updated_at = now() WHERE partner_id = $1 AND owner_id = $2 AND environment = $5 RETURNING *',
        [scope.partnerId, scope.ownerId, retried.branchCode, JSON.stringify(retried.lines), scope.environment],
      );
      return toBasket(onlyRow(updated.rows, 'basket update'));
    });
  }

  // Quotes

  async saveQuote(quote: QuoteRecord): Promise<void> {
    await this.#db.query(
      'INSERT INTO quotes (quote_id, partner_id, owner_id, request, calculation, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [
        quote.quoteId,
        quote.partnerId,
        quote.ownerId,
        JSON.stringify(quote.request),
        JSON.stringify(quote.calculation),
        quote.createdAt,
        quote.expiresAt,
      ],
    );
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
    }>('SELECT * FROM quotes WHERE quote_id = $1 AND partner_id = $2 AND owner_id = $3', [
      quoteId,
      scope.partnerId,
      scope.ownerId,
    ]);
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
    claim: {
      key: string;
      requestHash: string;
      resourceId: string;
      nowMs: number;
      staleAfterMs: number;
      retentionMs: number;
    },
  ): Promise<IdempotencyClaim> {
    const now = new Date(claim.nowMs).toISOString();
    // A forgotten key (claimed before the retention) is claimed afresh in place; the expiry sweeper
    // deletes the others. One statement: this runs on every idempotent request.
    const expired = new Date(claim.nowMs - claim.retentionMs).toISOString();
    const inserted = await this.#db.query<{ resource_id: string }>(
      `INSERT INTO idempotency_keys (partner_id, owner_id, idempotency_key, request_hash, resource_id, claimed_at, environment)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (partner_id, environment, owner_id, idempotency_key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, resource_id = EXCLUDED.resource_id, claimed_at = EXCLUDED.claimed_at,
             response = NULL, completed_at = NULL
         WHERE idempotency_keys.claimed_at < $8
       RETURNING resource_id`,
      [scope.partnerId, scope.ownerId, claim.key, claim.requestHash, claim.resourceId, now, scope.environment, expired],
    );
    if (inserted.rows[0]) return { kind: 'claimed', resourceId: inserted.rows[0].resource_id };
    const { rows } = await this.#db.query<{
      request_hash: string;
      resource_id: string;
      response: unknown;
      claimed_at: Date;
      completed_at: Date | null;
    }>(
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
    await this.#db.query(
      'DELETE FROM idempotency_keys WHERE partner_id = $1 AND owner_id = $2 AND idempotency_key = $3 AND environment = $4 AND completed_at IS NULL',
      [scope.partnerId, scope.ownerId, key, scope.environment],
    );
  }

  async completeIdempotencyKey(scope: ShopperScope, key: string, response: unknown): Promise<boolean> {
    const { rowCount } = await this.#db.query(
      `UPDATE idempotency_keys SET response = $5, completed_at = now()
        WHERE partner_id = $1 AND owner_id = $2 AND idempotency_key = $3 AND environment = $4 AND completed_at IS NULL`,
      [scope.partnerId, scope.ownerId, key, scope.environment, JSON.stringify(response ?? null)],
    );
    return rowCount > 0;
  }

  async deleteExpiredIdempotencyKeys(sweep: { claimedBeforeMs: number; limit: number }): Promise<number> {
    // SKIP LOCKED: a key that a request holds right now is left for the next sweep.
    const { rowCount } = await this.#db.query(
      `DELETE FROM idempotency_keys WHERE (partner_id, environment, owner_id, idempotency_key) IN (
         SELECT partner_id, environment, owner_id, idempotency_key FROM idempotency_keys WHERE claimed_at < $1
          ORDER BY claimed_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [new Date(sweep.claimedBeforeMs).toISOString(), sweep.limit],
    );
    return rowCount;
  }

  // Orders

  async insertOrder(input: {
    order: OrderRecord;
    link: PaymentLinkRecord;
    idempotency: { key: string; response: unknown } | null;
  }): Promise<boolean> {
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
    return onlyRow(rows, 'payment link insert').created;
  }

  async getOrder(scope: ShopperScope, orderId: string): Promise<OrderRecord | null> {
    const { rows } = await this.#db.query<OrderRow>(
      'SELECT * FROM orders WHERE order_id = $1 AND partner_id = $2 AND owner_id = $3 AND environment = $4',
      [orderId, scope.partnerId, scope.ownerId, scope.environment],
    );
    return rows[0] ? toOrder(rows[0]) : null;
  }

  async listOrders(
    scope: ShopperScope,
    page: { after: { createdAt: string; orderId: string } | null; first: number },
  ): Promise<{ orders: OrderRecord[]; hasNextPage: boolean }> {
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
      [
        link.linkId,
        link.tokenHash,
        link.orderId,
        link.partnerId,
        link.amountSatang,
        link.currency,
        link.provider,
        link.callbackUrl,
        link.expiresAt,
        link.createdAt,
      ],
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
    }>(
      'SELECT payment_id, order_id, amount_satang, currency, provider, reference, created_at FROM payments WHERE order_id = ANY($1::text[]) ORDER BY order_id',
      [[...orderIds]],
    );
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

  async completePayment(input: {
    orderId: string;
    attemptId: string | null;
    payment: PaymentRecord;
    grocerOrder: GrocerOrder;
    events: EventRecord[];
  }): Promise<boolean> {
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
    return onlyRow(rows, 'payment record').paid;
  }
}
