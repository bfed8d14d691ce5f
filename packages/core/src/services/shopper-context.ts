import type { ShopperScope } from '../model/basket.ts';
import type { PartnerContext } from '../model/partner.ts';
import type { VerifiedShopper } from '../ports/identity-verifier.ts';

/** Who is asking, for shopper-scoped services: the partner key's partner and the verified shopper. */
export interface ShopperContext {
  partner: PartnerContext;
  shopper: VerifiedShopper;
  scope: ShopperScope;
}

export function shopperContext(partner: PartnerContext, shopper: VerifiedShopper): ShopperContext {
  return { partner, shopper, scope: { partnerId: partner.partnerId, environment: partner.environment, ownerId: shopper.ownerId } };
}
