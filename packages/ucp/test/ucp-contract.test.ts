import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import type { ClaimedDelivery } from '@grocery/core/ports';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse as parseYaml } from 'yaml';
import { UCP_ERROR_CODES } from '../src/ucp-error.ts';
import { createUcpWebhookRenderer } from '../src/ucp-webhook-renderer.ts';
import {
  assertCheckout,
  assertErrorResponse,
  assertOrder,
  assertValid,
  OWN_DOCUMENT,
  ucpValidators,
} from './support/ucp-json-schemas.ts';
import { BUYER, mockInstrument, MILK, pickupAt, RICE, SHIPPING_ADDRESS, ucpWorld } from './support/ucp-world.ts';

type Json = Record<string, unknown>;

const document = parseYaml(readFileSync(OWN_DOCUMENT, 'utf8')) as Json;
const paths = document.paths as Record<string, Record<string, Json>>;
const components = document.components as Record<string, Record<string, Json>>;
const SECRET = 'sim-secret-contract';

/** Follows a local `$ref` (`#/components/…`) of the document. */
function resolve(node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  assert.match(ref, /^#\//, `only local references: ${ref}`);
  let at: unknown = document;
  for (const part of ref.slice(2).split('/')) at = (at as Json | undefined)?.[part];
  assert.ok(at && typeof at === 'object', `${ref} resolves`);
  return resolve(at as Json);
}

function* refsOf(node: unknown): Generator<string> {
  if (Array.isArray(node)) for (const item of node) yield* refsOf(item);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') yield value;
      else yield* refsOf(value);
    }
}

const ajv = (() => {
  const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
    addFormatsModule) as unknown as (instance: Ajv2020) => void;
  // Strict, so that a misspelt keyword fails here rather than validating nothing (an allOf may require what its sibling defines).
  const instance = new Ajv2020({ strict: true, allErrors: true, strictTypes: false, strictRequired: false });
  addFormats(instance);
  // The document's components are where its references point, not a keyword of any schema.
  instance.addVocabulary(['components']);
  instance.addSchema({ $id: 'https://ucp.test/contract/ucp.yaml', components: document.components });
  return instance;
})();

/** The schema the document gives an operation's answer with this status (or its `default`), compiled. */
function documentedSchema(method: string, path: string, status: number) {
  const operation = paths[path]?.[method.toLowerCase()];
  assert.ok(operation, `${method} ${path} is documented`);
  const responses = operation.responses as Record<string, Json>;
  const documented = responses[String(status)] ?? responses.default;
  assert.ok(documented, `${method} ${path} documents ${status}`);
  const schema = (resolve(documented).content as Record<string, Json> | undefined)?.['application/json']?.schema;
  assert.ok(schema, `${method} ${path} ${status} has a JSON body`);
  const absolute = JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/', '"https://ucp.test/contract/ucp.yaml#/components/'),
  ) as Json;
  return ajv.compile(absolute);
}

/** Asserts that a real answer is what the document says for its operation and status. */
function assertDocumented(method: string, path: string, response: { status: number; json: Json }): Json {
  assertValid(documentedSchema(method, path, response.status), response.json, `${method} ${path} ${response.status}`);
  return response.json;
}

describe('openapi/ucp.yaml', () => {
  test('is an OpenAPI 3.1 document whose references resolve, whose schemas compile strictly, and which codegen reads', async () => {
    assert.equal(document.openapi, '3.1.0');
    for (const ref of new Set(refsOf(document))) resolve({ $ref: ref });
    for (const name of Object.keys(components.schemas!))
      assert.ok(ajv.getSchema(`https://ucp.test/contract/ucp.yaml#/components/schemas/${name}`), name);
    const types = astToString(await openapiTS(pathToFileURL(OWN_DOCUMENT)));
    for (const operation of ['ucpProfile', 'createCheckout', 'getCheckout', 'updateCheckout', 'completeCheckout'])
      assert.match(types, new RegExp(operation));
    for (const operation of ['cancelCheckout', 'getOrder', 'ucpMcp', 'simulateShipping', 'ucpOrderEvent'])
      assert.match(types, new RegExp(operation));
    // The same document as the generated types (npm run codegen:check compares them byte for byte).
    const generated = readFileSync(new URL('../src/generated/ucp-api.ts', import.meta.url), 'utf8');
    assert.ok(generated.includes('completeCheckout'));
  });

  test('documents every protocol error code the package raises, and the headers of the spec', () => {
    const codes = String((components.schemas!.Error!.properties as Record<string, Json>).code!.description);
    for (const code of [...UCP_ERROR_CODES, 'idempotency_conflict', 'idempotency_in_flight', 'unauthorized'])
      assert.ok(codes.includes(`\`${code}\``), code);
    const headers = Object.values(components.parameters!).map((p) => p.name);
    for (const name of ['UCP-Agent', 'Idempotency-Key', 'Request-Id', 'Content-Digest', 'Signature-Input', 'Signature'])
      assert.ok(headers.includes(name), name);
  });

  test('names exactly the surfaces the handler serves: undocumented paths are 404, documented ones are routed', async () => {
    const { send } = await ucpWorld({ simulationSecret: SECRET });
    const concrete = (path: string) =>
      path.replace('{id}', path.includes('orders') ? 'ORD-1' : `cs_${'0'.repeat(32)}`).replace('{orderId}', 'ORD-1');
    for (const [path, item] of Object.entries(paths))
      for (const method of Object.keys(item).filter((key) => key !== 'parameters')) {
        const answer = await send(method.toUpperCase(), concrete(path), {
          json: method === 'get' ? undefined : { line_items: [{ item: { id: MILK } }] },
          headers: { accept: 'application/json, text/event-stream', 'simulation-secret': SECRET },
        });
        assert.notDeepEqual(
          [answer.status, answer.json.content],
          [404, 'There is no such UCP endpoint.'],
          `${method} ${path}`,
        );
        assert.notEqual(answer.status, 405, `${method} ${path}`);
      }
    for (const path of ['/ucp/v1/carts', '/ucp/v1/catalog/search', '/ucp/v1/checkout-sessions/x/y'])
      assert.equal((await send('GET', path)).status, 404, path);
  });
});

describe('the handler answers as openapi/ucp.yaml and the official schemas say', () => {
  test('profile, create, update, get, complete, order, cancel and not-found answers', async () => {
    const world = await ucpWorld();
    const { send } = world;
    const profile = await send('GET', '/.well-known/ucp', { token: null });
    assertDocumented('GET', '/.well-known/ucp', profile);
    assertValid(ucpValidators().profile, profile.json, 'The profile');
    assert.equal(profile.headers['cache-control'], 'public, max-age=300');

    const created = await send('POST', '/ucp/v1/checkout-sessions', {
      json: { line_items: [{ item: { id: MILK }, quantity: 2 }, { item: { id: RICE } }] },
    });
    assert.equal(created.status, 201);
    assertCheckout(assertDocumented('POST', '/ucp/v1/checkout-sessions', created));
    const id = String(created.json.id);
    const session = `/ucp/v1/checkout-sessions/${id}`;

    const delivery = await send('PUT', session, {
      json: {
        line_items: created.json.line_items,
        buyer: BUYER,
        fulfillment: {
          methods: [
            { type: 'shipping', destinations: [SHIPPING_ADDRESS], groups: [{ selected_option_id: 'express' }] },
          ],
        },
        discounts: { codes: ['NO-SUCH-CODE'] },
      },
    });
    assertCheckout(assertDocumented('PUT', '/ucp/v1/checkout-sessions/{id}', delivery));
    assert.ok(
      (delivery.json.messages as { type: string }[]).some((m) => m.type === 'warning'),
      'the refused code',
    );

    const pickup = await send('PUT', session, {
      json: { line_items: created.json.line_items, buyer: BUYER, fulfillment: pickupAt('BKK01') },
    });
    assert.equal(
      assertCheckout(assertDocumented('PUT', '/ucp/v1/checkout-sessions/{id}', pickup)).status,
      'ready_for_complete',
    );
    assertCheckout(assertDocumented('GET', '/ucp/v1/checkout-sessions/{id}', await send('GET', session)));

    const declined = await send('POST', `${session}/complete`, { json: mockInstrument('fail_token') });
    assertCheckout(assertDocumented('POST', '/ucp/v1/checkout-sessions/{id}/complete', declined));
    const done = await send('POST', `${session}/complete`, { json: mockInstrument('success_token') });
    assert.equal(
      assertCheckout(assertDocumented('POST', '/ucp/v1/checkout-sessions/{id}/complete', done)).status,
      'completed',
    );
    for (const header of ['signature', 'signature-input', 'content-digest']) assert.ok(done.headers[header], header);
    assert.match(done.headers['content-digest']!, new RegExp(String(components.schemas!.ContentDigest!.pattern)));

    const orderId = (done.json.order as { id: string }).id;
    const order = await send('GET', `/ucp/v1/orders/${orderId}`);
    assertOrder(assertDocumented('GET', '/ucp/v1/orders/{id}', order));

    const other = await send('POST', '/ucp/v1/checkout-sessions', { json: { line_items: [{ item: { id: RICE } }] } });
    const canceled = await send('POST', `/ucp/v1/checkout-sessions/${String(other.json.id)}/cancel`);
    assert.equal(
      assertCheckout(assertDocumented('POST', '/ucp/v1/checkout-sessions/{id}/cancel', canceled)).status,
      'canceled',
    );

    const missing = await send('GET', `/ucp/v1/checkout-sessions/cs_${'f'.repeat(32)}`);
    assertErrorResponse(assertDocumented('GET', '/ucp/v1/checkout-sessions/{id}', missing));
    const noOrder = await send('GET', '/ucp/v1/orders/ORD-404');
    assertErrorResponse(assertDocumented('GET', '/ucp/v1/orders/{id}', noOrder));
  });

  test('protocol errors: 401, 400 with the field, 405, 409, 413 and 415 are the documented Error', async () => {
    const { send } = await ucpWorld({ handler: { maxBodyBytes: 2048 } });
    const create = (init: Parameters<typeof send>[2]) => send('POST', '/ucp/v1/checkout-sessions', init);
    const cases: [Awaited<ReturnType<typeof send>>, number, string][] = [
      [await create({ json: { line_items: [] }, token: null }), 401, 'unauthorized'],
      [await create({ json: { line_items: [{ item: { id: MILK }, quantity: 0 }] } }), 400, 'invalid_quantity'],
      [await create({ raw: '{"line_items": [' }), 400, 'invalid_json'],
      [
        await create({ json: { line_items: [{ item: { id: MILK } }] }, headers: { 'content-type': 'text/plain' } }),
        415,
        'unsupported_media_type',
      ],
      [await create({ raw: `{"pad":"${'x'.repeat(4096)}"}` }), 413, 'payload_too_large'],
      [await send('DELETE', '/ucp/v1/checkout-sessions'), 405, 'method_not_allowed'],
    ];
    const key = { 'idempotency-key': 'contract-key-1' };
    await create({ json: { line_items: [{ item: { id: MILK } }] }, headers: key });
    cases.push([
      await create({ json: { line_items: [{ item: { id: RICE } }] }, headers: key }),
      409,
      'idempotency_conflict',
    ]);
    for (const [answer, status, code] of cases) {
      assert.equal(answer.status, status, JSON.stringify(answer.json));
      assert.equal(assertDocumented('POST', '/ucp/v1/checkout-sessions', answer).code, code);
    }
    assert.equal(cases[1]![0].json.path, '$.line_items[0].quantity');
  });

  test('the sandbox hook and the order webhook body are the documented Order', async () => {
    const world = await ucpWorld({ simulationSecret: SECRET });
    const created = await world.send('POST', '/ucp/v1/checkout-sessions', {
      json: { line_items: [{ item: { id: RICE } }], buyer: BUYER, fulfillment: pickupAt('BKK01') },
    });
    const done = await world.send('POST', `/ucp/v1/checkout-sessions/${String(created.json.id)}/complete`, {
      json: mockInstrument('success_token'),
    });
    const orderId = (done.json.order as { id: string }).id;
    const hook = '/testing/simulate-shipping/{orderId}';
    const refused = await world.send('POST', `/testing/simulate-shipping/${orderId}`, { token: null });
    assert.equal(assertDocumented('POST', hook, refused).code, 'forbidden');
    const shipped = await world.send('POST', `/testing/simulate-shipping/${orderId}`, {
      token: null,
      headers: { 'simulation-secret': SECRET },
    });
    assertOrder(assertDocumented('POST', hook, shipped));

    // The renderer reads the event and the endpoint's URL of the outbox's claimed delivery.
    const delivery = {
      event: { eventId: 'evt_contract', type: 'order.updated', orderId },
      endpoint: { url: 'https://platform.example/webhooks/ucp' },
    } as unknown as ClaimedDelivery;
    const message = await createUcpWebhookRenderer({ commerce: world.commerce })(delivery, world.clock.now());
    assert.ok(message);
    const webhook = (document.webhooks as Record<string, Record<string, Json>>).order_events!.post!;
    const body = JSON.parse(String(message.body)) as Json;
    const schema = (webhook.requestBody as { content: Record<string, { schema: Json }> }).content['application/json']!
      .schema;
    assertValid(
      ajv.compile(
        JSON.parse(
          JSON.stringify(schema).replaceAll('"#/components/', '"https://ucp.test/contract/ucp.yaml#/components/'),
        ) as Json,
      ),
      body,
      'The webhook body',
    );
    assertOrder(body, 'The webhook body');
    for (const parameter of (webhook.parameters as Json[]).map(resolve).filter((p) => p.required))
      assert.ok(message.headers[String(parameter.name).toLowerCase()], `webhook header ${String(parameter.name)}`);
  });
});
