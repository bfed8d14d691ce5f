import { CommerceError, type CheckoutLine, type CheckoutSessionInput, type CheckoutSessionRecord } from '@grocery/core';
import { acpErrorOf, type AcpProtocolError } from './acp-error.ts';
import { parseOptionId } from './acp-fulfillment-mapping.ts';
import { isJsonObject, type JsonObject } from './acp-types.ts';

/**
 * A create or update body as core's input (the session's whole next state), and how to name a core
 * field in the request (RFC 9535); or, when the body's shape is already wrong, the protocol error.
 */
export type AcpSessionRequest =
  | { ok: true; input: CheckoutSessionInput; pathOf: (field: string) => string | undefined }
  | { ok: false; error: AcpProtocolError };

/** The session's state in the request's terms, which a body patches. Values are unchecked until core checks them. */
interface State {
  lines: CheckoutSessionInput['lines'];
  buyer: { firstName: unknown; lastName: unknown; email: unknown; phone: unknown };
  recipientName: unknown;
  address: Record<keyof NonNullable<CheckoutAddressInput>, unknown> | null;
  fulfilment: { type: 'pickup' | 'delivery' | null; branchCode: unknown; scheduleMode: unknown };
  couponCodes: string[];
}
type CheckoutAddressInput = Extract<CheckoutSessionInput['fulfilment'], { type: 'delivery' }>['address'];

/** Where in the body each part came from, for the JSONPaths of core's refusals. */
interface Sources {
  /** Per line of the body: `{item: {id}}` or `{id}`; null when the lines are the session's. */
  lineShapes: ('item' | 'id')[] | null;
  emailFrom: string;
  phoneFrom: string;
  coupons: '$.discounts.codes' | '$.coupons';
}

const BUYER_KEYS = { firstName: 'first_name', lastName: 'last_name', email: 'email', phone: 'phone_number' } as const;
const ADDRESS_PATHS: Readonly<Record<string, string>> = {
  streetAddress: 'line_one',
  locality: 'city',
  region: 'state',
  postcode: 'postal_code',
  country: 'country',
  recipientName: 'name',
};

const refuse = (field: string, message: string): never => {
  throw new CommerceError('INVALID_INPUT', message, { field });
};

function emptyState(): State {
  return {
    lines: [],
    buyer: { firstName: null, lastName: null, email: null, phone: null },
    recipientName: null,
    address: null,
    fulfilment: { type: null, branchCode: null, scheduleMode: null },
    couponCodes: [],
  };
}

function stateOf(session: CheckoutSessionRecord): State {
  const fulfilment = session.fulfilment;
  const address = fulfilment?.type === 'delivery' ? fulfilment.address : null;
  return {
    lines: session.lines.map(({ cprcode, quantity, lineId }) => ({ cprcode, quantity, lineId })),
    buyer: { ...session.buyer },
    recipientName: address?.recipientName ?? null,
    address: address ? { ...address } : null,
    fulfilment: {
      type: fulfilment?.type ?? null,
      branchCode: fulfilment?.type === 'pickup' ? fulfilment.branchCode : null,
      scheduleMode: fulfilment?.type === 'delivery' ? fulfilment.scheduleMode : null,
    },
    couponCodes: [...session.couponCodes],
  };
}

/** The body's lines in either shape (`{id, quantity?}`, `{item: {id}, quantity}`), quantity 1 when absent; a session line id keeps its line. */
function linesOf(value: unknown, previous: readonly CheckoutLine[], sources: Sources): CheckoutSessionInput['lines'] {
  if (!Array.isArray(value)) return value as CheckoutSessionInput['lines'];
  const known = new Map(previous.map((line) => [line.lineId, line.cprcode]));
  sources.lineShapes = [];
  return value.map((entry: unknown) => {
    const line = isJsonObject(entry) ? entry : {};
    const item = isJsonObject(line.item) ? line.item : null;
    sources.lineShapes!.push(item ? 'item' : 'id');
    const lineId = typeof line.id === 'string' && known.has(line.id) ? line.id : undefined;
    const cprcode = item ? item.id : lineId ? known.get(lineId) : line.id;
    return { cprcode: cprcode as string, quantity: (line.quantity ?? 1) as number, lineId };
  });
}

function patchBuyer(
  state: State,
  value: unknown,
  at: string,
  sources: Sources,
  keys: readonly (keyof State['buyer'])[],
) {
  if (value === null) {
    for (const key of keys) state.buyer[key] = null;
    return;
  }
  if (!isJsonObject(value)) refuse(at, `${at.slice(2)} is an object.`);
  const body = value as JsonObject;
  for (const key of keys) {
    const name = BUYER_KEYS[key];
    if (!Object.hasOwn(body, name)) continue;
    state.buyer[key] = body[name];
    if (key === 'email') sources.emailFrom = `${at}.email`;
    if (key === 'phone') sources.phoneFrom = `${at}.phone_number`;
  }
}

function addressOf(value: JsonObject, recipient: unknown): NonNullable<State['address']> {
  const { line_one: one, line_two: two } = value;
  const street = typeof one === 'string' && typeof two === 'string' && two.trim() !== '' ? `${one}, ${two}` : one;
  return {
    streetAddress: street,
    locality: value.city ?? null,
    region: value.state ?? null,
    postcode: value.postal_code,
    country: value.country,
    recipientName: value.name ?? recipient ?? null,
  };
}

/** `fulfillment_details`: name and address are the delivery's; email and phone are the buyer's. */
function patchDetails(state: State, value: unknown, sources: Sources): void {
  if (value === null) {
    state.recipientName = null;
    state.address = null;
    return;
  }
  if (!isJsonObject(value)) refuse('$.fulfillment_details', 'fulfillment_details is an object.');
  const details = value as JsonObject;
  patchBuyer(state, { email: details.email, phone_number: details.phone_number }, '$.fulfillment_details', sources, [
    ...(Object.hasOwn(details, 'email') ? (['email'] as const) : []),
    ...(Object.hasOwn(details, 'phone_number') ? (['phone'] as const) : []),
  ]);
  if (Object.hasOwn(details, 'name')) state.recipientName = details.name;
  if (!Object.hasOwn(details, 'address')) {
    if (state.address && Object.hasOwn(details, 'name')) state.address.recipientName = details.name;
    return;
  }
  const address = details.address;
  if (address !== null && !isJsonObject(address))
    refuse('$.fulfillment_details.address', 'fulfillment_details.address is an object.');
  state.address = address === null ? null : addressOf(address as JsonObject, state.recipientName);
  // An address asks for delivery there, unless the same body selects an option.
  if (state.address)
    state.fulfilment = { type: 'delivery', branchCode: null, scheduleMode: state.fulfilment.scheduleMode };
}

function patchSelection(state: State, value: unknown): void {
  if (value === null || (Array.isArray(value) && value.length === 0)) {
    state.fulfilment =
      state.fulfilment.type === 'delivery'
        ? { ...state.fulfilment, scheduleMode: null }
        : { type: null, branchCode: null, scheduleMode: null };
    return;
  }
  if (!Array.isArray(value)) return refuse('$.selected_fulfillment_options', 'selected_fulfillment_options is a list.');
  // Every line goes one way: the first selection decides.
  const first: unknown = value[0];
  const chosen = parseOptionId(isJsonObject(first) ? first.option_id : undefined);
  if (!chosen)
    return refuse('$.selected_fulfillment_options[0].option_id', 'Not an id of the session’s fulfillment_options.');
  state.fulfilment =
    chosen.type === 'pickup'
      ? { type: 'pickup', branchCode: chosen.branchCode, scheduleMode: null }
      : { type: 'delivery', branchCode: null, scheduleMode: chosen.scheduleMode };
}

/** A list of codes as text (core checks each code's form); `null` clears. */
function codesOf(value: unknown, at: string): string[] {
  if (value === null) return [];
  if (!Array.isArray(value)) return refuse(at, 'Discount codes are a list of text.');
  value.forEach((code, index) => {
    if (typeof code !== 'string') refuse(`${at}[${index}]`, 'A discount code is text.');
  });
  return value as string[];
}

function patchCoupons(state: State, body: JsonObject, sources: Sources): void {
  if (Object.hasOwn(body, 'discounts')) {
    const discounts = body.discounts;
    if (discounts === null) state.couponCodes = [];
    else if (!isJsonObject(discounts)) refuse('$.discounts', 'discounts is an object.');
    else if (Object.hasOwn(discounts, 'codes')) state.couponCodes = codesOf(discounts.codes, '$.discounts.codes');
  } else if (Object.hasOwn(body, 'coupons')) {
    sources.coupons = '$.coupons';
    state.couponCodes = codesOf(body.coupons, '$.coupons');
  }
}

function inputOf(state: State): CheckoutSessionInput {
  const { fulfilment } = state;
  const address = state.address ? { ...state.address } : null;
  return {
    lines: state.lines,
    buyer: state.buyer as CheckoutSessionInput['buyer'],
    fulfilment:
      fulfilment.type === 'pickup'
        ? ({ type: 'pickup', branchCode: fulfilment.branchCode } as CheckoutSessionInput['fulfilment'])
        : fulfilment.type === 'delivery'
          ? ({ type: 'delivery', address, scheduleMode: fulfilment.scheduleMode } as CheckoutSessionInput['fulfilment'])
          : null,
    couponCodes: state.couponCodes,
  };
}

/** Names core's field (`lines.0.quantity`, `fulfilment.address.postcode`) as the request's JSONPath. */
function requestPath(field: string, sources: Sources): string | undefined {
  if (field.startsWith('$')) return field;
  const [head, second, ...rest] = field.split('.');
  const tail = rest.join('.');
  switch (head) {
    case 'lines': {
      const shape = second === undefined ? undefined : sources.lineShapes?.[Number(second)];
      if (!shape) return '$.line_items';
      if (tail === 'quantity') return `$.line_items[${second}].quantity`;
      if ((tail === 'cprcode' || tail === 'item.id') && shape === 'item') return `$.line_items[${second}].item.id`;
      return `$.line_items[${second}].id`;
    }
    case 'buyer':
      if (second === 'email') return sources.emailFrom;
      if (second === 'phone') return sources.phoneFrom;
      return second === 'firstName' || second === 'lastName' ? `$.buyer.${BUYER_KEYS[second]}` : '$.buyer';
    case 'couponCodes':
      return second === undefined ? sources.coupons : `${sources.coupons}[${second}]`;
    case 'fulfilment':
      if (second === 'address')
        return rest[0]
          ? `$.fulfillment_details.address.${ADDRESS_PATHS[rest[0]] ?? rest[0]}`
          : '$.fulfillment_details.address';
      return second === undefined ? '$.selected_fulfillment_options' : '$.selected_fulfillment_options[0].option_id';
    default:
      return undefined;
  }
}

function read(body: JsonObject, state: State, previous: readonly CheckoutLine[]): AcpSessionRequest {
  const sources: Sources = {
    lineShapes: null,
    emailFrom: '$.buyer.email',
    phoneFrom: '$.buyer.phone_number',
    coupons: '$.discounts.codes',
  };
  const pathOf = (field: string) => requestPath(field, sources);
  try {
    const currency = body.currency;
    if (currency !== undefined && (typeof currency !== 'string' || currency.toLowerCase() !== 'thb'))
      refuse('$.currency', 'The shop sells in thb.');
    if (Object.hasOwn(body, 'line_items')) state.lines = linesOf(body.line_items, previous, sources);
    if (Object.hasOwn(body, 'fulfillment_details')) patchDetails(state, body.fulfillment_details, sources);
    if (Object.hasOwn(body, 'buyer'))
      patchBuyer(state, body.buyer, '$.buyer', sources, ['firstName', 'lastName', 'email', 'phone']);
    if (Object.hasOwn(body, 'selected_fulfillment_options')) patchSelection(state, body.selected_fulfillment_options);
    patchCoupons(state, body, sources);
    return { ok: true, input: inputOf(state), pathOf };
  } catch (error) {
    const refused = acpErrorOf(error, pathOf, 'update');
    if (refused) return { ok: false, error: refused };
    throw error;
  }
}

/**
 * Reads a create body (strict out, lenient in: keys the shop does not know are ignored). Lines take
 * either shape the spec's examples use, `{id, quantity?}` or `{item: {id}, quantity}`, quantity 1
 * when absent. Values pass to core unchecked; core checks every field and `pathOf` names it.
 *
 * @example
 * const read = fromAcpCreateRequest({ line_items: [{ id: '100001' }], currency: 'thb' });
 * // read.ok && read.input.lines: [{ cprcode: '100001', quantity: 1, lineId: undefined }]
 */
export function fromAcpCreateRequest(body: JsonObject): AcpSessionRequest {
  // Lines are required on create: a body without them is refused by core, naming `$.line_items`.
  return read({ ...body, line_items: body.line_items }, emptyState(), []);
}

/**
 * Reads an update body as a patch of the session (rfc §6.2: absent = unchanged, `null` = cleared)
 * and gives core the whole next state (core's update replaces). `buyer` and `fulfillment_details`
 * merge key by key; lines, the address, the selection and the codes are replaced whole. An address
 * asks for delivery (the `local_delivery` options appear); a `pickup_…` selection picks up there.
 */
export function fromAcpUpdateRequest(body: JsonObject, session: CheckoutSessionRecord): AcpSessionRequest {
  return read(body, stateOf(session), session.lines);
}
