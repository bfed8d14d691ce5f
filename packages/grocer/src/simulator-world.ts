// The simulator's state: the generated catalog and the feeds, coupons, orders, faults and notifier built around it.
import { CommerceError, type Product } from '@grocery/core';
import type { Clock } from '@grocery/core/ports';
import { buildBranchDirectory, type BranchProfile } from './branch-directory.ts';
import { checkBranch } from './calculator-input.ts';
import type { CalculatorContext } from './calculator-model.ts';
import { DEFAULT_PRODUCT_COUNT, generateCatalog } from './catalog-generator.ts';
import { CatalogState } from './catalog-state.ts';
import { CouponBook, SANDBOX_COUPONS } from './coupons.ts';
import { DEFAULT_DELIVERY_RULES } from './delivery-fees.ts';
import { FaultInjector } from './faults.ts';
import { OrderBook, type OrderRecord } from './order-book.ts';
import { orderNotifications, type OrderNotifications } from './order-notifications.ts';
import { PriceFeed } from './price-feed.ts';
import { generatedPromotion, type Promotion } from './promotions.ts';
import { checkOrderId } from './simulator-input.ts';
import type { GrocerSimulatorOptions } from './simulator-contract.ts';
import { StockFeed } from './stock-feed.ts';

/** The simulator's state, shared by the groups of methods below. */
export interface SimulatorWorld {
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

/** Generates (or takes) the catalog and builds the feeds, order book, faults and notifier around it. */
export function createWorld(
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
