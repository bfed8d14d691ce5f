import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createProfileFetcher } from '../src/profile-fetcher.ts';
import { createProfileNegotiator } from '../src/profile-negotiator.ts';
import type { FetchDocument } from '../src/guarded-get.ts';
import { platformProfile } from './support/profiles.ts';
import { assertCheckout, assertErrorResponse } from './support/ucp-json-schemas.ts';
import { RICE, ucpWorld } from './support/ucp-world.ts';

const PROFILE = 'https://platform.example/.well-known/ucp';

/** Profiles served by URL, as a platform's host would; anything else is a 404. */
function documents(served: Record<string, unknown>): { fetchDocument: FetchDocument; fetched: string[] } {
  const fetched: string[] = [];
  const fetchDocument: FetchDocument = async (url) => {
    fetched.push(url.href);
    const profile = served[url.href];
    return profile === undefined
      ? { status: 404, headers: {}, body: new Uint8Array(0) }
      : {
          status: 200,
          headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
          body: new TextEncoder().encode(JSON.stringify(profile)),
        };
  };
  return { fetchDocument, fetched };
}

async function negotiatingWorld(served: Record<string, unknown> = { [PROFILE]: platformProfile() }) {
  const { fetchDocument, fetched } = documents(served);
  const negotiate = createProfileNegotiator(createProfileFetcher({ fetchDocument }));
  return { ...(await ucpWorld({ handler: { negotiate } })), fetched };
}

const agent = (url: string) => ({ 'ucp-agent': `profile="${url}"` });

test("the caller's profile is fetched once, its capabilities intersected, its order webhook kept on the session", async () => {
  const world = await negotiatingWorld();
  const created = await world.send('POST', '/ucp/v1/checkout-sessions', {
    json: { line_items: [{ item: { id: RICE } }] },
    headers: agent(PROFILE),
  });
  assert.equal(created.status, 201);
  const body = assertCheckout(created.json);
  // The platform declares checkout, fulfillment and order, not discount.
  assert.deepEqual(Object.keys((body.ucp as { capabilities: object }).capabilities), [
    'dev.ucp.shopping.checkout',
    'dev.ucp.shopping.fulfillment',
  ]);
  assert.equal(body.discounts, undefined);
  assert.ok(body.fulfillment);
  const session = await world.commerce.store.getCheckoutSession('ptn_a', String(body.id));
  assert.equal(session?.profileUrl, PROFILE);
  assert.equal(session?.webhookUrl, 'https://platform.example.com/webhooks/ucp/orders');
  await world.send('GET', `/ucp/v1/checkout-sessions/${String(body.id)}`, { headers: agent(PROFILE) });
  assert.deepEqual(world.fetched, [PROFILE], 'cached');
});

test('no UCP-Agent, an unreachable profile, or an unsupported version: 400, 424, 422 as the spec says', async () => {
  const old = platformProfile();
  old.ucp.version = '2025-01-01';
  const world = await negotiatingWorld({ [PROFILE]: platformProfile(), 'https://old.example/ucp': old });
  const json = { line_items: [{ item: { id: RICE } }] };
  const missing = await world.send('POST', '/ucp/v1/checkout-sessions', { json, headers: { 'ucp-agent': '' } });
  assert.deepEqual([missing.status, missing.json.code], [400, 'invalid_profile_url']);
  const gone = await world.send('POST', '/ucp/v1/checkout-sessions', {
    json,
    headers: agent('https://gone.example/ucp'),
  });
  assert.deepEqual([gone.status, gone.json.code], [424, 'profile_unreachable']);
  const outdated = await world.send('POST', '/ucp/v1/checkout-sessions', {
    json,
    headers: agent('https://old.example/ucp'),
  });
  assert.deepEqual([outdated.status, outdated.json.code], [422, 'version_unsupported']);
});

test('a platform sharing none of the capabilities an operation needs gets capabilities_incompatible: HTTP 200, no capabilities', async () => {
  const orderOnly = platformProfile();
  delete (orderOnly.ucp.capabilities as Record<string, unknown>)['dev.ucp.shopping.checkout'];
  const checkoutOld = platformProfile();
  const checkout = (checkoutOld.ucp.capabilities as Record<string, { version: string }[]>)[
    'dev.ucp.shopping.checkout'
  ]!;
  checkout[0] = { ...checkout[0]!, version: '2025-01-01' };
  const world = await negotiatingWorld({
    'https://orders.example/ucp': orderOnly,
    'https://old-checkout.example/ucp': checkoutOld,
  });
  for (const profile of ['https://orders.example/ucp', 'https://old-checkout.example/ucp']) {
    const answer = await world.send('POST', '/ucp/v1/checkout-sessions', {
      json: { line_items: [{ item: { id: RICE } }] },
      headers: { ...agent(profile), 'idempotency-key': `k-${profile}` },
    });
    assert.equal(answer.status, 200, profile);
    const body = assertErrorResponse(answer.json, `capabilities_incompatible for ${profile}`);
    assert.deepEqual(body.ucp, { version: '2026-04-08', status: 'error', capabilities: {} });
    assert.deepEqual(
      (body.messages as { code: string; severity: string }[]).map((m) => [m.code, m.severity]),
      [['capabilities_incompatible', 'unrecoverable']],
    );
  }
  assert.equal(world.grocer.calculations, 0, 'nothing ran');
  // The order capability is what GET /orders needs: the first platform declares it.
  const order = await world.send('GET', '/ucp/v1/orders/ORD-1', { headers: agent('https://orders.example/ucp') });
  assert.equal((order.json.messages as { code: string }[])[0]?.code, 'not_found');
});
