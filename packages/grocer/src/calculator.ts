/**
 * The grocer's calculator: prices lines at a branch for pickup or delivery, applies promotions,
 * coupons and delivery fees, and returns the bill with its raw response. A pure function of the
 * request and a context, so that tests can price against a hand-made world.
 *
 * Money is integer satang throughout. Rounding: percentages (promotions and coupons) are computed on
 * the satang total and rounded half away from zero (core `percentOf`); multi-buy bundle prices are
 * rounded down to the whole baht; a coupon's discount is spread over its eligible lines in proportion
 * to their value by largest remainder, so line discounts always add up to the coupon's discount.
 *
 * Duplicate cprcodes in a request are merged into the first line (quantities added; the sum must
 * stay within `LIMITS.maxLineQuantity`). More than `LIMITS.maxLines` lines are refused.
 */
import { CommerceError, CURRENCY, haversineKm } from '@grocery/core';
import type { CalculatedLine, CalculateRequest, Calculation } from '@grocery/core/ports';
import type { BranchProfile } from './branch-directory.ts';
import { checkRequest } from './calculator-input.ts';
import type { CalculatorContext, CheckedLine, CheckedRequest, PricedLine, Totals } from './calculator-model.ts';
import { rawResponse } from './calculator-raw-response.ts';
import { applyCoupons } from './coupon-application.ts';
import { DEFAULT_DELIVERY_RULES, deliveryFeeSatang, type DeliveryRules } from './delivery-fees.ts';
import { applyPromotion } from './promotions.ts';

/**
 * Prices a request. Throws `CommerceError` for requests the grocer refuses (see the module doc and
 * the port's doc); unusable coupons are not errors but are reported in `failedCoupons`.
 *
 * @example
 * calculate({ branchCode: 'BKK01', lines: [{ cprcode: '1234567', quantity: 2 }], fulfilment: 'PICKUP',
 *   scheduleMode: 'REGULAR', address: null, couponCodes: ['SAVE10'], orderSource: 'PARTNER' }, context);
 */
export function calculate(request: CalculateRequest, context: CalculatorContext): Calculation {
  const rules = context.rules ?? DEFAULT_DELIVERY_RULES;
  const checked = checkRequest(request, context);
  const lines = checked.lines.map((line) => priceLine(line, checked.branch, context));
  const distanceKm = checked.fulfilment === 'DELIVERY' ? deliveryDistanceKm(checked, rules) : null;
  const coupons = applyCoupons(checked.couponCodes, lines, checked.fulfilment, context);
  const totals = totalsOf(lines, distanceKm, coupons.freeDeliveryCoupon !== null, checked, rules);
  const { branch, fulfilment, scheduleMode } = checked;
  return {
    branchCode: branch.branch.branchCode,
    currency: CURRENCY,
    fulfilment,
    scheduleMode,
    lines: lines.map(calculatedLine),
    subTotalSatang: totals.subTotal,
    deliveryFeeSatang: totals.deliveryFee,
    discountedDeliveryFeeSatang: totals.discountedDeliveryFee,
    shippingDiscountSatang: totals.shippingDiscount,
    expressShippingCostSatang: totals.expressShippingCost,
    totalDiscountSatang: totals.totalDiscount,
    grandTotalSatang: totals.grandTotal,
    couponCodes: coupons.applied.map((a) => a.code),
    failedCoupons: coupons.failedCoupons,
    raw: rawResponse(checked, lines, distanceKm, coupons, totals, rules, context.now),
  };
}

/** Prices one line at the branch with its promotion; refuses products the branch cannot sell. */
function priceLine(line: CheckedLine, branch: BranchProfile, context: CalculatorContext): PricedLine {
  const field = `lines.${line.position}.cprcode`;
  const found = context.product(line.cprcode);
  if (!found)
    throw new CommerceError('INVALID_CPRCODE', `There is no product ${line.cprcode}.`, {
      field,
      details: { cprcode: line.cprcode },
    });
  const { index, product } = found;
  if (!product.active || !product.online) {
    throw new CommerceError('PRODUCT_UNAVAILABLE', `${product.nameEn} (${product.cprcode}) is not sold online now.`, {
      field,
      details: { cprcode: product.cprcode },
    });
  }
  if (product.alcohol && !branch.branch.alcoholLicensed) {
    throw new CommerceError(
      'ALCOHOL_NOT_LICENSED',
      `Branch ${branch.branch.branchCode} is not licensed to sell alcohol (${product.cprcode}).`,
      {
        field,
        details: { cprcode: product.cprcode, branchCode: branch.branch.branchCode },
      },
    );
  }
  const price = context.price(branch, index, product);
  if (!price) {
    throw new CommerceError(
      'PRICE_UNAVAILABLE',
      `Branch ${branch.branch.branchCode} does not price ${product.nameEn} (${product.cprcode}); remove it or switch branch.`,
      {
        field,
        details: { cprcode: product.cprcode, branchCode: branch.branch.branchCode },
      },
    );
  }
  const rowTotal = price.amountSatang * line.quantity;
  const promotion = context.promotion(index, product);
  const applied = promotion ? applyPromotion(promotion, price.amountSatang, line.quantity) : null;
  const promotionDiscount = Math.min(rowTotal, applied?.discountSatang ?? 0);
  return {
    checked: line,
    product,
    l1Code: product.grocerCategoryCodes[0],
    price,
    rowTotal,
    promotionDiscount,
    promotionLabels: applied ? [applied.label] : [],
    promotionId: applied && promotion ? promotion.id : null,
    couponDiscount: 0,
  };
}

/** How far the delivery address is from the branch; refuses addresses and modes the branch cannot serve. */
function deliveryDistanceKm(request: CheckedRequest, rules: DeliveryRules): number {
  const { address, scheduleMode } = request;
  if (!address || address.lat === null || address.lon === null)
    throw new CommerceError(
      'ADDRESS_REQUIRED',
      'Delivery needs the address coordinates (address.lat and address.lon).',
      { field: 'address' },
    );
  const b = request.branch.branch;
  if (!b.deliveryAvailable)
    throw new CommerceError(
      'DELIVERY_UNAVAILABLE',
      `Branch ${b.branchCode} does not deliver; choose pickup or another branch.`,
      {
        field: 'fulfilment',
        details: { branchCode: b.branchCode },
      },
    );
  const distanceKm = haversineKm(b.lat, b.lon, address.lat, address.lon);
  const rounded = Math.round(distanceKm * 10) / 10;
  if (distanceKm > b.deliveryRadiusKm) {
    throw new CommerceError(
      'DELIVERY_UNAVAILABLE',
      `The address is ${rounded} km from branch ${b.branchCode}, which delivers within ${b.deliveryRadiusKm} km.`,
      {
        field: 'address',
        details: { branchCode: b.branchCode, distanceKm: rounded, deliveryRadiusKm: b.deliveryRadiusKm },
      },
    );
  }
  if (address.postcode !== null && !b.deliveryPostcodes.includes(address.postcode.trim())) {
    throw new CommerceError(
      'DELIVERY_UNAVAILABLE',
      `Branch ${b.branchCode} does not deliver to postcode ${address.postcode.trim().slice(0, 10)}.`,
      {
        field: 'address.postcode',
        details: { branchCode: b.branchCode },
      },
    );
  }
  if (scheduleMode === 'EXPRESS' && distanceKm > rules.expressMaxKm) {
    throw new CommerceError(
      'DELIVERY_UNAVAILABLE',
      `Express delivery reaches ${rules.expressMaxKm} km; the address is ${rounded} km away. Use REGULAR.`,
      {
        field: 'scheduleMode',
        details: { branchCode: b.branchCode, distanceKm: rounded, expressMaxKm: rules.expressMaxKm },
      },
    );
  }
  return distanceKm;
}

/** The bill's totals: merchandise after discounts, the delivery fee unless free (by coupon or threshold), the express surcharge. */
function totalsOf(
  lines: readonly PricedLine[],
  distanceKm: number | null,
  freeDeliveryByCoupon: boolean,
  request: CheckedRequest,
  rules: DeliveryRules,
): Totals {
  const subTotal = lines.reduce((sum, line) => sum + line.rowTotal, 0);
  const itemDiscount = lines.reduce((sum, line) => sum + line.promotionDiscount + line.couponDiscount, 0);
  const merchandise = subTotal - itemDiscount;
  const deliveryFee = distanceKm === null ? 0 : deliveryFeeSatang(distanceKm, rules);
  const freeByThreshold = deliveryFee > 0 && merchandise >= rules.freeDeliveryThresholdSatang;
  const shippingDiscount = deliveryFee > 0 && (freeDeliveryByCoupon || freeByThreshold) ? deliveryFee : 0;
  const discountedDeliveryFee = deliveryFee - shippingDiscount;
  const expressShippingCost =
    request.fulfilment === 'DELIVERY' && request.scheduleMode === 'EXPRESS' ? rules.expressSurchargeSatang : 0;
  return {
    subTotal,
    itemDiscount,
    deliveryFee,
    shippingDiscount,
    discountedDeliveryFee,
    expressShippingCost,
    totalDiscount: itemDiscount + shippingDiscount,
    grandTotal: merchandise + discountedDeliveryFee + expressShippingCost,
  };
}

function calculatedLine(line: PricedLine): CalculatedLine {
  return {
    cprcode: line.product.cprcode,
    productName: line.product.nameEn,
    quantity: line.checked.quantity,
    priceSatang: line.price.amountSatang,
    rowTotalSatang: line.rowTotal,
    discountedRowTotalSatang: line.rowTotal - line.promotionDiscount - line.couponDiscount,
    promotions: line.promotionLabels,
  };
}
