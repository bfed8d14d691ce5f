export type Environment = 'sandbox' | 'production';

export interface Partner {
  partnerId: string;
  name: string;
  /** The partner's default environment (that of its first key). */
  environment: Environment;
  /** Stamped on every quote and order of the partner. */
  orderSource: string;
  createdAt: string;
  /** When the partner's fulfilment-branch resolution was confirmed (a go-live requirement). */
  branchResolutionConfirmedAt: string | null;
  /** When the partner went live; until then every order of the partner is a sandbox order. */
  liveAt: string | null;
}

/** What a verified partner key tells about its caller. */
export interface PartnerContext {
  partnerId: string;
  partnerName: string;
  orderSource: string;
  environment: Environment;
  /** First characters of the key, safe to log and to name the key by. */
  keyPrefix: string;
  /** App client ids whose id tokens this partner accepts. */
  clientIds: string[];
  /** Whether the partner has gone live: a production key places production orders only then. */
  live: boolean;
}

/** Production orders need a production key and a partner that has gone live; all others are sandbox orders. */
export function placesSandboxOrders(partner: Pick<PartnerContext, 'environment' | 'live'>): boolean {
  return partner.environment === 'sandbox' || !partner.live;
}

export interface PartnerKeyRecord {
  keyPrefix: string;
  partnerId: string;
  environment: Environment;
  createdAt: string;
  revokedAt: string | null;
}

export interface AppClient {
  clientId: string;
  partnerId: string;
  redirectUris: string[];
  createdAt: string;
}

/**
 * Resolves an `X-Partner-Key` header value to its partner, or null when it is missing, unknown or
 * revoked. Surfaces answer null with HTTP 401 `PARTNER_KEY_INVALID`.
 */
export type PartnerKeyVerifier = (partnerKey: string | undefined) => Promise<PartnerContext | null>;
