// Coupons applied in the order given, their discounts spread over eligible lines; those that do not apply say why.
import { percentOf, type Satang } from '@grocery/core';
import type { FailedCoupon, FulfilmentType } from '@grocery/core/ports';
import type { CalculatorContext, CouponOutcome, PricedLine } from './calculator-model.ts';
import { normalizeCouponCode, type CouponDefinition, type CouponFailureReason } from './coupons.ts';

function bahtText(satang: Satang): string {
  return `฿${(satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Splits `amount` over `weights` in proportion, by largest remainder; the parts add up to `amount`. */
export function allocate(amount: Satang, weights: readonly number[]): Satang[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, p) => sum + p, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i]!++;
    left--;
  }
  return parts;
}

function couponFailure(code: string, reason: CouponFailureReason, message: string): FailedCoupon {
  return { code, reason, message };
}

/**
 * Applies the coupons in the order given, spreading each discount over its eligible lines
 * (`couponDiscount` of `lines` grows), and reports those that do not apply.
 */
export function applyCoupons(
  couponCodes: readonly string[],
  lines: PricedLine[],
  fulfilment: FulfilmentType,
  context: CalculatorContext,
): CouponOutcome {
  const outcome: CouponOutcome = { applied: [], failedCoupons: [], freeDeliveryCoupon: null };
  const seen = new Set<string>();
  let exclusiveApplied: string | null = null;
  for (const given of couponCodes) {
    const code = normalizeCouponCode(given);
    const coupon = code ? context.coupons.find(code) : undefined;
    const eligible = coupon ? lines.filter((line) => coupon.l1Code === undefined || line.l1Code === coupon.l1Code) : [];
    const failure = seen.has(code)
      ? couponFailure(code, 'DUPLICATE', `Coupon ${code} was given more than once.`)
      : couponRefusal(code, coupon, eligible, fulfilment, exclusiveApplied, context);
    seen.add(code);
    if (failure) {
      outcome.failedCoupons.push(failure);
      continue;
    }
    const definition = coupon!;
    let discount = 0;
    if (definition.kind === 'FREE_DELIVERY') outcome.freeDeliveryCoupon = code;
    else {
      const remaining = eligible.map((line) => line.rowTotal - line.promotionDiscount - line.couponDiscount);
      const base = remaining.reduce((sum, r) => sum + r, 0);
      discount =
        definition.kind === 'PERCENT' ? percentOf(base, definition.percent ?? 0) : (definition.amountSatang ?? 0);
      discount = Math.min(discount, definition.maxDiscountSatang ?? Infinity, base);
      allocate(discount, remaining).forEach((part, i) => (eligible[i]!.couponDiscount += part));
    }
    if (definition.exclusive) exclusiveApplied = code;
    outcome.applied.push({ code, discount, definition });
  }
  return outcome;
}

/** Why a (first-seen) coupon does not apply to this basket now, or null when it does. */
function couponRefusal(
  code: string,
  coupon: CouponDefinition | undefined,
  eligible: readonly PricedLine[],
  fulfilment: FulfilmentType,
  exclusiveApplied: string | null,
  context: CalculatorContext,
): FailedCoupon | null {
  if (!coupon) return couponFailure(code, 'UNKNOWN', `There is no coupon ${code || '(empty)'}.`);
  if (context.now < Date.parse(coupon.validFrom))
    return couponFailure(code, 'NOT_STARTED', `Coupon ${code} starts on ${coupon.validFrom.slice(0, 10)}.`);
  if (context.now > Date.parse(coupon.validTo))
    return couponFailure(code, 'EXPIRED', `Coupon ${code} expired on ${coupon.validTo.slice(0, 10)}.`);
  if (coupon.fulfilment && coupon.fulfilment !== fulfilment) {
    return couponFailure(code, 'FULFILMENT', `Coupon ${code} is for ${coupon.fulfilment.toLowerCase()} orders only.`);
  }
  if (coupon.usageLimit !== undefined && context.coupons.redemptions(code) >= coupon.usageLimit) {
    return couponFailure(
      code,
      'USAGE_LIMIT',
      `Coupon ${code} has been used the most times allowed (${coupon.usageLimit}).`,
    );
  }
  if (eligible.length === 0) {
    return couponFailure(
      code,
      'CATEGORY',
      `Coupon ${code} applies only to ${coupon.l1Name ?? 'some products'}; the basket has none of them.`,
    );
  }
  const eligibleSpend = eligible.reduce((sum, line) => sum + line.rowTotal - line.promotionDiscount, 0);
  if (coupon.minSpendSatang !== undefined && eligibleSpend < coupon.minSpendSatang) {
    return couponFailure(
      code,
      'MIN_SPEND',
      `Coupon ${code} needs a spend of ${bahtText(coupon.minSpendSatang)}${coupon.l1Code ? ' on eligible products' : ''}; the basket has ${bahtText(eligibleSpend)}.`,
    );
  }
  if (coupon.exclusive && exclusiveApplied)
    return couponFailure(code, 'NOT_COMBINABLE', `Coupon ${code} cannot be combined with ${exclusiveApplied}.`);
  return null;
}
