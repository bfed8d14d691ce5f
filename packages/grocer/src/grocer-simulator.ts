/**
 * The in-process grocer: a simulator implementing core's `GrocerGateway` and `GrocerControl` over a
 * generated catalog, branch price feeds, stock, the calculator, orders with picking progress,
 * sandbox payment recording, fault injection and signed notifications to the service.
 */
import {
  CommerceError,
  isCprcode,
  type Branch,
  type CatalogVersion,
  type Product,
  type ProductImage,
} from '@grocery/core';
import {
  systemClock,
  type CalculateRequest,
  type Calculation,
  type Clock,
  type CreateOrderRequest,
  type GrocerControl,
  type GrocerGateway,
  type GrocerOrder,
  type InventoryLevel,
  type PriceLookup,
  type RecordPaymentRequest,
} from '@grocery/core/ports';
import { buildBranchDirectory, cloneBranch, type BranchProfile } from './branch-directory.ts';
import { calculate, checkAddress, checkBranch, type CalculatorContext } from './calculator.ts';
import { DEFAULT_PRODUCT_COUNT, generateCatalog, type GeneratedCatalog } from './catalog-generator.ts';
import { CatalogState, cloneProduct } from './catalog-state.ts';
import { CouponBook, SANDBOX_COUPONS, type CouponDefinition } from './coupons.ts';
import { DEFAULT_DELIVERY_RULES, type DeliveryRules } from './delivery-fees.ts';
import { FaultInjector, type FaultSettings } from './faults.ts';
import { OrderBook, type OrderRecord } from './order-book.ts';
import { PriceFeed, type FeedEntry } from './price-feed.ts';
import { renderProductImage } from './product-image.ts';
import { generatedPromotion, type Promotion } from './promotions.ts';
import { ServiceNotifier, type ServiceWebhook } from './service-notifier.ts';
import {
  cancelledError,
  checkBatch,
  checkCprcodes,
  checkOrderFields,
  checkOrderId,
  checkPaymentFields,
  isRecord,
  MAX_EXPORT_BATCH,
} from './simulator-input.ts';
import { StockFeed } from './stock-feed.ts';

export { MAX_BATCH, MAX_EXPORT_BATCH } from './simulator-input.ts';

export interface GrocerSimulatorOptions {
  /** Seed of the generated world. Default 1. */
  seed?: number;
  /** Products to generate (`GROCER_PRODUCTS`). Default 40,000. */
  productCount?: number;
  /** A catalog generated beforehand (its seed wins over `seed`). */
  catalog?: GeneratedCatalog;
  clock?: Clock;
  /** Simulated time per picking step after payment. Default 60,000 ms. */
  pickingStepMs?: number;
  /** Unpaid orders are cancelled after this long. Default 72 hours. */
  unpaidCancelAfterMs?: number;
  /** Where to notify the service of payments and order moves; off when absent. */
  serviceWebhook?: ServiceWebhook | null;
  /** How often the notifier looks for order moves (real time). Default 1,000 ms. */
  notifyIntervalMs?: number;
  /** Waits before notification retries. Default [250, 1000, 4000]. */
  webhookRetryDelaysMs?: readonly number[];
  /** How long an injected timeout hangs. Default 30,000 ms. */
  faultHangMs?: number;
  coupons?: readonly CouponDefinition[];
  deliveryRules?: DeliveryRules;
  log?: (message: string) => void;
}

/** The in-process grocer; `close()` stops its timer and pending notifications. */
export interface GrocerSimulator extends GrocerGateway, GrocerControl {
  readonly seed: number;
  /** One page of the catalog in cprcode order after `after` (exclusive); the HTTP export uses it. */
  catalogPage(after: string | null, limit: number): Promise<{ items: Product[]; nextAfter: string | null }>;
  /** Current products in generation order (shared and read-only; for tests and tools). */
  allProducts(): readonly Product[];
  /** What a branch's price feed says about a product (for tests and tools). */
  feedEntry(branchCode: string, cprcode: string): FeedEntry;
  promotion(cprcode: string): Promotion | null;
  /** Replaces a product's promotion (null removes it); a simulator-only control. */
  setPromotion(cprcode: string, promotion: Promotion | null): void;
  coupons(): CouponDefinition[];
  faults(): FaultSettings;
  /** Looks for order moves now and waits until their notifications are sent or given up. */
  notifyPending(): Promise<void>;
  close(): Promise<void>;
}

/** The simulator's state, shared by the groups of methods below. */
interface SimulatorWorld {
  seed: number;
  clock: Clock;
  branches: readonly BranchProfile[];
  catalog: CatalogState;
  priceFeed: PriceFeed;
  stockFeed: StockFeed;
  couponBook: CouponBook;
  orders: OrderBook;
  faults: FaultInjector;
  /** Ids cancelled before any order had them: a create that arrives late is refused. */
  cancelledIds: Set<string>;
  promotionOf(index: number, product: Product): Promotion | null;
  /** Replaces a product's generated promotion; null removes it. */
  overridePromotion(cprcode: string, promotion: Promotion | null): void;
  calculatorContext(): CalculatorContext;
  requireBranch(branchCode: unknown): BranchProfile;
  requireOrder(orderId: unknown): OrderRecord;
  /** Every gateway call goes through here: closed check and injected faults. */
  gate: () => Promise<void>;
  notifications: OrderNotifications;
}

/**
 * Creates the in-process grocer.
 *
 * @example
 * const grocer = createGrocerSimulator({ productCount: 2_000, clock: new ManualClock() });
 * const [lookup] = await grocer.prices('BKK01', [grocer.allProducts()[0].cprcode]);
 * await grocer.close();
 */
export function createGrocerSimulator(options: GrocerSimulatorOptions = {}): GrocerSimulator {
  const clock = options.clock ?? systemClock;
  const pickingStepMs = options.pickingStepMs ?? 60_000;
  if (!Number.isFinite(pickingStepMs) || pickingStepMs <= 0)
    throw new RangeError('pickingStepMs must be a positive number');
  let closed = false;
  const world = createWorld(options, clock, pickingStepMs, () => closed);
  const timer = world.notifications.enabled
    ? setInterval(() => world.notifications.scan(), options.notifyIntervalMs ?? 1000)
    : null;
  timer?.unref();

  return {
    seed: world.seed,
    ...catalogMethods(world),
    ...orderMethods(world),
    ...controlMethods(world),
    ...toolMethods(world),
    async notifyPending(): Promise<void> {
      world.notifications.scan();
      await world.notifications.idle();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      world.faults.close();
      await world.notifications.close();
    },
  };
}

/** Generates (or takes) the catalog and builds the feeds, order book, faults and notifier around it. */
function createWorld(
  options: GrocerSimulatorOptions,
  clock: Clock,
  pickingStepMs: number,
  isClosed: () => boolean,
): SimulatorWorld {
  const branches = buildBranchDirectory();
  const generated =
    options.catalog ??
    generateCatalog({ seed: options.seed ?? 1, count: options.productCount ?? DEFAULT_PRODUCT_COUNT, branches });
  const seed = generated.seed;
  const catalog = new CatalogState(generated);
  const branchByCode = new Map(branches.map((b) => [b.branch.branchCode, b]));
  const priceFeed = new PriceFeed({ seed, listPriceSatang: generated.listPriceSatang });
  const couponBook = new CouponBook(options.coupons ?? SANDBOX_COUPONS);
  const promotionOverrides = new Map<string, Promotion | null>();
  const orders = new OrderBook({ pickingStepMs, unpaidCancelAfterMs: options.unpaidCancelAfterMs ?? 72 * 3_600_000 });
  const faults = new FaultInjector({
    seed,
    ...(options.faultHangMs === undefined ? {} : { hangMs: options.faultHangMs }),
  });
  const promotionOf = (index: number, product: Product): Promotion | null => {
    const override = promotionOverrides.get(product.cprcode);
    return override !== undefined ? override : generatedPromotion(seed, index, product);
  };
  return {
    seed,
    clock,
    branches,
    catalog,
    priceFeed,
    stockFeed: new StockFeed({ seed, velocity: generated.velocity }),
    couponBook,
    orders,
    faults,
    cancelledIds: new Set<string>(),
    promotionOf,
    overridePromotion: (cprcode, promotion) => promotionOverrides.set(cprcode, promotion),
    calculatorContext: () => ({
      branch: (code) => branchByCode.get(code),
      product: (cprcode) => catalog.find(cprcode),
      price: (branch, index, product) => priceFeed.price(branch, index, product),
      promotion: promotionOf,
      coupons: couponBook,
      rules: options.deliveryRules ?? DEFAULT_DELIVERY_RULES,
      now: clock.now(),
    }),
    requireBranch: (branchCode) => checkBranch({ branch: (code) => branchByCode.get(code) }, branchCode),
    requireOrder: (orderId) => {
      const record = orders.get(checkOrderId(orderId));
      if (!record)
        throw new CommerceError('NOT_FOUND', `There is no order ${String(orderId)}.`, {
          field: 'orderId',
          details: { orderId },
        });
      return record;
    },
    gate: async () => {
      if (isClosed()) throw new CommerceError('GROCER_UNAVAILABLE', 'The grocer simulator is closed.');
      await faults.apply();
    },
    notifications: orderNotifications(options, clock, orders),
  };
}

/** Tells the service of payments and order moves, when a webhook is configured; otherwise does nothing. */
interface OrderNotifications {
  readonly enabled: boolean;
  /** Looks at every open order for moves to tell. */
  scan(): void;
  /** Tells the order's moves up to `now`. */
  transitions(record: OrderRecord, now: number): void;
  paid(order: GrocerOrder, amountSatang: number, reference: string): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

function orderNotifications(options: GrocerSimulatorOptions, clock: Clock, orders: OrderBook): OrderNotifications {
  const notifier = options.serviceWebhook
    ? new ServiceNotifier({
        ...options.serviceWebhook,
        clock,
        log: options.log ?? ((message: string) => console.warn(message)),
        ...(options.webhookRetryDelaysMs ? { retryDelaysMs: options.webhookRetryDelaysMs } : {}),
      })
    : null;
  const transitions = (record: OrderRecord, now: number): void => {
    if (!notifier) return;
    for (const move of orders.takeTransitions(record, now)) {
      notifier.send(move.orderId, '/webhooks/shop/order-status', {
        type: 'order-status',
        orderId: move.orderId,
        status: move.status,
        pickingStatus: move.pickingStatus,
        changedAt: new Date(move.changedAtMs).toISOString(),
      });
    }
  };
  return {
    enabled: notifier !== null,
    scan: () => {
      if (!notifier) return;
      const now = clock.now();
      for (const record of orders.open(now)) transitions(record, now);
    },
    transitions,
    paid: (order, amountSatang, reference) =>
      notifier?.send(order.orderId, '/webhooks/shop/payment', {
        type: 'payment',
        orderId: order.orderId,
        paymentStatus: 'PAID',
        amountSatang,
        paidAt: order.payment.paidAt,
        reference,
      }),
    idle: async () => notifier?.idle(),
    close: async () => notifier?.close(),
  };
}

/** The gateway's catalog, branch, price and stock reads. */
function catalogMethods(
  world: SimulatorWorld,
): Pick<
  GrocerSimulator,
  | 'catalogVersion'
  | 'exportCatalog'
  | 'catalogPage'
  | 'products'
  | 'productImage'
  | 'branches'
  | 'prices'
  | 'stock'
  | 'calculate'
> {
  const { catalog, gate } = world;
  const catalogPage = async (
    after: string | null,
    limit: number,
  ): Promise<{ items: Product[]; nextAfter: string | null }> => {
    await gate();
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_EXPORT_BATCH) {
      throw new CommerceError('INVALID_INPUT', `The batch size must be a whole number from 1 to ${MAX_EXPORT_BATCH}.`, {
        field: 'batchSize',
      });
    }
    if (after !== null && !isCprcode(after))
      throw new CommerceError('INVALID_INPUT', 'after must be a cprcode.', { field: 'after' });
    const items = catalog.page(after, limit).map(cloneProduct);
    return { items, nextAfter: items.length === limit ? items.at(-1)!.cprcode : null };
  };
  return {
    async catalogVersion(): Promise<CatalogVersion> {
      await gate();
      return catalog.version();
    },

    async *exportCatalog(exportOptions: { batchSize?: number } = {}): AsyncIterable<Product[]> {
      let after: string | null = null;
      do {
        const page = await catalogPage(after, exportOptions.batchSize ?? 1000);
        if (page.items.length > 0) yield page.items;
        after = page.nextAfter;
      } while (after !== null);
    },

    catalogPage,

    async products(cprcodes: readonly string[]): Promise<Product[]> {
      await gate();
      const seen = new Set<string>();
      const out: Product[] = [];
      for (const cprcode of checkCprcodes(cprcodes)) {
        if (seen.has(cprcode)) continue;
        seen.add(cprcode);
        const found = catalog.find(cprcode);
        if (found) out.push(cloneProduct(found.product));
      }
      return out;
    },

    async productImage(cprcode: string): Promise<ProductImage | null> {
      await gate();
      if (!isCprcode(cprcode))
        throw new CommerceError('INVALID_CPRCODE', 'cprcode must be 1 to 12 digits.', { field: 'cprcode' });
      const found = catalog.find(cprcode);
      return found && found.product.hasImage ? renderProductImage(found.product) : null;
    },

    async branches(): Promise<Branch[]> {
      await gate();
      return world.branches.map((b) => cloneBranch(b.branch));
    },

    async prices(branchCode: string, cprcodes: readonly string[]): Promise<PriceLookup[]> {
      await gate();
      const branch = world.requireBranch(branchCode);
      return checkCprcodes(cprcodes).map((cprcode) => {
        const found = catalog.find(cprcode);
        return { cprcode, price: found ? world.priceFeed.price(branch, found.index, found.product) : null };
      });
    },

    async stock(branchCode: string, cprcodes: readonly string[]): Promise<InventoryLevel[]> {
      await gate();
      const branch = world.requireBranch(branchCode);
      return checkCprcodes(cprcodes).map((cprcode) => {
        const found = catalog.find(cprcode);
        return found
          ? world.stockFeed.level(branch, found.index, found.product)
          : {
              cprcode,
              branchCode: branch.branch.branchCode,
              listable: false,
              sellableQty: null,
              ibCfQty: null,
              qtySource: null,
            };
      });
    },

    async calculate(request: CalculateRequest): Promise<Calculation> {
      await gate();
      return calculate(request, world.calculatorContext());
    },
  };
}

/** The gateway's orders: create (idempotent by id), read, cancel and record a payment. */
function orderMethods(
  world: SimulatorWorld,
): Pick<GrocerSimulator, 'createOrder' | 'orders' | 'cancelOrder' | 'recordPayment'> {
  const { orders, clock, gate, notifications } = world;
  return {
    async createOrder(request: CreateOrderRequest): Promise<GrocerOrder> {
      await gate();
      if (!isRecord(request)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
      const orderId = checkOrderId(request.orderId);
      if (world.cancelledIds.has(orderId)) throw cancelledError(orderId);
      const existing = orders.get(orderId);
      if (existing) {
        if (orders.isCancelled(existing, clock.now())) throw cancelledError(orderId);
        return orders.view(existing, clock.now());
      }
      checkOrderFields(request);
      const { branchCode, lines, fulfilment, scheduleMode, address, couponCodes, orderSource } = request;
      const calculation = calculate(
        { branchCode, lines, fulfilment, scheduleMode, address, couponCodes, orderSource },
        world.calculatorContext(),
      );
      const now = clock.now();
      const record = orders.create(request, calculation, checkAddress(request.address), now);
      return orders.view(record, now);
    },

    async orders(orderIds: readonly string[]): Promise<GrocerOrder[]> {
      await gate();
      const now = clock.now();
      const seen = new Set<string>();
      const out: GrocerOrder[] = [];
      checkBatch(orderIds, 'orderIds').forEach((orderId, i) => {
        if (typeof orderId !== 'string' || orderId.length > 64)
          throw new CommerceError('INVALID_INPUT', `orderIds[${i}] must be an order id.`, { field: `orderIds.${i}` });
        if (seen.has(orderId)) return;
        seen.add(orderId);
        const record = orders.get(orderId);
        if (record) out.push(orders.view(record, now));
      });
      return out;
    },

    async cancelOrder(orderId: string): Promise<GrocerOrder | null> {
      await gate();
      const id = checkOrderId(orderId);
      const record = orders.get(id);
      if (!record) {
        world.cancelledIds.add(id);
        return null;
      }
      const now = clock.now();
      if (record.order.payment.isPaid)
        throw new CommerceError('ALREADY_PAID', `Order ${id} is paid; it cannot be cancelled.`, {
          field: 'orderId',
          details: { orderId: id },
        });
      orders.cancel(record, now);
      notifications.transitions(record, now);
      return orders.view(record, now);
    },

    async recordPayment(request: RecordPaymentRequest): Promise<GrocerOrder> {
      await gate();
      if (!isRecord(request)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
      const record = world.requireOrder(request.orderId);
      const { amountSatang, provider, reference, paymentId } = checkPaymentFields(request);
      const now = clock.now();
      const order = record.order;
      // One payment per order: the same paymentId again is that payment, any other is refused.
      if (order.payment.isPaid) {
        if (order.payment.paymentId === paymentId) return orders.view(record, now);
        throw new CommerceError('ALREADY_PAID', `Order ${order.orderId} is already paid.`, {
          details: { orderId: order.orderId },
        });
      }
      if (orders.isCancelled(record, now)) throw cancelledError(order.orderId);
      if (amountSatang !== order.grandTotalSatang) {
        throw new CommerceError(
          'PRICE_CHANGED',
          `The payment of ${amountSatang} satang is not the order's total of ${order.grandTotalSatang} satang.`,
          {
            field: 'amountSatang',
            details: { orderId: order.orderId, expectedSatang: order.grandTotalSatang },
          },
        );
      }
      orders.pay(record, { method: provider, reference, paymentId }, now);
      // A coupon is used up when its order is paid, so re-pricing an unpaid order before payment
      // still counts it as available (spec rule 5 compares like with like).
      world.couponBook.redeem(order.couponCodes);
      notifications.paid(order, amountSatang, reference);
      notifications.transitions(record, now);
      return orders.view(record, now);
    },
  };
}

/** `GrocerControl`: what the admin API's grocer routes change. */
function controlMethods(world: SimulatorWorld): GrocerControl {
  const { catalog, clock } = world;
  return {
    async setPrice(input: { branchCode: string; cprcode: string; amountSatang: number | null }): Promise<void> {
      if (!isRecord(input)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
      const branch = world.requireBranch(input.branchCode);
      const { product } = catalog.require(input.cprcode);
      const amount = input.amountSatang;
      if (
        amount !== null &&
        (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0 || amount > 100_000_000)
      ) {
        throw new CommerceError(
          'INVALID_INPUT',
          'amountSatang must be null or a whole number of satang up to 100,000,000.',
          { field: 'amountSatang' },
        );
      }
      world.priceFeed.setOverride(branch.branch.branchCode, product.cprcode, amount);
    },

    async setStock(input: { branchCode: string; cprcode: string; qty: number }): Promise<void> {
      if (!isRecord(input)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
      const branch = world.requireBranch(input.branchCode);
      const { product } = catalog.require(input.cprcode);
      if (typeof input.qty !== 'number' || !Number.isInteger(input.qty) || Math.abs(input.qty) > 1_000_000) {
        throw new CommerceError('INVALID_INPUT', 'qty must be a whole number between -1,000,000 and 1,000,000.', {
          field: 'qty',
        });
      }
      world.stockFeed.setOverride(branch.branch.branchCode, product.cprcode, input.qty);
    },

    async setProductActive(input: { cprcode: string; active: boolean }): Promise<void> {
      if (!isRecord(input)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
      const { index } = catalog.require(input.cprcode);
      if (typeof input.active !== 'boolean')
        throw new CommerceError('INVALID_INPUT', 'active must be true or false.', { field: 'active' });
      catalog.setActive(index, input.active, new Date(clock.now()).toISOString());
    },

    async bumpCatalogVersion(): Promise<CatalogVersion> {
      return catalog.bump(new Date(clock.now()).toISOString());
    },

    async setFaults(input: { latencyMs?: number; errorRate?: number; timeoutRate?: number }): Promise<void> {
      if (!isRecord(input)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
      world.faults.set(input);
    },

    async advanceOrder(orderId: string): Promise<GrocerOrder> {
      const record = world.requireOrder(orderId);
      const now = clock.now();
      if (!record.order.payment.isPaid) {
        throw new CommerceError(
          'INVALID_INPUT',
          `Order ${record.order.orderId} is not paid; picking starts after payment.`,
          {
            field: 'orderId',
            details: { orderId: record.order.orderId },
          },
        );
      }
      if (world.orders.advance(record, now)) world.notifications.transitions(record, now);
      return world.orders.view(record, now);
    },
  };
}

/** Simulator-only reads and controls, for tests and tools. */
function toolMethods(
  world: SimulatorWorld,
): Pick<GrocerSimulator, 'allProducts' | 'feedEntry' | 'promotion' | 'setPromotion' | 'coupons' | 'faults'> {
  const { catalog } = world;
  return {
    allProducts: () => catalog.all(),
    feedEntry(branchCode: string, cprcode: string): FeedEntry {
      const branch = world.requireBranch(branchCode);
      const { index, product } = catalog.require(cprcode);
      return world.priceFeed.entry(branch, index, product);
    },
    promotion(cprcode: string): Promotion | null {
      const { index, product } = catalog.require(cprcode);
      return world.promotionOf(index, product);
    },
    setPromotion(cprcode: string, promotion: Promotion | null): void {
      const { product } = catalog.require(cprcode);
      world.overridePromotion(product.cprcode, promotion);
    },
    coupons: () => world.couponBook.list(),
    faults: () => world.faults.settings,
  };
}
