import { CommerceError } from '../errors.ts';
import type { CalculateRequest } from '../model/pricing.ts';
import type { Store } from '../ports/store.ts';
import type { BranchService } from './branch-service.ts';
import {
  type AddressInputShape,
  normaliseAddress,
  normaliseCoupons,
  normaliseLines,
  requireDeliveryAddress,
  requireFulfilment,
  requireScheduleMode,
} from './input-validation.ts';
import type { ShopperContext } from './shopper-context.ts';

/** The fields QuoteInput and OrderCreateInput share. */
export interface PricingInput {
  branchCode?: string | null | undefined;
  lines?: readonly { cprcode: string; quantity: number }[] | null | undefined;
  shippingType?: string | null | undefined;
  scheduleMode?: string | null | undefined;
  address?: AddressInputShape | null | undefined;
  couponCodes?: readonly string[] | null | undefined;
}

export interface PreparedPricing {
  request: CalculateRequest;
  /** True when the lines came from the shopper's basket. */
  fromBasket: boolean;
}

/**
 * Turns a quote or order input into what the grocer's calculator prices: the given lines or the
 * basket's, at the given branch or the basket's (or the default), validated field by field.
 */
export async function preparePricing(
  ctx: ShopperContext,
  input: PricingInput,
  deps: { store: Store; branches: BranchService },
): Promise<PreparedPricing> {
  const fromBasket = input.lines === null || input.lines === undefined;
  const branchGiven = input.branchCode !== null && input.branchCode !== undefined;
  // The basket is read only when it supplies the lines or the branch.
  const basket = fromBasket || !branchGiven ? await deps.store.getBasket(ctx.scope) : null;
  if (fromBasket && (!basket || basket.lines.length === 0)) {
    throw new CommerceError('EMPTY_BASKET', 'The basket is empty: add lines, or pass lines in the input.', {
      field: 'input.lines',
    });
  }
  const lines = normaliseLines(fromBasket ? basket!.lines : input.lines!, 'input.lines');
  const branch = branchGiven
    ? await deps.branches.require(input.branchCode!, 'input.branchCode')
    : basket
      ? await deps.branches.require(basket.branchCode, 'input.branchCode')
      : await deps.branches.defaultBranch();
  const fulfilment = requireFulfilment(input.shippingType ?? 'PICKUP', 'input.shippingType');
  const address = normaliseAddress(input.address, 'input.address');
  requireDeliveryAddress(fulfilment, address, 'input.address');
  return {
    fromBasket,
    request: {
      branchCode: branch.branchCode,
      lines,
      fulfilment,
      scheduleMode: requireScheduleMode(input.scheduleMode ?? 'REGULAR', 'input.scheduleMode'),
      address,
      couponCodes: normaliseCoupons(input.couponCodes, 'input.couponCodes'),
      orderSource: ctx.partner.orderSource,
    },
  };
}

/** Grocer errors name fields relative to the priced request (`lines.2.quantity`); inputs name them under `input`. */
export function inInput(error: unknown): unknown {
  if (error instanceof CommerceError && error.field !== undefined && !error.field.startsWith('input'))
    return error.withField(`input.${error.field}`);
  return error;
}
