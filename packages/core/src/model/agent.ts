import type { AgentProtocol } from './checkout-session.ts';
import type { Environment, PartnerContext } from './partner.ts';

/**
 * An agent platform a partner lets check out in its shop (DESIGN §6 "Callers"): its credential
 * (`ak_test_…` / `ak_live_…`, stored hashed) is sent as `Authorization: Bearer` or `X-API-Key`.
 */
export interface AgentRecord {
  agentId: string;
  partnerId: string;
  environment: Environment;
  name: string;
  protocols: AgentProtocol[];
  /** Where ACP order events go (UCP takes its webhook from the caller's profile). */
  webhookUrl: string | null;
  /** First characters of the credential, safe to show and log. */
  tokenPrefix: string;
  createdAt: string;
  revokedAt: string | null;
}

/** What a verified agent credential tells about its caller. */
export interface AgentContext {
  agent: AgentRecord;
  partner: PartnerContext;
}

/**
 * One of the partner's own ES256 keys, which sign its UCP responses and webhooks; published (public
 * part only) in its profile's `signing_keys` until retired and past its grace period.
 */
export interface SigningKeyRecord {
  partnerId: string;
  /** The JWK `kid`. */
  keyId: string;
  /** Private JWK (`kty: EC`, `crv: P-256`, with `d`). */
  privateJwk: Record<string, unknown>;
  publicJwk: Record<string, unknown>;
  createdAt: string;
  /** When a rotation replaced it; it is still published (receivers may hold signatures by it) but signs nothing. */
  retiredAt: string | null;
}

/** What the protocols show of the partner's shop (UCP links, ACP discovery, e-mails). */
export interface ShopSettings {
  partnerId: string;
  shopName: string | null;
  supportEmail: string | null;
  privacyPolicyUrl: string | null;
  termsOfServiceUrl: string | null;
  refundPolicyUrl: string | null;
  shippingPolicyUrl: string | null;
  faqUrl: string | null;
  updatedAt: string;
}
