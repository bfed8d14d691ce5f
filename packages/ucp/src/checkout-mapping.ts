import type {
  Calculation,
  CheckoutMessage,
  CheckoutMessageCode,
  CheckoutSessionRecord,
  ShopSettings,
} from '@grocery/core/ports';
import { ucpEnvelope, UCP_CAPABILITIES, type UcpEnvelope } from './envelope.ts';
import { toUcpFulfillment, type UcpFulfillmentMethod } from './fulfillment-mapping.ts';

/** One entry of `totals` (total.json): a signed amount in satang. */
export interface UcpTotal {
  /** UCP's total types this shop uses: no `tax`, as shelf prices include VAT. */
  type: 'subtotal' | 'items_discount' | 'fulfillment' | 'discount' | 'fee' | 'total';
  amount: number;
  display_text?: string;
  lines?: { display_text: string; amount: number }[];
}

export interface UcpLineItem {
  id: string;
  item: { id: string; title: string; price: number; image_url?: string };
  quantity: number;
  totals: UcpTotal[];
}

export interface UcpMessage {
  type: 'error' | 'warning' | 'info';
  code: string;
  content: string;
  severity?: 'recoverable' | 'requires_buyer_input' | 'requires_buyer_review' | 'unrecoverable';
  path?: string;
}

export interface UcpLink {
  type: 'privacy_policy' | 'terms_of_service' | 'refund_policy' | 'shipping_policy' | 'faq';
  url: string;
}

export interface UcpAppliedDiscount {
  code?: string;
  title: string;
  amount: number;
  automatic: boolean;
  allocations: { path: string; amount: number }[];
}

/** A checkout session as UCP 2026-04-08 shows it, with the fulfillment and discount extensions. */
export interface UcpCheckout {
  ucp: UcpEnvelope<'success'>;
  id: string;
  status: CheckoutSessionRecord['status'];
  currency: 'THB';
  line_items: UcpLineItem[];
  totals: UcpTotal[];
  links: UcpLink[];
  buyer?: Record<string, string>;
  messages: UcpMessage[];
  expires_at: string;
  continue_url?: string;
  order?: { id: string; permalink_url: string };
  fulfillment?: { methods: UcpFulfillmentMethod[] };
  discounts?: { codes: string[]; applied: UcpAppliedDiscount[] };
}

/** What the catalog tells of a product, for lines the quote does not price (and every line's image). */
export interface ProductFacts {
  title: string;
  priceSatang: number | null;
  imageUrl: string | null;
}

/** What a checkout response shows besides the session: the negotiation, the shop, the catalog. */
export interface CheckoutView {
  /** Capabilities the negotiation left active; null for all of the business's. */
  active: readonly string[] | null;
  links: UcpLink[];
  products: ReadonlyMap<string, ProductFacts>;
  /** The REST endpoint (`{agent_base}/ucp/v1`): an order's permalink when it has no payment page. */
  restEndpoint: string;
  /** Where a buyer continues a session that has no payment page yet (the partner's shop); none by default. */
  storefrontUrl: string | null;
}

/** The shop settings' policy links, as UCP's well-known link types. */
export function shopLinks(settings: ShopSettings): UcpLink[] {
  const links: [UcpLink['type'], string | null][] = [
    ['privacy_policy', settings.privacyPolicyUrl],
    ['terms_of_service', settings.termsOfServiceUrl],
    ['refund_policy', settings.refundPolicyUrl],
    ['shipping_policy', settings.shippingPolicyUrl],
    ['faq', settings.faqUrl],
  ];
  return links.flatMap(([type, url]) => (url ? [{ type, url }] : []));
}

const discountOf = (line: { rowTotalSatang: number; discountedRowTotalSatang: number }): number =>
  Math.max(0, line.rowTotalSatang - line.discountedRowTotalSatang);

function lineItems(session: CheckoutSessionRecord, view: CheckoutView): UcpLineItem[] {
  const quoted = new Map((session.quote?.lines ?? []).map((line) => [line.cprcode, line]));
  return session.lines.map((line) => {
    const priced = quoted.get(line.cprcode);
    const facts = view.products.get(line.cprcode);
    const item = {
      id: line.cprcode,
      title: priced?.productName ?? facts?.title ?? `Product ${line.cprcode}`,
      price: priced?.priceSatang ?? facts?.priceSatang ?? 0,
      ...(facts?.imageUrl ? { image_url: facts.imageUrl } : {}),
    };
    // A line the quote leaves out (see its message) is not on the bill: its totals are zero.
    const discount = priced ? discountOf(priced) : 0;
    const totals: UcpTotal[] = [
      { type: 'subtotal', amount: priced?.rowTotalSatang ?? 0 },
      ...(discount > 0 ? [{ type: 'items_discount' as const, amount: -discount }] : []),
      { type: 'total', amount: priced?.discountedRowTotalSatang ?? 0 },
    ];
    return { id: line.lineId, item, quantity: line.quantity, totals };
  });
}

function fulfillmentTotal(session: CheckoutSessionRecord, quote: Calculation): UcpTotal | null {
  if (quote.fulfilment === 'DELIVERY') {
    const express = quote.scheduleMode === 'EXPRESS';
    const amount = quote.discountedDeliveryFeeSatang + quote.shippingDiscountSatang + quote.expressShippingCostSatang;
    return { type: 'fulfillment', display_text: express ? 'Express delivery' : 'Delivery', amount };
  }
  return session.fulfilment?.type === 'pickup' ? { type: 'fulfillment', display_text: 'Pickup', amount: 0 } : null;
}

/**
 * The bill in satang, entries that add up to `total` exactly: `subtotal` (shelf prices, VAT
 * included, so there is no tax entry), `items_discount` (what the lines' discounts take off),
 * `fulfillment` (the delivery fee before any free-delivery discount, plus the express charge),
 * `discount` (free delivery), and `total` = the grocer's grand total. Should the grocer's figures
 * ever leave a remainder, it is shown as a further discount or fee, never dropped.
 */
export function checkoutTotals(session: CheckoutSessionRecord): UcpTotal[] {
  const quote = session.quote;
  if (!quote)
    return [
      { type: 'subtotal', display_text: 'Subtotal', amount: 0 },
      { type: 'total', display_text: 'Total', amount: 0 },
    ];
  const itemsDiscount = quote.lines.reduce((sum, line) => sum + discountOf(line), 0);
  const fulfillment = fulfillmentTotal(session, quote);
  const shippingDiscount = quote.fulfilment === 'DELIVERY' ? quote.shippingDiscountSatang : 0;
  const entries: UcpTotal[] = [{ type: 'subtotal', display_text: 'Subtotal', amount: quote.subTotalSatang }];
  if (itemsDiscount > 0)
    entries.push({ type: 'items_discount', display_text: 'Item discounts', amount: -itemsDiscount });
  if (fulfillment) entries.push(fulfillment);
  if (shippingDiscount > 0)
    entries.push({ type: 'discount', display_text: 'Free delivery', amount: -shippingDiscount });
  const shown = entries.reduce((sum, entry) => sum + entry.amount, 0);
  const remainder = quote.grandTotalSatang - shown;
  if (remainder < 0) entries.push({ type: 'discount', display_text: 'Other discounts', amount: remainder });
  if (remainder > 0) entries.push({ type: 'fee', display_text: 'Other charges', amount: remainder });
  entries.push({ type: 'total', display_text: 'Total (incl. 7% VAT)', amount: quote.grandTotalSatang });
  return entries;
}

/**
 * Applied discounts, as far as the calculator's answer tells them apart: line discounts (the applied
 * coupon's when it is the only source, else promotions and coupons together) and free delivery.
 */
function appliedDiscounts(session: CheckoutSessionRecord): UcpAppliedDiscount[] {
  const quote = session.quote;
  if (!quote) return [];
  const allocations = session.lines.flatMap((line, index) => {
    const priced = quote.lines.find((l) => l.cprcode === line.cprcode);
    const amount = priced ? discountOf(priced) : 0;
    return amount > 0 ? [{ path: `$.line_items[${index}]`, amount }] : [];
  });
  const onLines = allocations.reduce((sum, a) => sum + a.amount, 0);
  const promotions = [...new Set(quote.lines.flatMap((line) => line.promotions))];
  const coupons = quote.couponCodes;
  const applied: UcpAppliedDiscount[] = [];
  if (onLines > 0) {
    const only = coupons.length === 1 && promotions.length === 0 ? coupons[0] : undefined;
    const title = only
      ? `Coupon ${only}`
      : [...promotions, ...coupons.map((code) => `Coupon ${code}`)].join(', ') || 'Discounts';
    applied.push({
      ...(only ? { code: only } : {}),
      title,
      amount: onLines,
      automatic: coupons.length === 0,
      allocations,
    });
  }
  const shipping = quote.fulfilment === 'DELIVERY' ? quote.shippingDiscountSatang : 0;
  if (shipping > 0)
    applied.push({
      title: 'Free delivery',
      amount: shipping,
      automatic: coupons.length === 0,
      allocations: [{ path: '$.totals.shipping', amount: shipping }],
    });
  return applied;
}

const MESSAGE_CODES: Readonly<Record<CheckoutMessageCode, string>> = {
  out_of_stock: 'out_of_stock',
  item_unavailable: 'item_unavailable',
  invalid_item: 'item_unavailable',
  alcohol_not_licensed: 'item_unavailable',
  address_undeliverable: 'address_undeliverable',
  fulfilment_required: 'missing',
  buyer_required: 'missing',
  coupon_refused: 'discount_code_invalid',
  price_changed: 'price_changed',
  payment_failed: 'payment_failed',
  payment_required: 'payment_required',
  order_failed: 'order_failed',
};

/** The grocer's coupon reasons as the discount extension's rejection codes (discount.md "Rejected Codes"). */
const COUPON_CODES: Readonly<Record<string, string>> = {
  UNKNOWN: 'discount_code_invalid',
  NOT_STARTED: 'discount_code_invalid',
  EXPIRED: 'discount_code_expired',
  DUPLICATE: 'discount_code_already_applied',
  NOT_COMBINABLE: 'discount_code_combination_disallowed',
  CATEGORY: 'discount_code_user_ineligible',
  FULFILMENT: 'discount_code_user_ineligible',
  MIN_SPEND: 'discount_code_minimum_not_met',
  USAGE_LIMIT: 'discount_code_usage_limit_reached',
};

const BUYER_FIELDS: Readonly<Record<string, string>> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone_number',
};

/** Core's message paths (`lines.li_…`, `couponCodes.0`) as RFC 9535 JSONPaths into the response. */
function responsePath(
  path: string | null,
  lineIds: readonly string[],
  chosenMethod: number | null,
): string | undefined {
  if (path === null) return undefined;
  const [head, second] = path.split('.');
  switch (head) {
    case 'lines': {
      const index = second === undefined ? -1 : lineIds.indexOf(second);
      return index < 0 ? '$.line_items' : `$.line_items[${index}]`;
    }
    case 'couponCodes':
      return second === undefined ? '$.discounts.codes' : `$.discounts.codes[${second}]`;
    case 'buyer':
      return second === undefined ? '$.buyer' : `$.buyer.${BUYER_FIELDS[second] ?? second}`;
    case 'fulfilment': {
      if (chosenMethod === null || second === undefined) return '$.fulfillment';
      const method = `$.fulfillment.methods[${chosenMethod}]`;
      return second === 'address' ? `${method}.destinations` : `${method}.selected_destination_id`;
    }
    default:
      return undefined;
  }
}

function toUcpMessage(message: CheckoutMessage, lineIds: readonly string[], chosenMethod: number | null): UcpMessage {
  const code =
    message.code === 'coupon_refused'
      ? (COUPON_CODES[message.reason ?? ''] ?? 'discount_code_invalid')
      : MESSAGE_CODES[message.code];
  const path = responsePath(message.path, lineIds, chosenMethod);
  return {
    type: message.type,
    code,
    content: message.text,
    ...(message.type === 'error' ? { severity: message.severity ?? 'recoverable' } : {}),
    ...(path ? { path } : {}),
  };
}

function buyerOf(session: CheckoutSessionRecord): Record<string, string> | undefined {
  const { firstName, lastName, email, phone } = session.buyer;
  const fields: [string, string | null][] = [
    ['first_name', firstName],
    ['last_name', lastName],
    ['email', email],
    ['phone_number', phone],
  ];
  const present = fields.filter((f): f is [string, string] => f[1] !== null);
  return present.length ? Object.fromEntries(present) : undefined;
}

/** `continue_url`: the order's payment page while it is unpaid, else the shop; none once the session ended. */
function continueUrlOf(session: CheckoutSessionRecord, view: CheckoutView): string | undefined {
  if (session.status === 'completed' || session.status === 'canceled') return undefined;
  const order = session.order;
  if (order?.paymentUrl && !order.paid) return order.paymentUrl;
  return view.storefrontUrl ?? undefined;
}

/**
 * A session as UCP 2026-04-08 shows it (checkout.json with the fulfillment and discount extensions
 * when the negotiation kept them): the lines with their item, price and totals, the bill (see
 * `checkoutTotals`), the messages with UCP's codes and JSONPaths, the policy links, `continue_url`
 * and, once paid, `order{id, permalink_url}` (the order's payment page, which shows it paid).
 *
 * @example
 * const body = toUcpCheckout(session, { active: null, links: [], products: new Map(), restEndpoint, storefrontUrl: null });
 */
export function toUcpCheckout(session: CheckoutSessionRecord, view: CheckoutView): UcpCheckout {
  const active = (name: string) => view.active === null || view.active.includes(name);
  const lineIds = session.lines.map((line) => line.lineId);
  const rendered = toUcpFulfillment(session, lineIds);
  const chosenMethod = active(UCP_CAPABILITIES.fulfillment) ? rendered.chosenMethod : null;
  const buyer = buyerOf(session);
  const continueUrl = continueUrlOf(session, view);
  const order = session.order;
  return {
    ucp: ucpEnvelope('checkout', { environment: session.environment, active: view.active }),
    id: session.sessionId,
    status: session.status,
    currency: 'THB',
    line_items: lineItems(session, view),
    totals: checkoutTotals(session),
    links: view.links,
    ...(buyer ? { buyer } : {}),
    messages: session.messages.map((m) => toUcpMessage(m, lineIds, chosenMethod)),
    expires_at: session.expiresAt,
    ...(continueUrl ? { continue_url: continueUrl } : {}),
    ...(order && session.status === 'completed'
      ? {
          order: {
            id: order.orderId,
            permalink_url: order.paymentUrl ?? `${view.restEndpoint}/orders/${encodeURIComponent(order.orderId)}`,
          },
        }
      : {}),
    ...(active(UCP_CAPABILITIES.fulfillment) ? { fulfillment: rendered.fulfillment } : {}),
    ...(active(UCP_CAPABILITIES.discount)
      ? { discounts: { codes: session.couponCodes, applied: appliedDiscounts(session) } }
      : {}),
  };
}
