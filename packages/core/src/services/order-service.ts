import { setTimeout as sleep } from 'node:timers/promises';
import { CommerceError } from '../errors.ts';
import type { IssuedPaymentLink, OrderRecord } from '../model/checkout.ts';
import { newOrderId, ORDER_ID_PATTERN, sha256Hex } from '../model/ids.ts';
import type { GrocerOrder } from '../model/order.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { Store } from '../ports/store.ts';
import type { BasketService } from './basket-service.ts';
import type { BranchService } from './branch-service.ts';
import { optionalComment } from './input-validation.ts';
import { orderStatusEvent } from './order-events.ts';
import type { PaymentLinks } from './payment-links.ts';
import { inInput, preparePricing, type PricingInput } from './pricing-request.ts';
import { requirePageSize } from './product-service.ts';
import type { ShopperContext } from './shopper-context.ts';

export interface OrderCreateInput extends PricingInput {
  specialComment?: string | null | undefined;
}

export interface OrderServiceOptions {
  store: Store;
  grocer: GrocerGateway;
  branches: BranchService;
  baskets: BasketService;
  links: PaymentLinks;
  clock: Clock;
}

/** A created order with the link where it is paid (shown once). */
export interface CreatedOrder {
  order: OrderRecord;
  paymentLink: IssuedPaymentLink | null;
}

/** How long a concurrent request with the same idempotency key waits for the first to finish. */
const IDEMPOTENCY_WAIT_MS = 10_000;
/** A claim older than this belongs to a request that died; its key may be taken over. */
const IDEMPOTENCY_STALE_MS = 60_000;
/** Keys are remembered as long as the payment link they replay is valid (24 hours), then forgotten. */
const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

const TEST_MARK = 'test';

/**
 * Sandbox orders carry the word `test` so the grocer never fulfils them; production orders never
 * carry it, so a shopper's own "test" cannot stop a real order.
 */
export function markComment(comment: string | null, sandbox: boolean): string | null {
  const cleaned = (comment ?? '')
    .replace(/\btest\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (sandbox) return cleaned ? `${cleaned} ${TEST_MARK}` : TEST_MARK;
  return cleaned || null;
}

interface OrderCursor {
  createdAt: string;
  orderId: string;
}

export function encodeOrderCursor(order: OrderRecord): string {
  return Buffer.from(`o1:${order.createdAt}|${order.orderId}`).toString('base64url');
}

function decodeOrderCursor(cursor: string | null | undefined): OrderCursor | null {
  if (cursor === null || cursor === undefined) return null;
  const text = cursor.length <= 128 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^o1:(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|([A-Z0-9-]{1,40})$/.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!))) throw new CommerceError('INVALID_INPUT', 'The cursor is not one this API issued.', { field: 'after' });
  return { createdAt: match[1]!, orderId: match[2]! };
}

/** Orders: re-priced and created at the grocer, stored with their first payment link. */
export class OrderService {
  readonly #store: Store;
  readonly #grocer: GrocerGateway;
  readonly #branches: BranchService;
  readonly #baskets: BasketService;
  readonly #links: PaymentLinks;
  readonly #clock: Clock;

  constructor(options: OrderServiceOptions) {
    this.#store = options.store;
    this.#grocer = options.grocer;
    this.#branches = options.branches;
    this.#baskets = options.baskets;
    this.#links = options.links;
    this.#clock = options.clock;
  }

  /**
   * Prices again and creates the order; the client never sends a total and no stock is reserved.
   * With an idempotency key, a repeat of the same request replays the first result and a different
   * request under the key is refused with `IDEMPOTENCY_KEY_REUSED`.
   */
  async create(ctx: ShopperContext, input: OrderCreateInput, idempotencyKey: string | null): Promise<CreatedOrder> {
    let orderId = newOrderId(this.#clock.now());
    if (idempotencyKey !== null) {
      if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
        throw new CommerceError('INVALID_INPUT', 'An idempotency key is 1 to 255 printable ASCII characters.', { field: 'idempotencyKey' });
      }
      // The key is claimed on the request as sent, before pricing: a retried basket order replays
      // even though the first one emptied the basket.
      const claim = await this.#claim(ctx, idempotencyKey, sha256Hex(JSON.stringify(input)), orderId);
      if (claim.kind === 'replay') return this.#replay(ctx, claim.response);
      orderId = claim.resourceId;
    }

    try {
      const { request, fromBasket } = await preparePricing(ctx, input, { store: this.#store, branches: this.#branches });
      const sandbox = ctx.partner.environment === 'sandbox';
      const specialComment = markComment(optionalComment(input.specialComment, 'input.specialComment'), sandbox);
      const grocerOrder = await this.#grocer
        .createOrder({ ...request, orderId, specialComment, sandbox })
        .catch((error: unknown) => {
          throw inInput(error);
        });
      const now = new Date(this.#clock.now()).toISOString();
      const order: OrderRecord = {
        orderId,
        partnerId: ctx.scope.partnerId,
        ownerId: ctx.scope.ownerId,
        environment: ctx.partner.environment,
        orderSource: ctx.partner.orderSource,
        branchCode: grocerOrder.branchCode,
        grandTotalSatang: grocerOrder.grandTotalSatang,
        currency: grocerOrder.currency,
        paymentStatus: grocerOrder.payment.isPaid ? 'PAID' : 'UNPAID',
        status: grocerOrder.status,
        pickingStatus: grocerOrder.shipping.schedules[0]?.pickingStatus ?? null,
        request,
        grocerOrder,
        createdAt: now,
        paidAt: null,
      };
      const link = this.#links.prepare(order);
      await this.#store.insertOrder({
        order,
        link: link.record,
        idempotency: idempotencyKey === null ? null : { key: idempotencyKey, response: { orderId, paymentLink: link.model } },
      });
      if (fromBasket) await this.#baskets.subtractOrdered(ctx, request.lines);
      return { order, paymentLink: link.model };
    } catch (error) {
      if (idempotencyKey !== null) await this.#store.releaseIdempotencyKey(ctx.scope, idempotencyKey);
      throw error;
    }
  }

  async #claim(ctx: ShopperContext, key: string, requestHash: string, orderId: string) {
    const deadline = this.#clock.now() + IDEMPOTENCY_WAIT_MS;
    for (;;) {
      const claim = await this.#store.claimIdempotencyKey(ctx.scope, {
        key,
        requestHash,
        resourceId: orderId,
        nowMs: this.#clock.now(),
        staleAfterMs: IDEMPOTENCY_STALE_MS,
        retentionMs: IDEMPOTENCY_RETENTION_MS,
      });
      if (claim.kind === 'mismatch') {
        throw new CommerceError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different request.', { field: 'idempotencyKey' });
      }
      if (claim.kind !== 'in-progress') return claim;
      if (this.#clock.now() > deadline) {
        throw new CommerceError('IDEMPOTENCY_KEY_REUSED', 'A request with this idempotency key is still running; retry shortly.', { field: 'idempotencyKey' });
      }
      await sleep(25);
    }
  }

  async #replay(ctx: ShopperContext, response: unknown): Promise<CreatedOrder> {
    const stored = response as { orderId: string; paymentLink: IssuedPaymentLink };
    const order = await this.#store.getOrder(ctx.scope, stored.orderId);
    if (!order) throw new CommerceError('NOT_FOUND', 'The order of this idempotency key no longer exists.');
    return { order, paymentLink: stored.paymentLink };
  }

  /** One of the shopper's orders with the grocer's current progress; null when not theirs or unknown. */
  async get(ctx: ShopperContext, orderId: string): Promise<OrderRecord | null> {
    if (!ORDER_ID_PATTERN.test(orderId)) return null;
    const order = await this.#store.getOrder(ctx.scope, orderId);
    if (!order) return null;
    return (await this.refresh([order]))[0]!;
  }

  async list(ctx: ShopperContext, first: number, after: string | null | undefined): Promise<{ orders: OrderRecord[]; hasNextPage: boolean }> {
    const page = await this.#store.listOrders(ctx.scope, { after: decodeOrderCursor(after), first: requirePageSize(first) });
    return { orders: await this.refresh(page.orders), hasNextPage: page.hasNextPage };
  }

  /**
   * Brings orders up to date with the grocer (one batch call), storing any move with its
   * `order.status` event. When the grocer cannot be reached, the stored view is returned.
   */
  async refresh(orders: OrderRecord[]): Promise<OrderRecord[]> {
    if (orders.length === 0) return orders;
    let fresh: GrocerOrder[];
    try {
      fresh = await this.#grocer.orders(orders.map((o) => o.orderId));
    } catch (error) {
      if (error instanceof CommerceError && error.code === 'GROCER_UNAVAILABLE') return orders;
      throw error;
    }
    const byId = new Map(fresh.map((o) => [o.orderId, o]));
    return Promise.all(orders.map((order) => this.observe(order, byId.get(order.orderId))));
  }

  /** Records what the grocer says of an order now; one event per real move. */
  async observe(order: OrderRecord, grocerOrder: GrocerOrder | undefined): Promise<OrderRecord> {
    if (!grocerOrder) return order;
    const event = orderStatusEvent({ partnerId: order.partnerId, before: order.grocerOrder, after: grocerOrder, nowMs: this.#clock.now() });
    if (!event) return order;
    await this.#store.updateOrderFromGrocer(order.orderId, grocerOrder, [event]);
    return { ...order, grocerOrder, status: grocerOrder.status, pickingStatus: grocerOrder.shipping.schedules[0]?.pickingStatus ?? null };
  }
}
