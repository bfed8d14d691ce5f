/**
 * Profiles for tests, shaped after the examples of UCP 2026-04-08 overview.md ("Business Profile",
 * "Platform Profile").
 */
import type { UcpProfile } from '../../src/index.ts';

const V = '2026-04-08';
const spec = (name: string) => `https://ucp.dev/${V}/specification/${name}`;
const schema = (path: string) => `https://ucp.dev/${V}/schemas/${path}`;

/** A platform (caller) profile: checkout, fulfillment, order with a webhook_url, one handler, one key. */
export function platformProfile(): UcpProfile & Record<string, unknown> {
  return {
    ucp: {
      version: V,
      services: {
        'dev.ucp.shopping': [
          {
            version: V,
            spec: spec('overview'),
            transport: 'rest',
            schema: `https://ucp.dev/${V}/services/shopping/rest.openapi.json`,
          },
        ],
      },
      capabilities: {
        'dev.ucp.shopping.checkout': [{ version: V, spec: spec('checkout'), schema: schema('shopping/checkout.json') }],
        'dev.ucp.shopping.fulfillment': [
          {
            version: V,
            spec: spec('fulfillment'),
            schema: schema('shopping/fulfillment.json'),
            extends: 'dev.ucp.shopping.checkout',
          },
        ],
        'dev.ucp.shopping.order': [
          {
            version: V,
            spec: spec('order'),
            schema: schema('shopping/order.json'),
            config: { webhook_url: 'https://platform.example.com/webhooks/ucp/orders' },
          },
        ],
      },
      payment_handlers: {
        'dev.shopify.shop_pay': [
          {
            id: 'shop_pay_1234',
            version: V,
            spec: 'https://shopify.dev/ucp/shop-pay-handler',
            schema: 'https://shopify.dev/ucp/schemas/shop-pay-config.json',
            available_instruments: [{ type: 'shop_pay' }],
          },
        ],
      },
    },
    signing_keys: [
      {
        kid: 'platform_2025',
        kty: 'EC',
        crv: 'P-256',
        x: 'MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4',
        y: '4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM',
        use: 'sig',
        alg: 'ES256',
      },
    ],
  };
}

/** A business profile: REST and MCP endpoints, checkout with two extensions, a mock handler. */
export function businessProfile(): UcpProfile & Record<string, unknown> {
  return {
    ucp: {
      version: V,
      services: {
        'dev.ucp.shopping': [
          { version: V, spec: spec('overview'), transport: 'rest', endpoint: 'https://business.example.com/ucp/v1' },
          { version: V, spec: spec('overview'), transport: 'mcp', endpoint: 'https://business.example.com/ucp/mcp' },
        ],
      },
      capabilities: {
        'dev.ucp.shopping.checkout': [{ version: V, spec: spec('checkout'), schema: schema('shopping/checkout.json') }],
        'dev.ucp.shopping.fulfillment': [{ version: V, extends: 'dev.ucp.shopping.checkout' }],
        'dev.ucp.shopping.discount': [{ version: V, extends: ['dev.ucp.shopping.checkout', 'dev.ucp.shopping.cart'] }],
      },
      payment_handlers: {
        'dev.ucp.mock_payment': [
          { id: 'mock_payment_handler', version: V, config: { supported_tokens: ['success_token', 'fail_token'] } },
        ],
      },
    },
    signing_keys: [
      {
        kid: 'business_2025',
        kty: 'EC',
        crv: 'P-256',
        x: 'WbbXwVYGdJoP4Xm3qCkGvBRcRvKtEfXDbWvPzpPS8LA',
        y: 'sP4jHHxYqC89HBo8TjrtVOAGHfJDflYxw7MFMxuFMPY',
      },
    ],
  };
}
