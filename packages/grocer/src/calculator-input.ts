// Validation of a calculate request: each refusal names the field at fault.
import { CommerceError, isBranchCode, isCprcode, LIMITS } from '@grocery/core';
import type { Address, CalculateRequest } from '@grocery/core/ports';
import type { BranchProfile } from './branch-directory.ts';
import {
  FULFILMENT_TYPES,
  SCHEDULE_MODES,
  type CalculatorContext,
  type CheckedLine,
  type CheckedRequest,
  type ScheduleMode,
} from './calculator-model.ts';

/** Longest coupon code accepted (longer ones are refused as input, not reported as unknown). */
export const MAX_COUPON_CODE_LENGTH = 40;

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

/** Validates the request's shape and finds its branch; throws naming the field at fault. */
export function checkRequest(request: CalculateRequest, context: CalculatorContext): CheckedRequest {
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
