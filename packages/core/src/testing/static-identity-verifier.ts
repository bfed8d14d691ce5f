import { CommerceError } from '../errors.ts';
import { ID_TOKEN_NOT_ACCEPTED } from '../identity/jwt-identity-verifier.ts';
import type { IdentityVerifier, VerifiedShopper } from '../ports/identity-verifier.ts';

/**
 * An `IdentityVerifier` that knows a fixed set of id tokens: a token it was given verifies as its
 * shopper when the shopper's app client is one of the partner's; anything else is refused with
 * `UNAUTHENTICATED`, as the real verifier refuses.
 *
 * @example
 * const identity = new StaticIdentityVerifier({ 'token-ann': { ownerId: 'ann', email: 'ann@example.com', clientId: 'client-1' } });
 */
export class StaticIdentityVerifier implements IdentityVerifier {
  readonly #shoppers: Map<string, VerifiedShopper>;

  constructor(shoppers: Record<string, VerifiedShopper>) {
    this.#shoppers = new Map(Object.entries(shoppers));
  }

  async verify(idToken: string, allowedClientIds: readonly string[]): Promise<VerifiedShopper> {
    const shopper = this.#shoppers.get(idToken);
    if (!shopper || !allowedClientIds.includes(shopper.clientId))
      throw new CommerceError('UNAUTHENTICATED', ID_TOKEN_NOT_ACCEPTED);
    return shopper;
  }
}
