/**
 * openapi/admin.yaml against the real admin API: every route is called on the running system, and
 * every answer must be a status the document describes for that route, with a body valid against
 * the described schema (JSON Schema 2020-12, as OpenAPI 3.1 uses, with the document's own refs).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { startReceiver, type Receiver } from './support/event-world.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, Json>;
}
const document = parse(readFileSync(new URL('../openapi/admin.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: Json;
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'admin.yaml', components: document.components });
const validators = new Map<string, ValidateFunction>();

function resolve(value: Json): Json {
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Json)[part];
  return node as Json;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `admin.yaml${v}` : rewriteRefs(v),
    ]),
  );
}

/** The document's path template that `path` matches, e.g. `/admin/partners/{partnerId}/keys`. */
function templateOf(path: string): string {
  const found = Object.keys(document.paths).find((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
  if (!found) throw new Error(`${path} is not in openapi/admin.yaml`);
  return found;
}

const covered = new Set<string>();

/** Calls the admin API and checks the answer against the document; returns the parsed body. */
async function call(
  t: TestSystem,
  method: string,
  path: string,
  body?: unknown,
  options: { token?: string | null; raw?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = options.token === undefined ? t.adminToken : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers,
    body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  const template = templateOf(path.split('?')[0]!);
  const operation = document.paths[template]?.[method.toLowerCase()];
  // A method the route does not have is answered 405, described on the route's other operations.
  const described =
    operation?.responses[String(response.status)] ??
    Object.values(document.paths[template] ?? {})
      .map((op) => op.responses?.[String(response.status)])
      .find(Boolean);
  assert.ok(described, `${method} ${template}: status ${response.status} is not described (${text.slice(0, 200)})`);
  const media = (resolve(described).content as Record<string, { schema: unknown }> | undefined)?.['application/json'];
  if (!media) {
    assert.equal(text, '', `${method} ${template} ${response.status}: no body is described`);
    covered.add(`${method} ${template} ${response.status}`);
    return { status: response.status, body: null };
  }
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const key = `${method} ${template} ${response.status}`;
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = ajv.compile(rewriteRefs(media.schema) as object)));
  const parsed: unknown = JSON.parse(text);
  assert.ok(
    validate(parsed),
    `${key} does not match openapi/admin.yaml: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 400)}`,
  );
  covered.add(`${method} ${template}`);
  return { status: response.status, body: parsed };
}

describe('the admin API answers as openapi/admin.yaml describes', () => {
  let t: TestSystem;
  let receiver: Receiver;

  before(async () => {
    [t, receiver] = await Promise.all([startTestSystem(), startReceiver()]);
  });
  after(async () => {
    await receiver?.close();
    await t?.close();
  });

  test('a client id used already is 409 CLIENT_ID_TAKEN naming clientId, and nothing is created', async () => {
    const first = (
      await call(t, 'POST', '/admin/partners', {
        name: 'Owner Of Client',
        environment: 'sandbox',
        clientId: 'shared-client-1',
      })
    ).body as { partnerId: string };
    const count = async (table: string) =>
      (await t.system.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    const before = {
      partners: await count('partners'),
      keys: await count('partner_keys'),
      clients: await count('app_clients'),
    };

    const again = await call(t, 'POST', '/admin/partners', {
      name: 'Client Squatter',
      environment: 'production',
      clientId: 'shared-client-1',
    });
    assert.equal(again.status, 409);
    assert.deepEqual((again.body as { error: { code: string; field: string } }).error, {
      code: 'CLIENT_ID_TAKEN',
      message: 'This app client id is registered already; each app client belongs to one partner.',
      field: 'clientId',
    });
    const other = (await call(t, 'POST', '/admin/partners', { name: 'Another Partner', environment: 'sandbox' }))
      .body as { partnerId: string };
    before.partners += 1;
    before.keys += 1;
    before.clients += 1;
    const added = await call(t, 'POST', `/admin/partners/${other.partnerId}/clients`, {
      redirectUris: [],
      clientId: 'shared-client-1',
    });
    assert.equal(added.status, 409);
    assert.equal((added.body as { error: { field: string } }).error.field, 'clientId');
    assert.equal(
      (
        await call(t, 'POST', `/admin/partners/${first.partnerId}/clients`, {
          redirectUris: [],
          clientId: 'shared-client-1',
        })
      ).status,
      409,
      'the same partner twice too',
    );
    // Racing registrations of one id: exactly one wins, the others are 409, none is a 500.
    const raced = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(t, 'POST', '/admin/partners', { name: `Racer ${i}`, environment: 'sandbox', clientId: 'raced-client' }),
      ),
    );
    assert.deepEqual(raced.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409]);
    before.partners += 1;
    before.keys += 1;
    before.clients += 1;
    assert.deepEqual(
      { partners: await count('partners'), keys: await count('partner_keys'), clients: await count('app_clients') },
      before,
      'no half-created partner, key or client',
    );
    const { rows } = await t.system.db.query<{ partner_id: string }>(
      "SELECT partner_id FROM app_clients WHERE client_id = 'shared-client-1'",
    );
    assert.deepEqual(
      rows.map((r) => r.partner_id),
      [first.partnerId],
    );
  });

  test('partners, keys, clients, branch resolution and the go-live check', async () => {
    assert.equal((await call(t, 'GET', '/admin/partners', undefined, { token: null })).status, 401);
    assert.equal(
      (await call(t, 'GET', '/admin/partners', undefined, { token: 'wrong-token-of-enough-length' })).status,
      401,
    );
    const created = await call(t, 'POST', '/admin/partners', {
      name: 'Contract Partner',
      environment: 'sandbox',
      redirectUris: ['https://partner.example/callback'],
    });
    assert.equal(created.status, 201);
    const { partnerId, partnerKey } = created.body as { partnerId: string; partnerKey: string };
    assert.equal((await call(t, 'POST', '/admin/partners', { name: 'Bad', environment: 'staging' })).status, 400);
    assert.equal(
      (await call(t, 'POST', '/admin/partners', { name: 'Bad', environment: 'sandbox', extra: 1 })).status,
      400,
    );
    assert.equal((await call(t, 'POST', '/admin/partners', undefined, { raw: '{"name":' })).status, 400);
    assert.equal((await call(t, 'DELETE', '/admin/partners')).status, 405);
    assert.ok(
      ((await call(t, 'GET', '/admin/partners')).body as { partners: { partnerId: string }[] }).partners.some(
        (p) => p.partnerId === partnerId,
      ),
    );

    const issued = await call(t, 'POST', `/admin/partners/${partnerId}/keys`, { environment: 'production' });
    assert.equal(issued.status, 201);
    assert.equal((await call(t, 'POST', '/admin/partners/ptn_unknown/keys', { environment: 'sandbox' })).status, 404);
    assert.equal(
      ((await call(t, 'GET', `/admin/partners/${partnerId}/keys`)).body as { keys: unknown[] }).keys.length,
      2,
    );
    assert.equal((await call(t, 'DELETE', `/admin/keys/${partnerKey.slice(0, 12)}`)).status, 204);
    assert.equal((await call(t, 'DELETE', `/admin/keys/${partnerKey.slice(0, 12)}`)).status, 404);

    assert.equal(
      (
        await call(t, 'POST', `/admin/partners/${partnerId}/clients`, {
          redirectUris: ['https://partner.example/other'],
        })
      ).status,
      201,
    );
    assert.equal(
      (await call(t, 'POST', `/admin/partners/${partnerId}/clients`, { redirectUris: ['ftp://nope'] })).status,
      400,
    );
    assert.equal((await call(t, 'POST', '/admin/partners/ptn_unknown/clients', { redirectUris: [] })).status, 404);

    const before = (await call(t, 'GET', `/admin/partners/${partnerId}/go-live`)).body as {
      ready: boolean;
      missing: { check: string }[];
    };
    assert.equal(before.ready, false);
    assert.ok(before.missing.some((m) => m.check === 'branch_resolution'));
    assert.equal((await call(t, 'POST', `/admin/partners/${partnerId}/branch-resolution`)).status, 200);
    assert.equal((await call(t, 'POST', '/admin/partners/ptn_unknown/branch-resolution')).status, 404);
    assert.equal((await call(t, 'GET', '/admin/partners/ptn_unknown/go-live')).status, 404);
    const notReady = await call(t, 'POST', `/admin/partners/${partnerId}/go-live`);
    assert.equal(notReady.status, 409);
    assert.equal((notReady.body as { ready: boolean }).ready, false);
    assert.equal((await call(t, 'POST', '/admin/partners/ptn_unknown/go-live')).status, 404);
    const endpoint = await call(t, 'POST', `/admin/partners/${partnerId}/webhooks`, { url: receiver.url });
    assert.equal(endpoint.status, 201);
    const after = (await call(t, 'GET', `/admin/partners/${partnerId}/go-live`)).body as {
      ready: boolean;
      missing: unknown[];
    };
    assert.deepEqual(after, { partnerId, ready: true, missing: [], live: false, liveAt: null });
    const live = await call(t, 'POST', `/admin/partners/${partnerId}/go-live`);
    assert.equal(live.status, 200);
    assert.equal((live.body as { live: boolean }).live, true);

    const report = await call(t, 'GET', '/admin/reconciliation');
    assert.equal(report.status, 200);
    assert.deepEqual((report.body as { mismatches: unknown[] }).mismatches, []);
    // An unknown route has no operation to describe it; its answer is still the document's Error.
    const unknown = await fetch(`${t.baseUrl}/admin/no-such-route`, {
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    assert.equal(unknown.status, 404);
    const isError = ajv.compile({ $ref: 'admin.yaml#/components/schemas/Error' });
    assert.ok(isError(await unknown.json()), ajv.errorsText(isError.errors));
  });

  test('webhook endpoints, deliveries with their attempts, redelivery, rotation and disabling', async () => {
    const partnerId = t.system.credentials!.partnerId;
    const registered = await call(t, 'POST', `/admin/partners/${partnerId}/webhooks`, {
      url: receiver.url,
      events: ['payment.paid'],
    });
    assert.equal(registered.status, 201);
    const { endpointId } = registered.body as { endpointId: string };
    assert.equal((await call(t, 'POST', `/admin/partners/${partnerId}/webhooks`, { url: 'not a url' })).status, 400);
    assert.equal((await call(t, 'POST', '/admin/partners/ptn_unknown/webhooks', { url: receiver.url })).status, 404);
    assert.ok(
      (
        (await call(t, 'GET', `/admin/partners/${partnerId}/webhooks`)).body as { endpoints: { endpointId: string }[] }
      ).endpoints.some((e) => e.endpointId === endpointId),
    );
    assert.equal((await call(t, 'POST', `/admin/webhooks/${endpointId}/rotate-secret`)).status, 200);

    // A paid sandbox order makes a delivery to the endpoint.
    const { orderId } = await paidOrder(t);
    await receiver.waitForRequests(1, 10_000);
    let deliveries: { deliveryId: string; attempts: unknown[] }[] = [];
    for (let i = 0; i < 100 && !deliveries.some((d) => d.attempts.length > 0); i++) {
      deliveries = (
        (await call(t, 'GET', `/admin/partners/${partnerId}/deliveries?limit=5`)).body as {
          deliveries: typeof deliveries;
        }
      ).deliveries;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(
      deliveries.some((d) => d.attempts.length > 0),
      'a delivery with an attempt',
    );
    assert.equal((await call(t, 'GET', `/admin/partners/${partnerId}/deliveries?limit=0`)).status, 400);
    assert.equal((await call(t, 'POST', `/admin/deliveries/${deliveries[0]!.deliveryId}/redeliver`)).status, 202);
    assert.equal((await call(t, 'POST', `/admin/deliveries/dlv_${'0'.repeat(32)}/redeliver`)).status, 404);

    assert.equal((await call(t, 'DELETE', `/admin/webhooks/${endpointId}`)).status, 204);
    assert.equal((await call(t, 'POST', `/admin/webhooks/${endpointId}/rotate-secret`)).status, 400);
    assert.equal((await call(t, 'DELETE', `/admin/webhooks/whe_${'0'.repeat(32)}`)).status, 404);

    // Simulator controls.
    const [branchCode, cprcode] = ['BKK01', (await buyable(t))[0]!];
    assert.equal((await call(t, 'POST', `/admin/grocer/orders/${orderId}/advance`)).status, 200);
    assert.equal((await call(t, 'POST', '/admin/grocer/orders/PA2611220000000-ZZZZ/advance')).status, 404);
    assert.equal((await call(t, 'POST', '/admin/grocer/prices', { branchCode, cprcode, amount: 123.5 })).status, 204);
    assert.equal(
      (await call(t, 'POST', '/admin/grocer/prices', { branchCode: 'ZZ99', cprcode, amount: 1 })).status,
      400,
    );
    assert.equal((await call(t, 'POST', '/admin/grocer/stock', { branchCode, cprcode, qty: 0 })).status, 204);
    assert.equal((await call(t, 'POST', `/admin/grocer/products/${cprcode}`, { active: true })).status, 204);
    assert.equal((await call(t, 'POST', '/admin/grocer/catalog/bump')).status, 200);
    assert.equal(
      (await call(t, 'POST', '/admin/grocer/faults', { latencyMs: 0, errorRate: 0, timeoutRate: 0 })).status,
      204,
    );
    assert.equal((await call(t, 'POST', '/admin/grocer/faults', { errorRate: 2 })).status, 400);
  });

  test('agent platforms, domains, signing keys and shop settings', async () => {
    const partnerId = t.system.credentials!.partnerId;
    const base = `/admin/partners/${partnerId}`;
    const issued = await call(t, 'POST', `${base}/agents`, { name: 'Example agents', protocols: ['ucp'] });
    assert.equal(issued.status, 201);
    const { agent } = issued.body as { agent: { agentId: string } };
    assert.equal((await call(t, 'POST', `${base}/agents`, { name: '', protocols: ['xyz'] })).status, 400);
    assert.equal((await call(t, 'GET', `${base}/agents`)).status, 200);
    assert.equal((await call(t, 'DELETE', `${base}/agents/${agent.agentId}`)).status, 204);
    assert.equal((await call(t, 'DELETE', `${base}/agents/${agent.agentId}`)).status, 404);

    assert.equal((await call(t, 'POST', `${base}/domains`, { host: 'shop.example.co.th' })).status, 201);
    assert.equal((await call(t, 'POST', `${base}/domains`, { host: 'SHOP.example.co.th' })).status, 400);
    assert.equal((await call(t, 'POST', `${base}/domains`, { host: 'https://x/' })).status, 400);
    assert.equal((await call(t, 'GET', `${base}/domains`)).status, 200);
    assert.equal((await call(t, 'DELETE', `${base}/domains/shop.example.co.th`)).status, 204);
    assert.equal((await call(t, 'DELETE', `${base}/domains/shop.example.co.th`)).status, 404);

    const first = await call(t, 'GET', `${base}/signing-keys`);
    assert.equal(first.status, 200);
    const rotated = await call(t, 'POST', `${base}/signing-keys/rotate`);
    assert.equal(rotated.status, 200);
    assert.equal(
      (rotated.body as { keys: unknown[] }).keys.length,
      (first.body as { keys: unknown[] }).keys.length + 1,
    );

    assert.equal((await call(t, 'GET', `${base}/shop-settings`)).status, 200);
    const settings = {
      shopName: 'Fresh Market',
      supportEmail: 'help@fresh.example',
      privacyPolicyUrl: 'https://fresh.example/p',
    };
    assert.equal((await call(t, 'POST', `${base}/shop-settings`, settings)).status, 200);
    assert.equal((await call(t, 'POST', `${base}/shop-settings`, { privacyPolicyUrl: 'http://insecure' })).status, 400);
  });

  test('every operation of the document was exercised', () => {
    const operations = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.keys(item)
        .filter((k) => k !== 'parameters')
        .map((method) => `${method.toUpperCase()} ${template}`),
    );
    assert.deepEqual(
      operations.filter((op) => ![...covered].some((c) => c === op || c.startsWith(`${op} `))),
      [],
    );
  });
});

async function buyable(t: TestSystem): Promise<string[]> {
  const result = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
    '{ products(branchCode: "BKK01", first: 50, filter: { pricedOnly: true }) { nodes { cprcode } } }',
  );
  const products = t.system.commerce.catalog.get(result.data!.products.nodes.map((n) => n.cprcode));
  return products.filter((p) => !p.alcohol && p.active && p.online).map((p) => p.cprcode);
}

async function paidOrder(t: TestSystem): Promise<{ orderId: string }> {
  const { idToken } = await t.signUpShopper();
  const [cprcode] = await buyable(t);
  const created = await t.graphql<{ orderCreate: { order: { orderId: string; paymentLink: { url: string } } } }>(
    'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId paymentLink { url } } userErrors { code message } } }',
    { i: { branchCode: 'BKK01', lines: [{ cprcode, quantity: 1 }] } },
    { token: idToken },
  );
  const order = created.data!.orderCreate.order;
  const paid = await fetch(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
  assert.equal(paid.status, 200);
  return { orderId: order.orderId };
}
