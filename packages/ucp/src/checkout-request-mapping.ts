import { CommerceError, type Commerce } from '@grocery/core';
import type { CheckoutLine } from '@grocery/core/ports';
import { MOCK_PAYMENT_HANDLER_ID, MOCK_PAYMENT_TOKENS, protocolErrorOf, type UcpProtocolError } from './envelope.ts';
import { fromUcpFulfillment, isJsonObject, type JsonObject, type RequestedFulfilment } from './fulfillment-mapping.ts';

type Sessions = Commerce['sessions'];
/** What core's session service takes on create and (in full) on every update. */
export type SessionInput = Parameters<Sessions['create']>[1];
/** How core's `complete` pays: a sandbox token, or the order's payment page. */
export type SessionPayment = Parameters<Sessions['complete']>[2];

/**
 * A create or update body as core's input, and how to name a core field in the request (RFC 9535);
 * or, when the body's shape is already wrong, the protocol error (400, with the path).
 */
export type CheckoutRequest =
  | {
      ok: true;
      input: SessionInput;
      /** `lines.0.quantity` → `$.line_items[0].quantity`; undefined for a field the request does not have. */
      pathOf: (field: string) => string | undefined;
    }
  | { ok: false; error: UcpProtocolError };

const BUYER_FIELDS: Readonly<Record<string, string>> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone_number',
};
const LINE_FIELDS: Readonly<Record<string, string>> = { cprcode: 'item.id', lineId: 'id' };
const ADDRESS_FIELDS: Readonly<Record<string, string>> = {
  streetAddress: 'street_address',
  locality: 'address_locality',
  region: 'address_region',
  postcode: 'postal_code',
  country: 'address_country',
  recipientName: 'first_name',
};

/** Maps core's field names (`fulfilment.address.postcode`) to the request's JSONPath, given where the choice sat. */
function requestPath(field: string, where: Omit<RequestedFulfilment, 'fulfilment'>): string | undefined {
  const [head, second, ...rest] = field.split('.');
  if (head === 'lines') {
    if (second === undefined) return '$.line_items';
    const tail = rest.join('.');
    return `$.line_items[${second}]${tail ? `.${LINE_FIELDS[tail] ?? tail}` : ''}`;
  }
  if (head === 'buyer') return second === undefined ? '$.buyer' : `$.buyer.${BUYER_FIELDS[second] ?? second}`;
  if (head === 'couponCodes') return second === undefined ? '$.discounts.codes' : `$.discounts.codes[${second}]`;
  if (head === 'fulfillment' || head === 'discounts') return `$.${field}`;
  if (head !== 'fulfilment') return undefined;
  if (where.method === null) return '$.fulfillment';
  const method = `$.fulfillment.methods[${where.method}]`;
  switch (second) {
    case undefined:
      return method;
    case 'type':
      return `${method}.type`;
    case 'branchCode':
      return `${method}.selected_destination_id`;
    case 'scheduleMode':
      return `${method}.groups[${where.group ?? 0}].selected_option_id`;
    case 'address': {
      const destination = `${method}.destinations[${where.destination ?? 0}]`;
      const part = rest[0];
      return part === undefined ? destination : `${destination}.${ADDRESS_FIELDS[part] ?? part}`;
    }
    default:
      return method;
  }
}

/** Each line as core takes it: `item.id` is the cprcode, `quantity` 1 when absent, a known `id` keeps its line. */
function linesOf(value: unknown, previous: readonly CheckoutLine[]): SessionInput['lines'] {
  if (!Array.isArray(value)) return value as SessionInput['lines'];
  const known = new Map(previous.map((line) => [line.lineId, line.cprcode]));
  return value.map((entry: unknown) => {
    const line = isJsonObject(entry) ? entry : {};
    const item = isJsonObject(line.item) ? line.item : {};
    const lineId = typeof line.id === 'string' && known.has(line.id) ? line.id : undefined;
    return {
      cprcode: (item.id ?? (lineId ? known.get(lineId) : undefined)) as string,
      quantity: (line.quantity ?? 1) as number,
      lineId,
    };
  });
}

function buyerOf(value: unknown): SessionInput['buyer'] {
  if (value === undefined || value === null) return null;
  if (!isJsonObject(value)) throw new CommerceError('INVALID_INPUT', 'buyer is an object.', { field: 'buyer' });
  return {
    firstName: (value.first_name ?? null) as string | null,
    lastName: (value.last_name ?? null) as string | null,
    email: (value.email ?? null) as string | null,
    phone: (value.phone_number ?? null) as string | null,
  };
}

function couponsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!isJsonObject(value)) throw new CommerceError('INVALID_INPUT', 'discounts is an object.', { field: 'discounts' });
  const codes = value.codes ?? [];
  if (!Array.isArray(codes))
    throw new CommerceError('INVALID_INPUT', 'discounts.codes is a list of codes.', { field: 'couponCodes' });
  codes.forEach((code, index) => {
    if (typeof code !== 'string')
      throw new CommerceError('INVALID_INPUT', 'A discount code is text.', { field: `couponCodes.${index}` });
  });
  return codes as string[];
}

/**
 * Reads a UCP create or update body (strict out, lenient in: unknown keys and output-only fields
 * such as `id`, `status`, `totals` or `currency` are ignored). An update is a full replacement, so
 * what the body lacks is cleared: no `fulfillment` means none, no `discounts` means no codes. Values
 * pass to core unchecked; core checks every field and names it, and `pathOf` turns that name into
 * the request's JSONPath. `previous` are the session's lines, whose ids a body may use.
 *
 * @example
 * const read = fromUcpCheckoutRequest({ line_items: [{ item: { id: '100001' } }] }, []);
 * // read.ok && read.input: { lines: [{ cprcode: '100001', quantity: 1, lineId: undefined }], buyer: null, fulfilment: null, couponCodes: [] }
 */
export function fromUcpCheckoutRequest(body: JsonObject, previous: readonly CheckoutLine[]): CheckoutRequest {
  let where: Omit<RequestedFulfilment, 'fulfilment'> = { method: null, destination: null, group: null };
  const pathOf = (field: string) => requestPath(field, where);
  try {
    const requested = fromUcpFulfillment(body.fulfillment);
    where = requested;
    const input: SessionInput = {
      lines: linesOf(body.line_items, previous),
      buyer: buyerOf(body.buyer),
      fulfilment: requested.fulfilment,
      couponCodes: couponsOf(body.discounts),
    };
    return { ok: true, input, pathOf };
  } catch (error) {
    const refused = protocolErrorOf(error, pathOf);
    if (refused) return { ok: false, error: refused };
    throw error;
  }
}

/**
 * How a complete body pays: the selected instrument (or the first) of the mock handler pays with its
 * token (a token the mock handler does not know is declined, as `fail_token` is); any other
 * instrument, or none, sends the buyer to the order's payment page. Production sessions always do:
 * core escalates whatever the token.
 */
export function paymentOf(body: JsonObject): SessionPayment {
  const payment = isJsonObject(body.payment) ? body.payment : {};
  const instruments = Array.isArray(payment.instruments) ? payment.instruments.filter(isJsonObject) : [];
  const instrument = instruments.find((i) => i.selected === true) ?? instruments[0];
  if (!instrument || instrument.handler_id !== MOCK_PAYMENT_HANDLER_ID) return { kind: 'payment-page' };
  const credential = isJsonObject(instrument.credential) ? instrument.credential : {};
  const token = credential.token;
  const known = (MOCK_PAYMENT_TOKENS as readonly unknown[]).includes(token);
  return { kind: 'sandbox-token', token: known ? (token as string) : 'fail_token' };
}
