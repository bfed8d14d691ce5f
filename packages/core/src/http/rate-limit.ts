import type { Commerce } from '../services/commerce.ts';

/** What partner rate limiting needs: key verification, the shared limiter and the policies. */
export type PartnerRateLimiting = Pick<Commerce, 'partners' | 'rateLimiter' | 'ratePolicies'>;
import { rateLimitHeaders, type RateDecision } from '../services/rate-limiter.ts';
import { errorResponse, type HttpHandler, type HttpRequest, type HttpResponse } from './http-types.ts';

/** Takes `units` from the partner's budget; null when the key is not valid (the surface answers 401 itself). */
async function takePartnerUnits(
  commerce: PartnerRateLimiting,
  request: HttpRequest,
  units: number,
): Promise<RateDecision | null> {
  const partner = await commerce.partners.verifyKey(request.headers['x-partner-key']);
  if (!partner) return null;
  return commerce.rateLimiter.take(partner.keyPrefix, commerce.ratePolicies.partner[partner.environment], units);
}

/** What a refused request is told, on every surface. */
export function rateLimitedMessage(decision: RateDecision): string {
  return `Rate limit of ${decision.policy.limit} units per ${decision.policy.windowMs / 1000} s reached; retry in ${decision.resetSeconds} s.`;
}

/** The 429 of REST-style surfaces. */
function rateLimitedResponse(decision: RateDecision): HttpResponse {
  return errorResponse(429, 'RATE_LIMITED', rateLimitedMessage(decision), {}, rateLimitHeaders(decision));
}

export interface PartnerRateLimitOptions {
  /** Requests that spend nothing (default: none). */
  exempt?: (request: HttpRequest) => boolean;
}

/**
 * Charges one unit of the partner's budget per request (shared by all instances), answering 429
 * with `Retry-After` past the limit and adding the RateLimit headers to every answer.
 */
export function withPartnerRateLimit(
  commerce: PartnerRateLimiting,
  handler: HttpHandler,
  options: PartnerRateLimitOptions = {},
): HttpHandler {
  const exempt = options.exempt ?? (() => false);
  return async (request) => {
    if (exempt(request)) return handler(request);
    const decision = await takePartnerUnits(commerce, request, 1);
    if (decision && !decision.allowed) return rateLimitedResponse(decision);
    const response = await handler(request);
    if (decision) Object.assign(response.headers, rateLimitHeaders(decision));
    return response;
  };
}
