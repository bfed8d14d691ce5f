import type { Satang } from '../money.ts';

export type PriceSource = 'BRANCH_FEED' | 'DETAIL_FALLBACK';
export type InventoryQtySource = 'NEW_IB_VS_STOCK_CV' | 'IB_CF_QTY';
export type FulfilmentType = 'DELIVERY' | 'PICKUP';

/** A branch's price for one product. */
export interface BranchPrice {
  cprcode: string;
  branchCode: string;
  amountSatang: Satang;
  source: PriceSource;
}

/** One answer of a batch price lookup: `price` is null when the branch does not price the product. */
export interface PriceLookup {
  cprcode: string;
  price: BranchPrice | null;
}

/** Stock of one product at one branch, as the grocer's stock feed reports it. */
export interface InventoryLevel {
  cprcode: string;
  branchCode: string;
  /** Whether the branch may list the product for sale now. */
  listable: boolean;
  /** Quantity the branch can sell now (may be negative after stock adjustments; clients treat ≤ 0 as none). */
  sellableQty: number | null;
  /** Confirmed quantity at the branch's inventory book. */
  ibCfQty: number | null;
  /** Which feed produced `sellableQty`. */
  qtySource: InventoryQtySource | null;
}

export interface Address {
  lat: number | null;
  lon: number | null;
  postcode: string | null;
  address: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
}

export interface LineRequest {
  cprcode: string;
  quantity: number;
}

/** What the grocer's calculator prices. */
export interface CalculateRequest {
  branchCode: string;
  lines: LineRequest[];
  fulfilment: FulfilmentType;
  /** `REGULAR` by default; the grocer also knows `EXPRESS`. */
  scheduleMode: string;
  address: Address | null;
  couponCodes: string[];
  /** The partner's order source, stamped on the calculation. */
  orderSource: string;
}

export interface CalculatedLine {
  cprcode: string;
  productName: string;
  quantity: number;
  priceSatang: Satang;
  rowTotalSatang: Satang;
  discountedRowTotalSatang: Satang;
  /** Promotions the calculator applied to this line, by name. */
  promotions: string[];
}

export interface FailedCoupon {
  code: string;
  /** Stable reason: UNKNOWN, EXPIRED, NOT_STARTED, MIN_SPEND, CATEGORY, USAGE_LIMIT, DUPLICATE, NOT_COMBINABLE, FULFILMENT. */
  reason: string;
  message: string;
}

/** The calculator's bill. `raw` is its response as the grocer sent it. */
export interface Calculation {
  branchCode: string;
  currency: string;
  fulfilment: FulfilmentType;
  scheduleMode: string;
  lines: CalculatedLine[];
  subTotalSatang: Satang;
  deliveryFeeSatang: Satang;
  discountedDeliveryFeeSatang: Satang;
  shippingDiscountSatang: Satang;
  expressShippingCostSatang: Satang;
  totalDiscountSatang: Satang;
  grandTotalSatang: Satang;
  /** Coupons that were applied. */
  couponCodes: string[];
  failedCoupons: FailedCoupon[];
  raw: unknown;
}
