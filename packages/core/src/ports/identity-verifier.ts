/** A shopper whose id token was verified. */
export interface VerifiedShopper {
  /** The bare `sub` of the id token: the domain's `ownerId`. */
  ownerId: string;
  email: string | null;
  /** The app client (`aud`) the token was issued to. */
  clientId: string;
}

/**
 * Verifies a shopper's id token. Implementations throw `CommerceError('UNAUTHENTICATED')` for any
 * token that is not accepted, without saying more than "not accepted" to the caller.
 */
export interface IdentityVerifier {
  /** `allowedClientIds` are the app clients issued to the calling partner. */
  verify(idToken: string, allowedClientIds: readonly string[]): Promise<VerifiedShopper>;
}
