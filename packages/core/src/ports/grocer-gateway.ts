import type { Branch } from '../model/branch.ts';
import type { CreateOrderRequest, GrocerOrder, RecordPaymentRequest } from '../model/order.ts';
import type { CalculateRequest, Calculation, InventoryLevel, PriceLookup } from '../model/pricing.ts';
import type { CatalogVersion, Product, ProductImage } from '../model/product.ts';

/**
 * The grocer: authority for product identity, branch price, stock, the bill, orders, payment
 * recording and picking progress. Batch-first: a page of products costs one call for prices and
 * one for stock.
 *
 * Failures are thrown as `CommerceError` with the domain's codes: `INVALID_BRANCH` for an unknown
 * branch, `INVALID_CPRCODE`, `INVALID_QUANTITY`, `PRICE_UNAVAILABLE`, `ADDRESS_REQUIRED`,
 * `DELIVERY_UNAVAILABLE`, `ALCOHOL_NOT_LICENSED`, `PRODUCT_UNAVAILABLE`, `EMPTY_BASKET` (no lines),
 * `NOT_FOUND` (unknown order), `ALREADY_PAID`, `PRICE_CHANGED` (payment amount differs from the
 * order's total), `ORDER_CANCELLED`, and `GROCER_UNAVAILABLE` when the grocer cannot be reached or
 * fails (then a write may or may not have happened: the caller looks the order up to find out).
 */
export interface GrocerGateway {
  /** Current catalog version; cheap, polled by the snapshot builder. */
  catalogVersion(): Promise<CatalogVersion>;
  /** The whole catalog in batches (inactive and offline products included), ordered by cprcode. */
  exportCatalog(options?: { batchSize?: number }): AsyncIterable<Product[]>;
  /** Products by cprcode; unknown cprcodes are left out of the result. At most 500 per call. */
  products(cprcodes: readonly string[]): Promise<Product[]>;
  /** The product's image, or null when it has none. */
  productImage(cprcode: string): Promise<ProductImage | null>;

  branches(): Promise<Branch[]>;

  /** One entry per requested cprcode, in request order. At most 500 per call. */
  prices(branchCode: string, cprcodes: readonly string[]): Promise<PriceLookup[]>;
  /** One entry per requested cprcode, in request order; unknown products are not listable. At most 500 per call. */
  stock(branchCode: string, cprcodes: readonly string[]): Promise<InventoryLevel[]>;

  /** Prices lines with the grocer's own calculator: the bill. */
  calculate(request: CalculateRequest): Promise<Calculation>;

  /**
   * Re-prices and creates the order; never reserves stock. The orderId is the idempotency key:
   * creating an existing orderId again returns it unchanged, and a cancelled one is refused with
   * `ORDER_CANCELLED`.
   */
  createOrder(request: CreateOrderRequest): Promise<GrocerOrder>;
  /** Orders by id; unknown ids are left out. At most 500 per call. */
  orders(orderIds: readonly string[]): Promise<GrocerOrder[]>;
  /**
   * Cancels an unpaid order and returns it, or null when the grocer never had it: the id is then
   * refused by a later `createOrder`, so a create still on its way cannot place it. Repeating it
   * changes nothing; `ALREADY_PAID` when the order is paid.
   */
  cancelOrder(orderId: string): Promise<GrocerOrder | null>;
  /**
   * Records a settled payment, once per order: a repeat with the same `paymentId` returns the order.
   * `ALREADY_PAID` if another payment is recorded, `PRICE_CHANGED` if the amount is not the order's
   * total, `ORDER_CANCELLED` if the order was cancelled.
   */
  recordPayment(request: RecordPaymentRequest): Promise<GrocerOrder>;
}

/** Controls of the grocer simulator, for tests and demos. Not part of the real grocer. */
export interface GrocerControl {
  setPrice(input: { branchCode: string; cprcode: string; amountSatang: number | null }): Promise<void>;
  setStock(input: { branchCode: string; cprcode: string; qty: number }): Promise<void>;
  setProductActive(input: { cprcode: string; active: boolean }): Promise<void>;
  /** Marks the catalog changed (new version) without changing a product. */
  bumpCatalogVersion(): Promise<CatalogVersion>;
  setFaults(input: { latencyMs?: number; errorRate?: number; timeoutRate?: number }): Promise<void>;
  /** Moves an order's picking one step; returns the order after the move. */
  advanceOrder(orderId: string): Promise<GrocerOrder>;
}
