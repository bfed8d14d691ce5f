import type { HttpResponse } from '@grocery/core/http';
import type { AcpDiscoveryResponse } from './acp-types.ts';
import { ACP_SUPPORTED_VERSIONS, ACP_VERSION } from './acp-version.ts';

/** Discovery is stable and public: agents may keep it an hour (rfc.discovery.md §4.1). */
const DISCOVERY_CACHE_CONTROL = 'public, max-age=3600';

/**
 * The merchant's discovery document (`/.well-known/acp.json`, rfc.discovery.md): the protocol and
 * its versions, the REST base `{agent_base}/acp`, REST and MCP transports, the checkout and orders
 * services, the discount extension, no intervention, `thb`, English and Thai. It names no partner,
 * agent or payment handler (those are negotiated per session).
 *
 * @example
 * buildAcpDiscovery({ agentBase: 'https://api.example/agents/ptn_a', docsUrl: 'https://api.example/docs' }).api_base_url;
 * // 'https://api.example/agents/ptn_a/acp'
 */
export function buildAcpDiscovery(input: { agentBase: string; docsUrl: string }): AcpDiscoveryResponse {
  return {
    protocol: {
      name: 'acp',
      version: ACP_VERSION,
      supported_versions: [...ACP_SUPPORTED_VERSIONS],
      documentation_url: input.docsUrl,
    },
    api_base_url: `${input.agentBase}/acp`,
    transports: ['rest', 'mcp'],
    capabilities: {
      services: ['checkout', 'orders'],
      extensions: [{ name: 'discount' }],
      intervention_types: [],
      supported_currencies: ['thb'],
      supported_locales: ['en-TH', 'th-TH'],
    },
  };
}

/** The discovery document as HTTP: JSON, cacheable by anyone for an hour. */
export function discoveryResponse(document: AcpDiscoveryResponse): HttpResponse {
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': DISCOVERY_CACHE_CONTROL },
    body: JSON.stringify(document),
  };
}
