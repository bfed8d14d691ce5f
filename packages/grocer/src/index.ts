/**
 * @grocery/grocer: the grocer's systems, simulated, behind core's `GrocerGateway` port: a generated
 * catalog, branches, price feeds, stock, the calculator with promotions and coupons, orders with
 * picking progress, sandbox payments, fault injection and signed notifications; an HTTP server and
 * an HTTP client for it. Every export of this file is public API; anything not exported is internal.
 */
export { createGrocerSimulator, MAX_BATCH, MAX_EXPORT_BATCH } from './grocer-simulator.ts';
export type { GrocerSimulator, GrocerSimulatorOptions } from './simulator-contract.ts';
export { createHttpGrocer, type HttpGrocer, type HttpGrocerOptions } from './http-grocer.ts';
export { createGrocerServer, GROCER_MAX_BODY_BYTES, type GrocerServerOptions } from './grocer-server.ts';
export { createGrocerHandler, type GrocerHandlerOptions } from './grocer-handler.ts';
export {
  ASSORTMENTS,
  cprcodeOf,
  DEFAULT_PRODUCT_COUNT,
  generateCatalog,
  MAX_PRODUCT_COUNT,
  type Assortment,
  type GenerateCatalogOptions,
  type GeneratedCatalog,
} from './catalog-generator.ts';
export { parseSize, type CategoryNode } from './vocabulary-compiler.ts';
export { buildBranchDirectory, type BranchProfile } from './branch-directory.ts';
export { PriceFeed, type FeedEntry, type PriceFeedOptions } from './price-feed.ts';
export { StockFeed, type StockFeedOptions } from './stock-feed.ts';
export { applyPromotion, generatedPromotion, type AppliedPromotion, type Promotion } from './promotions.ts';
export {
  CouponBook,
  normalizeCouponCode,
  SANDBOX_COUPONS,
  type CouponDefinition,
  type CouponFailureReason,
  type CouponKind,
} from './coupons.ts';
export { DEFAULT_DELIVERY_RULES, deliveryFeeSatang, type DeliveryRules } from './delivery-fees.ts';
export { calculate } from './calculator.ts';
export { FULFILMENT_TYPES, SCHEDULE_MODES, type CalculatorContext, type ScheduleMode } from './calculator-model.ts';
export { allocate } from './coupon-application.ts';
export { DELIVERY_STEPS, PICKUP_STEPS, type OrderStatus, type PickingStatus } from './order-book.ts';
export type { ServiceWebhook, ServiceWebhookPath } from './service-notifier.ts';
export { NO_FAULTS, type FaultSettings } from './faults.ts';
export { renderProductImage, renderProductSvg } from './product-image.ts';
export { gtinCheckDigit, isValidGtin } from './barcode.ts';
export { loadGrocerConfig, type GrocerConfig } from './config.ts';
export {
  BRANCH_SITES,
  POSTCODE_CENTROIDS,
  type BranchFormat,
  type BranchRegion,
  type BranchSite,
} from './vocabulary/branch-sites.ts';
export { DEPARTMENTS } from './vocabulary/index.ts';
