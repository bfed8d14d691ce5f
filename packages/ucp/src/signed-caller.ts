import type { Commerce, PartnerContext } from '@grocery/core';
import type { HttpRequest } from '@grocery/core/http';
import { protocolError, type UcpProtocolError } from './envelope.ts';
import type { ProfileFetcher } from './profile-fetcher.ts';
import type { SigningJwk } from './signatures/signing-keys.ts';
import { verifyRequestSignature, type VerifyMessageOptions } from './signatures/verify-message.ts';
import { parseUcpAgent } from './ucp-agent.ts';
import type { SignedCallerVerifier, UcpPrincipal, UcpTarget } from './ucp-caller.ts';
import { isUcpError } from './ucp-error.ts';

export interface SignedCallerOptions {
  commerce: Commerce;
  /** The profile fetcher (SSRF guard, timeout, cache); the negotiator's, so that a request fetches a profile once. */
  fetcher: ProfileFetcher;
  /** Oldest `created` accepted, in seconds (default 300), and the clock skew tolerated (default 60). */
  maxAgeSeconds?: number;
  clockSkewSeconds?: number;
}

/** The partner as a signed caller acts for it: the partner's own environment (production once live). */
async function partnerContextOf(commerce: Commerce, partnerId: string): Promise<PartnerContext | null> {
  const partner = await commerce.store.getPartner(partnerId);
  if (!partner) return null;
  const live = partner.environment === 'production' && partner.liveAt !== null;
  return {
    partnerId: partner.partnerId,
    partnerName: partner.name,
    orderSource: partner.orderSource,
    environment: live ? 'production' : 'sandbox',
    // Names the caller in logs where an agent credential's prefix would.
    keyPrefix: 'ucp:signed',
    clientIds: [],
    live,
  };
}

/** The caller a profile URL names, with a rate budget of its own (429 with `Retry-After` past it). */
async function profileCaller(
  commerce: Commerce,
  partner: PartnerContext,
  profileUrl: URL,
): Promise<UcpPrincipal | UcpProtocolError> {
  const callerId = profileUrl.href;
  const decision = await commerce.rateLimiter.take(
    `ucp-profile:${callerId}`,
    commerce.ratePolicies.partner[partner.environment],
  );
  if (!decision.allowed)
    return protocolError(429, 'rate_limited', `Too many requests; retry in ${decision.resetSeconds} s.`, {
      retryAfterSeconds: Math.max(1, decision.resetSeconds),
    });
  return {
    caller: { partner, callerId, protocol: 'ucp', webhookUrl: null, profileUrl: null },
    ownerId: `profile:${callerId}`,
  };
}

/** The URL the platform called: the agent base it found in the profile, and the path and query under it. */
function calledUrl(request: HttpRequest, target: UcpTarget): string {
  const query = request.query.toString();
  return `${target.agentBase}${request.path}${query ? `?${query}` : ''}`;
}

const isSigned = (request: HttpRequest): boolean =>
  request.headers.signature !== undefined || request.headers['signature-input'] !== undefined;

/**
 * Authenticates a request that carries no agent credential by its RFC 9421 signature
 * (signatures.md "REST Request Verification"): the signer's profile is the one its `UCP-Agent`
 * header names (https; http too for sandbox partners), fetched through `fetcher`; the signature's
 * `keyid` picks a key of its `signing_keys` (an unknown one refetches the profile, at most once per
 * TTL floor, for a platform that just rotated); the covered components must include those UCP
 * requires, `Content-Digest` must match the raw body, and `created` must be recent. The caller is
 * the verified profile URL, with its own rate budget. An unsigned request is the caller its
 * `UCP-Agent` profile names on a sandbox business (DESIGN §6), and not its business elsewhere (null:
 * the handler answers 401); a signature that fails is its UCP error (401 `signature_invalid`,
 * `key_not_found`, `signature_missing`; 400 `digest_mismatch`, `algorithm_unsupported`; the
 * profile's 400/422/424).
 *
 * @example
 * const fetcher = createProfileFetcher();
 * createUcpHandler({ commerce, negotiate: createProfileNegotiator(fetcher), verifySignedCaller: createSignedCallerVerifier({ commerce, fetcher }) });
 */
export function createSignedCallerVerifier(options: SignedCallerOptions): SignedCallerVerifier {
  const { commerce, fetcher } = options;

  const verify = async (request: HttpRequest, target: UcpTarget): Promise<UcpPrincipal | UcpProtocolError> => {
    const partner = await partnerContextOf(commerce, target.partnerId);
    if (!partner) return protocolError(401, 'unauthorized', 'There is no such business.');
    const sandbox = partner.environment === 'sandbox';
    const { profileUrl } = parseUcpAgent(request.headers['ucp-agent'], { allowHttp: sandbox });
    const policy = sandbox ? 'sandbox' : 'production';
    const message = {
      method: request.method,
      url: calledUrl(request, target),
      headers: request.headers,
      body: request.body,
    };
    const settings = (keys: readonly SigningJwk[] | undefined): VerifyMessageOptions => ({
      keys: keys ?? [],
      now: new Date(commerce.clock.now()),
      maxAgeSeconds: options.maxAgeSeconds,
      clockSkewSeconds: options.clockSkewSeconds,
    });
    const profile = await fetcher.fetch(profileUrl, { policy });
    try {
      verifyRequestSignature(message, settings(profile.signing_keys));
    } catch (error) {
      if (!isUcpError(error) || error.code !== 'key_not_found') throw error;
      const refreshed = await fetcher.fetch(profileUrl, { policy, forceRefresh: true });
      verifyRequestSignature(message, settings(refreshed.signing_keys));
    }
    return profileCaller(commerce, partner, profileUrl);
  };

  /** DESIGN §6: a sandbox business also takes unsigned calls from any profile, so platforms can try it before they sign. */
  const unsigned = async (request: HttpRequest, target: UcpTarget): Promise<UcpPrincipal | UcpProtocolError | null> => {
    const header = request.headers['ucp-agent'];
    if (header === undefined) return null;
    const partner = await partnerContextOf(commerce, target.partnerId);
    if (partner?.environment !== 'sandbox') return null;
    return profileCaller(commerce, partner, parseUcpAgent(header, { allowHttp: true }).profileUrl);
  };

  return async (request, target) => {
    try {
      return isSigned(request) ? await verify(request, target) : await unsigned(request, target);
    } catch (error) {
      // Answered here, in UCP's words, so that the MCP binding sends them as JSON-RPC errors too.
      if (isUcpError(error)) return protocolError(error.status, error.code, error.message);
      throw error;
    }
  };
}
