import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

describe('CORS for partner web apps', () => {
  let t: TestSystem;
  before(async () => {
    t = await startTestSystem();
    await t.admin('POST', '/admin/partners', {
      name: 'Browser Partner',
      environment: 'sandbox',
      redirectUris: ['https://partner-shop.example/callback'],
    });
  });
  after(async () => t?.close());

  const preflight = (path: string, origin: string) =>
    fetch(`${t.baseUrl}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-partner-key, authorization',
      },
    });

  test('a registered partner origin may call GraphQL and the REST catalog from a browser; others may not', async () => {
    for (const path of ['/graphql', '/v1/products']) {
      const allowed = await preflight(path, 'https://partner-shop.example');
      assert.equal(allowed.status, 204, path);
      assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://partner-shop.example');
      assert.match(allowed.headers.get('access-control-allow-headers') ?? '', /x-partner-key/);
      assert.match(allowed.headers.get('access-control-allow-headers') ?? '', /idempotency-key/);
      const refused = await preflight(path, 'https://evil.example');
      assert.equal(refused.status, 403, path);
      assert.equal(refused.headers.get('access-control-allow-origin'), null);
    }
    const answer = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        origin: 'https://partner-shop.example',
        'content-type': 'application/json',
        'x-partner-key': t.partnerKey,
      },
      body: '{"query":"{ categories { name } }"}',
    });
    assert.equal(answer.headers.get('access-control-allow-origin'), 'https://partner-shop.example');
    assert.match(answer.headers.get('access-control-expose-headers') ?? '', /ratelimit/);
    const foreign = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', 'x-partner-key': t.partnerKey },
      body: '{"query":"{ categories { name } }"}',
    });
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
  });
});
