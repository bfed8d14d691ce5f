import { setTimeout as sleep } from 'node:timers/promises';
import { CommerceError } from '../errors.ts';
import type { IssuedPaymentLink, OrderIntentRecord, OrderIntentState, OrderRecord } from '../model/checkout.ts';
import { newOrderId, ORDER_ID_PATTERN, sha256Hex } from '../model/ids.ts';
import type { CreateOrderRequest, GrocerOrder } from '../model/order.ts';
import { placesSandboxOrders } from '../model/partner.ts';
import type { CalculateRequest } from '../model/pricing.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { Store } from '../ports/store.ts';
import type { BasketService } from './basket-service.ts';
import type { BranchService } from './branch-service.ts';
import { optionalComment, requireSafeInput } from './input-validation.ts';
import { orderStatusEvent } from './order-events.ts';
import type { PaymentLinks } from './payment-links.ts';
import { inInput, preparePricing, type PricingInput } from './pricing-request.ts';
import { requirePageSize } from './product-service.ts';
import { DEFAULT_SAGA_SETTINGS, errorText, isUnanswered, recoveryDelayMs, type SagaSettings } from './saga-settings.ts';
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
  sagas?: SagaSettings;
  /** Called when the grocer's word shows an order paid that the service had not recorded (see PaymentService.settleFromGrocer). */
  onGrocerPaid?: (order: OrderRecord, grocerOrder: GrocerOrder) => Promise<OrderRecord>;
}

/** A created order with the link where it is paid (shown once). */
export interface CreatedOrder {
  order: OrderRecord;
  paymentLink: IssuedPaymentLink | null;
}

/** Keys are remembered as long as the payment link they replay is valid (24 hours), then forgotten (the expiry sweeper deletes them). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
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
  if (!match || Number.isNaN(Date.parse(match[1]!)))
    throw new CommerceError('INVALID_INPUT', 'The cursor is not one this API issued.', { field: 'after' });
  return { createdAt: match[1]!, orderId: match[2]! };
}

function notPlaced(orderId: string): CommerceError {
  return new CommerceError(
    'GROCER_UNAVAILABLE',
    `The grocer did not confirm order ${orderId}, so it was not placed and nothing will be charged. Place the order again.`,
    {
      details: { orderId },
    },
  );
}

function pending(orderId: string): CommerceError {
  return new CommerceError(
    'ORDER_PENDING',
    `The grocer has not confirmed whether order ${orderId} was placed. The service settles it within minutes: it then appears in the shopper's orders, or is cancelled. ` +
      'Retry with the same Idempotency-Key to get its outcome; do not place it again without one.',
    { details: { orderId } },
  );
}

/** What the order is priced again with before a payment: the create request without its order fields. */
function calculateRequestOf(request: CreateOrderRequest): CalculateRequest {
  const { branchCode, lines, fulfilment, scheduleMode, address, couponCodes, orderSource } = request;
  return { branchCode, lines, fulfilment, scheduleMode, address, couponCodes, orderSource };
}

/**
 * Orders: re-priced and created at the grocer, stored with their first payment link.
 *
 * Creation is a saga that survives lost answers and crashes: the intent (orderId, lines, request)
 * is stored before the grocer is called, with the orderId as the grocer's idempotency key. When the
 * grocer's answer is lost, the order is looked up there and adopted, or cancelled so that a create
 * still on its way cannot place it; what a request cannot settle, a retry with the same
 * idempotency key or the recovery worker (`resume`) settles later. So every order the grocer holds
 * is known to the service or cancelled, and one request places at most one order.
 */
export class OrderService {
  readonly #store: Store;
  readonly #grocer: GrocerGateway;
  readonly #branches: BranchService;
  readonly #baskets: BasketService;
  readonly #links: PaymentLinks;
  readonly #clock: Clock;
  readonly #sagas: SagaSettings;
  #onGrocerPaid: OrderServiceOptions['onGrocerPaid'];

  constructor(options: OrderServiceOptions) {
    this.#store = options.store;
    this.#grocer = options.grocer;
    this.#branches = options.branches;
    this.#baskets = options.baskets;
    this.#links = options.links;
    this.#clock = options.clock;
    this.#sagas = options.sagas ?? DEFAULT_SAGA_SETTINGS;
    this.#onGrocerPaid = options.onGrocerPaid;
  }

  /** Wires the payment side in (the payment service is built after this one). */
  onGrocerPaid(settle: NonNullable<OrderServiceOptions['onGrocerPaid']>): void {
    this.#onGrocerPaid = settle;
  }

  /**
   * Prices again and creates the order; the client never sends a total and no stock is reserved.
   * With an idempotency key, a repeat of the same request replays the first result and a different
   * request under the key is refused with `IDEMPOTENCY_KEY_REUSED`.
   */
  async create(ctx: ShopperContext, input: OrderCreateInput, idempotencyKey: string | null): Promise<CreatedOrder> {
    if (idempotencyKey !== null && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw new CommerceError('INVALID_INPUT', 'An idempotency key is 1 to 255 printable ASCII characters.', {
        field: 'idempotencyKey',
      });
    }
    requireSafeInput(input, 'input');
    const comment = optionalComment(input.specialComment, 'input.specialComment');
    const freshId = newOrderId(this.#clock.now());
    let orderId = freshId;
    if (idempotencyKey !== null) {
      // The key is claimed on the request as sent, before pricing: a retried basket order replays
      // even though the first one emptied the basket.
      const claim = await this.#claim(ctx, idempotencyKey, sha256Hex(JSON.stringify(input)), orderId);
      if (claim.kind === 'replay') return this.#replay(ctx, claim.response);
      orderId = claim.resourceId;
    }

    let intent: OrderIntentRecord | null = null;
    try {
      // A key taken over from a request that died resumes that request's intent, never a new order.
      intent = orderId === freshId ? null : await this.#store.getOrderIntent(orderId);
      if (!intent) {
        const { request, fromBasket } = await preparePricing(ctx, input, {
          store: this.#store,
          branches: this.#branches,
        });
        const sandbox = placesSandboxOrders(ctx.partner);
        const nowMs = this.#clock.now();
        intent = await this.#store.insertOrderIntent({
          orderId,
          partnerId: ctx.scope.partnerId,
          ownerId: ctx.scope.ownerId,
          environment: ctx.scope.environment,
          idempotencyKey,
          request: { ...request, orderId, specialComment: markComment(comment, sandbox), sandbox },
          fromBasket,
          state: 'pending',
          checks: 0,
          lastError: null,
          createdAt: new Date(nowMs).toISOString(),
          nextCheckAt: new Date(nowMs + this.#sagas.requestWindowMs).toISOString(),
        });
      }
      return await this.#place(intent);
    } catch (error) {
      // Before the intent is written nothing exists under the key, so it is free again; after, the
      // key stays with the intent until the intent ends (a failed or cancelled intent frees it).
      if (idempotencyKey !== null && intent === null)
        await this.#store.releaseIdempotencyKey(ctx.scope, idempotencyKey);
      throw error;
    }
  }

  /**
   * Settles an intent that its request left unfinished (the recovery worker's step): looks the
   * order up at the grocer and adopts it, or cancels it there. Returns the intent's state after.
   */
  async resume(intent: OrderIntentRecord): Promise<OrderIntentState> {
    try {
      if (intent.state === 'cancelling') await this.#cancel(intent);
      else await this.#settleUnknown(intent, null);
    } catch (error) {
      if (!(error instanceof CommerceError)) throw error;
      if (error.code === 'ORDER_PENDING') return 'pending';
    }
    return (await this.#store.getOrderIntent(intent.orderId))?.state ?? intent.state;
  }

  /** Calls the grocer for the intent and settles what it answers. */
  async #place(intent: OrderIntentRecord): Promise<CreatedOrder> {
    switch (intent.state) {
      case 'created':
        return this.#stored(intent);
      case 'failed':
      case 'cancelled':
      case 'cancelling':
        throw notPlaced(intent.orderId);
      case 'pending':
        break;
    }
    let grocerOrder: GrocerOrder;
    try {
      grocerOrder = await this.#grocer.createOrder(intent.request);
    } catch (error) {
      if (isUnanswered(error)) return this.#settleUnknown(intent, error);
      if (error instanceof CommerceError && error.code === 'ORDER_CANCELLED') {
        await this.#store.transitionOrderIntent(intent.orderId, ['pending', 'cancelling'], 'cancelled', {
          lastError: errorText(error),
        });
        throw notPlaced(intent.orderId);
      }
      // A refusal: the grocer created nothing.
      await this.#store.transitionOrderIntent(intent.orderId, ['pending'], 'failed', { lastError: errorText(error) });
      throw inInput(error);
    }
    return this.#adopt(intent, grocerOrder);
  }

  /**
   * The grocer's answer to a create was lost: ask it whether the order exists. Adopt it if so;
   * otherwise cancel it there, so that a create still on its way cannot place it later. When the
   * grocer cannot answer that either, the intent waits for a retry or the recovery worker.
   */
  async #settleUnknown(intent: OrderIntentRecord, cause: unknown): Promise<CreatedOrder> {
    let found: GrocerOrder | undefined;
    try {
      [found] = await this.#grocer.orders([intent.orderId]);
    } catch (error) {
      if (!isUnanswered(error)) throw error;
      await this.#defer(intent, error);
      throw pending(intent.orderId);
    }
    if (found && found.status !== 'CANCELLED') return this.#adopt(intent, found);
    // Not there (or cancelled by the grocer): the service gives it up first, so that no path adopts
    // it while the grocer is told to cancel.
    if (
      !(await this.#store.transitionOrderIntent(intent.orderId, ['pending'], 'cancelling', {
        lastError: errorText(cause ?? 'not at the grocer'),
      }))
    ) {
      const now = await this.#store.getOrderIntent(intent.orderId);
      if (now?.state === 'created') return this.#stored(now);
      if (now?.state !== 'cancelling') throw notPlaced(intent.orderId);
    }
    await this.#cancel(intent);
    throw notPlaced(intent.orderId);
  }

  /** Makes sure the grocer will never place a given-up order, then records it cancelled. */
  async #cancel(intent: OrderIntentRecord): Promise<void> {
    try {
      await this.#grocer.cancelOrder(intent.orderId);
    } catch (error) {
      if (!isUnanswered(error)) throw error;
      await this.#defer(intent, error);
      throw pending(intent.orderId);
    }
    await this.#store.transitionOrderIntent(intent.orderId, ['cancelling'], 'cancelled');
  }

  async #defer(intent: OrderIntentRecord, error: unknown): Promise<void> {
    const next = this.#clock.now() + recoveryDelayMs(this.#sagas, intent.checks);
    await this.#store.transitionOrderIntent(intent.orderId, [intent.state], intent.state, {
      lastError: errorText(error),
      nextCheckAt: new Date(next).toISOString(),
    });
  }

  /** Stores the grocer's order with its first link; whichever path gets there first wins. */
  async #adopt(intent: OrderIntentRecord, grocerOrder: GrocerOrder): Promise<CreatedOrder> {
    const order: OrderRecord = {
      orderId: intent.orderId,
      partnerId: intent.partnerId,
      ownerId: intent.ownerId,
      environment: intent.environment,
      orderSource: intent.request.orderSource,
      branchCode: grocerOrder.branchCode,
      grandTotalSatang: grocerOrder.grandTotalSatang,
      currency: grocerOrder.currency,
      paymentStatus: grocerOrder.payment.isPaid ? 'PAID' : 'UNPAID',
      status: grocerOrder.status,
      pickingStatus: grocerOrder.shipping.schedules[0]?.pickingStatus ?? null,
      request: calculateRequestOf(intent.request),
      grocerOrder,
      createdAt: new Date(this.#clock.now()).toISOString(),
      paidAt: null,
    };
    const link = this.#links.prepare(order);
    const idempotency =
      intent.idempotencyKey === null
        ? null
        : { key: intent.idempotencyKey, response: { orderId: order.orderId, paymentLink: link.model } };
    if (!(await this.#store.insertOrder({ order, link: link.record, idempotency }))) {
      const now = await this.#store.getOrderIntent(intent.orderId);
      if (now?.state === 'created') return this.#stored(now);
      // Given up meanwhile: the grocer is told to cancel it.
      throw notPlaced(intent.orderId);
    }
    if (intent.fromBasket) await this.#baskets.subtractOrdered(intent, intent.request.lines);
    return { order, paymentLink: link.model };
  }

  /** An intent another path has stored as an order: its replayed result, or a fresh link. */
  async #stored(intent: OrderIntentRecord): Promise<CreatedOrder> {
    const order = await this.#store.getOrder(intent, intent.orderId);
    if (!order) throw pending(intent.orderId);
    return { order, paymentLink: order.paymentStatus === 'PAID' ? null : await this.#links.issue(order) };
  }

  async #claim(ctx: ShopperContext, key: string, requestHash: string, orderId: string) {
    // Waiting is real time, whatever the domain clock says.
    const deadline = performance.now() + this.#sagas.waitForRunningMs;
    for (;;) {
      const claim = await this.#store.claimIdempotencyKey(ctx.scope, {
        key,
        requestHash,
        resourceId: orderId,
        nowMs: this.#clock.now(),
        staleAfterMs: this.#sagas.requestWindowMs,
        retentionMs: IDEMPOTENCY_RETENTION_MS,
      });
      if (claim.kind === 'mismatch') {
        throw new CommerceError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different request.', {
          field: 'idempotencyKey',
        });
      }
      if (claim.kind !== 'in-progress') return claim;
      if (performance.now() > deadline) {
        throw new CommerceError(
          'ORDER_PENDING',
          'A request with this idempotency key is still running or being settled; retry with the same key shortly.',
          {
            field: 'idempotencyKey',
          },
        );
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

  async list(
    ctx: ShopperContext,
    first: number,
    after: string | null | undefined,
  ): Promise<{ orders: OrderRecord[]; hasNextPage: boolean }> {
    const page = await this.#store.listOrders(ctx.scope, {
      after: decodeOrderCursor(after),
      first: requirePageSize(first),
    });
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

  /**
   * Records what the grocer says of an order now; one event per real move. The grocer is the
   * authority for payment: an order it holds paid is settled paid here too.
   */
  async observe(order: OrderRecord, grocerOrder: GrocerOrder | undefined): Promise<OrderRecord> {
    if (!grocerOrder) return order;
    if (grocerOrder.payment.isPaid && order.paymentStatus === 'UNPAID' && this.#onGrocerPaid)
      return this.#onGrocerPaid(order, grocerOrder);
    const event = orderStatusEvent({
      partnerId: order.partnerId,
      before: order.grocerOrder,
      after: grocerOrder,
      nowMs: this.#clock.now(),
    });
    if (!event) return order;
    await this.#store.updateOrderFromGrocer(order.orderId, grocerOrder, [event]);
    return {
      ...order,
      grocerOrder,
      status: grocerOrder.status,
      pickingStatus: grocerOrder.shipping.schedules[0]?.pickingStatus ?? null,
    };
  }
}
