import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SigningJwk } from '../src/signatures/signing-keys.ts';
import { verifyResponseSignature } from '../src/signatures/verify-message.ts';
import { UcpError } from '../src/ucp-error.ts';
import { assertCheckout, assertErrorResponse, assertOrder } from './support/ucp-json-schemas.ts';
import {
  BEER,
  BUYER,
  MILK,
  mockInstrument,
  OFFLINE,
  pickupAt,
  RICE,
  SHIPPING_ADDRESS,
  ucpWorld,
  UNKNOWN,
} from './support/ucp-world.ts';

type Json = Record<string, unknown>;
const SESSIONS = '/ucp/v1/checkout-sessions';

const codesOf = (body: Json) => (body.messages as { code: string }[]).map((m) => m.code);
const totalOf = (body: Json) =>
  (body.totals as { type: string; amount: number }[]).find((t) => t.type === 'total')?.amount;

describe('UCP REST checkout sessions', () => {
  test('create answers 201 with the envelope, the lines priced and what is missing; pickup and buyer make it ready', async () => {
    const { send } = await ucpWorld();
    const created = await send('POST', SESSIONS, { json: { line_items: [{ item: { id: MILK }, quantity: 2 }] } });
    assert.equal(created.status, 201);
    assert.equal(created.headers['cache-control'], 'no-store');
    const body = assertCheckout(created.json);
    assert.match(String(body.id), /^cs_[0-9a-f]{32}$/);
    assert.equal(body.status, 'incomplete');
    assert.deepEqual(codesOf(body), ['missing', 'missing']);
    assert.equal(totalOf(body), 9_000);
    assert.deepEqual(body.links, [
      { type: 'privacy_policy', url: 'https://shop.example/privacy' },
      { type: 'terms_of_service', url: 'https://shop.example/terms' },
    ]);
    const [line] = body.line_items as { id: string; item: Json }[];
    assert.deepEqual(line?.item, {
      id: MILK,
      title: 'Fresh milk 1 l',
      price: 4_500,
      image_url: `https://api.example/images/products/${MILK}`,
    });

    const updated = await send('PUT', `${SESSIONS}/${String(body.id)}`, {
      json: {
        id: body.id,
        line_items: [{ id: line?.id, item: { id: MILK }, quantity: 3 }, { item: { id: RICE } }],
        buyer: BUYER,
        fulfillment: pickupAt('BKK01'),
      },
    });
    assert.equal(updated.status, 200);
    const ready = assertCheckout(updated.json);
    assert.equal(ready.status, 'ready_for_complete');
    assert.deepEqual(ready.messages, []);
    assert.equal((ready.line_items as { id: string }[])[0]?.id, line?.id, 'the line keeps its id');
    assert.equal(totalOf(ready), 3 * 4_500 + 21_500);
    assert.deepEqual(ready.buyer, BUYER);
  });

  test('pickup complete with success_token: completed with its order, which GET /orders shows', async () => {
    const { send, commerce } = await ucpWorld();
    const created = await send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: RICE }, quantity: 2 }], buyer: BUYER, fulfillment: pickupAt('BKK01') },
    });
    const id = String(created.json.id);
    assert.equal(created.json.status, 'ready_for_complete');
    const done = await send('POST', `${SESSIONS}/${id}/complete`, { json: mockInstrument('success_token') });
    assert.equal(done.status, 200);
    const body = assertCheckout(done.json);
    assert.equal(body.status, 'completed');
    const order = body.order as { id: string; permalink_url: string };
    assert.match(order.permalink_url, /^https:\/\/shop\.example\/pay\//);
    assert.equal(body.continue_url, undefined);
    assert.equal((await commerce.store.getOrderById(order.id))?.paymentStatus, 'PAID');
    const verified = verifyResponseSignature(
      { status: done.status, headers: done.headers, body: done.body ?? undefined },
      {
        keys: (await commerce.agents.publishedKeys('ptn_a')) as unknown as SigningJwk[],
        now: new Date(commerce.clock.now()),
      },
    );
    assert.deepEqual(verified.components, ['@status', 'content-digest', 'content-type'], 'signed by the business');

    const got = await send('GET', `/ucp/v1/orders/${order.id}`);
    assert.equal(got.status, 200);
    assertOrder(got.json, 'The order');
    assert.equal(got.json.checkout_id, id);
    assert.deepEqual(
      (got.json.totals as { type: string; amount: number }[]).map((t) => [t.type, t.amount]),
      [
        ['subtotal', 43_000],
        ['total', 43_000],
      ],
    );
    const fulfillment = got.json.fulfillment as { expectations: Json[]; events: Json[] };
    assert.equal(fulfillment.expectations[0]?.method_type, 'pickup');
    assert.deepEqual(
      fulfillment.events.map((e) => [e.type, e.occurred_at]),
      [['processing', (await commerce.store.getOrderById(order.id))?.paidAt]],
      'the branch has the paid order',
    );
    assert.deepEqual(Object.keys(got.json.ucp as Json), ['version', 'status', 'capabilities']);
    assert.equal((await send('GET', `${SESSIONS}/${id}`)).json.status, 'completed');
  });

  test('delivery with an express slot, then a full replacement without fulfillment clears it', async () => {
    const { send } = await ucpWorld();
    const created = await send('POST', SESSIONS, {
      json: {
        line_items: [{ item: { id: RICE } }],
        buyer: BUYER,
        fulfillment: { methods: [{ type: 'shipping', destinations: [SHIPPING_ADDRESS] }] },
      },
    });
    const first = assertCheckout(created.json);
    assert.equal(first.status, 'ready_for_complete', JSON.stringify(first.messages));
    const [shipping] = (first.fulfillment as { methods: Json[] }).methods;
    const destination = (shipping?.destinations as Json[])[0];
    const [group] = shipping?.groups as { id: string; options: { id: string }[] }[];
    assert.deepEqual(
      group?.options.map((o) => o.id),
      ['regular', 'express'],
    );
    const express = await send('PUT', `${SESSIONS}/${String(first.id)}`, {
      json: {
        line_items: first.line_items,
        buyer: BUYER,
        fulfillment: {
          methods: [
            {
              type: 'shipping',
              line_item_ids: shipping?.line_item_ids,
              destinations: [destination],
              selected_destination_id: destination?.id,
              groups: [{ id: group?.id, selected_option_id: 'express' }],
            },
          ],
        },
      },
    });
    const chosen = assertCheckout(express.json);
    const method = (chosen.fulfillment as { methods: { groups: { selected_option_id: string }[] }[] }).methods[0];
    assert.equal(method?.groups[0]?.selected_option_id, 'express');
    assert.ok((chosen.totals as { type: string }[]).some((t) => t.type === 'fulfillment'));

    const cleared = assertCheckout(
      (await send('PUT', `${SESSIONS}/${String(first.id)}`, { json: { line_items: first.line_items, buyer: BUYER } }))
        .json,
    );
    assert.equal(cleared.status, 'incomplete');
    assert.deepEqual(codesOf(cleared), ['missing']);
    assert.deepEqual(
      (cleared.fulfillment as { methods: { line_item_ids: string[] }[] }).methods.map((m) => m.line_item_ids),
      [[], []],
    );
  });

  test('business outcomes are messages in a 200: out of stock, unavailable, undeliverable, refused coupon', async () => {
    const { send } = await ucpWorld();
    const created = await send('POST', SESSIONS, {
      json: {
        line_items: [{ item: { id: MILK }, quantity: 20 }, { item: { id: OFFLINE } }, { item: { id: RICE } }],
        buyer: BUYER,
        fulfillment: { methods: [{ type: 'shipping', destinations: [{ ...SHIPPING_ADDRESS, postal_code: '50000' }] }] },
        discounts: { codes: ['nosuch'] },
      },
    });
    assert.equal(created.status, 201);
    const body = assertCheckout(created.json);
    assert.equal(body.status, 'incomplete');
    assert.deepEqual(
      (body.messages as Json[]).map((m) => [m.type, m.code, m.path]),
      [
        ['error', 'address_undeliverable', '$.fulfillment.methods[0].destinations'],
        ['error', 'out_of_stock', '$.line_items[0]'],
        ['error', 'item_unavailable', '$.line_items[1]'],
        ['warning', 'discount_code_invalid', '$.discounts.codes[0]'],
      ],
    );
    const elsewhere = assertCheckout(
      (
        await send('POST', SESSIONS, {
          json: { line_items: [{ item: { id: BEER } }, { item: { id: UNKNOWN } }], fulfillment: pickupAt('BKK02') },
        })
      ).json,
    );
    assert.deepEqual(
      (elsewhere.messages as Json[]).slice(0, 2).map((m) => [m.code, m.path]),
      [
        ['item_unavailable', '$.line_items[0]'],
        ['item_unavailable', '$.line_items[1]'],
      ],
      'no alcohol licence at BKK02; no such product',
    );
    assert.equal((elsewhere.line_items as { item: Json }[])[1]?.item.title, `Product ${UNKNOWN}`);
  });

  test('fail_token declines (payment_failed); success_token then pays the same order', async () => {
    const { send, store } = await ucpWorld();
    const created = await send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: RICE } }], buyer: BUYER, fulfillment: pickupAt('BKK01') },
    });
    const id = String(created.json.id);
    const declined = assertCheckout(
      (await send('POST', `${SESSIONS}/${id}/complete`, { json: mockInstrument('fail_token') })).json,
    );
    assert.equal(declined.status, 'ready_for_complete');
    assert.deepEqual(
      (declined.messages as Json[]).map((m) => [m.code, m.severity]),
      [['payment_failed', 'recoverable']],
    );
    const paid = assertCheckout(
      (await send('POST', `${SESSIONS}/${id}/complete`, { json: mockInstrument('success_token') })).json,
    );
    assert.equal(paid.status, 'completed');
    const orderId = (paid.order as { id: string }).id;
    assert.equal((await store.listPaymentAttempts([orderId])).filter((a) => a.state === 'paid').length, 1);
  });

  test('production escalates: requires_escalation with continue_url = the payment page; completed once paid', async () => {
    const { send, commerce } = await ucpWorld({ environment: 'production', live: true });
    const created = await send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: RICE } }], buyer: BUYER, fulfillment: pickupAt('BKK01') },
    });
    const body = assertCheckout(created.json);
    assert.deepEqual((body.ucp as Json).payment_handlers, {});
    const id = String(body.id);
    const escalated = assertCheckout(
      (await send('POST', `${SESSIONS}/${id}/complete`, { json: mockInstrument('success_token') })).json,
    );
    assert.equal(escalated.status, 'requires_escalation');
    const continueUrl = String(escalated.continue_url);
    assert.match(continueUrl, /^https:\/\/shop\.example\/pay\//);
    assert.equal((escalated.messages as Json[])[0]?.severity, 'requires_buyer_input');
    await commerce.payments.pay(continueUrl.slice(continueUrl.lastIndexOf('/') + 1));
    const completed = assertCheckout((await send('GET', `${SESSIONS}/${id}`)).json);
    assert.equal(completed.status, 'completed');
    assert.deepEqual(completed.order, { id: (completed.order as Json).id, permalink_url: continueUrl });
  });

  test('cancel ends an open session; a closed session refuses cancel, update and complete with 409', async () => {
    const { send } = await ucpWorld();
    const id = String((await send('POST', SESSIONS, { json: { line_items: [{ item: { id: RICE } }] } })).json.id);
    const cancelled = await send('POST', `${SESSIONS}/${id}/cancel`);
    assert.equal(cancelled.status, 200);
    assert.equal(assertCheckout(cancelled.json).status, 'canceled');
    for (const [method, path, json] of [
      ['POST', `${SESSIONS}/${id}/cancel`, undefined],
      ['PUT', `${SESSIONS}/${id}`, { line_items: [{ item: { id: RICE } }] }],
      ['POST', `${SESSIONS}/${id}/complete`, mockInstrument('success_token')],
    ] as const) {
      const refused = await send(method, path, { json });
      assert.equal(refused.status, 409, `${method} ${path}`);
      assert.equal(refused.json.code, 'checkout_not_modifiable');
      assert.equal(typeof refused.json.content, 'string');
    }
  });

  test('an unknown, malformed or other caller session, and an unknown order, are a not_found message in a 200', async () => {
    const world = await ucpWorld();
    const other = await world.commerce.agents.issue('ptn_a', { name: 'Agent Two', protocols: ['ucp'] });
    const id = String((await world.send('POST', SESSIONS, { json: { line_items: [{ item: { id: RICE } }] } })).json.id);
    for (const [path, token] of [
      [`${SESSIONS}/cs_${'0'.repeat(32)}`, undefined],
      [`${SESSIONS}/${id}`, other.token],
      [`${SESSIONS}/..%2F..%2Fetc`, undefined],
      [`${SESSIONS}/${'x'.repeat(200)}`, undefined],
      ['/ucp/v1/orders/PA2611270000001-K7QD', undefined],
    ] as const) {
      const answer = await world.send('GET', path, { token });
      assert.equal(answer.status, 200, path);
      assertErrorResponse(answer.json, 'A not-found answer');
      assert.deepEqual((answer.json.messages as Json[])[0], {
        type: 'error',
        code: 'not_found',
        severity: 'unrecoverable',
        content: path.startsWith('/ucp/v1/orders') ? 'Order not found.' : 'Checkout session not found.',
      });
    }
  });

  test('an order is shown only to the caller whose session placed it', async () => {
    const world = await ucpWorld();
    const created = await world.send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: RICE } }], buyer: BUYER, fulfillment: pickupAt('BKK01') },
    });
    const done = await world.send('POST', `${SESSIONS}/${String(created.json.id)}/complete`, {
      json: mockInstrument('success_token'),
    });
    const orderId = (done.json.order as { id: string }).id;
    const other = await world.commerce.agents.issue('ptn_a', { name: 'Agent Two', protocols: ['ucp'] });
    const theirs = await world.send('GET', `/ucp/v1/orders/${orderId}`, { token: other.token });
    assert.deepEqual(codesOf(theirs.json), ['not_found']);
  });
});

describe('UCP REST callers', () => {
  test('no credential, an unknown or revoked one, or another shop agent: 401 with WWW-Authenticate', async () => {
    const world = await ucpWorld();
    const elsewhere = await world.store.createPartner({
      partnerId: 'ptn_b',
      name: 'Shop B',
      environment: 'sandbox',
      orderSource: 'SRC_B',
    });
    const theirs = await world.commerce.agents.issue(elsewhere.partnerId, { name: 'Agent B', protocols: ['ucp'] });
    const revoked = await world.commerce.agents.issue('ptn_a', { name: 'Agent Gone', protocols: ['ucp'] });
    await world.commerce.agents.revoke('ptn_a', revoked.agent.agentId);
    for (const token of [null, 'ak_test_nope', theirs.token, revoked.token]) {
      const refused = await world.send('POST', SESSIONS, { json: { line_items: [{ item: { id: RICE } }] }, token });
      assert.equal(refused.status, 401, String(token));
      assert.equal(refused.json.code, 'unauthorized');
      assert.equal(refused.headers['www-authenticate'], 'Bearer realm="ucp"');
    }
  });

  test('X-API-Key works like Bearer; an agent not allowed UCP is refused with 403', async () => {
    const world = await ucpWorld();
    const viaKey = await world.send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: RICE } }] },
      token: null,
      headers: { 'x-api-key': world.token },
    });
    assert.equal(viaKey.status, 201);
    const acpOnly = await world.commerce.agents.issue('ptn_a', { name: 'ACP Agent', protocols: ['acp'] });
    const refused = await world.send('GET', `${SESSIONS}/${String(viaKey.json.id)}`, { token: acpOnly.token });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.code, 'forbidden');
  });

  test('a request that only a signature could authenticate goes to the signed-caller hook', async () => {
    const seen: string[] = [];
    const world = await ucpWorld({
      handler: {
        verifySignedCaller: async (request) => {
          seen.push(request.headers['signature-input'] ?? '');
          return { status: 401, code: 'signature_invalid', content: 'The signature does not verify.' };
        },
      },
    });
    const refused = await world.send('GET', `${SESSIONS}/cs_${'0'.repeat(32)}`, {
      token: null,
      headers: { 'signature-input': 'sig1=("@method");keyid="k"' },
    });
    assert.equal(refused.status, 401);
    assert.equal(refused.json.code, 'signature_invalid');
    assert.deepEqual(seen, ['sig1=("@method");keyid="k"']);
  });

  test('the negotiation hook sees the UCP-Agent header, and its answer shapes the envelope', async () => {
    const world = await ucpWorld({
      handler: {
        negotiate: async (agent) =>
          agent.header?.includes('old.example')
            ? { status: 422, code: 'version_unsupported', content: 'Protocol version 2025-01-01 is not supported.' }
            : {
                profileUrl: 'https://platform.example/.well-known/ucp',
                webhookUrl: null,
                active: ['dev.ucp.shopping.checkout'],
              },
      },
    });
    const created = await world.send('POST', SESSIONS, { json: { line_items: [{ item: { id: RICE } }] } });
    const body = assertCheckout(created.json);
    assert.deepEqual(Object.keys((body.ucp as { capabilities: Json }).capabilities), ['dev.ucp.shopping.checkout']);
    assert.equal(body.fulfillment, undefined);
    const session = await world.commerce.store.getCheckoutSession('ptn_a', String(body.id));
    assert.equal(session?.profileUrl, 'https://platform.example/.well-known/ucp');
    const refused = await world.send('GET', `${SESSIONS}/${String(body.id)}`, {
      headers: { 'ucp-agent': 'profile="https://old.example/.well-known/ucp"' },
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.json.code, 'version_unsupported');
  });
});

describe('UCP REST idempotency', () => {
  const key = (n: number) => ({ 'idempotency-key': `5f0c6a4e-0000-4000-8000-00000000000${n}` });

  test('the same key and body replays the first answer (one session); key order and spacing do not matter', async () => {
    const world = await ucpWorld();
    const first = await world.send('POST', SESSIONS, {
      raw: '{"line_items":[{"item":{"id":"100002"},"quantity":2}],"buyer":{"email":"a@b.co"}}',
      headers: key(1),
    });
    assert.equal(first.status, 201);
    const again = await world.send('POST', SESSIONS, {
      raw: '{ "buyer": {"email": "a@b.co"},\n "line_items": [{"quantity": 2, "item": {"id": "100002"}}] }',
      headers: key(1),
    });
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json, first.json);
    const another = await world.send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: RICE } }] },
      headers: key(2),
    });
    assert.notEqual(another.json.id, first.json.id, 'another key is another request');
  });

  test('the same key with a different body is refused with 409; an invalid key with 400', async () => {
    const world = await ucpWorld();
    await world.send('POST', SESSIONS, { json: { line_items: [{ item: { id: RICE } }] }, headers: key(1) });
    const conflict = await world.send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: MILK } }] },
      headers: key(1),
    });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.json.code, 'idempotency_conflict');
    const bad = await world.send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: RICE } }] },
      headers: { 'idempotency-key': 'has space' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.code, 'invalid_idempotency_key');
  });

  test('a key still in flight is refused with 409 and Retry-After; it replays once the first is done', async () => {
    const world = await ucpWorld();
    let open = () => {};
    world.grocer.gate = new Promise<void>((resolve) => (open = resolve));
    const json = { line_items: [{ item: { id: RICE } }] };
    const first = world.send('POST', SESSIONS, { json, headers: key(1) });
    while (world.grocer.calculations === 0) await new Promise((resolve) => setImmediate(resolve));
    const inFlight = await world.send('POST', SESSIONS, { json, headers: key(1) });
    assert.equal(inFlight.status, 409);
    assert.equal(inFlight.json.code, 'idempotency_in_flight');
    assert.equal(inFlight.headers['retry-after'], '1');
    world.grocer.gate = null;
    open();
    const done = await first;
    const replay = await world.send('POST', SESSIONS, { json, headers: key(1) });
    assert.deepEqual(replay.json, done.json);
  });

  test('complete retried with its key replays the answer: one order, one payment', async () => {
    const world = await ucpWorld();
    const created = await world.send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: RICE } }], buyer: BUYER, fulfillment: pickupAt('BKK01') },
    });
    const path = `${SESSIONS}/${String(created.json.id)}/complete`;
    const first = await world.send('POST', path, { json: mockInstrument('success_token'), headers: key(3) });
    const second = await world.send('POST', path, { json: mockInstrument('success_token'), headers: key(3) });
    assert.equal(second.status, 200);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.deepEqual(second.json, first.json);
    const orderId = (first.json.order as { id: string }).id;
    assert.equal((await world.store.listPaymentAttempts([orderId])).length, 1);
  });

  test('keys are the caller own: another agent may use the same key for its own request', async () => {
    const world = await ucpWorld();
    const other = await world.commerce.agents.issue('ptn_a', { name: 'Agent Two', protocols: ['ucp'] });
    const mine = await world.send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: RICE } }] },
      headers: key(1),
    });
    const theirs = await world.send('POST', SESSIONS, {
      json: { line_items: [{ item: { id: MILK } }] },
      headers: key(1),
      token: other.token,
    });
    assert.equal(theirs.status, 201);
    assert.notEqual(theirs.json.id, mine.json.id);
  });
});

describe('UCP REST hostile input', () => {
  test('bad bodies, types and text are 400 with {code, content} and the path; never a 500', async () => {
    const world = await ucpWorld();
    const cases: [string | Uint8Array, number, string, string?][] = [
      ['{', 400, 'invalid_json'],
      [new Uint8Array([0x7b, 0xff, 0x7d]), 400, 'invalid_json'],
      ['[1,2]', 400, 'invalid_request'],
      ['"line_items"', 400, 'invalid_request'],
      ['{"line_items":"x"}', 400, 'invalid_input', '$.line_items'],
      ['{"line_items":[]}', 400, 'empty_basket', '$.line_items'],
      ['{"line_items":[7]}', 400, 'invalid_cprcode', '$.line_items[0].item.id'],
      ['{"line_items":[{"item":{"id":"DROP TABLE"}}]}', 400, 'invalid_cprcode', '$.line_items[0].item.id'],
      ['{"line_items":[{"item":{"id":"100002"},"quantity":1.5}]}', 400, 'invalid_quantity', '$.line_items[0].quantity'],
      ['{"line_items":[{"item":{"id":"100002"},"quantity":"2"}]}', 400, 'invalid_quantity', '$.line_items[0].quantity'],
      [
        '{"line_items":[{"item":{"id":"100002"}}],"buyer":{"email":"a\\u0000@b.co"}}',
        400,
        'invalid_input',
        '$.buyer.email',
      ],
      [
        '{"line_items":[{"item":{"id":"100002"}}],"buyer":{"phone_number":"0812345678"}}',
        400,
        'invalid_input',
        '$.buyer.phone_number',
      ],
      [
        '{"line_items":[{"item":{"id":"100002"}}],"buyer":{"first_name":{"x":1}}}',
        400,
        'invalid_input',
        '$.buyer.first_name',
      ],
      [
        '{"line_items":[{"item":{"id":"100002"}}],"discounts":{"codes":[{}]}}',
        400,
        'invalid_input',
        '$.discounts.codes[0]',
      ],
      [
        '{"line_items":[{"item":{"id":"100002"}}],"fulfillment":{"methods":[{"type":"shipping","destinations":[{"street_address":"\\ud800","postal_code":"10110","address_country":"TH"}]}]}}',
        400,
        'invalid_request',
      ],
      [
        '{"line_items":[{"item":{"id":"100002"}}],"fulfillment":{"methods":[{"type":"pickup","selected_destination_id":"<script>"}]}}',
        400,
        'invalid_branch',
        '$.fulfillment.methods[0].selected_destination_id',
      ],
      [
        '{"line_items":[{"item":{"id":"100002"}}],"fulfillment":{"methods":[{"type":"shipping","destinations":[{"street_address":"x","postal_code":"1011","address_country":"TH"}]}]}}',
        400,
        'invalid_input',
        '$.fulfillment.methods[0].destinations[0].postal_code',
      ],
      [
        '{"line_items":[{"item":{"id":"100002"}}],"fulfillment":{"methods":[{"type":"shipping","destinations":[{"street_address":"x","postal_code":"10110","address_country":"TH"}],"groups":[{"selected_option_id":"overnight"}]}]}}',
        400,
        'invalid_input',
        '$.fulfillment.methods[0].groups[0].selected_option_id',
      ],
      [`${'['.repeat(20_000)}${']'.repeat(20_000)}`, 400, 'invalid_request'],
      [`{"line_items":${'['.repeat(5_000)}${']'.repeat(5_000)}}`, 400, 'invalid_request'],
    ];
    for (const [raw, status, code, path] of cases) {
      const answer = await world.send('POST', SESSIONS, { raw, headers: { 'idempotency-key': crypto.randomUUID() } });
      const what = typeof raw === 'string' ? raw.slice(0, 80) : 'bytes';
      assert.equal(answer.status, status, `${what}: ${JSON.stringify(answer.json)}`);
      assert.equal(answer.json.code, code, what);
      assert.equal(typeof answer.json.content, 'string', what);
      if (path) assert.equal(answer.json.path, path, what);
    }
    // Without a key nothing is canonicalised: the nested list reaches the line check, which names it.
    const nested = await world.send('POST', SESSIONS, {
      raw: `{"line_items":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    });
    assert.deepEqual(
      [nested.status, nested.json.code, nested.json.path],
      [400, 'invalid_cprcode', '$.line_items[0].item.id'],
    );
  });

  test('size, media type, routes and methods are protocol errors too', async () => {
    const world = await ucpWorld({ handler: { maxBodyBytes: 1_024 } });
    const huge = await world.send('POST', SESSIONS, {
      raw: JSON.stringify({ line_items: [], pad: 'x'.repeat(2_000) }),
    });
    assert.deepEqual([huge.status, huge.json.code], [413, 'payload_too_large']);
    const text = await world.send('POST', SESSIONS, { raw: '{}', headers: { 'content-type': 'text/plain' } });
    assert.deepEqual([text.status, text.json.code], [415, 'unsupported_media_type']);
    const empty = await world.send('POST', SESSIONS);
    assert.deepEqual([empty.status, empty.json.code], [400, 'invalid_request']);
    const nowhere = await world.send('GET', '/ucp/v1/carts');
    assert.deepEqual([nowhere.status, nowhere.json.code], [404, 'not_found']);
    const wrong = await world.send('DELETE', `${SESSIONS}/cs_${'0'.repeat(32)}`);
    assert.deepEqual([wrong.status, wrong.json.code, wrong.headers.allow], [405, 'method_not_allowed', 'GET, PUT']);
  });
});

test('a UcpError a hook throws is answered as the protocol error it names', async () => {
  const world = await ucpWorld({
    handler: {
      negotiate: async () => {
        throw new UcpError('invalid_profile_url', 'UCP-Agent must name the profile.');
      },
    },
  });
  const answer = await world.send('GET', `${SESSIONS}/cs_${'0'.repeat(32)}`);
  assert.deepEqual(
    [answer.status, answer.json],
    [400, { code: 'invalid_profile_url', content: 'UCP-Agent must name the profile.' }],
  );
});

test('a fault (here in a hook) is a masked 500 internal_error: its message never reaches the caller', async () => {
  const faults: unknown[] = [];
  const world = await ucpWorld({
    handler: {
      negotiate: async () => {
        throw new Error('connection to db-primary.internal:5432 refused (password=hunter2)');
      },
      onInternalError: (error) => faults.push(error),
    },
  });
  const answer = await world.send('GET', `${SESSIONS}/cs_${'0'.repeat(32)}`);
  assert.equal(answer.status, 500);
  assert.deepEqual(answer.json, {
    code: 'internal_error',
    content: 'Internal error. Quote request id req-1 to support.',
  });
  assert.equal(faults.length, 1);
});
