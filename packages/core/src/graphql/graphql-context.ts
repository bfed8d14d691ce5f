import { CommerceError } from '../errors.ts';
import { bearerCredential } from '../identity/bearer-credential.ts';
import type { PartnerContext } from '../model/partner.ts';
import type { Commerce } from '../services/commerce.ts';
import type { RateDecision } from '../services/rate-limiter.ts';
import { createRequestLoaders, type RequestLoaders } from '../services/request-loaders.ts';
import { shopperContext, type ShopperContext } from '../services/shopper-context.ts';

/** What every resolver sees: the caller, the services and this request's batch loaders. */
export interface GraphQLContext {
  commerce: Commerce;
  partner: PartnerContext;
  /** The caller's key, forwarded to the search service; never logged. */
  partnerKey: string;
  requestId: string;
  /** From the `Idempotency-Key` header or the request's `extensions.idempotencyKey`. */
  idempotencyKey: string | null;
  loaders: RequestLoaders;
  /** The verified shopper, checked once per request; throws `UNAUTHENTICATED`. */
  shopper(): Promise<ShopperContext>;
  /**
   * Counts `count` shopper-scoped mutations against the shopper's own limit, so that one shopper
   * cannot spend the partner's budget; null (nothing counted) without an acceptable id token, since
   * those mutations are refused with `UNAUTHENTICATED` anyway.
   */
  takeShopperMutations(count: number): Promise<RateDecision | null>;
}

export interface GraphQLContextInput {
  commerce: Commerce;
  partner: PartnerContext;
  partnerKey: string;
  requestId: string;
  /** The `Authorization` header value. */
  authorization: string | undefined;
  idempotencyKey: string | null;
}

/**
 * The context of one GraphQL request: the partner, the services and fresh batch loaders; the
 * shopper's id token is verified on first use, once per request.
 *
 * @example
 * const contextValue = createGraphQLContext({ commerce, partner, partnerKey, requestId, authorization, idempotencyKey: null });
 */
export function createGraphQLContext(input: GraphQLContextInput): GraphQLContext {
  let shopper: Promise<ShopperContext> | undefined;
  return {
    commerce: input.commerce,
    partner: input.partner,
    partnerKey: input.partnerKey,
    requestId: input.requestId,
    idempotencyKey: input.idempotencyKey,
    loaders: createRequestLoaders(input.commerce.grocer, input.commerce.catalog),
    shopper() {
      shopper ??= verifyShopper(input);
      return shopper;
    },
    async takeShopperMutations(count) {
      if (count === 0 || !input.authorization) return null;
      const verified = await this.shopper().catch(() => null);
      if (!verified) return null;
      return input.commerce.rateLimiter.take(
        `${input.partner.partnerId}:${verified.scope.ownerId}`,
        input.commerce.ratePolicies.shopperMutations,
        count,
      );
    },
  };
}

async function verifyShopper(input: GraphQLContextInput): Promise<ShopperContext> {
  const token = bearerCredential(input.authorization);
  if (!token || !/^[A-Za-z0-9_.\-=]{1,8192}$/.test(token))
    throw new CommerceError('UNAUTHENTICATED', 'Send the shopper id token as Authorization: Bearer <token>.');
  const verified = await input.commerce.identity.verify(token, input.partner.clientIds);
  return shopperContext(input.partner, verified);
}
