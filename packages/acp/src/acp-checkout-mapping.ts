import type {
  Branch,
  CheckoutMessage,
  CheckoutMessageCode,
  CheckoutSessionRecord,
  Commerce,
  ShopSettings,
} from '@grocery/core';
import type { CalculatedLine, Calculation } from '@grocery/core/ports';
import { fulfillmentDetails, fulfillmentOptions, selectedFulfillmentOptions } from './acp-fulfillment-mapping.ts';
import { paymentHandlers } from './acp-payment-handlers.ts';
import type {
  AcpBuyer,
  AcpCapabilities,
  AcpCheckoutSession,
  AcpDiscounts,
  AcpLineItem,
  AcpLink,
  AcpMessage,
  AcpTotal,
} from './acp-types.ts';
import { ACP_VERSION } from './acp-version.ts';

/** What the catalogue tells about a product besides the quote: its name, shelf price and picture. */
export interface ProductFacts {
  name: string;
  priceSatang: number | null;
  imageUrl: string | null;
}

/** The catalogue's facts of some products; none when the catalogue cannot be read (lines then show what the quote knows). */
export function productFacts(commerce: Commerce, cprcodes: readonly string[]): Map<string, ProductFacts> {
  try {
    return new Map(
      commerce.catalog.get(cprcodes).map((p) => [
        p.cprcode,
        {
          name: p.nameEn,
          priceSatang: p.detailPriceSatang,
          imageUrl: p.hasImage ? `${commerce.publicBaseUrl}/images/products/${encodeURIComponent(p.cprcode)}` : null,
        },
      ]),
    );
  } catch {
    return new Map();
  }
}

/** What a session response shows besides the session itself. */
export interface AcpSessionView {
  /** `{base_url}/agents/{partnerId}` or `https://{domain}`: the handlers' schema URLs are under it. */
  agentBase: string;
  /** The guide's page on ACP: the handlers' `spec`. */
  docsUrl: string;
  links: readonly AcpLink[];
  products: ReadonlyMap<string, ProductFacts>;
  branches: ReadonlyMap<string, Branch>;
  /** Where a buyer continues a session that has no payment page yet (the partner's shop); null for none. */
  storefrontUrl: string | null;
  /** Whether the shop charges Stripe shared payment tokens in the session's environment (its handler is offered). */
  sharedPaymentTokens?: boolean | undefined;
}

/** The extension whose fields (`discounts`) every session carries. */
const DISCOUNT_EXTENSION = {
  name: 'discount',
  extends: [
    '$.CheckoutSessionCreateRequest.discounts',
    '$.CheckoutSessionUpdateRequest.discounts',
    '$.CheckoutSession.discounts',
  ],
};

/**
 * ACP's status of a session: `incomplete` is `not_ready_for_payment`, `ready_for_complete`
 * `ready_for_payment`; a session cancelled by its expiry (core cancels it then) is `expired`.
 */
export function acpStatus(session: CheckoutSessionRecord): AcpCheckoutSession['status'] {
  switch (session.status) {
    case 'incomplete':
      return 'not_ready_for_payment';
    case 'ready_for_complete':
      return 'ready_for_payment';
    case 'canceled':
      return !session.order && Date.parse(session.updatedAt) >= Date.parse(session.expiresAt) ? 'expired' : 'canceled';
    default:
      return session.status;
  }
}

/** The shop's policy and contact links, as ACP's `links`. */
export function shopLinks(settings: ShopSettings): AcpLink[] {
  const links: [AcpLink['type'], string | null][] = [
    ['terms_of_use', settings.termsOfServiceUrl],
    ['privacy_policy', settings.privacyPolicyUrl],
    ['return_policy', settings.refundPolicyUrl],
    ['shipping_policy', settings.shippingPolicyUrl],
    ['faq', settings.faqUrl],
    ['contact_us', settings.supportEmail === null ? null : `mailto:${settings.supportEmail}`],
  ];
  return links.flatMap(([type, url]) => (url === null ? [] : [{ type, url }]));
}

const discountOf = (line: CalculatedLine): number => line.rowTotalSatang - line.discountedRowTotalSatang;

function lineItems(session: CheckoutSessionRecord, view: AcpSessionView): AcpLineItem[] {
  const quoted = new Map((session.quote?.lines ?? []).map((line) => [line.cprcode, line]));
  const outOfStock = new Set(
    session.messages.filter((m) => m.code === 'out_of_stock' && m.path !== null).map((m) => m.path),
  );
  return session.lines.map((line) => {
    const priced = quoted.get(line.cprcode);
    const facts = view.products.get(line.cprcode);
    const unit = priced?.priceSatang ?? facts?.priceSatang ?? null;
    // A line the quote leaves out (its message says why) is not on the bill: its totals are zero.
    const base = priced?.rowTotalSatang ?? 0;
    const discount = priced ? discountOf(priced) : 0;
    const net = priced?.discountedRowTotalSatang ?? 0;
    return {
      id: line.lineId,
      item: { id: line.cprcode },
      quantity: line.quantity,
      name: priced?.productName ?? facts?.name ?? `Product ${line.cprcode}`,
      ...(unit !== null ? { unit_amount: unit } : {}),
      ...(facts?.imageUrl ? { images: [facts.imageUrl] } : {}),
      product_id: line.cprcode,
      ...(outOfStock.has(`lines.${line.lineId}`) ? { availability_status: 'out_of_stock' as const } : {}),
      totals: [
        { type: 'items_base_amount', display_text: 'Items', amount: base },
        ...(discount > 0
          ? [{ type: 'items_discount' as const, display_text: 'Item discounts', amount: discount }]
          : []),
        { type: 'subtotal', display_text: 'Subtotal', amount: net },
        { type: 'total', display_text: 'Total', amount: net },
      ],
    };
  });
}

/**
 * The bill in satang, unsigned, adding up exactly (VAT is in the shelf prices: no `tax`):
 * `items_base_amount − items_discount = subtotal`; `subtotal − discount + fulfillment + fee = total`,
 * where `fulfillment` is the delivery fee before free delivery plus the express charge, `discount`
 * free delivery, and `total` the grocer's grand total. A remainder the grocer's figures leave is
 * shown as a further discount or fee, never dropped.
 */
export function checkoutTotals(session: CheckoutSessionRecord): AcpTotal[] {
  const quote = session.quote;
  if (!quote)
    return [
      { type: 'subtotal', display_text: 'Subtotal', amount: 0 },
      { type: 'total', display_text: 'Total', amount: 0 },
    ];
  const itemsDiscount = quote.lines.reduce((sum, line) => sum + discountOf(line), 0);
  const subtotal = quote.subTotalSatang - itemsDiscount;
  const entries: AcpTotal[] = [{ type: 'items_base_amount', display_text: 'Items', amount: quote.subTotalSatang }];
  if (itemsDiscount > 0)
    entries.push({ type: 'items_discount', display_text: 'Item discounts', amount: itemsDiscount });
  entries.push({ type: 'subtotal', display_text: 'Subtotal (VAT included)', amount: subtotal });
  const delivery = quote.fulfilment === 'DELIVERY';
  const freeDelivery = delivery ? quote.shippingDiscountSatang : 0;
  if (freeDelivery > 0) entries.push({ type: 'discount', display_text: 'Free delivery', amount: freeDelivery });
  const fee = quote.discountedDeliveryFeeSatang + freeDelivery + quote.expressShippingCostSatang;
  if (delivery)
    entries.push({
      type: 'fulfillment',
      display_text: quote.scheduleMode === 'EXPRESS' ? 'Express delivery' : 'Delivery',
      amount: fee,
    });
  else if (session.fulfilment?.type === 'pickup')
    entries.push({ type: 'fulfillment', display_text: 'Pickup', amount: 0 });
  const remainder = quote.grandTotalSatang - (subtotal - freeDelivery + (delivery ? fee : 0));
  if (remainder < 0) entries.push({ type: 'discount', display_text: 'Other discounts', amount: -remainder });
  if (remainder > 0) entries.push({ type: 'fee', display_text: 'Other charges', amount: remainder });
  entries.push({ type: 'total', display_text: 'Total (VAT included)', amount: quote.grandTotalSatang });
  return entries;
}

/** The grocer's coupon reasons as ACP's discount codes (digest §3's map). */
const COUPON_REASONS: Readonly<Record<string, AcpDiscounts['rejected'][number]['reason']>> = {
  UNKNOWN: 'discount_code_invalid',
  EXPIRED: 'discount_code_expired',
  MIN_SPEND: 'discount_code_minimum_not_met',
  USAGE_LIMIT: 'discount_code_usage_limit_reached',
  DUPLICATE: 'discount_code_already_applied',
  NOT_COMBINABLE: 'discount_code_combination_disallowed',
  NOT_STARTED: 'discount_code_invalid',
  CATEGORY: 'discount_code_invalid',
  FULFILMENT: 'discount_code_invalid',
};

/** ACP's `discount_code_*` code of a grocer's coupon reason. */
export const couponReasonCode = (reason: string | null): AcpDiscounts['rejected'][number]['reason'] =>
  (reason !== null && Object.hasOwn(COUPON_REASONS, reason) ? COUPON_REASONS[reason] : undefined) ??
  'discount_code_invalid';

function appliedDiscounts(session: CheckoutSessionRecord, quote: Calculation): AcpDiscounts['applied'] {
  const allocations = session.lines.flatMap((line, index) => {
    const priced = quote.lines.find((l) => l.cprcode === line.cprcode);
    const amount = priced ? discountOf(priced) : 0;
    return amount > 0 ? [{ path: `$.line_items[${index}]`, amount }] : [];
  });
  const onLines = allocations.reduce((sum, a) => sum + a.amount, 0);
  const promotions = [...new Set(quote.lines.flatMap((line) => line.promotions))];
  const coupons = quote.couponCodes;
  const applied: AcpDiscounts['applied'] = [];
  if (onLines > 0) {
    // The calculator does not split line discounts by source: one entry, the coupon's when it is the only one.
    const only = coupons.length === 1 && promotions.length === 0 ? coupons[0] : undefined;
    const name = [...promotions, ...coupons.map((code) => `Coupon ${code}`)].join(', ') || 'Discounts';
    applied.push({
      id: 'discount_items',
      ...(only ? { code: only } : {}),
      coupon: { id: only ?? 'items', name },
      amount: onLines,
      automatic: coupons.length === 0,
      allocations,
    });
  }
  const freeDelivery = quote.fulfilment === 'DELIVERY' ? quote.shippingDiscountSatang : 0;
  if (freeDelivery > 0)
    applied.push({
      id: 'discount_free_delivery',
      coupon: { id: 'free_delivery', name: 'Free delivery' },
      amount: freeDelivery,
      automatic: coupons.length === 0,
      allocations: [{ path: '$.totals.fulfillment', amount: freeDelivery }],
    });
  return applied;
}

function discounts(session: CheckoutSessionRecord): AcpDiscounts {
  const quote = session.quote;
  return {
    codes: [...session.couponCodes],
    applied: quote ? appliedDiscounts(session, quote) : [],
    rejected: (quote?.failedCoupons ?? []).map((failed) => ({
      code: failed.code,
      reason: couponReasonCode(failed.reason),
      message: failed.message,
    })),
  };
}

/** Core's message codes as ACP's error codes (warnings are mapped on their own). */
const ERROR_CODES: Readonly<Record<CheckoutMessageCode, Extract<AcpMessage, { type: 'error' }>['code']>> = {
  out_of_stock: 'out_of_stock',
  item_unavailable: 'invalid',
  invalid_item: 'invalid',
  alcohol_not_licensed: 'region_restricted',
  address_undeliverable: 'region_restricted',
  fulfilment_required: 'missing',
  buyer_required: 'missing',
  coupon_refused: 'invalid',
  price_changed: 'invalid',
  payment_failed: 'payment_declined',
  payment_required: 'intervention_required',
  order_failed: 'conflict',
};

/** A message's path into the session (`lines.li_…`, `fulfilment.address`, `couponCodes.0`) as a JSONPath into the ACP session. */
function messageParam(path: string | null, session: CheckoutSessionRecord): string | undefined {
  if (path === null) return undefined;
  const [head, second] = path.split('.');
  switch (head) {
    case 'lines': {
      const index = session.lines.findIndex((line) => line.lineId === second);
      return index >= 0 ? `$.line_items[${index}]` : '$.line_items';
    }
    case 'couponCodes':
      return second === undefined ? '$.discounts.codes' : `$.discounts.codes[${second}]`;
    case 'buyer':
      return second === 'email' ? '$.buyer.email' : '$.buyer';
    case 'fulfilment':
      return second === 'address' ? '$.fulfillment_details.address' : '$.selected_fulfillment_options';
    default:
      return undefined;
  }
}

function acpMessage(message: CheckoutMessage, session: CheckoutSessionRecord): AcpMessage {
  const param = messageParam(message.path, session);
  const resolution = message.severity === 'unrecoverable' || message.severity === null ? undefined : message.severity;
  const common = {
    ...(resolution ? { resolution } : {}),
    ...(param ? { param } : {}),
    content_type: 'plain' as const,
    content: message.text,
  };
  if (message.type === 'error') return { type: 'error', code: ERROR_CODES[message.code], ...common };
  if (message.type === 'warning' && message.code === 'coupon_refused')
    return { type: 'warning', code: couponReasonCode(message.reason), resolution: 'recoverable', ...common };
  if (message.type === 'warning' && message.code === 'price_changed')
    return { type: 'warning', code: 'price_change', ...common };
  // ACP's warnings need a code of its list: any other notice is information.
  return { type: 'info', ...common };
}

function buyerOf(session: CheckoutSessionRecord): AcpBuyer | undefined {
  const { firstName, lastName, email, phone } = session.buyer;
  if (email === null) return undefined;
  return {
    ...(firstName !== null ? { first_name: firstName } : {}),
    ...(lastName !== null ? { last_name: lastName } : {}),
    email,
    ...(phone !== null ? { phone_number: phone } : {}),
  };
}

/** Where the buyer goes on: the order's payment page while it is unpaid, else the partner's shop while the session is open. */
function continueUrl(session: CheckoutSessionRecord, view: AcpSessionView): string | null {
  if (session.status === 'completed' || session.status === 'canceled') return null;
  if (session.order && !session.order.paid && session.order.paymentUrl) return session.order.paymentUrl;
  return view.storefrontUrl;
}

function capabilities(session: CheckoutSessionRecord, view: AcpSessionView): AcpCapabilities {
  return {
    payment: { handlers: paymentHandlers(session.environment, view) },
    // The shop handles no intervention itself (the payment page does 3-D Secure), so the intersection is empty.
    interventions: { supported: [], required: [] },
    extensions: [{ ...DISCOUNT_EXTENSION, extends: [...DISCOUNT_EXTENSION.extends] }],
  };
}

/**
 * A core session as ACP 2026-04-17's `CheckoutSession`: the handlers it offers, its status, lines
 * with their stable ids and totals, pickup and delivery options, the chosen one, the bill, messages
 * (business problems, never protocol errors), links, discounts and times. Carries no field the
 * official schema does not define.
 *
 * @example
 * const body = toAcpCheckoutSession(session, { agentBase, docsUrl, links, products, branches, storefrontUrl: null });
 */
export function toAcpCheckoutSession(session: CheckoutSessionRecord, view: AcpSessionView): AcpCheckoutSession {
  const options = fulfillmentOptions(session, view.branches);
  const buyer = buyerOf(session);
  const details = fulfillmentDetails(session);
  const next = continueUrl(session, view);
  return {
    id: session.sessionId,
    protocol: { version: ACP_VERSION },
    capabilities: capabilities(session, view),
    ...(buyer ? { buyer } : {}),
    status: acpStatus(session),
    currency: 'thb',
    locale: 'en-TH',
    timezone: 'Asia/Bangkok',
    line_items: lineItems(session, view),
    ...(details ? { fulfillment_details: details } : {}),
    fulfillment_options: options,
    selected_fulfillment_options: selectedFulfillmentOptions(session, options),
    totals: checkoutTotals(session),
    messages: session.messages.map((message) => acpMessage(message, session)),
    links: [...view.links],
    discounts: discounts(session),
    created_at: session.createdAt,
    updated_at: session.updatedAt,
    expires_at: session.expiresAt,
    ...(next ? { continue_url: next } : {}),
  };
}
