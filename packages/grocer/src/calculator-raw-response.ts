// The raw response: the bill as the grocer's own calculator answers it, in baht and its field names.
import { CURRENCY, toBaht } from '@grocery/core';
import type { CheckedRequest, CouponOutcome, PricedLine, Totals } from './calculator-model.ts';
import type { DeliveryRules } from './delivery-fees.ts';

/** The grocer's own response, in baht and its field names, as the real calculator answers it. */
export function rawResponse(
  request: CheckedRequest,
  lines: readonly PricedLine[],
  distanceKm: number | null,
  coupons: CouponOutcome,
  totals: Totals,
  rules: DeliveryRules,
  now: number,
): Record<string, unknown> {
  const { fulfilment, scheduleMode } = request;
  return {
    store_code: request.branch.branch.branchCode,
    order_source: request.orderSource,
    currency: CURRENCY,
    shipping_type: fulfilment,
    schedule_mode: scheduleMode,
    calculated_at: new Date(now).toISOString(),
    items: lines.map((line) => ({
      sku: line.product.cprcode,
      name: line.product.nameEn,
      name_th: line.product.nameTh,
      qty: line.checked.quantity,
      price: toBaht(line.price.amountSatang),
      price_source: line.price.source,
      row_total: toBaht(line.rowTotal),
      promotion_discount: toBaht(line.promotionDiscount),
      coupon_discount: toBaht(line.couponDiscount),
      row_total_after_discount: toBaht(line.rowTotal - line.promotionDiscount - line.couponDiscount),
      applied_rules: line.promotionId
        ? [
            {
              rule_id: line.promotionId,
              label: line.promotionLabels[0],
              discount_amount: toBaht(line.promotionDiscount),
            },
          ]
        : [],
    })),
    sub_total: toBaht(totals.subTotal),
    discount_amount: toBaht(totals.itemDiscount),
    shipping: {
      method:
        fulfilment === 'PICKUP'
          ? 'STORE_PICKUP'
          : scheduleMode === 'EXPRESS'
            ? 'EXPRESS_DELIVERY'
            : 'STANDARD_DELIVERY',
      distance_km: distanceKm === null ? null : Math.round(distanceKm * 100) / 100,
      amount: toBaht(totals.deliveryFee),
      discount_amount: toBaht(totals.shippingDiscount),
      amount_after_discount: toBaht(totals.discountedDeliveryFee),
      express_amount: toBaht(totals.expressShippingCost),
      free_shipping_threshold: toBaht(rules.freeDeliveryThresholdSatang),
      free_shipping_reason: totals.shippingDiscount > 0 ? (coupons.freeDeliveryCoupon ? 'COUPON' : 'THRESHOLD') : null,
    },
    coupons: {
      applied: coupons.applied.map((a) => ({
        code: a.code,
        type: a.definition.kind,
        discount_amount: toBaht(a.discount),
      })),
      failed: coupons.failedCoupons.map((f) => ({ code: f.code, reason: f.reason, message: f.message })),
    },
    total_discount: toBaht(totals.totalDiscount),
    grand_total: toBaht(totals.grandTotal),
  };
}
