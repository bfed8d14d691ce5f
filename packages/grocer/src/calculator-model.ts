// The calculator's world (CalculatorContext) and the stages a request passes through: checked, priced, couponed, totalled.
import type { Product, Satang } from '@grocery/core';
import type { Address, BranchPrice, FailedCoupon, FulfilmentType } from '@grocery/core/ports';
import type { BranchProfile } from './branch-directory.ts';
import type { CouponBook, CouponDefinition } from './coupons.ts';
import type { DeliveryRules } from './delivery-fees.ts';
import type { Promotion } from './promotions.ts';

/** Schedule modes the grocer knows; `REGULAR` is the default. */
export const SCHEDULE_MODES = ['REGULAR', 'EXPRESS'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];
export const FULFILMENT_TYPES: readonly FulfilmentType[] = ['PICKUP', 'DELIVERY'];

/** What the calculator needs to know about the world. */
export interface CalculatorContext {
  branch(branchCode: string): BranchProfile | undefined;
  product(cprcode: string): { index: number; product: Product } | undefined;
  price(branch: BranchProfile, index: number, product: Product): BranchPrice | null;
  promotion(index: number, product: Product): Promotion | null;
  coupons: CouponBook;
  rules?: DeliveryRules;
  /** Milliseconds since the epoch. */
  now: number;
}

/** A request line after validation and merging, with where it came from. */
export interface CheckedLine {
  cprcode: string;
  quantity: number;
  /** Position of the (first) request line, for error fields. */
  position: number;
}

/** A line priced at the branch, with its promotion and (once coupons apply) its share of coupon discounts. */
export interface PricedLine {
  checked: CheckedLine;
  product: Product;
  l1Code: string;
  price: BranchPrice;
  rowTotal: Satang;
  promotionDiscount: Satang;
  promotionLabels: string[];
  promotionId: string | null;
  couponDiscount: Satang;
}

/** A request that passed validation, with its branch found and its lines merged. */
export interface CheckedRequest {
  branch: BranchProfile;
  fulfilment: FulfilmentType;
  scheduleMode: ScheduleMode;
  lines: CheckedLine[];
  couponCodes: string[];
  address: Address | null;
  orderSource: string;
}

/** The coupons that applied (in the order given) and those that did not, with why. */
export interface CouponOutcome {
  applied: { code: string; discount: Satang; definition: CouponDefinition }[];
  failedCoupons: FailedCoupon[];
  /** The code of the coupon that made delivery free, if any. */
  freeDeliveryCoupon: string | null;
}

/** The bill's totals in satang. */
export interface Totals {
  subTotal: Satang;
  itemDiscount: Satang;
  deliveryFee: Satang;
  shippingDiscount: Satang;
  discountedDeliveryFee: Satang;
  expressShippingCost: Satang;
  totalDiscount: Satang;
  grandTotal: Satang;
}
