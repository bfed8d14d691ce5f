import { CommerceError } from '../errors.ts';
import type { Branch } from '../model/branch.ts';
import type {
  CheckoutFulfilmentOption,
  CheckoutLine,
  CheckoutMessage,
  CheckoutMessageCode,
  CheckoutSessionRecord,
} from '../model/checkout-session.ts';
import type { PartnerContext } from '../model/partner.ts';
import type { Address, CalculateRequest, Calculation } from '../model/pricing.ts';
import type { Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { GeoPoint, PostcodeDirectory } from '../ports/postcode-directory.ts';
import { haversineKm, type BranchService } from './branch-service.ts';
import type { CheckedSessionInput } from './checkout-session-input.ts';

export interface SessionPricingDeps {
  grocer: GrocerGateway;
  branches: BranchService;
  postcodes: PostcodeDirectory;
  clock: Clock;
}

/** What pricing a session's state gives: the bill, the fulfilment choices, and what stands in the way. */
export interface SessionEvaluation {
  branchCode: string;
  quote: Calculation | null;
  options: CheckoutFulfilmentOption[];
  messages: CheckoutMessage[];
  /** The delivery address as the grocer takes it (geocoded), or the buyer's contact for pickup. */
  address: Address | null;
  /** True when nothing is missing or wrong: the session can complete. */
  ready: boolean;
}

/** The grocer's published lead times (docs "Fulfilment"): when an order placed now is ready or delivered. */
const LEAD_MINUTES = { pickup: 120, REGULAR: 180, EXPRESS: 60 } as const;
const PICKUP_OPTIONS = 3;

function message(
  code: CheckoutMessageCode,
  text: string,
  path: string | null,
  type: CheckoutMessage['type'] = 'error',
  reason: string | null = null,
): CheckoutMessage {
  const severity = type !== 'error' ? null : code === 'payment_required' ? 'requires_buyer_input' : 'recoverable';
  return { type, code, text, path, severity, reason };
}

/** On the half hour at or after `ms`, as the grocer schedules slots. */
function slotAt(ms: number): string {
  const half = 30 * 60_000;
  return new Date(Math.ceil(ms / half) * half).toISOString();
}

interface Place {
  branch: Branch;
  centre: GeoPoint | null;
  address: Address | null;
  /** Delivery is possible to the given address. */
  delivers: boolean;
}

async function resolvePlace(
  deps: SessionPricingDeps,
  state: CheckedSessionInput,
  previousBranch: string | null,
  messages: CheckoutMessage[],
): Promise<Place> {
  const { fulfilment, buyer } = state;
  const contact: Address = {
    lat: null,
    lon: null,
    postcode: null,
    address: null,
    firstName: buyer.firstName,
    lastName: buyer.lastName,
    phone: buyer.phone,
    email: buyer.email,
  };
  const fallback = previousBranch
    ? await deps.branches.require(previousBranch, 'branchCode').catch(() => deps.branches.defaultBranch())
    : await deps.branches.defaultBranch();
  if (fulfilment?.type === 'pickup' && fulfilment.branchCode !== null) {
    const branch = await deps.branches.require(fulfilment.branchCode, 'fulfilment.branchCode');
    return { branch, centre: null, address: contact, delivers: false };
  }
  if (fulfilment?.type !== 'delivery' || fulfilment.address === null)
    return { branch: fallback, centre: null, address: contact, delivers: false };
  const { address: to } = fulfilment;
  const centre = to.country === 'TH' ? await deps.postcodes.centreOf(to.postcode) : null;
  const undeliverable = (text: string): Place => {
    messages.push(message('address_undeliverable', text, 'fulfilment.address'));
    return { branch: fallback, centre, address: contact, delivers: false };
  };
  if (!centre) return undeliverable(`The shop does not deliver to ${to.country} ${to.postcode}.`);
  const resolved = await deps.branches.resolve({ postcode: to.postcode }).catch((error: unknown) => {
    if (error instanceof CommerceError && error.code === 'DELIVERY_UNAVAILABLE') return null;
    throw error;
  });
  if (!resolved) return undeliverable(`No branch delivers to postcode ${to.postcode}.`);
  const street = [to.streetAddress, to.locality, to.region, to.postcode].filter((part) => part !== null).join(', ');
  const [first, ...rest] = (to.recipientName ?? '').split(' ');
  return {
    branch: resolved.branch,
    centre,
    delivers: true,
    address: {
      ...contact,
      lat: centre.lat,
      lon: centre.lon,
      postcode: to.postcode,
      address: street,
      ...(to.recipientName ? { firstName: first ?? null, lastName: rest.join(' ') || null } : {}),
    },
  };
}

/** Lines the branch can sell now; the others become messages (unknown, not sold online, unpriced, out of stock). */
async function sellableLines(
  deps: SessionPricingDeps,
  branch: Branch,
  lines: readonly CheckoutLine[],
  messages: CheckoutMessage[],
): Promise<CheckoutLine[]> {
  const cprcodes = lines.map((line) => line.cprcode);
  const [products, prices, stock] = await Promise.all([
    deps.grocer.products(cprcodes),
    deps.grocer.prices(branch.branchCode, cprcodes),
    deps.grocer.stock(branch.branchCode, cprcodes),
  ]);
  const product = new Map(products.map((p) => [p.cprcode, p]));
  const priced = new Set(prices.filter((p) => p.price !== null).map((p) => p.cprcode));
  const levels = new Map(stock.map((s) => [s.cprcode, s]));
  return lines.filter((line) => {
    const path = `lines.${line.lineId}`;
    const found = product.get(line.cprcode);
    const level = levels.get(line.cprcode);
    const refuse = (code: CheckoutMessageCode, text: string) => {
      messages.push(message(code, text, path));
      return false;
    };
    if (!found) return refuse('item_unavailable', `There is no product ${line.cprcode}.`);
    const name = `${found.nameEn} (${found.cprcode})`;
    if (!found.active || !found.online) return refuse('item_unavailable', `${name} is not sold online now.`);
    if (found.alcohol && !branch.alcoholLicensed)
      return refuse('alcohol_not_licensed', `Branch ${branch.branchCode} may not sell alcohol: ${name}.`);
    if (!priced.has(line.cprcode))
      return refuse('item_unavailable', `Branch ${branch.branchCode} does not sell ${name}.`);
    const available = level?.listable ? (level.sellableQty ?? 0) : 0;
    if (available < line.quantity)
      return refuse(
        'out_of_stock',
        available > 0 ? `Only ${available} of ${name} are in stock.` : `${name} is out of stock.`,
      );
    return true;
  });
}

function pickupOptions(branches: readonly Branch[], place: Place, nowMs: number): CheckoutFulfilmentOption[] {
  const from = place.centre ?? { lat: place.branch.lat, lon: place.branch.lon };
  const ranked = branches
    .map((branch) => ({ branch, km: haversineKm(from.lat, from.lon, branch.lat, branch.lon) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, PICKUP_OPTIONS);
  if (!ranked.some((r) => r.branch.branchCode === place.branch.branchCode))
    ranked.unshift({ branch: place.branch, km: haversineKm(from.lat, from.lon, place.branch.lat, place.branch.lon) });
  return ranked.map(({ branch, km }) => ({
    type: 'pickup',
    branchCode: branch.branchCode,
    name: branch.name,
    address: branch.address,
    postcode: branch.postcode,
    distanceKm: place.centre ? Math.round(km * 100) / 100 : null,
    readyAt: slotAt(nowMs + LEAD_MINUTES.pickup * 60_000),
  }));
}

function deliveryOption(mode: 'REGULAR' | 'EXPRESS', quote: Calculation, nowMs: number): CheckoutFulfilmentOption {
  const start = Date.parse(slotAt(nowMs + LEAD_MINUTES[mode] * 60_000));
  return {
    type: 'delivery',
    scheduleMode: mode,
    branchCode: quote.branchCode,
    feeSatang: quote.discountedDeliveryFeeSatang + quote.expressShippingCostSatang,
    windowStart: new Date(start).toISOString(),
    windowEnd: new Date(start + 60 * 60_000).toISOString(),
  };
}

/** Turns a calculator refusal about one line or the address into a message; anything else is thrown. */
function refusalMessage(error: unknown, lines: readonly CheckoutLine[]): CheckoutMessage {
  if (!(error instanceof CommerceError)) throw error;
  const index = /^lines\.(\d+)/.exec(error.field ?? '')?.[1];
  const line = index === undefined ? undefined : lines[Number(index)];
  switch (error.code) {
    case 'DELIVERY_UNAVAILABLE':
    case 'ADDRESS_REQUIRED':
    case 'OUT_OF_SERVICE_AREA':
      return message('address_undeliverable', error.message, 'fulfilment.address');
    case 'ALCOHOL_NOT_LICENSED':
      return message('alcohol_not_licensed', error.message, line ? `lines.${line.lineId}` : 'lines');
    case 'INVALID_CPRCODE':
    case 'PRODUCT_UNAVAILABLE':
    case 'PRICE_UNAVAILABLE':
      return message('item_unavailable', error.message, line ? `lines.${line.lineId}` : 'lines');
    default:
      throw error;
  }
}

function priceChanges(
  previous: Calculation | null,
  quote: Calculation,
  lines: readonly CheckoutLine[],
): CheckoutMessage[] {
  if (!previous) return [];
  const before = new Map(previous.lines.map((line) => [line.cprcode, line.priceSatang]));
  return quote.lines.flatMap((line) => {
    const old = before.get(line.cprcode);
    const lineId = lines.find((l) => l.cprcode === line.cprcode)?.lineId;
    if (old === undefined || old === line.priceSatang || !lineId) return [];
    const baht = (satang: number) => (satang / 100).toFixed(2);
    return [
      message(
        'price_changed',
        `${line.productName} now costs ฿${baht(line.priceSatang)} (was ฿${baht(old)}).`,
        `lines.${lineId}`,
        'warning',
      ),
    ];
  });
}

function couponMessages(quote: Calculation, codes: readonly string[]): CheckoutMessage[] {
  return quote.failedCoupons.map((failed) => {
    const index = codes.indexOf(failed.code);
    const path = index >= 0 ? `couponCodes.${index}` : 'couponCodes';
    return message('coupon_refused', failed.message, path, 'warning', failed.reason);
  });
}

/** What the session still needs before it can complete. */
function missingMessages(state: CheckedSessionInput): CheckoutMessage[] {
  const missing = (path: string, text: string) => [message('fulfilment_required', text, path)];
  const { fulfilment } = state;
  return [
    ...(fulfilment === null
      ? missing('fulfilment', 'Choose pickup at a branch or delivery to an address.')
      : fulfilment.type === 'pickup' && fulfilment.branchCode === null
        ? missing('fulfilment.branchCode', 'Choose the branch to pick the order up at.')
        : fulfilment.type === 'delivery' && fulfilment.address === null
          ? missing('fulfilment.address', 'Give the delivery address.')
          : []),
    ...(state.buyer.email === null
      ? [message('buyer_required', "The buyer's e-mail is needed for the order confirmation.", 'buyer.email')]
      : []),
  ];
}

/**
 * Prices a session's state with the grocer: the branch its fulfilment implies, the lines the branch
 * can sell now, the bill, the fulfilment options with their fees, and a message for every problem
 * (never a thrown error for a business outcome).
 */
/** The buyer's address as an order takes it (delivery: geocoded, with the recipient), without pricing anything. */
export async function sessionAddress(
  deps: SessionPricingDeps,
  session: CheckoutSessionRecord,
): Promise<Address | null> {
  return (await resolvePlace(deps, session, session.branchCode, [])).address;
}

export async function evaluateSession(
  deps: SessionPricingDeps,
  partner: PartnerContext,
  state: CheckedSessionInput,
  previous: CheckoutSessionRecord | null,
): Promise<SessionEvaluation> {
  const messages: CheckoutMessage[] = [];
  const nowMs = deps.clock.now();
  const place = await resolvePlace(deps, state, previous?.branchCode ?? null, messages);
  const lines = await sellableLines(deps, place.branch, state.lines, messages);
  const delivery = state.fulfilment?.type === 'delivery' && place.delivers ? state.fulfilment : null;
  const mode = delivery?.scheduleMode ?? 'REGULAR';
  const request = (scheduleMode: string): CalculateRequest => ({
    branchCode: place.branch.branchCode,
    lines: lines.map(({ cprcode, quantity }) => ({ cprcode, quantity })),
    fulfilment: delivery ? 'DELIVERY' : 'PICKUP',
    scheduleMode,
    address: place.address,
    couponCodes: state.couponCodes,
    orderSource: partner.orderSource,
  });
  const other = mode === 'REGULAR' ? 'EXPRESS' : 'REGULAR';
  const [quote, alternative] =
    lines.length === 0
      ? [null, null]
      : await Promise.all([
          deps.grocer.calculate(request(mode)).catch((error: unknown) => {
            messages.push(refusalMessage(error, lines));
            return null;
          }),
          // The other slot kind's fee, to offer it; an address it cannot serve simply has no such option.
          delivery ? deps.grocer.calculate(request(other)).catch(() => null) : null,
        ]);
  const options = pickupOptions(await deps.branches.list(), place, nowMs);
  if (delivery && quote) {
    const quotes = { [mode]: quote, [other]: alternative } as Record<'REGULAR' | 'EXPRESS', Calculation | null>;
    for (const slot of ['REGULAR', 'EXPRESS'] as const) {
      const priced = quotes[slot];
      if (priced) options.push(deliveryOption(slot, priced, nowMs));
    }
  }
  if (quote)
    messages.push(
      ...couponMessages(quote, state.couponCodes),
      ...priceChanges(previous?.quote ?? null, quote, state.lines),
    );
  messages.push(...missingMessages(state));
  const ready = quote !== null && !messages.some((m) => m.type === 'error');
  return { branchCode: place.branch.branchCode, quote, options, messages, address: place.address, ready };
}
