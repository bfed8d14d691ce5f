import { CommerceError } from '../errors.ts';
import type {
  CheckoutAddress,
  CheckoutBuyer,
  CheckoutFulfilment,
  CheckoutLine,
  CheckoutSessionInput,
} from '../model/checkout-session.ts';
import { newId } from '../model/ids.ts';
import { LIMITS } from '../model/limits.ts';
import {
  normaliseCoupons,
  requireBranchCode,
  requireCprcode,
  requireQuantity,
  requireSafeText,
} from './input-validation.ts';

/** The session's state as an input asks for it, checked field by field (protocol errors name the field). */
export interface CheckedSessionInput {
  lines: CheckoutLine[];
  buyer: CheckoutBuyer;
  fulfilment: CheckoutFulfilment | null;
  couponCodes: string[];
}

const LINE_ID_PATTERN = /^li_[0-9a-f]{32}$/;
const E164_PATTERN = /^\+[1-9][0-9]{6,14}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optionalText(value: unknown, max: number, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new CommerceError('INVALID_INPUT', 'Must be text.', { field });
  if (value.length > max) throw new CommerceError('INVALID_INPUT', `At most ${max} characters.`, { field });
  const trimmed = requireSafeText(value, field).trim();
  return trimmed === '' ? null : trimmed;
}

function requiredText(value: unknown, max: number, field: string): string {
  const text = optionalText(value, max, field);
  if (text === null) throw new CommerceError('INVALID_INPUT', 'Required.', { field });
  return text;
}

/**
 * Lines keep their ids: a product already on the session keeps its `li_…` whatever the input says,
 * a new one gets a fresh id, and repeats of a product are merged into its first line.
 */
function checkLines(
  lines: CheckoutSessionInput['lines'],
  previous: readonly CheckoutLine[],
  field: string,
): CheckoutLine[] {
  if (!Array.isArray(lines as unknown)) throw new CommerceError('INVALID_INPUT', 'Lines must be a list.', { field });
  if (lines.length === 0) throw new CommerceError('EMPTY_BASKET', 'A checkout needs at least one line.', { field });
  if (lines.length > LIMITS.maxLines)
    throw new CommerceError('INVALID_INPUT', `At most ${LIMITS.maxLines} lines are allowed.`, { field });
  const byProduct = new Map(previous.map((line) => [line.cprcode, line.lineId]));
  const merged = new Map<string, CheckoutLine>();
  lines.forEach((line, index) => {
    const cprcode = requireCprcode(line.cprcode, `${field}.${index}.item.id`);
    const quantity = requireQuantity(line.quantity, `${field}.${index}.quantity`);
    const given = line.lineId;
    if (given !== null && given !== undefined && (typeof given !== 'string' || !LINE_ID_PATTERN.test(given)))
      throw new CommerceError('INVALID_INPUT', 'Not a line id of this session.', { field: `${field}.${index}.id` });
    const existing = merged.get(cprcode);
    const total = requireQuantity((existing?.quantity ?? 0) + quantity, `${field}.${index}.quantity`);
    merged.set(cprcode, {
      lineId: existing?.lineId ?? byProduct.get(cprcode) ?? newId('li'),
      cprcode,
      quantity: total,
    });
  });
  return [...merged.values()];
}

function checkBuyer(buyer: CheckoutSessionInput['buyer'], field: string): CheckoutBuyer {
  const email = optionalText(buyer?.email, 254, `${field}.email`);
  if (email !== null && !EMAIL_PATTERN.test(email))
    throw new CommerceError('INVALID_INPUT', 'Not an e-mail address.', { field: `${field}.email` });
  const phone = optionalText(buyer?.phone, 16, `${field}.phone`);
  if (phone !== null && !E164_PATTERN.test(phone))
    throw new CommerceError('INVALID_INPUT', 'A phone number is in E.164 form, e.g. +66812345678.', {
      field: `${field}.phone`,
    });
  return {
    firstName: optionalText(buyer?.firstName, 100, `${field}.firstName`),
    lastName: optionalText(buyer?.lastName, 100, `${field}.lastName`),
    email,
    phone,
  };
}

function checkAddress(address: CheckoutAddress, field: string): CheckoutAddress {
  const country = requiredText(address.country, 2, `${field}.country`).toUpperCase();
  const postcode = requiredText(address.postcode, 5, `${field}.postcode`);
  if (!/^[0-9]{5}$/.test(postcode))
    throw new CommerceError('INVALID_INPUT', 'A Thai postcode is five digits.', { field: `${field}.postcode` });
  if (!/^[A-Z]{2}$/.test(country))
    throw new CommerceError('INVALID_INPUT', 'A country is an ISO 3166-1 alpha-2 code.', { field: `${field}.country` });
  return {
    streetAddress: requiredText(address.streetAddress, 300, `${field}.streetAddress`),
    locality: optionalText(address.locality, 100, `${field}.locality`),
    region: optionalText(address.region, 100, `${field}.region`),
    postcode,
    country,
    recipientName: optionalText(address.recipientName, 200, `${field}.recipientName`),
  };
}

function checkFulfilment(fulfilment: CheckoutSessionInput['fulfilment'], field: string): CheckoutFulfilment | null {
  if (fulfilment === null || fulfilment === undefined) return null;
  if (fulfilment.type === 'pickup') {
    const branchCode = fulfilment.branchCode;
    return {
      type: 'pickup',
      branchCode: branchCode === null ? null : requireBranchCode(branchCode, `${field}.branchCode`),
    };
  }
  if (fulfilment.type === 'delivery') {
    const mode = fulfilment.scheduleMode;
    if (mode !== null && mode !== 'REGULAR' && mode !== 'EXPRESS')
      throw new CommerceError('INVALID_INPUT', 'A delivery slot is REGULAR or EXPRESS.', {
        field: `${field}.scheduleMode`,
      });
    return {
      type: 'delivery',
      address: fulfilment.address === null ? null : checkAddress(fulfilment.address, `${field}.address`),
      scheduleMode: mode,
    };
  }
  throw new CommerceError('INVALID_INPUT', 'Fulfilment is pickup or delivery.', { field: `${field}.type` });
}

/** Checks a whole input: the session's state after a create or a (full) update. */
export function checkSessionInput(input: CheckoutSessionInput, previous: readonly CheckoutLine[]): CheckedSessionInput {
  return {
    lines: checkLines(input.lines, previous, 'lines'),
    buyer: checkBuyer(input.buyer, 'buyer'),
    fulfilment: checkFulfilment(input.fulfilment, 'fulfilment'),
    couponCodes: normaliseCoupons(input.couponCodes, 'couponCodes'),
  };
}
