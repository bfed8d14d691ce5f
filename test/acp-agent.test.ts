/**
 * ACP 2026-04-17 end to end, played the way an agent plays it against the whole system on PGlite
 * and PostgreSQL: discovery, a checkout over REST and over MCP with the official client (address,
 * a delivery option, a coupon, complete with success_token), the order webhooks verified by their
 * `Merchant-Signature` HMAC on a loopback receiver; a decline, an out-of-stock line, the
 * idempotency and API-Version matrices, cancel twice, and another shop's credential. Every body
 * is validated against the official JSON Schema (and openapi/acp.yaml).
 */
import assert from 'node:assert/strict';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { testDatabaseKinds } from '@grocery/store';
import {
  acpValidators,
  assertError,
  assertSession,
  assertValid,
} from '../packages/acp/test/support/acp-json-schemas.ts';
import {
  acpRestClient,
  startAgentPlatform,
  type AcpRest,
  type AgentPlatform,
  type JsonAnswer,
  type ReceivedWebhook,
} from './support/agent-platform.ts';
import { BUYER, DELIVERY_ADDRESS, prepareAgentShop, setStock, type AgentShop } from './support/agent-shop.ts';
import { hostileBodies } from './support/hostile-bodies.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

type Json = Record<string, unknown>;
type Total = { type: string; amount: number };

const SIMULATION_SECRET = 'simulation-secret-of-the-agent-tests';
const ADDRESS = {
  name: `${BUYER.first_name} ${BUYER.last_name}`,
  line_one: DELIVERY_ADDRESS.street,
  city: DELIVERY_ADDRESS.locality,
  state: DELIVERY_ADDRESS.region,
  country: DELIVERY_ADDRESS.country,
  postal_code: DELIVERY_ADDRESS.postcode,
};

const amountOf = (body: Json, type: string) =>
  (body.totals as Total[]).filter((t) => t.type === type).reduce((s, t) => s + t.amount, 0);
const codesOf = (body: Json) => (body.messages as { code: string }[]).map((m) => m.code);
const select = (optionId: string, type: string) => ({
  selected_fulfillment_options: [{ type, option_id: optionId, item_ids: [] }],
});
const sandboxPayment = (token: string) => ({
  payment_data: { handler_id: 'sandbox_token', instrument: { type: 'token', credential: { type: 'token', token } } },
});

/** A REST answer that is a session (201 on create): valid, with Idempotency-Key echoed on POST. */
function sessionOf(answer: JsonAnswer, status = 200): Json {
  assert.equal(answer.status, status, answer.text);
  assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
  return assertSession(answer.json);
}

/** A REST answer that is a protocol error: its status and ACP's flat `Error`. */
function errorOf(answer: JsonAnswer, status: number, code: string): Json {
  assert.equal(answer.status, status, answer.text);
  return assertError(answer.json, code);
}

/** One ACP operation as both bindings take it: the session id, the body (payload), the idempotency key. */
type AcpCallArgs = { id?: string; payload?: Json; key?: string };
type AcpTransport = (operation: string, args: AcpCallArgs) => Promise<Json>;

function restTransport(acp: AcpRest): AcpTransport {
  return async (operation, { id = '', payload, key }) => {
    const path = {
      create_checkout_session: '/checkout_sessions',
      get_checkout_session: `/checkout_sessions/${id}`,
      update_checkout_session: `/checkout_sessions/${id}`,
      complete_checkout_session: `/checkout_sessions/${id}/complete`,
      cancel_checkout_session: `/checkout_sessions/${id}/cancel`,
    }[operation]!;
    const method = operation === 'get_checkout_session' ? 'GET' : 'POST';
    const answer = await acp(method, path, payload, key === undefined ? {} : { key });
    const body = sessionOf(answer, operation === 'create_checkout_session' ? 201 : 200);
    if (method === 'POST') assert.ok(answer.headers['idempotency-key'], 'the key is echoed');
    return body;
  };
}

/** The MCP binding with the official client: `{meta, id?, payload?}`, structuredContent plus the same JSON as text. */
function mcpTransport(client: Client): AcpTransport {
  return async (operation, { id, payload, key }) => {
    const meta = { api_version: '2026-04-17', ...(key === undefined ? {} : { idempotency_key: key }) };
    const result = (await client.callTool({
      name: operation,
      arguments: { meta, ...(id === undefined ? {} : { id }), ...(payload ? { payload } : {}) },
    })) as CallToolResult;
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    const block = result.content[0]!;
    assert.deepEqual(JSON.parse(block.type === 'text' ? block.text : ''), result.structuredContent);
    return assertSession(result.structuredContent, `${operation} over MCP`);
  };
}

for (const database of testDatabaseKinds()) {
  describe(`ACP agent end to end on ${database.name}`, () => {
    let t: TestSystem;
    let platform: AgentPlatform;
    let shop: AgentShop;
    let acp: AcpRest;
    let mcp: Client;

    before(async () => {
      t = await startTestSystem({
        database,
        productCount: 300,
        pickingStepMs: 3_600_000,
        env: { SIMULATION_SECRET },
      });
      platform = await startAgentPlatform();
      shop = await prepareAgentShop(t, t.system.grocer, t.baseUrl, {
        protocols: ['acp'],
        webhookUrl: platform.acpWebhookUrl,
      });
      acp = acpRestClient(shop.agentBase, shop.token);
    });
    after(async () => {
      await mcp?.close();
      await platform?.close();
      await t?.close();
    });

    /** Create with two products (both line shapes), an address, express delivery, a coupon; answers the ready session. */
    async function fillSession(call: AcpTransport): Promise<Json> {
      const [a, b] = shop.products;
      const created = await call('create_checkout_session', {
        payload: { line_items: [{ id: a, quantity: 2 }, { item: { id: b } }], currency: 'thb' },
        key: randomUUID(),
      });
      assert.equal(created.status, 'not_ready_for_payment');
      assert.equal(created.currency, 'thb');
      assert.deepEqual(
        (created.line_items as { item: { id: string }; quantity: number }[]).map((l) => [l.item.id, l.quantity]),
        [
          [a, 2],
          [b, 1],
        ],
      );
      const id = String(created.id);
      const update = (payload: Json) => call('update_checkout_session', { id, payload, key: randomUUID() });

      const addressed = await update({
        buyer: BUYER,
        fulfillment_details: {
          name: ADDRESS.name,
          email: BUYER.email,
          phone_number: BUYER.phone_number,
          address: ADDRESS,
        },
      });
      assert.equal(addressed.status, 'ready_for_payment', JSON.stringify(addressed.messages));
      const options = addressed.fulfillment_options as { id: string; type: string; totals: Total[] }[];
      const express = options.find((o) => o.id === 'delivery_express');
      assert.ok(express, `an express option: ${JSON.stringify(options.map((o) => o.id))}`);
      assert.ok(
        options.some((o) => o.type === 'pickup'),
        'pickup at a branch is offered too',
      );

      const chosen = await update(select('delivery_express', 'local_delivery'));
      assert.deepEqual(
        (chosen.selected_fulfillment_options as { option_id: string }[]).map((s) => s.option_id),
        ['delivery_express'],
      );
      assert.equal(amountOf(chosen, 'fulfillment'), express.totals.find((t) => t.type === 'fulfillment')?.amount);

      const discounted = await update({ discounts: { codes: ['SAVE10', 'EXPIRED50'] } });
      assert.equal(discounted.status, 'ready_for_payment', JSON.stringify(discounted.messages));
      const discounts = discounted.discounts as { applied: Json[]; rejected: { code: string; reason: string }[] };
      assert.equal(discounts.applied.length, 1, 'SAVE10 applies');
      assert.deepEqual(
        discounts.rejected.map((r) => [r.code, r.reason]),
        [['EXPIRED50', 'discount_code_expired']],
      );
      assert.ok(codesOf(discounted).includes('discount_code_expired'));
      assert.ok(amountOf(discounted, 'total') < amountOf(chosen, 'total'), 'SAVE10 lowers the total');
      return discounted;
    }

    /** Completes with success_token; a retry under the same key answers the same order. */
    async function complete(call: AcpTransport, session: Json): Promise<string> {
      const args = { id: String(session.id), payload: sandboxPayment('success_token'), key: randomUUID() };
      const done = await call('complete_checkout_session', args);
      assert.equal(done.status, 'completed', JSON.stringify(done.messages));
      const order = done.order as { id: string; checkout_session_id: string };
      assert.equal(order.checkout_session_id, session.id);
      assert.equal(amountOf(done, 'total'), amountOf(session, 'total'), 'charged what the session showed');
      assert.deepEqual((await call('complete_checkout_session', args)).order, done.order, 'one order');
      const withBuyer = { ...args, payload: { ...args.payload, buyer: BUYER }, key: randomUUID() };
      const again = await call('complete_checkout_session', withBuyer);
      assert.deepEqual([again.status, again.order], ['completed', done.order], 'under a new key, the same buyer');
      return order.id;
    }

    /** The order event of `type` for the order: `Merchant-Signature` verified with the agent's secret, body per the webhook schema. */
    async function orderEvent(orderId: string, type: string, accept = (_order: Json) => true): Promise<Json> {
      const hook = await platform.waitForWebhook(`${type} of ${orderId}`, (h) => {
        const order = h.json.data as Json | undefined;
        return h.json.type === type && order?.id === orderId && accept(order);
      });
      assertSigned(hook);
      return hook.json.data as Json;
    }

    /** An order event as receivers check it: the HMAC of "t.body" under the agent's secret, `t` fresh, the body per the webhook schema. */
    function assertSigned(hook: ReceivedWebhook): void {
      assert.equal(hook.path, '/webhooks/acp/order_events');
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hook.headers['merchant-signature'] ?? '');
      assert.ok(match, `Merchant-Signature: ${hook.headers['merchant-signature']}`);
      const expected = createHmac('sha256', shop.webhookSecret).update(`${match[1]}.${hook.body}`).digest();
      assert.ok(timingSafeEqual(expected, Buffer.from(match[2]!, 'hex')), 'the HMAC of "t.body" verifies');
      assert.ok(Math.abs(Number(match[1]) - Date.now() / 1000) <= 300, 't within the 300 s tolerance');
      assertValid(acpValidators().webhookEvent, hook.json, 'The webhook (official)');
      assertValid(acpValidators().own.WebhookEvent, hook.json, 'The webhook (openapi/acp.yaml)');
    }

    /** The order_create delivery in the partner's delivery log, redelivered through the admin API: signed afresh. */
    async function redeliverOrderCreate(orderId: string): Promise<void> {
      const log = await t.admin('GET', `/admin/partners/${shop.partnerId}/deliveries`);
      const delivery = (
        log.body as { deliveries: { deliveryId: string; type: string; orderId: string; status: string }[] }
      ).deliveries.find((d) => d.orderId === orderId && d.type === 'payment.paid');
      assert.equal(delivery?.status, 'delivered', JSON.stringify(log.body));
      const count = platform.webhooks.length;
      const redelivered = await t.admin('POST', `/admin/deliveries/${delivery.deliveryId}/redeliver`);
      assert.equal(redelivered.status, 202, JSON.stringify(redelivered.body));
      const hook = await platform.waitForWebhook('the redelivery', (h) => platform.webhooks.indexOf(h) >= count);
      assert.equal(hook.json.type, 'order_create');
      assertSigned(hook);
    }

    /** Ships the order through the sandbox hook; the agent hears of it as an order_update. */
    async function ship(orderId: string): Promise<void> {
      const shipped = await fetch(`${shop.agentBase}/testing/simulate-shipping/${orderId}`, {
        method: 'POST',
        headers: { 'simulation-secret': SIMULATION_SECRET },
      });
      assert.equal(shipped.status, 200, await shipped.text());
      const eventsOf = (order: Json) =>
        (order.fulfillments as { events?: { type: string }[] }[]).flatMap((f) => f.events ?? []).map((e) => e.type);
      const order = await orderEvent(orderId, 'order_update', (o) => eventsOf(o).includes('out_for_delivery'));
      assert.equal(order.status, 'shipped');
    }

    test('over REST: discovery, address, express delivery, a coupon, complete, signed order webhooks', async () => {
      const discovery = await fetch(`${shop.agentBase}/.well-known/acp.json`);
      assert.equal(discovery.status, 200);
      assert.equal(discovery.headers.get('cache-control'), 'public, max-age=3600');
      const document = (await discovery.json()) as Json;
      assertValid(acpValidators().discovery, document, 'The discovery document');
      assert.equal(document.api_base_url, `${shop.agentBase}/acp`);

      const rest = restTransport(acp);
      const session = await fillSession(rest);
      const orderId = await complete(rest, session);
      const created = await orderEvent(orderId, 'order_create');
      assert.equal(created.checkout_session_id, session.id);
      await redeliverOrderCreate(orderId);
      await ship(orderId);
      const changed = await acp('POST', `/checkout_sessions/${String(session.id)}/complete`, {
        ...sandboxPayment('success_token'),
        buyer: { ...BUYER, email: 'someone.else@example.com' },
      });
      errorOf(changed, 409, 'session_not_modifiable');
      const read = await rest('get_checkout_session', { id: String(session.id) });
      assert.equal(read.status, 'completed');
      assert.equal((read.order as Json).id, orderId);
    });

    test('over MCP with the official client: the same checkout and webhooks', async () => {
      mcp = new Client({ name: 'acp-agent', version: '1.0.0' });
      await mcp.connect(
        new StreamableHTTPClientTransport(new URL(`${shop.agentBase}/acp/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${shop.token}` } },
        }),
      );
      const call = mcpTransport(mcp);
      const session = await fillSession(call);
      const orderId = await complete(call, session);
      await orderEvent(orderId, 'order_create');
      assert.equal((await call('get_checkout_session', { id: String(session.id) })).status, 'completed');
    });

    /** A session with the buyer and pickup at the shop's branch. */
    const pickupSession = async (lines: Json[]) =>
      sessionOf(
        await acp('POST', '/checkout_sessions', {
          line_items: lines,
          currency: 'thb',
          buyer: BUYER,
          ...select(`pickup_${shop.branchCode}`, 'pickup'),
        }),
        201,
      );

    test('a declined payment (fail_token) is payment_declined without an order; success_token then pays', async () => {
      const session = await pickupSession([{ id: shop.products[0], quantity: 1 }]);
      assert.equal(session.status, 'ready_for_payment', JSON.stringify(session.messages));
      const path = `/checkout_sessions/${String(session.id)}/complete`;
      const declined = sessionOf(await acp('POST', path, sandboxPayment('fail_token')));
      assert.notEqual(declined.status, 'completed');
      assert.deepEqual(codesOf(declined), ['payment_declined']);
      assert.equal(declined.order, undefined);
      assert.equal(sessionOf(await acp('POST', path, sandboxPayment('success_token'))).status, 'completed');
    });

    test('an out-of-stock line is an out_of_stock error at the line; the session is not payable', async () => {
      const [a, , c] = shop.products;
      await setStock(t, shop.branchCode, c, 0);
      try {
        const session = await pickupSession([
          { id: a, quantity: 1 },
          { id: c, quantity: 1 },
        ]);
        assert.notEqual(session.status, 'ready_for_payment');
        const messages = session.messages as { type: string; code: string; param: string }[];
        assert.deepEqual(
          messages.map((m) => [m.type, m.code, m.param]),
          [['error', 'out_of_stock', '$.line_items[1]']],
        );
        const path = `/checkout_sessions/${String(session.id)}/complete`;
        const refused = sessionOf(await acp('POST', path, sandboxPayment('success_token')));
        assert.equal(refused.status, session.status, 'complete answers the session as it is');
        assert.equal(refused.order, undefined, 'no order');
        assert.deepEqual(codesOf(refused), ['out_of_stock']);
      } finally {
        await setStock(t, shop.branchCode, c, 100);
      }
    });

    test('idempotency: missing 400, replay with Idempotent-Replayed, conflict 422, in flight 409', async () => {
      const body = { line_items: [{ id: shop.products[1], quantity: 2 }], currency: 'thb' };
      errorOf(await acp('POST', '/checkout_sessions', body, { key: null }), 400, 'idempotency_key_required');
      const key = randomUUID();
      const first = await acp('POST', '/checkout_sessions', body, { key, headers: { 'request-id': 'rq-1' } });
      sessionOf(first, 201);
      assert.equal(first.headers['idempotency-key'], key);
      assert.equal(first.headers['request-id'], 'rq-1');
      const replay = await acp('POST', '/checkout_sessions', body, { key });
      assert.equal(sessionOf(replay, 201).id, first.json.id);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      const other = { ...body, line_items: [{ id: shop.products[1], quantity: 3 }] };
      errorOf(await acp('POST', '/checkout_sessions', other, { key }), 422, 'idempotency_conflict');

      // The grocer answers slowly, so that two requests under one key overlap: one runs, the other is told to wait.
      assert.equal((await t.admin('POST', '/admin/grocer/faults', { latencyMs: 1_000 })).status, 204);
      try {
        const racing = randomUUID();
        const answers = await Promise.all([0, 1].map(() => acp('POST', '/checkout_sessions', body, { key: racing })));
        const [ran, waited] = answers.sort((x, y) => x.status - y.status);
        sessionOf(ran!, 201);
        errorOf(waited!, 409, 'idempotency_in_flight');
        assert.ok(Number(waited!.headers['retry-after']) >= 1, 'Retry-After');
        const later = await acp('POST', '/checkout_sessions', body, { key: racing });
        assert.equal(sessionOf(later, 201).id, ran!.json.id);
        assert.equal(later.headers['idempotent-replayed'], 'true');
      } finally {
        await t.admin('POST', '/admin/grocer/faults', { latencyMs: 0 });
      }
    });

    test('API-Version: missing or unsupported is 400 with supported_versions; 2026-04-17 is served', async () => {
      const created = sessionOf(
        await acp('POST', '/checkout_sessions', { line_items: [{ id: shop.products[0] }] }),
        201,
      );
      const path = `/checkout_sessions/${String(created.id)}`;
      for (const [version, code] of [
        [null, 'missing_api_version'],
        ['2026-01-30', 'unsupported_api_version'],
        ['latest', 'unsupported_api_version'],
        ['', 'missing_api_version'],
      ] as const) {
        for (const method of ['GET', 'POST'])
          assert.deepEqual(
            errorOf(await acp(method, path, method === 'POST' ? {} : undefined, { version }), 400, code)
              .supported_versions,
            ['2026-04-17'],
            `${method} with API-Version ${String(version)}`,
          );
      }
      assert.equal(sessionOf(await acp('GET', path)).id, created.id);
    });

    test('cancel answers the canceled session; cancelling again is 405', async () => {
      const created = sessionOf(
        await acp('POST', '/checkout_sessions', { line_items: [{ id: shop.products[0] }] }),
        201,
      );
      const path = `/checkout_sessions/${String(created.id)}/cancel`;
      assert.equal(sessionOf(await acp('POST', path, {})).status, 'canceled');
      const again = await acp('POST', path, {});
      assert.equal(again.status, 405, again.text);
      assertError(again.json);
    });

    test('hostile bodies on create, update and complete: a JSON 2xx or 4xx, never a 5xx', async () => {
      const id = String((await pickupSession([{ id: shop.products[0] }])).id);
      for (const path of ['/checkout_sessions', `/checkout_sessions/${id}`, `/checkout_sessions/${id}/complete`])
        for (const [name, raw] of hostileBodies(shop.products[0])) {
          const answer = await acp('POST', path, undefined, { raw });
          const what = `POST ${path} with ${name}: ${answer.status} ${answer.text.slice(0, 200)}`;
          assert.ok(answer.status < 500, what);
          if (answer.status >= 400) assertError(answer.json);
          else assertSession(answer.json, what);
        }
    });

    test("another shop's agent does not find the session (404), nor may it call this shop (401)", async () => {
      const partner = await t.admin('POST', '/admin/partners', { name: 'Other shop', environment: 'sandbox' });
      assert.equal(partner.status, 201, JSON.stringify(partner.body));
      const other = await prepareAgentShop(t, t.system.grocer, t.baseUrl, {
        partnerId: (partner.body as { partnerId: string }).partnerId,
        protocols: ['acp'],
        products: shop.products,
      });
      const created = sessionOf(
        await acp('POST', '/checkout_sessions', { line_items: [{ id: shop.products[0] }] }),
        201,
      );
      const path = `/checkout_sessions/${String(created.id)}`;
      const theirs = acpRestClient(other.agentBase, other.token);
      errorOf(await theirs('GET', path), 404, 'session_not_found');
      const across = await acp('GET', path, undefined, { token: other.token });
      assert.equal(across.status, 401, across.text);
      assertError(across.json);
      assert.equal(sessionOf(await acp('GET', path)).id, created.id, 'its own agent still reads it');
    });
  });
}
