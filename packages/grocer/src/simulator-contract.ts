// What the simulator offers: its options, and GrocerGateway and GrocerControl with the simulator's own tools.
import type { Product } from '@grocery/core';
import type { Clock, GrocerControl, GrocerGateway } from '@grocery/core/ports';
import type { GeneratedCatalog } from './catalog-generator.ts';
import type { CouponDefinition } from './coupons.ts';
import type { DeliveryRules } from './delivery-fees.ts';
import type { FaultSettings } from './faults.ts';
import type { FeedEntry } from './price-feed.ts';
import type { Promotion } from './promotions.ts';
import type { ServiceWebhook } from './service-notifier.ts';

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
