import type { ShopperScope } from '../model/basket.ts';
import type { PartnerContext } from '../model/partner.ts';
import type { VerifiedShopper } from '../ports/identity-verifier.ts';

/** Who is asking, for shopper-scoped services: the partner key's partner and the verified shopper. */
export interface ShopperContext {
  partner: PartnerContext;
  shopper: VerifiedShopper;
  scope: ShopperScope;
}

/**
 * The context of a shopper's request: the partner that sends it and the verified shopper, with the
 * scope (partner, environment, shopper) that their baskets and orders are kept under.
 *
 * @example
 * const ctx = shopperContext(partner, await commerce.identity.verify(idToken, partner.clientIds));
 */
export function shopperContext(partner: PartnerContext, shopper: VerifiedShopper): ShopperContext {
  return {
    partner,
    shopper,
    scope: { partnerId: partner.partnerId, environment: partner.environment, ownerId: shopper.ownerId },
  };
}
