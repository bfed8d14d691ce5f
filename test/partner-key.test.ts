import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

/** Every partner surface answers a missing, malformed, unknown or revoked key with 401 PARTNER_KEY_INVALID. */
describe('partner keys on every surface', () => {
  let t: TestSystem;
  let revoked: string;

  before(async () => {
    t = await startTestSystem();
    const created = await t.admin('POST', '/admin/partners', { name: 'Revoked Partner', environment: 'sandbox' });
    revoked = (created.body as { partnerKey: string }).partnerKey;
    assert.equal((await t.admin('DELETE', `/admin/keys/${revoked.slice(0, 12)}`)).status, 204);
  });
  after(async () => t?.close());

  const surfaces = (t: TestSystem) => [
    {
      name: 'GraphQL',
      url: `${t.baseUrl}/graphql`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ categories { name } }"}',
      },
    },
    { name: 'REST list', url: `${t.baseUrl}/v1/products?size=1`, init: {} },
    {
      name: 'REST one',
      url: `${t.baseUrl}/v1/products/${t.system.commerce.catalog.scan({ query: null, l1: null, l2: null, l3: null, alcoholOnly: false, activeOnly: true, onlineOnly: true }, null)[Symbol.iterator]().next().value!.cprcode}`,
      init: {},
    },
    { name: 'REST manifest', url: `${t.baseUrl}/v1/products/manifest`, init: {} },
    { name: 'REST download', url: `${t.baseUrl}/v1/products/download?lang=en`, init: { redirect: 'manual' as const } },
    { name: 'search', url: `${t.system.config.searchUrl}/v1/search?q=milk&lang=en`, init: {} },
    { name: 'suggest', url: `${t.system.config.searchUrl}/v1/suggest?q=mi&lang=en`, init: {} },
    { name: 'search manifest', url: `${t.system.config.searchUrl}/v1/manifest`, init: {} },
    {
      name: 'MCP',
      url: `${t.baseUrl}/mcp`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      },
    },
  ];

  test('every surface works with the key and refuses without a valid one', async () => {
    for (const surface of surfaces(t)) {
      const withKey = await fetch(surface.url, {
        ...surface.init,
        headers: { ...(surface.init as { headers?: Record<string, string> }).headers, 'x-partner-key': t.partnerKey },
      });
      assert.ok(withKey.status < 400, `${surface.name} with a key → ${withKey.status}`);
      for (const key of [
        undefined,
        '',
        'pk_test_short',
        `pk_test_${'Z'.repeat(32)}`,
        revoked,
        `${t.partnerKey}\u0000`,
      ]) {
        const headers: Record<string, string> = { ...(surface.init as { headers?: Record<string, string> }).headers };
        if (key !== undefined && !key.includes('\u0000')) headers['x-partner-key'] = key;
        const response = await fetch(surface.url, { ...surface.init, headers });
        assert.equal(response.status, 401, `${surface.name} with ${String(key).slice(0, 14)} → ${response.status}`);
        // REST and search: {"error":{"code"}}; GraphQL: errors[0].extensions.code; MCP (JSON-RPC): error.data.code.
        const body = (await response.json()) as {
          error?: { code: string | number; data?: { code?: string } };
          errors?: { extensions: { code: string } }[];
        };
        const code = body.error?.data?.code ?? body.error?.code ?? body.errors?.[0]?.extensions.code;
        assert.equal(code, 'PARTNER_KEY_INVALID', `${surface.name}: ${JSON.stringify(body)}`);
      }
    }
  });

  test('public pages need no key', async () => {
    for (const path of ['/schema.graphql', '/health', '/health/live'])
      assert.equal((await fetch(`${t.baseUrl}${path}`)).status, 200, path);
  });
});
