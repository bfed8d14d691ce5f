import type { Commerce } from '@grocery/core';
import { bearerCredential, type HttpRequest } from '@grocery/core/http';
import { protocolError, type UcpProtocolError } from './envelope.ts';

/** Who drives sessions in core: partner, caller id, protocol, profile and webhook. */
export type SessionCaller = Parameters<Commerce['sessions']['get']>[0];

/** The business a request is for: the partner, and the agent base its URLs are built from. */
export interface UcpTarget {
  partnerId: string;
  /** `{base_url}/agents/{partnerId}` or `https://{domain}`, without a trailing slash. */
  agentBase: string;
}

/** An authenticated caller, before negotiation: the session caller without profile, and its key scope. */
export interface UcpPrincipal {
  caller: SessionCaller;
  /** Owner of the caller's idempotency keys in the store (`agent:{agentId}`). */
  ownerId: string;
  /** The profile a caller known by its profile (signed, or unsigned in the sandbox) is; negotiation uses no other. */
  profileUrl?: string;
}

/**
 * Verifies a request that carries no credential by its RFC 9421 signature against the keys of its
 * `UCP-Agent` profile (the signature primitives provide it): the caller (its `callerId` the verified
 * profile URL), a protocol error (`signature_invalid` …), or null when the request is not signed.
 */
export type SignedCallerVerifier = (
  request: HttpRequest,
  target: UcpTarget,
) => Promise<UcpPrincipal | UcpProtocolError | null>;

/** What negotiation with the caller's profile settles (overview.md "Negotiation Protocol"). */
export interface UcpNegotiation {
  profileUrl: string | null;
  /** The order capability's `config.webhook_url` of the caller's profile. */
  webhookUrl: string | null;
  /** The capabilities of both sides, after pruning; null for all of the business's. */
  active: readonly string[] | null;
}

/**
 * Negotiates with the caller's profile, named by the `UCP-Agent` header (REST) or
 * `meta["ucp-agent"].profile` (MCP): the primitives fetch it through the SSRF guard and intersect
 * capabilities; `invalid_profile_url`, `profile_unreachable`, `version_unsupported` … as protocol
 * errors. Without a negotiator, every capability is active and no profile is recorded.
 */
export type UcpNegotiator = (
  agent: { header: string | undefined; profileUrl: string | undefined },
  principal: UcpPrincipal,
  target: UcpTarget,
) => Promise<UcpNegotiation | UcpProtocolError>;

/** Negotiation without a negotiator: everything the business offers, no profile. */
export const NO_NEGOTIATION: UcpNegotiation = { profileUrl: null, webhookUrl: null, active: null };

const unauthorized = (content: string): UcpProtocolError =>
  protocolError(401, 'unauthorized', content, { headers: { 'www-authenticate': 'Bearer realm="ucp"' } });

export function isProtocolError(value: unknown): value is UcpProtocolError {
  return typeof value === 'object' && value !== null && 'status' in value && 'code' in value && 'content' in value;
}

/**
 * The caller of a request: an agent credential the partner issued (`Authorization: Bearer ak_…` or
 * `X-API-Key`), which must be the target partner's and list `ucp` (401 otherwise, 403 for an agent
 * not allowed UCP); or, with no credential, a signed request (when a verifier is given). One unit
 * of the agent's rate budget is taken per request (429 with `Retry-After` past it).
 */
export async function authenticateUcpCaller(
  commerce: Commerce,
  request: HttpRequest,
  target: UcpTarget,
  verifySigned: SignedCallerVerifier | undefined,
): Promise<UcpPrincipal | UcpProtocolError> {
  const token = bearerCredential(request.headers.authorization) ?? request.headers['x-api-key'];
  if (token === undefined) {
    const signed = verifySigned ? await verifySigned(request, target) : null;
    return signed ?? unauthorized('Send the agent credential the shop issued, as Authorization: Bearer or X-API-Key.');
  }
  const context = await commerce.agents.verify(token);
  if (!context || context.agent.partnerId !== target.partnerId)
    return unauthorized('The agent credential is not valid for this shop.');
  if (!context.agent.protocols.includes('ucp'))
    return protocolError(403, 'forbidden', 'This agent credential is not allowed to use UCP.');
  const { agent, partner } = context;
  const decision = await commerce.rateLimiter.take(
    `agent:${agent.agentId}`,
    commerce.ratePolicies.partner[partner.environment],
  );
  if (!decision.allowed)
    return protocolError(429, 'rate_limited', `Too many requests; retry in ${decision.resetSeconds} s.`, {
      retryAfterSeconds: Math.max(1, decision.resetSeconds),
    });
  return {
    caller: { partner, callerId: agent.agentId, protocol: 'ucp', webhookUrl: null, profileUrl: null },
    ownerId: `agent:${agent.agentId}`,
  };
}
