import { CommerceError } from '../errors.ts';
import { isBranchCode } from '../model/branch.ts';
import { LIMITS } from '../model/limits.ts';
import type { Address, FulfilmentType, LineRequest } from '../model/pricing.ts';
import { isCprcode } from '../model/product.ts';

/** Checks that go with every input path: each throws a CommerceError that names the field. */

/**
 * Characters no text input may carry: NUL and the other C0 controls except tab and line feed (a
 * carriage return only as part of CRLF, which browsers send for line breaks), and lone UTF-16
 * surrogates, which no UTF-8 encoder can write (the database and the grocer refuse them).
 */
const UNSAFE_TEXT =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|\r(?!\n)|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refuses text with a character of `UNSAFE_TEXT`, naming the field and the position. */
export function requireSafeText(value: string, field: string): string {
  const found = UNSAFE_TEXT.exec(value);
  if (found) {
    const code = found[0].charCodeAt(found[0].length === 2 ? 1 : 0);
    const what =
      code >= 0xd800 && code <= 0xdfff
        ? 'a lone surrogate'
        : code === 0
          ? 'a NUL character'
          : `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    throw new CommerceError(
      'INVALID_INPUT',
      `${field} contains ${what} at position ${found.index}; text may not carry control characters other than tab and newline.`,
      { field },
    );
  }
  return value;
}

/**
 * Checks every string inside an input (arguments, a JSON body, form fields) before anything happens
 * with it, so that no request with unusable text reaches the grocer, the database or a provider.
 * Walks iteratively: a deeply nested body cannot exhaust the stack.
 *
 * @example
 * requireSafeInput({ input: { specialComment: 'a\u0000b' } }); // INVALID_INPUT, field input.specialComment
 */
export function requireSafeInput(value: unknown, field = ''): void {
  const pending: [unknown, string][] = [[value, field]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') requireSafeText(item, path || 'input');
    else if (Array.isArray(item))
      item.forEach((element, index) => pending.push([element, path ? `${path}.${index}` : String(index)]));
    else if (typeof item === 'object' && item !== null)
      for (const [key, element] of Object.entries(item)) pending.push([element, path ? `${path}.${key}` : key]);
  }
}

export function requireCprcode(value: unknown, field: string): string {
  if (!isCprcode(value)) throw new CommerceError('INVALID_CPRCODE', 'A cprcode is 1 to 12 digits.', { field });
  return value;
}

export function requireBranchCode(value: unknown, field: string): string {
  if (!isBranchCode(value))
    throw new CommerceError('INVALID_BRANCH', 'A branch code is 2 to 8 letters or digits.', { field });
  return value;
}

export function requireQuantity(value: unknown, field: string, options: { allowZero?: boolean } = {}): number {
  const min = options.allowZero ? 0 : 1;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > LIMITS.maxLineQuantity) {
    throw new CommerceError(
      'INVALID_QUANTITY',
      `Quantity must be a whole number from ${min} to ${LIMITS.maxLineQuantity}.`,
      { field },
    );
  }
  return value;
}

/** Validates lines and merges repeated products into one line each, keeping first-seen order. */
export function normaliseLines(
  lines: readonly { cprcode: unknown; quantity: unknown }[],
  field: string,
): LineRequest[] {
  if (lines.length === 0) throw new CommerceError('EMPTY_BASKET', 'There are no lines to price or order.', { field });
  if (lines.length > LIMITS.maxLines)
    throw new CommerceError('INVALID_INPUT', `At most ${LIMITS.maxLines} lines are allowed.`, { field });
  const merged = new Map<string, number>();
  lines.forEach((line, index) => {
    const cprcode = requireCprcode(line.cprcode, `${field}.${index}.cprcode`);
    const quantity = requireQuantity(line.quantity, `${field}.${index}.quantity`);
    merged.set(cprcode, requireQuantity((merged.get(cprcode) ?? 0) + quantity, `${field}.${index}.quantity`));
  });
  return [...merged].map(([cprcode, quantity]) => ({ cprcode, quantity }));
}

export function requireFulfilment(value: unknown, field: string): FulfilmentType {
  if (value === 'PICKUP' || value === 'DELIVERY') return value;
  throw new CommerceError('INVALID_INPUT', 'shippingType is PICKUP or DELIVERY.', { field });
}

const SCHEDULE_MODES = ['REGULAR', 'EXPRESS'] as const;

export function requireScheduleMode(value: unknown, field: string): string {
  if (typeof value === 'string' && (SCHEDULE_MODES as readonly string[]).includes(value)) return value;
  throw new CommerceError('INVALID_INPUT', `scheduleMode is one of ${SCHEDULE_MODES.join(', ')}.`, { field });
}

const COUPON_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** Coupon codes, upper-cased; repeats stay in so the calculator can report them as DUPLICATE. */
export function normaliseCoupons(codes: readonly string[] | null | undefined, field: string): string[] {
  if (!codes) return [];
  // Inputs from JSON bodies (agent protocols) may carry anything: refuse what is not a list of text.
  if (!Array.isArray(codes as unknown))
    throw new CommerceError('INVALID_INPUT', 'Coupon codes are a list of text.', { field });
  if (codes.length > LIMITS.maxCoupons)
    throw new CommerceError('INVALID_INPUT', `At most ${LIMITS.maxCoupons} coupon codes are allowed.`, { field });
  return codes.map((code, index) => {
    if (typeof code !== 'string')
      throw new CommerceError('INVALID_INPUT', 'A coupon code is text.', { field: `${field}.${index}` });
    const trimmed = requireSafeText(code, `${field}.${index}`).trim();
    if (!COUPON_PATTERN.test(trimmed))
      throw new CommerceError('INVALID_INPUT', 'A coupon code is 1 to 32 letters, digits, - or _.', {
        field: `${field}.${index}`,
      });
    return trimmed.toUpperCase();
  });
}

function optionalText(value: string | null | undefined, max: number, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (value.length > max) throw new CommerceError('INVALID_INPUT', `At most ${max} characters.`, { field });
  requireSafeText(value, field);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function optionalCoordinate(value: number | null | undefined, limit: number, field: string): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value) || Math.abs(value) > limit)
    throw new CommerceError('INVALID_INPUT', `Must be a number from -${limit} to ${limit}.`, { field });
  return value;
}

export interface AddressInputShape {
  lat?: number | null;
  lon?: number | null;
  postcode?: string | null;
  address?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  email?: string | null;
}

export function normaliseAddress(input: AddressInputShape | null | undefined, field: string): Address | null {
  if (!input) return null;
  const postcode = optionalText(input.postcode, 5, `${field}.postcode`);
  if (postcode !== null && !/^[0-9]{5}$/.test(postcode))
    throw new CommerceError('INVALID_INPUT', 'A Thai postcode is five digits.', { field: `${field}.postcode` });
  const email = optionalText(input.email, 254, `${field}.email`);
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new CommerceError('INVALID_INPUT', 'Not an e-mail address.', { field: `${field}.email` });
  return {
    lat: optionalCoordinate(input.lat, 90, `${field}.lat`),
    lon: optionalCoordinate(input.lon, 180, `${field}.lon`),
    postcode,
    address: optionalText(input.address, 500, `${field}.address`),
    firstName: optionalText(input.firstName, 100, `${field}.firstName`),
    lastName: optionalText(input.lastName, 100, `${field}.lastName`),
    phone: optionalText(input.phone, 30, `${field}.phone`),
    email,
  };
}

/** Delivery needs coordinates (spec: ADDRESS_REQUIRED). */
export function requireDeliveryAddress(fulfilment: FulfilmentType, address: Address | null, field: string): void {
  if (fulfilment === 'DELIVERY' && (address?.lat == null || address.lon == null)) {
    throw new CommerceError('ADDRESS_REQUIRED', 'Delivery needs the address coordinates (lat and lon).', { field });
  }
}

export function optionalComment(value: string | null | undefined, field: string): string | null {
  return optionalText(value, LIMITS.maxSpecialCommentLength, field);
}

/** An absolute http(s) URL of reasonable length, or null. */
export function optionalHttpUrl(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CommerceError('INVALID_INPUT', 'Not an absolute URL.', { field });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || value.length > 2000) {
    throw new CommerceError('INVALID_INPUT', 'Must be an http or https URL of at most 2000 characters.', { field });
  }
  return url.toString();
}
