import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildUcpProfile } from '../src/profile.ts';
import { assertValid, ucpValidators } from './support/ucp-json-schemas.ts';
import { AGENT_BASE, PARTNER, ucpWorld } from './support/ucp-world.ts';

const key = {
  kty: 'EC',
  crv: 'P-256',
  x: 'WbbXwVYGdJoP4Xm3qCkGvBRcRvKtEfXDbWvPzpPS8LA',
  y: 'sP4jHHxYqC89HBo8TjrtVOAGHfJDflYxw7MFMxuFMPY',
  kid: 'k1',
  use: 'sig',
  alg: 'ES256',
};

test('the business profile: REST and MCP endpoints under the agent base, four capabilities, the mock handler, the keys', () => {
  const profile = buildUcpProfile({ agentBase: AGENT_BASE, environment: 'sandbox', signingKeys: [key] });
  assertValid(ucpValidators().profile, profile, 'The profile');
  assertValid(ucpValidators().own.BusinessProfile, profile, 'The profile');
  assert.deepEqual(profile.ucp.services['dev.ucp.shopping'], [
    {
      version: '2026-04-08',
      spec: 'https://ucp.dev/2026-04-08/specification/overview',
      transport: 'rest',
      endpoint: `${AGENT_BASE}/ucp/v1`,
      schema: 'https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json',
    },
    {
      version: '2026-04-08',
      spec: 'https://ucp.dev/2026-04-08/specification/overview',
      transport: 'mcp',
      endpoint: `${AGENT_BASE}/ucp/mcp`,
      schema: 'https://ucp.dev/2026-04-08/services/shopping/mcp.openrpc.json',
    },
  ]);
  assert.deepEqual(
    Object.entries(profile.ucp.capabilities).map(([name, [c]]) => [name, c?.schema, c?.extends]),
    [
      ['dev.ucp.shopping.checkout', 'https://ucp.dev/2026-04-08/schemas/shopping/checkout.json', undefined],
      [
        'dev.ucp.shopping.fulfillment',
        'https://ucp.dev/2026-04-08/schemas/shopping/fulfillment.json',
        'dev.ucp.shopping.checkout',
      ],
      [
        'dev.ucp.shopping.discount',
        'https://ucp.dev/2026-04-08/schemas/shopping/discount.json',
        'dev.ucp.shopping.checkout',
      ],
      ['dev.ucp.shopping.order', 'https://ucp.dev/2026-04-08/schemas/shopping/order.json', undefined],
    ],
  );
  assert.deepEqual(profile.ucp.payment_handlers, {
    'dev.ucp.mock_payment': [
      {
        id: 'mock_payment_handler',
        version: '2026-04-08',
        config: { supported_tokens: ['success_token', 'fail_token'] },
      },
    ],
  });
  assert.deepEqual(profile.signing_keys, [key]);
});

test('a production profile declares no payment handler: complete escalates to the payment page', () => {
  const profile = buildUcpProfile({ agentBase: AGENT_BASE, environment: 'production', signingKeys: [key] });
  assertValid(ucpValidators().profile, profile, 'The production profile');
  assertValid(ucpValidators().own.BusinessProfile, profile, 'The production profile');
  assert.deepEqual(profile.ucp.payment_handlers, {});
});

test('the profile check is not vacuous: services and a version are required', () => {
  const profile = buildUcpProfile({ agentBase: AGENT_BASE, environment: 'sandbox', signingKeys: [] });
  const { services: _, ...noServices } = profile.ucp;
  assert.equal(ucpValidators().profile({ ...profile, ucp: noServices }), false);
  assert.equal(ucpValidators().profile({ ...profile, ucp: { ...profile.ucp, version: 'latest' } }), false);
});

test('GET /.well-known/ucp: public for five minutes, with the partner published keys, without a credential', async () => {
  const world = await ucpWorld();
  const answer = await world.send('GET', '/.well-known/ucp', { token: null });
  assert.equal(answer.status, 200);
  assert.equal(answer.headers['cache-control'], 'public, max-age=300');
  assertValid(ucpValidators().profile, answer.json, 'The served profile');
  assertValid(ucpValidators().own.BusinessProfile, answer.json, 'The served profile');
  const keys = answer.json.signing_keys as { kid: string; d?: string }[];
  assert.deepEqual(keys, await world.commerce.agents.publishedKeys(PARTNER));
  assert.equal(keys.length, 1);
  assert.equal(keys[0]?.d, undefined, 'no private part');
  assert.ok((answer.json.ucp as { payment_handlers: object }).payment_handlers);
  const post = await world.send('POST', '/.well-known/ucp', { token: null });
  assert.deepEqual([post.status, post.json.code, post.headers.allow], [405, 'method_not_allowed', 'GET, HEAD']);
});

test('a live production partner serves the production profile; a partner not yet live, the sandbox one', async () => {
  const live = await ucpWorld({ environment: 'production', live: true });
  const served = (await live.send('GET', '/.well-known/ucp', { token: null })).json;
  assert.deepEqual((served.ucp as { payment_handlers: object }).payment_handlers, {});
  const notLive = await ucpWorld({ environment: 'production' });
  const sandbox = (await notLive.send('GET', '/.well-known/ucp', { token: null })).json;
  assert.ok('dev.ucp.mock_payment' in (sandbox.ucp as { payment_handlers: object }).payment_handlers);
});

test('an unknown business has no profile', async () => {
  const world = await ucpWorld();
  const answer = await world.handler(
    { method: 'GET', path: '/.well-known/ucp', query: new URLSearchParams(), headers: {}, body: new Uint8Array(0) },
    { partnerId: 'ptn_nobody', agentBase: 'https://api.example/agents/ptn_nobody' },
  );
  assert.equal(answer.status, 404);
});
