/**
 * The grocer's sandbox coupons and their redemption counts. Codes are matched after trimming and
 * upper-casing. The service documentation quotes this table (see README.md).
 */
import type { FulfilmentType } from '@grocery/core/ports';
import type { Satang } from '@grocery/core';

export type CouponKind = 'PERCENT' | 'FIXED' | 'FREE_DELIVERY';

/** Why a coupon was not applied (core `FailedCoupon.reason`). */
export type CouponFailureReason =
  | 'UNKNOWN'
  | 'EXPIRED'
  | 'NOT_STARTED'
  | 'MIN_SPEND'
  | 'CATEGORY'
  | 'USAGE_LIMIT'
  | 'DUPLICATE'
  | 'NOT_COMBINABLE'
  | 'FULFILMENT';

export interface CouponDefinition {
  code: string;
  kind: CouponKind;
  description: string;
  /** PERCENT: percentage off the eligible merchandise (after promotions). */
  percent?: number;
  /** FIXED: amount off the eligible merchandise, never more than it. */
  amountSatang?: Satang;
  /** Cap on a PERCENT discount. */
  maxDiscountSatang?: Satang;
  /** Minimum eligible merchandise (after promotions, before coupons). */
  minSpendSatang?: Satang;
  /** Limits the coupon to lines of this department (grocer L1 code), e.g. "10" for Fruit & Vegetables. */
  l1Code?: string;
  /** The department's name, for messages. */
  l1Name?: string;
  /** Inclusive validity window (ISO 8601). */
  validFrom: string;
  validTo: string;
  /** Orders that may redeem the coupon in total. */
  usageLimit?: number;
  /** Exclusive coupons do not combine with another exclusive coupon; the first one given wins. */
  exclusive: boolean;
  /** Only for this fulfilment type. */
  fulfilment?: FulfilmentType;
}

const ALWAYS = { validFrom: '2020-01-01T00:00:00.000Z', validTo: '2099-12-31T23:59:59.999Z' } as const;

/** The sandbox coupons every simulator knows. */
export const SANDBOX_COUPONS: readonly CouponDefinition[] = [
  {
    code: 'SAVE10',
    kind: 'PERCENT',
    percent: 10,
    maxDiscountSatang: 20_000,
    exclusive: true,
    description: '10% off the basket (after promotions), at most ฿200',
    ...ALWAYS,
  },
  {
    code: 'WELCOME100',
    kind: 'FIXED',
    amountSatang: 10_000,
    minSpendSatang: 50_000,
    exclusive: true,
    description: '฿100 off when the basket is ฿500 or more',
    ...ALWAYS,
  },
  {
    code: 'BIG300',
    kind: 'FIXED',
    amountSatang: 30_000,
    minSpendSatang: 200_000,
    exclusive: true,
    description: '฿300 off when the basket is ฿2,000 or more',
    ...ALWAYS,
  },
  {
    code: 'FRESH15',
    kind: 'PERCENT',
    percent: 15,
    maxDiscountSatang: 15_000,
    l1Code: '10',
    l1Name: 'Fruit & Vegetables',
    exclusive: false,
    description: '15% off Fruit & Vegetables, at most ฿150; combines with other coupons',
    ...ALWAYS,
  },
  {
    code: 'BABY50',
    kind: 'FIXED',
    amountSatang: 5_000,
    minSpendSatang: 30_000,
    l1Code: '21',
    l1Name: 'Baby & Kids',
    exclusive: false,
    description: '฿50 off Baby & Kids when those lines are ฿300 or more; combines with other coupons',
    ...ALWAYS,
  },
  {
    code: 'FREESHIP',
    kind: 'FREE_DELIVERY',
    fulfilment: 'DELIVERY',
    exclusive: false,
    description: 'Free regular delivery fee (not the express surcharge); delivery only',
    ...ALWAYS,
  },
  {
    code: 'EXPIRED50',
    kind: 'FIXED',
    amountSatang: 5_000,
    exclusive: true,
    description: '฿50 off; ended on 31 December 2024',
    validFrom: '2024-01-01T00:00:00.000Z',
    validTo: '2024-12-31T23:59:59.999Z',
  },
  {
    code: 'FUTURE50',
    kind: 'FIXED',
    amountSatang: 5_000,
    exclusive: true,
    description: '฿50 off; starts on 1 January 2099',
    validFrom: '2099-01-01T00:00:00.000Z',
    validTo: '2099-12-31T23:59:59.999Z',
  },
  {
    code: 'LIMITED3',
    kind: 'FIXED',
    amountSatang: 3_000,
    usageLimit: 3,
    exclusive: false,
    description: '฿30 off; only the first 3 orders that use it; combines with other coupons',
    ...ALWAYS,
  },
];

/** Trims and upper-cases a coupon code as the grocer matches it. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The coupons a simulator knows and how often each has been redeemed by an order. */
export class CouponBook {
  readonly #coupons: ReadonlyMap<string, CouponDefinition>;
  readonly #redemptions = new Map<string, number>();

  constructor(coupons: readonly CouponDefinition[] = SANDBOX_COUPONS) {
    this.#coupons = new Map(coupons.map((c) => [normalizeCouponCode(c.code), c]));
  }

  find(code: string): CouponDefinition | undefined {
    return this.#coupons.get(normalizeCouponCode(code));
  }

  redemptions(code: string): number {
    return this.#redemptions.get(normalizeCouponCode(code)) ?? 0;
  }

  /** Counts one order's use of each coupon it applied. */
  redeem(codes: readonly string[]): void {
    for (const code of codes) this.#redemptions.set(normalizeCouponCode(code), this.redemptions(code) + 1);
  }

  list(): CouponDefinition[] {
    return [...this.#coupons.values()];
  }
}
