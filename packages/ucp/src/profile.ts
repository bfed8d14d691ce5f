import type { Environment } from '@grocery/core';
import type { HttpResponse } from '@grocery/core/http';
import { paymentHandlersFor, UCP_CAPABILITIES, UCP_SPEC_BASE, type UcpPaymentHandler } from './envelope.ts';
import { UCP_VERSION } from './ucp-version.ts';

/** A service binding of the profile (service.json `business_schema`). */
export interface UcpServiceBinding {
  version: string;
  spec: string;
  transport: 'rest' | 'mcp';
  endpoint: string;
  schema: string;
}

/** A capability of the profile (capability.json `business_schema`). */
export interface UcpCapabilityDeclaration {
  version: string;
  spec: string;
  schema: string;
  extends?: string;
  config?: Record<string, unknown>;
}

/** A business profile, as `{agent_base}/.well-known/ucp` serves it (profile_schema.json `business_profile`). */
export interface UcpBusinessProfile {
  ucp: {
    version: string;
    services: Record<string, UcpServiceBinding[]>;
    capabilities: Record<string, UcpCapabilityDeclaration[]>;
    payment_handlers: Record<string, UcpPaymentHandler[]>;
  };
  signing_keys: Record<string, unknown>[];
}

export interface UcpProfileInput {
  /** `{base_url}/agents/{partnerId}` or `https://{domain}`, without a trailing slash. */
  agentBase: string;
  /** The environment the partner's orders are placed in now (sandbox until it goes live). */
  environment: Environment;
  /** The partner's public signing keys (JWK), which verify its signed responses and webhooks. */
  signingKeys: Record<string, unknown>[];
}

/** The REST endpoint of a business, under its agent base (OpenAPI paths are appended to it). */
export const restEndpointOf = (agentBase: string): string => `${agentBase}/ucp/v1`;
/** The MCP endpoint (streamable HTTP) of a business. */
export const mcpEndpointOf = (agentBase: string): string => `${agentBase}/ucp/mcp`;

function capability(name: string, path: string, extra: Partial<UcpCapabilityDeclaration> = {}) {
  return {
    [name]: [
      { version: UCP_VERSION, spec: `${UCP_SPEC_BASE}/specification/${path}`, ...extra } as UcpCapabilityDeclaration,
    ],
  };
}

/**
 * A partner's UCP business profile: the shopping service over REST (`{agent_base}/ucp/v1`) and MCP
 * (`{agent_base}/ucp/mcp`), the checkout capability with its fulfillment and discount extensions,
 * the order capability, the payment handlers (the mock handler in sandbox; none in production,
 * where `complete` escalates to the order's payment page) and the partner's signing keys.
 *
 * @example
 * buildUcpProfile({ agentBase: 'https://api.example/agents/ptn_1', environment: 'sandbox', signingKeys: [] });
 */
export function buildUcpProfile(input: UcpProfileInput): UcpBusinessProfile {
  const service = (transport: 'rest' | 'mcp'): UcpServiceBinding => ({
    version: UCP_VERSION,
    spec: `${UCP_SPEC_BASE}/specification/overview`,
    transport,
    endpoint: transport === 'rest' ? restEndpointOf(input.agentBase) : mcpEndpointOf(input.agentBase),
    schema: `${UCP_SPEC_BASE}/services/shopping/${transport === 'rest' ? 'rest.openapi.json' : 'mcp.openrpc.json'}`,
  });
  const schema = (file: string) => `${UCP_SPEC_BASE}/schemas/shopping/${file}`;
  return {
    ucp: {
      version: UCP_VERSION,
      services: { 'dev.ucp.shopping': [service('rest'), service('mcp')] },
      capabilities: {
        ...capability(UCP_CAPABILITIES.checkout, 'checkout', { schema: schema('checkout.json') }),
        ...capability(UCP_CAPABILITIES.fulfillment, 'fulfillment', {
          schema: schema('fulfillment.json'),
          extends: UCP_CAPABILITIES.checkout,
          // One destination, and either pickup or delivery for the whole order.
          config: { allows_multi_destination: { shipping: false, pickup: false }, allows_method_combinations: [] },
        }),
        ...capability(UCP_CAPABILITIES.discount, 'discount', {
          schema: schema('discount.json'),
          extends: UCP_CAPABILITIES.checkout,
        }),
        ...capability(UCP_CAPABILITIES.order, 'order', { schema: schema('order.json') }),
      },
      payment_handlers: paymentHandlersFor(input.environment),
    },
    signing_keys: input.signingKeys,
  };
}

/**
 * The profile as an HTTP answer: public and cacheable for five minutes (profiles must be served
 * with `public` and a `max-age` of at least 60 s), readable from any origin.
 */
export function profileResponse(profile: UcpBusinessProfile): HttpResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'access-control-allow-origin': '*',
    },
    body: JSON.stringify(profile),
  };
}
