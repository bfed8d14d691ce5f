import { negotiateCapabilities } from './negotiation.ts';
import { buildUcpProfile } from './profile.ts';
import type { ProfileFetcher } from './profile-fetcher.ts';
import type { UcpNegotiator } from './ucp-caller.ts';
import { parseUcpAgent } from './ucp-agent.ts';

/** The capabilities every business offers, as its profile declares them (the same for every partner). */
const BUSINESS_CAPABILITIES = buildUcpProfile({
  agentBase: 'https://business.invalid',
  environment: 'sandbox',
  signingKeys: [],
}).ucp.capabilities;

/**
 * Negotiation with the caller's profile (overview.md "Negotiation Protocol"), from the primitives:
 * the profile named by `UCP-Agent` (REST) or `meta["ucp-agent"].profile` (MCP) is parsed, fetched
 * through the SSRF guard and cached by `fetcher` (sandbox partners' callers may use http on
 * loopback), its version checked, and the capabilities intersected with the business's; the order
 * capability's `config.webhook_url` is where order events go. A missing or bad profile URL, an
 * unreachable or malformed profile and an unsupported version are thrown as their UcpError.
 *
 * @example
 * const ucp = createUcpHandler({ commerce, negotiate: createProfileNegotiator(createProfileFetcher()) });
 */
export function createProfileNegotiator(fetcher: ProfileFetcher): UcpNegotiator {
  return async (agent, principal) => {
    const sandbox = principal.caller.partner.environment === 'sandbox';
    const header = agent.profileUrl === undefined ? agent.header : `profile=${JSON.stringify(agent.profileUrl)}`;
    const { profileUrl } = parseUcpAgent(header, { allowHttp: sandbox });
    const profile = await fetcher.fetch(profileUrl, { policy: sandbox ? 'sandbox' : 'production' });
    const negotiated = negotiateCapabilities(BUSINESS_CAPABILITIES, profile.ucp.capabilities ?? {});
    const order = profile.ucp.capabilities?.['dev.ucp.shopping.order']?.[0]?.config;
    const webhookUrl = typeof order?.webhook_url === 'string' ? order.webhook_url : null;
    return { profileUrl: profileUrl.href, webhookUrl, active: Object.keys(negotiated) };
  };
}
