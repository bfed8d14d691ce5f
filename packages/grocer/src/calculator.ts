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
import {
  CommerceError,
  CURRENCY,
  isBranchCode,
  isCprcode,
  LIMITS,
  percentOf,
  toBaht,
  type Product,
  type Satang,
} from '@grocery/core';
import type {
  Address,
  BranchPrice,
  CalculatedLine,
  CalculateRequest,
  Calculation,
  FailedCoupon,
  FulfilmentType,
} from '@grocery/core/ports';
import type { BranchProfile } from './branch-directory.ts';
import { normalizeCouponCode, type CouponBook, type CouponDefinition, type CouponFailureReason } from './coupons.ts';
import { DEFAULT_DELIVERY_RULES, deliveryFeeSatang, type DeliveryRules } from './delivery-fees.ts';
import { haversineKm } from '@grocery/core';
import { applyPromotion, type Promotion } from './promotions.ts';

/** Schedule modes the grocer knows; `REGULAR` is the default. */
export const SCHEDULE_MODES = ['REGULAR', 'EXPRESS'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];
export const FULFILMENT_TYPES: readonly FulfilmentType[] = ['PICKUP', 'DELIVERY'];
/** Longest coupon code accepted (longer ones are refused as input, not reported as unknown). */
export const MAX_COUPON_CODE_LENGTH = 40;

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates and merges request lines; throws typed errors naming the offending field. */
function checkLines(lines: unknown): CheckedLine[] {
  if (!Array.isArray(lines))
    throw new CommerceError('INVALID_INPUT', 'lines must be a list of { cprcode, quantity }.', { field: 'lines' });
  if (lines.length === 0) throw new CommerceError('EMPTY_BASKET', 'There are no lines to price.', { field: 'lines' });
  if (lines.length > LIMITS.maxLines)
    throw new CommerceError('INVALID_INPUT', `At most ${LIMITS.maxLines} lines are allowed; got ${lines.length}.`, {
      field: 'lines',
      details: { max: LIMITS.maxLines },
    });
  const merged = new Map<string, CheckedLine>();
  lines.forEach((line: unknown, position) => {
    if (!isRecord(line))
      throw new CommerceError('INVALID_INPUT', `Line ${position} must be an object { cprcode, quantity }.`, {
        field: `lines.${position}`,
      });
    const { cprcode, quantity } = line;
    if (!isCprcode(cprcode)) {
      throw new CommerceError('INVALID_CPRCODE', `Line ${position}: cprcode must be 1 to 12 digits.`, {
        field: `lines.${position}.cprcode`,
        details: { cprcode: typeof cprcode === 'string' ? cprcode.slice(0, 40) : null },
      });
    }
    if (
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > LIMITS.maxLineQuantity
    ) {
      throw new CommerceError(
        'INVALID_QUANTITY',
        `Line ${position}: quantity must be a whole number from 1 to ${LIMITS.maxLineQuantity}.`,
        {
          field: `lines.${position}.quantity`,
          details: { cprcode, max: LIMITS.maxLineQuantity },
        },
      );
    }
    const existing = merged.get(cprcode);
    if (existing) {
      existing.quantity += quantity;
      if (existing.quantity > LIMITS.maxLineQuantity) {
        throw new CommerceError(
          'INVALID_QUANTITY',
          `Product ${cprcode} appears more than once and its quantities add up to more than ${LIMITS.maxLineQuantity}.`,
          {
            field: `lines.${position}.quantity`,
            details: { cprcode, max: LIMITS.maxLineQuantity },
          },
        );
      }
    } else merged.set(cprcode, { cprcode, quantity, position });
  });
  return [...merged.values()];
}

/** Validates the address's shape (coordinates in range); null stays null. */
export function checkAddress(address: unknown): Address | null {
  if (address === null || address === undefined) return null;
  if (!isRecord(address)) throw new CommerceError('INVALID_INPUT', 'address must be an object.', { field: 'address' });
  const text = (key: string): string | null => {
    const value = address[key];
    if (value === null || value === undefined) return null;
    if (typeof value !== 'string' || value.length > 500)
      throw new CommerceError('INVALID_INPUT', `address.${key} must be text of at most 500 characters.`, {
        field: `address.${key}`,
      });
    return value;
  };
  const coordinate = (key: 'lat' | 'lon', limit: number): number | null => {
    const value = address[key];
    if (value === null || value === undefined) return null;
    if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) {
      throw new CommerceError('INVALID_INPUT', `address.${key} must be a number between -${limit} and ${limit}.`, {
        field: `address.${key}`,
      });
    }
    return value;
  };
  return {
    lat: coordinate('lat', 90),
    lon: coordinate('lon', 180),
    postcode: text('postcode'),
    address: text('address'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    phone: text('phone'),
    email: text('email'),
  };
}

/** Validates coupon codes: at most `LIMITS.maxCoupons` strings. Unknown codes are not an error here. */
function checkCouponCodes(codes: unknown): string[] {
  if (codes === null || codes === undefined) return [];
  if (!Array.isArray(codes))
    throw new CommerceError('INVALID_INPUT', 'couponCodes must be a list of strings.', { field: 'couponCodes' });
  if (codes.length > LIMITS.maxCoupons)
    throw new CommerceError('INVALID_INPUT', `At most ${LIMITS.maxCoupons} coupon codes are allowed.`, {
      field: 'couponCodes',
      details: { max: LIMITS.maxCoupons },
    });
  return codes.map((code: unknown, i) => {
    if (typeof code !== 'string' || code.length > MAX_COUPON_CODE_LENGTH) {
      throw new CommerceError(
        'INVALID_INPUT',
        `Coupon code ${i} must be text of at most ${MAX_COUPON_CODE_LENGTH} characters.`,
        { field: `couponCodes.${i}` },
      );
    }
    return code;
  });
}

/** Finds the branch or throws INVALID_BRANCH. */
export function checkBranch(
  context: Pick<CalculatorContext, 'branch'>,
  branchCode: unknown,
  field = 'branchCode',
): BranchProfile {
  if (!isBranchCode(branchCode))
    throw new CommerceError('INVALID_BRANCH', 'branchCode must be 2 to 8 letters or digits.', { field });
  const branch = context.branch(branchCode);
  if (!branch)
    throw new CommerceError('INVALID_BRANCH', `There is no branch ${branchCode}.`, { field, details: { branchCode } });
  return branch;
}

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

interface PricedLine {
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

function couponFailure(code: string, reason: CouponFailureReason, message: string): FailedCoupon {
  return { code, reason, message };
}

/** A request that passed validation, with its branch found and its lines merged. */
interface CheckedRequest {
  branch: BranchProfile;
  fulfilment: FulfilmentType;
  scheduleMode: ScheduleMode;
  lines: CheckedLine[];
  couponCodes: string[];
  address: Address | null;
  orderSource: string;
}

/** The coupons that applied (in the order given) and those that did not, with why. */
interface CouponOutcome {
  applied: { code: string; discount: Satang; definition: CouponDefinition }[];
  failedCoupons: FailedCoupon[];
  /** The code of the coupon that made delivery free, if any. */
  freeDeliveryCoupon: string | null;
}

/** The bill's totals in satang. */
interface Totals {
  subTotal: Satang;
  itemDiscount: Satang;
  deliveryFee: Satang;
  shippingDiscount: Satang;
  discountedDeliveryFee: Satang;
  expressShippingCost: Satang;
  totalDiscount: Satang;
  grandTotal: Satang;
}

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

/** Validates the request's shape and finds its branch; throws naming the field at fault. */
function checkRequest(request: CalculateRequest, context: CalculatorContext): CheckedRequest {
  if (!isRecord(request)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
  const branch = checkBranch(context, request.branchCode);
  const fulfilment = request.fulfilment;
  if (!FULFILMENT_TYPES.includes(fulfilment))
    throw new CommerceError('INVALID_INPUT', 'fulfilment must be PICKUP or DELIVERY.', { field: 'fulfilment' });
  const scheduleMode = request.scheduleMode ?? 'REGULAR';
  if (!(SCHEDULE_MODES as readonly unknown[]).includes(scheduleMode)) {
    throw new CommerceError('INVALID_INPUT', `scheduleMode must be one of ${SCHEDULE_MODES.join(', ')}.`, {
      field: 'scheduleMode',
      details: { allowed: [...SCHEDULE_MODES] },
    });
  }
  return {
    branch,
    fulfilment,
    scheduleMode: scheduleMode as ScheduleMode,
    lines: checkLines(request.lines),
    couponCodes: checkCouponCodes(request.couponCodes),
    address: checkAddress(request.address),
    orderSource: typeof request.orderSource === 'string' ? request.orderSource.slice(0, 100) : '',
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

/**
 * Applies the coupons in the order given, spreading each discount over its eligible lines
 * (`couponDiscount` of `lines` grows), and reports those that do not apply.
 */
function applyCoupons(
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

/** The grocer's own response, in baht and its field names, as the real calculator answers it. */
function rawResponse(
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
