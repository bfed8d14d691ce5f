import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CommerceError } from '@grocery/core';
import { assertError, assertSession } from './support/acp-json-schemas.ts';
import {
  acpWorld,
  ADDRESS,
  BUYER,
  MILK,
  sandboxPayment,
  select,
  type AcpWorld,
  type SendInit,
} from './support/acp-world.ts';

type Json = Record<string, unknown>;
const SESSIONS = '/acp/checkout_sessions';

/** A session of the world, ready to pay (pickup at BKK01). */
async function readySession(world: AcpWorld): Promise<string> {
  const response = await world.send('POST', SESSIONS, {
    json: { line_items: [{ id: MILK }], buyer: BUYER, ...select('pickup_BKK01') },
  });
  assert.equal(response.status, 201);
  return response.json.id as string;
}

/** Every route with a body it accepts. */
function routes(id: string): [string, string, Json | undefined][] {
  return [
    ['POST', SESSIONS, { line_items: [{ id: MILK }] }],
    ['GET', `${SESSIONS}/${id}`, undefined],
    ['POST', `${SESSIONS}/${id}`, { buyer: BUYER }],
    ['POST', `${SESSIONS}/${id}/complete`, sandboxPayment('fail_token')],
    ['POST', `${SESSIONS}/${id}/cancel`, {}],
  ];
}

/** Sends and checks that the answer is a protocol error of `status` and `code`, in ACP's shape, as JSON. */
async function refused(world: AcpWorld, method: string, path: string, init: SendInit, status: number, code: string) {
  const response = await world.send(method, path, init);
  assert.equal(response.status, status, `${method} ${path}: ${JSON.stringify(response.json)}`);
  assert.match(response.headers['content-type'] ?? '', /^application\/json/);
  return { ...response, json: assertError(response.json, code) };
}

describe('credentials and API-Version', () => {
  test('no credential, an unknown one, a revoked one: 401 with WWW-Authenticate, on every route', async () => {
    const world = await acpWorld();
    const id = await readySession(world);
    const revoked = await world.commerce.agents.issue(world.target.partnerId, { name: 'Gone', protocols: ['acp'] });
    await world.commerce.agents.revoke(world.target.partnerId, revoked.agent.agentId);
    await new Promise((resolve) => setTimeout(resolve, 1));
    for (const [method, path, json] of routes(id))
      for (const token of [null, 'ak_test_' + 'x'.repeat(43), 'pk_test_nope']) {
        const response = await refused(world, method, path, { json, token }, 401, 'unauthorized');
        assert.equal(response.headers['www-authenticate'], 'Bearer realm="acp"');
      }
  });

  test('an agent not allowed ACP is 403', async () => {
    const world = await acpWorld({ protocols: ['ucp'] });
    await refused(world, 'POST', SESSIONS, { json: { line_items: [{ id: MILK }] } }, 403, 'forbidden');
  });

  test('API-Version missing or unsupported: 400 with supported_versions, before anything is done', async () => {
    const world = await acpWorld();
    const id = await readySession(world);
    for (const [method, path, json] of routes(id)) {
      const missing = await refused(world, method, path, { json, version: null }, 400, 'missing_api_version');
      assert.deepEqual(missing.json.supported_versions, ['2026-04-17']);
      for (const version of ['2026-01-30', '2025-09-29', 'latest', '2026-04-17; x'])
        assert.deepEqual(
          (await refused(world, method, path, { json, version }, 400, 'unsupported_api_version')).json
            .supported_versions,
          ['2026-04-17'],
        );
    }
    assert.equal(world.grocer.createdOrders, 0);
  });

  test('Request-Id is echoed on every answer, Idempotency-Key on every POST answer, errors included', async () => {
    const world = await acpWorld();
    const id = await readySession(world);
    for (const [method, path, json] of routes(id)) {
      const response = await world.send(method, path, {
        json,
        key: method === 'POST' ? 'key-echo-1' : undefined,
        headers: { 'request-id': 'rq-7' },
      });
      assert.equal(response.headers['request-id'], 'rq-7', `${method} ${path}`);
      assert.equal(response.headers['idempotency-key'], method === 'POST' ? 'key-echo-1' : undefined);
    }
    const error = await world.send('GET', `${SESSIONS}/${id}`, { version: null, headers: { 'request-id': 'rq-8' } });
    assert.equal(error.headers['request-id'], 'rq-8');
  });
});

describe('idempotency (rfc §6)', () => {
  test('a POST without Idempotency-Key is 400 idempotency_key_required, on every POST route; a bad key is 400', async () => {
    const world = await acpWorld();
    const id = await readySession(world);
    for (const [method, path, json] of routes(id).filter(([method]) => method === 'POST')) {
      await refused(world, method, path, { json, key: null }, 400, 'idempotency_key_required');
      for (const key of ['with space', 'x'.repeat(256), 'ключ'])
        await refused(world, method, path, { json, key }, 400, 'invalid_idempotency_key');
    }
    assert.equal(world.grocer.createdOrders, 0);
  });

  test('the same key and body replays the stored answer (same status and body, Idempotent-Replayed); nothing runs again', async () => {
    const world = await acpWorld();
    const key = '3f1c9a52-0c1e-4d1b-9a57-8c5a3a9e0b11';
    const first = await world.send('POST', SESSIONS, {
      key,
      json: { line_items: [{ id: MILK, quantity: 2 }], currency: 'thb' },
    });
    assert.equal(first.status, 201);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const calculations = world.grocer.calculations;
    world.clock.advance(47 * 3_600_000);
    // Key order and spacing differ, numbers are written differently: the same request.
    const again = await world.send('POST', SESSIONS, {
      key,
      raw: '{ "currency":"thb", "line_items":[{"quantity":2.0,"id":"100001"}] }',
    });
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json, first.json);
    assert.equal(world.grocer.calculations, calculations, 'no second session');

    const id = await readySession(world);
    const payKey = 'pay-1';
    const paid = await world.send('POST', `${SESSIONS}/${id}/complete`, {
      key: payKey,
      json: sandboxPayment('success_token'),
    });
    assert.equal(paid.json.status, 'completed');
    const replayed = await world.send('POST', `${SESSIONS}/${id}/complete`, {
      key: payKey,
      json: sandboxPayment('success_token'),
    });
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replayed.json, paid.json);
    assert.equal(world.grocer.createdOrders, 1);
  });

  test('the same key with another body is 422 idempotency_conflict, decided before the body is read', async () => {
    const world = await acpWorld();
    const key = 'conflict-1';
    assert.equal((await world.send('POST', SESSIONS, { key, json: { line_items: [{ id: MILK }] } })).status, 201);
    for (const init of [
      { json: { line_items: [{ id: MILK, quantity: 2 }] } },
      { json: { line_items: [{ id: MILK }], discounts: null } },
      { json: { line_items: 'not a list' } },
      { json: [1, 2] },
      { raw: '{not json' },
      { raw: new Uint8Array([0xff, 0xfe]) },
    ])
      await refused(world, 'POST', SESSIONS, { key, ...init }, 422, 'idempotency_conflict');
    const other = await world.send('POST', `${SESSIONS}/cs_${'0'.repeat(32)}`, { key, json: {} });
    assert.equal(other.status, 404, 'the same key on another path is another request');
  });

  test('a key whose first request still runs is 409 idempotency_in_flight with Retry-After; then it replays', async () => {
    const world = await acpWorld();
    let release = () => {};
    world.grocer.gate = new Promise<void>((resolve) => (release = resolve));
    const init = { key: 'slow-1', json: { line_items: [{ id: MILK }] } };
    const first = world.send('POST', SESSIONS, init);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const busy = await refused(world, 'POST', SESSIONS, init, 409, 'idempotency_in_flight');
    assert.equal(busy.headers['retry-after'], '1');
    world.grocer.gate = null;
    release();
    const done = await first;
    assert.equal(done.status, 201);
    const replay = await world.send('POST', SESSIONS, init);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.json.id, done.json.id);
  });

  test('refusals the caller must fix are kept and replayed; a 5xx is not kept, and the retry runs afresh', async () => {
    const world = await acpWorld();
    const bad = { key: 'bad-1', json: { line_items: [{ id: MILK, quantity: 0 }] } };
    const first = await refused(world, 'POST', SESSIONS, bad, 400, 'invalid');
    const again = await world.send('POST', SESSIONS, bad);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json, first.json);

    const calculate = world.grocer.calculate.bind(world.grocer);
    world.grocer.calculate = async () => {
      throw new CommerceError('GROCER_UNAVAILABLE', 'The grocer is not answering.');
    };
    const down = { key: 'down-1', json: { line_items: [{ id: MILK }] } };
    const unavailable = await refused(world, 'POST', SESSIONS, down, 503, 'service_unavailable');
    assert.equal(unavailable.json.type, 'service_unavailable');
    assert.equal(unavailable.headers['retry-after'], '2');
    world.grocer.calculate = calculate;
    const retried = await world.send('POST', SESSIONS, down);
    assert.equal(retried.status, 201);
    assert.equal(retried.headers['idempotent-replayed'], undefined);
  });
});

describe('hostile input: a clear 4xx naming the field, never a 5xx', () => {
  const cases: [string, Json | string, string | undefined][] = [
    ['array body', '[1,2]', '$'],
    ['string body', '"x"', '$'],
    ['not JSON', '{"line_items":', '$'],
    ['deep nesting', `{"line_items":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, '$.line_items[0].id'],
    ['no lines', { currency: 'thb' }, '$.line_items'],
    ['empty lines', { line_items: [] }, '$.line_items'],
    ['lines not a list', { line_items: { id: MILK } }, '$.line_items'],
    ['line not an object', { line_items: ['100001'] }, '$.line_items[0].id'],
    ['quantity 0', { line_items: [{ id: MILK, quantity: 0 }] }, '$.line_items[0].quantity'],
    ['quantity 1000', { line_items: [{ id: MILK, quantity: 1000 }] }, '$.line_items[0].quantity'],
    ['quantity 1.5', { line_items: [{ item: { id: MILK }, quantity: 1.5 }] }, '$.line_items[0].quantity'],
    ['quantity text', { line_items: [{ id: MILK, quantity: '2' }] }, '$.line_items[0].quantity'],
    ['id not a cprcode', { line_items: [{ id: '../etc/passwd' }] }, '$.line_items[0].id'],
    ['item id a number', { line_items: [{ item: { id: 100001 } }] }, '$.line_items[0].item.id'],
    ['NUL in a name', { line_items: [{ id: MILK }], buyer: { first_name: 'So\u0000mchai' } }, '$.buyer.first_name'],
    ['lone surrogate', { line_items: [{ id: MILK }], buyer: { last_name: 'x\uD800' } }, '$.buyer.last_name'],
    ['bad email', { line_items: [{ id: MILK }], buyer: { email: 'not-an-email' } }, '$.buyer.email'],
    [
      'bad phone',
      { line_items: [{ id: MILK }], fulfillment_details: { phone_number: '0812345678' } },
      '$.fulfillment_details.phone_number',
    ],
    ['long name', { line_items: [{ id: MILK }], buyer: { first_name: 'x'.repeat(101) } }, '$.buyer.first_name'],
    ['buyer a list', { line_items: [{ id: MILK }], buyer: [] }, '$.buyer'],
    ['details text', { line_items: [{ id: MILK }], fulfillment_details: 'home' }, '$.fulfillment_details'],
    [
      'address text',
      { line_items: [{ id: MILK }], fulfillment_details: { address: 'home' } },
      '$.fulfillment_details.address',
    ],
    [
      'postcode',
      { line_items: [{ id: MILK }], fulfillment_details: { address: { ...ADDRESS, postal_code: '1O110' } } },
      '$.fulfillment_details.address.postal_code',
    ],
    [
      'country',
      { line_items: [{ id: MILK }], fulfillment_details: { address: { ...ADDRESS, country: 'Thailand' } } },
      '$.fulfillment_details.address.country',
    ],
    [
      'street',
      { line_items: [{ id: MILK }], fulfillment_details: { address: { ...ADDRESS, line_one: '\u0007' } } },
      '$.fulfillment_details.address.line_one',
    ],
    [
      'unknown option',
      { line_items: [{ id: MILK }], ...select('shipping_fast') },
      '$.selected_fulfillment_options[0].option_id',
    ],
    [
      'unknown branch',
      { line_items: [{ id: MILK }], ...select('pickup_ZZ99') },
      '$.selected_fulfillment_options[0].option_id',
    ],
    [
      'selection not a list',
      { line_items: [{ id: MILK }], selected_fulfillment_options: 'pickup_BKK01' },
      '$.selected_fulfillment_options',
    ],
    ['codes not a list', { line_items: [{ id: MILK }], discounts: { codes: 'SAVE10' } }, '$.discounts.codes'],
    ['code a number', { line_items: [{ id: MILK }], discounts: { codes: [10] } }, '$.discounts.codes[0]'],
    ['discounts text', { line_items: [{ id: MILK }], discounts: 'SAVE10' }, '$.discounts'],
    ['currency', { line_items: [{ id: MILK }], currency: 'usd' }, '$.currency'],
  ];
  for (const [name, body, param] of cases)
    test(`create: ${name}`, async () => {
      const world = await acpWorld();
      const init = typeof body === 'string' ? { raw: body } : { json: body };
      const response = await world.send('POST', SESSIONS, init);
      assert.ok(
        response.status >= 400 && response.status < 500,
        `${name}: ${response.status} ${JSON.stringify(response.json)}`,
      );
      const error = assertError(response.json);
      assert.equal(error.type, 'invalid_request');
      assert.equal(error.param, param, JSON.stringify(error));
      assert.equal(world.grocer.createdOrders, 0);
    });

  test('unknown keys, hostile or not, are ignored; output-only fields sent back are ignored', async () => {
    const world = await acpWorld();
    const response = await world.send('POST', SESSIONS, {
      json: {
        line_items: [{ id: MILK, name: 'x\u0000', unit_amount: -1, totals: 'x' }],
        capabilities: { interventions: { supported: ['3ds'] } },
        affiliate_attribution: { token: '\uD800' },
        status: 'completed',
        totals: [],
        id: 'cs_mine',
        order_notes: 'Leave at the door',
        metadata: { deep: { deeper: [1, 2, 3] } },
      },
    });
    assert.equal(response.status, 201);
    const session = assertSession(response.json);
    assert.equal(session.status, 'not_ready_for_payment');
    assert.notEqual(session.id, 'cs_mine');
    assert.deepEqual((session.capabilities as Json).interventions, { supported: [], required: [] });
  });

  test('hostile session ids, methods, paths, sizes and media types', async () => {
    const world = await acpWorld();
    for (const id of ['cs_' + 'g'.repeat(32), '..%2F..%2Fadmin', 'x'.repeat(200), '%E0%A4%A', "cs_'; DROP TABLE"])
      await refused(world, 'GET', `${SESSIONS}/${id}`, {}, 404, 'session_not_found');
    await refused(world, 'GET', `${SESSIONS}/${'x'.repeat(201)}`, {}, 404, 'not_found');
    await refused(world, 'DELETE', `${SESSIONS}/cs_${'0'.repeat(32)}`, {}, 405, 'method_not_allowed');
    await refused(world, 'GET', SESSIONS, {}, 405, 'method_not_allowed');
    await refused(world, 'POST', '/acp/orders', { json: {} }, 404, 'not_found');
    await refused(
      world,
      'POST',
      SESSIONS,
      { raw: `{"line_items":[{"id":"${'1'.repeat(70_000)}"}]}` },
      413,
      'payload_too_large',
    );
    await refused(
      world,
      'POST',
      SESSIONS,
      { raw: 'line_items=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      'unsupported_media_type',
    );
    const id = await readySession(world);
    const complete = `${SESSIONS}/${id}/complete`;
    await refused(world, 'POST', complete, { json: {} }, 400, 'invalid');
    for (const [payment, param] of [
      [{ payment_data: 'card' }, '$.payment_data'],
      [{ payment_data: { handler_id: 'card_tokenized' } }, '$.payment_data.handler_id'],
      [{ payment_data: { handler_id: 'sandbox_token' } }, '$.payment_data.instrument.credential.token'],
      [
        { payment_data: { handler_id: 'sandbox_token', instrument: { credential: { token: 7 } } } },
        '$.payment_data.instrument.credential.token',
      ],
    ] as const)
      assert.equal((await refused(world, 'POST', complete, { json: payment }, 400, 'invalid')).json.param, param);
    assert.equal(world.grocer.createdOrders, 0);
  });
});
