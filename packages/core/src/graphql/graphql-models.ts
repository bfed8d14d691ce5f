/**
 * The domain values behind GraphQL object types (codegen "mappers"): what a parent resolver hands
 * to the resolvers of its fields. Amounts stay in satang until a field turns them into baht.
 */
import type { BasketRecord } from '../model/basket.ts';
import type { Branch } from '../model/branch.ts';
import type { IssuedPaymentLink, OrderRecord, PaymentSession, QuoteRecord } from '../model/checkout.ts';
import type { OrderLine, OrderSchedule } from '../model/order.ts';
import type { CalculatedLine, InventoryLevel, PriceSource } from '../model/pricing.ts';
import type { Product, ProductCategory } from '../model/product.ts';
import type { CategoryTotal } from '../ports/catalog-reader.ts';
import type { SearchHitRecord } from '../ports/search-client.ts';

/** A product as seen from a branch (null: no branch was named). */
export interface ProductModel {
  product: Product;
  branchCode: string | null;
}

export interface MoneyModel {
  amountSatang: number;
  currency: string;
  branchCode: string | null;
  source: PriceSource;
}

export type InventoryLevelModel = InventoryLevel;
export type CategoryModel = ProductCategory;
export type CategoryCountModel = CategoryTotal;

export interface BranchModel {
  branch: Branch;
  distanceKm: number | null;
}

export type BasketModel = BasketRecord;

export interface BasketLineModel {
  cprcode: string;
  quantity: number;
  branchCode: string;
}

export type QuoteModel = QuoteRecord;
export type QuoteLineModel = CalculatedLine;

/** An order, with the payment link when one was issued in this response. */
export interface OrderModel {
  order: OrderRecord;
  paymentLink: PaymentLinkModel | null;
}

export type OrderLineModel = OrderLine;
export type OrderPaymentModel = OrderRecord;
export type OrderShippingModel = OrderRecord;
export type OrderScheduleModel = OrderSchedule;

export type PaymentLinkModel = IssuedPaymentLink;

export type PaymentSessionModel = PaymentSession;

export interface SearchHitModel {
  hit: SearchHitRecord;
  branchCode: string | null;
}

export interface UserErrorModel {
  code: string;
  message: string;
  field: string | null;
}
