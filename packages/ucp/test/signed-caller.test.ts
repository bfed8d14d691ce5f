import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FetchDocument } from '../src/guarded-get.ts';
import { createContentDigest } from '../src/content-digest.ts';
import { createProfileFetcher } from '../src/profile-fetcher.ts';
import { createProfileNegotiator } from '../src/profile-negotiator.ts';
import { createSignedCallerVerifier } from '../src/signed-caller.ts';
import { signRequest, type SignMessageOptions } from '../src/signatures/sign-message.ts';
import { generateSigningKey, type PrivateSigningJwk } from '../src/signatures/signing-keys.ts';
import { platformProfile } from './support/profiles.ts';
import { assertCheckout, assertErrorResponse, assertProtocolError } from './support/ucp-json-schemas.ts';
import { AGENT_BASE, RICE, MILK, ucpWorld } from './support/ucp-world.ts';

const PROFILE = 'https://platform.example/.well-known/ucp';
const OTHER = 'https://other-platform.example/.well-known/ucp';
const SESSIONS = '/ucp/v1/checkout-sessions';

type Profile = ReturnType<typeof platformProfile>;

/** A platform's profile carrying the public halves of `keys`. */
function profileWith(...keys: PrivateSigningJwk[]): Profile {
  const profile = platformProfile();
  profile.signing_keys = keys.map(({ kid, kty, crv, x, y }) => ({ kid, kty, crv, x, y, use: 'sig', alg: 'ES256' }));
  return profile;
}

/** A UCP business whose callers may sign, and the platforms' profiles it fetches (which a test may change). */
async function signingWorld() {
  const key = generateSigningKey('platform-2026').privateJwk;
  const served: Record<string, Profile> = { [PROFILE]: profileWith(key) };
  const fetched: string[] = [];
  const fetchDocument: FetchDocument = async (url) => {
    fetched.push(url.href);
    const profile = served[url.href];
    return profile
      ? {
          status: 200,
          headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
          body: new TextEncoder().encode(JSON.stringify(profile)),
        }
      : { status: 404, headers: {}, body: new Uint8Array(0) };
  };
  const fetcher = createProfileFetcher({ fetchDocument });
  const world = await ucpWorld({
    handler: (commerce) => ({
      negotiate: createProfileNegotiator(fetcher),
      verifySignedCaller: createSignedCallerVerifier({ commerce, fetcher }),
    }),
  });

  /**
   * Sends a request signed as a platform would (no credential): `tamper` changes the request after
   * signing, as an attacker on the way would.
   */
  async function signed(
    method: string,
    path: string,
    init: {
      json?: unknown;
      key?: PrivateSigningJwk;
      profile?: string;
      headers?: Record<string, string>;
      sign?: Partial<SignMessageOptions>;
      tamper?: (request: { body: string; headers: Record<string, string> }) => void;
      /** Sends to this path what was signed for `path`. */
      sendTo?: string;
    } = {},
  ) {
    const body = init.json === undefined ? '' : JSON.stringify(init.json);
    const headers: Record<string, string> = {
      'ucp-agent': `profile="${init.profile ?? PROFILE}"`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    };
    const fields = signRequest(
      { method, url: `${AGENT_BASE}${path}`, headers, body },
      { key: init.key ?? key, created: new Date(world.clock.now()), ...init.sign },
    );
    const request = { body, headers: { ...headers, ...fields } as Record<string, string> };
    init.tamper?.(request);
    return world.send(method, init.sendTo ?? path, { raw: request.body, headers: request.headers, token: null });
  }

  return { ...world, key, served, fetched, signed };
}

test('a signed platform checks out without a credential: the verified profile is the caller, its sessions its own', async () => {
  const world = await signingWorld();
  const created = await world.signed('POST', SESSIONS, {
    json: { line_items: [{ item: { id: RICE } }] },
    headers: { 'idempotency-key': 'a1b2c3d4-0000-4000-8000-000000000001' },
  });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const id = String(assertCheckout(created.json).id);
  const session = await world.commerce.store.getCheckoutSession('ptn_a', id);
  assert.equal(session?.callerId, PROFILE);
  assert.equal(session?.webhookUrl, 'https://platform.example.com/webhooks/ucp/orders', 'negotiated as well');
  assert.equal(world.fetched.length, 1, 'one fetch: verification and negotiation share the cache');

  const got = await world.signed('GET', `${SESSIONS}/${id}`);
  assert.equal(got.json.id, id);
  const replay = await world.signed('POST', SESSIONS, {
    json: { line_items: [{ item: { id: RICE } }] },
    headers: { 'idempotency-key': 'a1b2c3d4-0000-4000-8000-000000000001' },
  });
  assert.equal(replay.headers['idempotent-replayed'], 'true');

  // Another platform, with its own key and profile, sees nothing of it.
  const otherKey = generateSigningKey('other-1').privateJwk;
  world.served[OTHER] = profileWith(otherKey);
  const foreign = await world.signed('GET', `${SESSIONS}/${id}`, { key: otherKey, profile: OTHER });
  assertErrorResponse(foreign.json);
  // Nor does an agent credential of the same shop.
  const agent = await world.send('GET', `${SESSIONS}/${id}`);
  assertErrorResponse(agent.json);
});

test('agent credentials keep working, and win over a signature', async () => {
  const world = await signingWorld();
  const bearer = await world.send('POST', SESSIONS, {
    json: { line_items: [{ item: { id: RICE } }] },
    headers: { signature: 'sig1=:AAAA:', 'signature-input': 'sig1=("@method");keyid="nobody"' },
  });
  assert.equal(bearer.status, 201, 'the credential authenticates; the signature is not looked at');
  const apiKey = await world.send('GET', `${SESSIONS}/${String(bearer.json.id)}`, {
    token: null,
    headers: { 'x-api-key': world.token },
  });
  assert.equal(apiKey.json.id, bearer.json.id);
});

test('a sandbox business takes unsigned calls from any profile, http://localhost too, as callers of their own; production does not', async () => {
  const world = await signingWorld();
  const LOCAL = 'http://localhost:8182/.well-known/ucp';
  world.served[LOCAL] = platformProfile();
  const unsigned = (method: string, path: string, profile: string, json?: unknown) =>
    world.send(method, path, {
      token: null,
      ...(json === undefined ? {} : { json }),
      headers: { 'ucp-agent': `profile="${profile}"` },
    });
  const created = await unsigned('POST', SESSIONS, LOCAL, { line_items: [{ item: { id: RICE } }] });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const id = String(assertCheckout(created.json).id);
  assert.equal((await world.commerce.store.getCheckoutSession('ptn_a', id))?.callerId, LOCAL);
  assert.equal((await unsigned('GET', `${SESSIONS}/${id}`, LOCAL)).json.id, id);
  assertErrorResponse((await unsigned('GET', `${SESSIONS}/${id}`, PROFILE)).json, 'another profile sees nothing');
  const agentSession = await world.send('POST', SESSIONS, { json: { line_items: [{ item: { id: MILK } }] } });
  assertErrorResponse((await unsigned('GET', `${SESSIONS}/${String(agentSession.json.id)}`, LOCAL)).json);

  const anonymous = await world.send('GET', `${SESSIONS}/${id}`, { token: null, headers: { 'ucp-agent': undefined } });
  assert.equal(anonymous.status, 401, 'no credential, no signature, no profile');
  assertProtocolError(anonymous.json, 'unauthorized');
  const hostile = await unsigned('GET', `${SESSIONS}/${id}`, 'ftp://10.0.0.1/x');
  assert.ok(hostile.status >= 400 && hostile.status < 500, `${hostile.status}`);

  const production = await ucpWorld({ environment: 'production', live: true });
  const refused = await production.send('GET', `${SESSIONS}/${id}`, { token: null });
  assert.equal(refused.status, 401);
  assertProtocolError(refused.json, 'unauthorized');
});

test('hostile signatures are refused with UCP codes: wrong key, tampered body or digest, unknown keyid, times, coverage', async () => {
  const world = await signingWorld();
  const json = { line_items: [{ item: { id: MILK } }] };
  const wrongKey = { ...generateSigningKey('platform-2026').privateJwk };
  const now = world.clock.now();
  world.served[OTHER] = profileWith(generateSigningKey('other-1').privateJwk);
  const cases: [string, Awaited<ReturnType<typeof world.signed>>, number, string][] = [
    ['wrong key, same kid', await world.signed('POST', SESSIONS, { json, key: wrongKey }), 401, 'signature_invalid'],
    [
      'tampered body',
      await world.signed('POST', SESSIONS, { json, tamper: (r) => (r.body = r.body.replace(MILK, RICE)) }),
      400,
      'digest_mismatch',
    ],
    [
      'tampered body with its digest recomputed',
      await world.signed('POST', SESSIONS, {
        json,
        tamper: (r) => {
          r.body = r.body.replace(MILK, RICE);
          r.headers['content-digest'] = createContentDigest(r.body);
        },
      }),
      401,
      'signature_invalid',
    ],
    [
      'digest removed',
      await world.signed('POST', SESSIONS, { json, tamper: (r) => delete r.headers['content-digest'] }),
      400,
      'digest_mismatch',
    ],
    [
      'unknown keyid',
      await world.signed('POST', SESSIONS, { json, key: { ...world.key, kid: 'nobody' } }),
      401,
      'key_not_found',
    ],
    [
      'created in the future',
      await world.signed('POST', SESSIONS, { json, sign: { created: new Date(now + 600_000) } }),
      401,
      'signature_invalid',
    ],
    [
      'created an hour ago',
      await world.signed('POST', SESSIONS, { json, sign: { created: new Date(now - 3_600_000) } }),
      401,
      'signature_invalid',
    ],
    [
      'expired',
      await world.signed('POST', SESSIONS, { json, sign: { expires: new Date(now - 600_000) } }),
      401,
      'signature_invalid',
    ],
    [
      'covers neither the body nor the profile',
      await world.signed('POST', SESSIONS, { json, sign: { components: ['@method', '@authority', '@path'] } }),
      401,
      'signature_invalid',
    ],
    [
      'does not cover the idempotency key',
      await world.signed('POST', SESSIONS, {
        json,
        headers: { 'idempotency-key': 'k-1' },
        sign: { components: ['@method', '@authority', '@path', 'ucp-agent', 'content-digest', 'content-type'] },
      }),
      401,
      'signature_invalid',
    ],
    [
      'signed for another session',
      await world.signed('GET', `${SESSIONS}/cs_${'0'.repeat(32)}`, { sendTo: `${SESSIONS}/cs_${'1'.repeat(32)}` }),
      401,
      'signature_invalid',
    ],
    [
      'no Signature',
      await world.signed('POST', SESSIONS, { json, tamper: (r) => delete r.headers.signature }),
      401,
      'signature_missing',
    ],
    [
      'garbage Signature-Input',
      await world.signed('POST', SESSIONS, { json, tamper: (r) => (r.headers['signature-input'] = 'sig1=((("') }),
      401,
      'signature_invalid',
    ],
    [
      "UCP-Agent swapped for another platform's profile",
      await world.signed('POST', SESSIONS, { json, tamper: (r) => (r.headers['ucp-agent'] = `profile="${OTHER}"`) }),
      401,
      'key_not_found',
    ],
    [
      'a profile that is not there',
      await world.signed('POST', SESSIONS, { json, profile: 'https://gone.example/ucp' }),
      424,
      'profile_unreachable',
    ],
    [
      'no UCP-Agent',
      await world.signed('POST', SESSIONS, { json, tamper: (r) => (r.headers['ucp-agent'] = '') }),
      400,
      'invalid_profile_url',
    ],
  ];
  for (const [what, answer, status, code] of cases) {
    assert.equal(answer.status, status, `${what}: ${JSON.stringify(answer.json)}`);
    assertProtocolError(answer.json, code);
  }
  assert.equal(world.grocer.calculations, 0, 'nothing was priced: no session was made');
});

test('an unknown keyid refetches the profile once: a platform that just rotated its key is let in', async () => {
  const world = await signingWorld();
  const json = { line_items: [{ item: { id: RICE } }] };
  assert.equal((await world.signed('POST', SESSIONS, { json })).status, 201);
  const rotated = generateSigningKey('platform-2027').privateJwk;
  world.served[PROFILE] = profileWith(world.key, rotated);
  const after = await world.signed('POST', SESSIONS, { json, key: rotated });
  assert.equal(after.status, 201, JSON.stringify(after.json));
  assert.deepEqual(world.fetched, [PROFILE, PROFILE], 'fetched again once');
  const unknown = await world.signed('POST', SESSIONS, { json, key: { ...rotated, kid: 'platform-2099' } });
  assertProtocolError(unknown.json, 'key_not_found');
  assert.equal(world.fetched.length, 2, 'not again within the TTL floor');
});

test('the MCP binding takes the same signatures; its refusals are JSON-RPC errors with the UCP code', async () => {
  const world = await signingWorld();
  const call = (id: string) => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'get_checkout', arguments: { meta: { 'ucp-agent': { profile: PROFILE } }, id } },
  });
  const headers = { accept: 'application/json, text/event-stream' };
  const unknown = `cs_${'0'.repeat(32)}`;
  const ok = await world.signed('POST', '/ucp/mcp', { json: call(unknown), headers });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assertErrorResponse((ok.json.result as { structuredContent: unknown }).structuredContent);
  const tampered = await world.signed('POST', '/ucp/mcp', {
    json: call(unknown),
    headers,
    tamper: (r) => (r.body = r.body.replace('get_checkout', 'get_order')),
  });
  assert.equal(tampered.status, 400);
  assert.deepEqual((tampered.json.error as { code: number; data: { code: string } }).code, -32600);
  assert.equal((tampered.json.error as { data: { code: string } }).data.code, 'digest_mismatch');
  const wrong = await world.signed('POST', '/ucp/mcp', {
    json: call(unknown),
    headers,
    key: generateSigningKey('platform-2026').privateJwk,
  });
  assert.equal(wrong.status, 401);
  assert.equal((wrong.json.error as { code: number }).code, -32000);
});
