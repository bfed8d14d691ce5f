import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WebhookSender } from '@grocery/core/ports';
import { createAdminHandler, type HttpResponse } from '@grocery/core/http';
import { WebhookEndpoints } from '../src/services/webhook-endpoints.ts';
import { commerceWorld } from './support/commerce-world.ts';

const TOKEN = 'admin-token-of-enough-length-0123456789';
const openSender: WebhookSender = {
  checkUrl: async () => ({ ok: true }),
  send: async () => ({ kind: 'response', status: 200, responseSnippet: '', latencyMs: 1 }),
};

function admin(options: { webhooks?: boolean } = {}) {
  const world = commerceWorld();
  const webhooks =
    options.webhooks === false
      ? null
      : new WebhookEndpoints({ store: world.store, sender: openSender, clock: world.clock });
  const handle = createAdminHandler({ commerce: world.commerce, adminToken: TOKEN, webhooks });
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    extra: { query?: string; token?: string | null; raw?: Uint8Array } = {},
  ): Promise<HttpResponse> => {
    const token = extra.token === undefined ? TOKEN : extra.token;
    return handle({
      method,
      path,
      query: new URLSearchParams(extra.query ?? ''),
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      body: extra.raw ?? (body === undefined ? new Uint8Array() : new TextEncoder().encode(JSON.stringify(body))),
    });
  };
  return { world, call };
}

const json = (response: HttpResponse) =>
  JSON.parse(String(response.body)) as Record<string, unknown> & {
    error: { code: string; field?: string; message: string };
  };

describe('admin handler', () => {
  it('needs the admin token before anything else, compared whole', async () => {
    const { call } = admin();
    for (const token of [null, '', 'Bearer', TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toUpperCase()]) {
      const response = await call('GET', '/no/such/route', undefined, { token });
      assert.equal(response.status, 401, String(token));
      assert.equal(json(response).error.code, 'ADMIN_TOKEN_INVALID');
      assert.equal(response.headers['www-authenticate'], 'Bearer realm="admin"');
    }
  });

  it('answers 404 for unknown paths and path parameters of the wrong shape, 405 with Allow in route order otherwise', async () => {
    const { call } = admin();
    for (const path of [
      '/admin',
      '/admin/partners/',
      '/admin/partners/a-b/keys',
      `/admin/partners/${'p'.repeat(65)}/keys`,
      '/admin/keys/pk_prod_ABCD',
      '/admin/grocer/products/1234567890123',
      '/admin/webhooks/whe_XYZ',
    ]) {
      const response = await call('GET', path);
      assert.equal(response.status, 404, path);
      assert.equal(json(response).error.code, 'NOT_FOUND');
    }
    const wrong = await call('PUT', '/admin/partners');
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.allow, 'POST, GET');
    assert.equal((await call('DELETE', '/admin/partners/ptn_x/go-live')).headers.allow, 'GET, POST');
  });

  it('creates, lists and keys partners through the partner service, answering what openapi/admin.yaml describes', async () => {
    const { call } = admin();
    const created = await call('POST', '/admin/partners', {
      name: 'Fresh Basket',
      environment: 'sandbox',
      redirectUris: ['https://fresh.example/cb'],
    });
    assert.equal(created.status, 201);
    const partner = json(created) as unknown as {
      partnerId: string;
      partnerKey: string;
      clientId: string;
      orderSource: string;
      environment: string;
    };
    assert.deepEqual(Object.keys(partner).sort(), [
      'clientId',
      'environment',
      'orderSource',
      'partnerId',
      'partnerKey',
    ]);
    const issued = json(await call('POST', `/admin/partners/${partner.partnerId}/keys`, { environment: 'production' }));
    assert.match(String(issued.partnerKey), /^pk_live_/);
    assert.equal(issued.keyPrefix, String(issued.partnerKey).slice(0, 12));
    const keys = json(await call('GET', `/admin/partners/${partner.partnerId}/keys`)) as unknown as {
      keys: { keyPrefix: string }[];
    };
    assert.equal(keys.keys.length, 2);
    assert.equal((await call('DELETE', `/admin/keys/${String(issued.keyPrefix)}`)).status, 204);
    assert.equal((await call('DELETE', `/admin/keys/${String(issued.keyPrefix)}`)).status, 404);
    const listed = json(await call('GET', '/admin/partners')) as unknown as { partners: { partnerId: string }[] };
    assert.deepEqual(
      listed.partners.map((p) => p.partnerId),
      [partner.partnerId],
    );
    const confirmed = json(await call('POST', `/admin/partners/${partner.partnerId}/branch-resolution`));
    assert.equal(confirmed.partnerId, partner.partnerId);
    assert.equal(typeof confirmed.branchResolutionConfirmedAt, 'string');
  });

  it('an unknown partner is NOT_FOUND on every partner route that needs one', async () => {
    const { call } = admin();
    const routes: [string, string, unknown][] = [
      ['POST', '/admin/partners/ptn_nobody/keys', { environment: 'sandbox' }],
      ['POST', '/admin/partners/ptn_nobody/clients', { redirectUris: [] }],
      ['POST', '/admin/partners/ptn_nobody/branch-resolution', undefined],
      ['GET', '/admin/partners/ptn_nobody/go-live', undefined],
    ];
    for (const [method, path, body] of routes) {
      const response = await call(method, path, body);
      assert.equal(response.status, 404, path);
      assert.equal(json(response).error.code, 'NOT_FOUND');
    }
  });

  it('a partner not ready to go live gets 409 with the go-live check as the body', async () => {
    const { call } = admin();
    const { partnerId } = json(
      await call('POST', '/admin/partners', { name: 'Not Ready', environment: 'sandbox' }),
    ) as unknown as { partnerId: string };
    const response = await call('POST', `/admin/partners/${partnerId}/go-live`);
    assert.equal(response.status, 409);
    assert.equal(json(response).ready, false);
    assert.ok(Array.isArray(json(response).missing));
  });

  it('refuses hostile bodies and queries with 400 and the field, never a 500', async () => {
    const { call } = admin();
    const bad: [string, string, unknown, string | undefined][] = [
      ['POST', '/admin/partners', { name: 'X', environment: 'staging' }, 'environment'],
      ['POST', '/admin/partners', { name: 'X', environment: 'sandbox', extra: 1 }, undefined],
      ['POST', '/admin/partners', ['not', 'an', 'object'], undefined],
      ['POST', '/admin/partners', { name: 'X\u0000Y', environment: 'sandbox' }, undefined],
      [
        'POST',
        '/admin/partners',
        { name: 'X', environment: 'sandbox', redirectUris: Array.from({ length: 21 }, () => 'https://a.example') },
        'redirectUris',
      ],
      [
        'POST',
        '/admin/partners',
        { name: 'X', environment: 'sandbox', redirectUris: ['javascript:alert(1)'] },
        'redirectUris.0',
      ],
      ['POST', '/admin/partners/ptn_x/webhooks', { url: 'https://x.example', events: [] }, 'events'],
      ['POST', '/admin/partners/ptn_x/webhooks', { url: 'https://x.example', events: ['order.deleted'] }, 'events.0'],
    ];
    for (const [method, path, body, field] of bad) {
      const response = await call(method, path, body);
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 60));
      assert.equal(json(response).error.code, 'INVALID_INPUT');
      if (field !== undefined) assert.equal(json(response).error.field, field);
    }
    for (const raw of [new TextEncoder().encode('{"name":'), new Uint8Array([0xff, 0xfe, 0x7b, 0x7d])]) {
      const response = await call('POST', '/admin/partners', undefined, { raw });
      assert.equal(response.status, 400);
      assert.equal(json(response).error.message, 'The body is not JSON.');
    }
    for (const query of ['limit=0', 'limit=201', 'limit=ten', 'before=dlv_nope', 'page=2']) {
      const response = await call('GET', '/admin/partners/ptn_x/deliveries', undefined, { query });
      assert.equal(response.status, 400, query);
      assert.equal(json(response).error.code, 'INVALID_INPUT');
    }
  });

  it('webhook and grocer routes are NOT_FOUND when the server has neither', async () => {
    const { call } = admin({ webhooks: false });
    const webhooks = await call('GET', '/admin/partners/ptn_x/webhooks');
    assert.equal(webhooks.status, 404);
    assert.match(json(webhooks).error.message, /Webhooks are not configured/);
    const grocer = await call('POST', '/admin/grocer/catalog/bump');
    assert.equal(grocer.status, 404);
    assert.match(json(grocer).error.message, /simulator is not running/);
  });
});
