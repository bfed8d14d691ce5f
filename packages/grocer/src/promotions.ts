/**
 * Chain-wide promotions the calculator applies per line: percentage off, multi-buy ("2 for ฿89")
 * and buy-X-get-Y-free. About 8% of non-alcohol products carry one (Thai law restricts alcohol
 * promotions). All amounts are integer satang.
 */
import { percentOf, type Product, type Satang } from '@grocery/core';
import { hashInts, SALT, unitOf } from './random.ts';

export type Promotion =
  | { kind: 'PERCENT_OFF'; id: string; percent: number }
  /** `quantity` for a bundle price that is `percentOff` below, rounded down to the whole baht. */
  | { kind: 'MULTI_BUY'; id: string; quantity: number; percentOff: number }
  | { kind: 'BUY_X_GET_Y'; id: string; buy: number; free: number };

export interface AppliedPromotion {
  discountSatang: Satang;
  /** Shelf label, e.g. "15% off", "2 for ฿89", "Buy 2 Get 1 Free". */
  label: string;
}

/** The promotion generated for a product, or null. */
export function generatedPromotion(seed: number, index: number, product: Product): Promotion | null {
  if (product.alcohol) return null;
  const h = hashInts(seed, SALT.promotion, index);
  if (unitOf(h) >= 0.08) return null;
  const id = `PR${product.cprcode}`;
  const pick = unitOf(hashInts(h, 1));
  const variant = hashInts(h, 2);
  if (pick < 0.4) return { kind: 'PERCENT_OFF', id, percent: [10, 15, 20, 25][variant % 4]! };
  if (pick < 0.75)
    return variant % 3 === 0
      ? { kind: 'MULTI_BUY', id, quantity: 3, percentOff: 20 }
      : { kind: 'MULTI_BUY', id, quantity: 2, percentOff: variant % 2 ? 10 : 15 };
  return variant % 3 === 0
    ? { kind: 'BUY_X_GET_Y', id, buy: 1, free: 1 }
    : { kind: 'BUY_X_GET_Y', id, buy: 2, free: 1 };
}

function bahtText(satang: Satang): string {
  return satang % 100 === 0 ? `฿${satang / 100}` : `฿${(satang / 100).toFixed(2)}`;
}

/**
 * The discount a promotion gives a line of `quantity` at `unitPriceSatang`; null when it gives
 * nothing (too few units, or a bundle price that would not be cheaper).
 */
export function applyPromotion(
  promotion: Promotion,
  unitPriceSatang: Satang,
  quantity: number,
): AppliedPromotion | null {
  switch (promotion.kind) {
    case 'PERCENT_OFF': {
      const discountSatang = percentOf(unitPriceSatang * quantity, promotion.percent);
      return discountSatang > 0 ? { discountSatang, label: `${promotion.percent}% off` } : null;
    }
    case 'MULTI_BUY': {
      const full = unitPriceSatang * promotion.quantity;
      const bundle = Math.floor((full * (100 - promotion.percentOff)) / 100 / 100) * 100;
      const groups = Math.floor(quantity / promotion.quantity);
      if (groups === 0 || bundle <= 0 || bundle >= full) return null;
      return { discountSatang: groups * (full - bundle), label: `${promotion.quantity} for ${bahtText(bundle)}` };
    }
    case 'BUY_X_GET_Y': {
      const groups = Math.floor(quantity / (promotion.buy + promotion.free));
      if (groups === 0) return null;
      return {
        discountSatang: groups * promotion.free * unitPriceSatang,
        label: `Buy ${promotion.buy} Get ${promotion.free} Free`,
      };
    }
  }
}
