/**
 * UCP 2026-04-08 end to end, played the way an agent platform plays it against the whole system on
 * PGlite and PostgreSQL: the platform has its own profile server (its signing key, its order
 * webhook_url) and webhook receiver on loopback, discovers the business, checks out over REST (every
 * request signed) and over MCP with the official client, and verifies the signed order webhooks
 * with the key the business publishes. Every body is validated against the official schemas.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { testDatabaseKinds } from '@grocery/store';
import { generateSigningKey, verifyRequestSignature, verifyResponseSignature, type SigningJwk } from '@grocery/ucp';
import {
  assertCheckout,
  assertErrorResponse,
  assertOrder,
  assertProtocolError as assertProtocolErrorBody,
  assertValid,
  ucpValidators,
} from '../packages/ucp/test/support/ucp-json-schemas.ts';
import {
  startAgentPlatform,
  ucpRestClient,
  until,
  type AgentPlatform,
  type JsonAnswer,
  type ReceivedWebhook,
  type UcpRest,
} from './support/agent-platform.ts';
import { BUYER, DELIVERY_ADDRESS, prepareAgentShop, setStock, type AgentShop } from './support/agent-shop.ts';
import { hostileBodies } from './support/hostile-bodies.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';
import {
  amountOf,
  assertProtocolError,
  assertTotalsAddUp,
  mcpTransport,
  mockInstrument,
  pickupAt,
  restTransport,
  shipTo,
  type UcpTransport,
} from './support/ucp-transports.ts';

type Json = Record<string, unknown>;
type Line = { id: string; item: { id: string }; quantity: number };
type Method = { type: string; destinations: Json[]; selected_destination_id: string | null; groups?: Json[] };

const SIMULATION_SECRET = 'simulation-secret-of-the-agent-tests';
const SIX_HOURS_MS = 6 * 60 * 60 * 1000;

const linesOf = (body: Json) => body.line_items as Line[];
const methodOf = (body: Json, type: string) =>
  (body.fulfillment as { methods: Method[] }).methods.find((m) => m.type === type)!;
const codesOf = (body: Json) => ((body.messages ?? []) as { code: string }[]).map((m) => m.code);

for (const database of testDatabaseKinds()) {
  describe(`UCP agent platform end to end on ${database.name}`, () => {
    // The system's clock runs with the wall clock until a test moves it on (the expired session).
    const clock = { offsetMs: 0, now: () => Date.now() + clock.offsetMs };
    let t: TestSystem;
    let platform: AgentPlatform;
    let shop: AgentShop;
    let ucp: UcpRest;
    let businessKeys: SigningJwk[];
    let mcp: Client;

    before(async () => {
      t = await startTestSystem({
        database,
        productCount: 300,
        clock,
        // Orders move only when a test ships them.
        pickingStepMs: 3_600_000,
        env: { SIMULATION_SECRET },
      });
      platform = await startAgentPlatform();
      shop = await prepareAgentShop(t, t.system.grocer, t.baseUrl, { protocols: ['ucp'] });
      ucp = ucpRestClient(shop.agentBase, shop.token, platform);
    });
    after(async () => {
      await mcp?.close();
      await platform?.close();
      await t?.close();
    });

    /** Discovery: the business profile, cacheable, valid against the official schema, with the keys that sign. */
    async function discover(): Promise<void> {
      const response = await fetch(`${shop.agentBase}/.well-known/ucp`, { headers: { accept: 'application/json' } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=300');
      const profile = (await response.json()) as {
        ucp: { services: Record<string, { transport: string; endpoint: string }[]>; capabilities: Json };
        signing_keys: SigningJwk[];
      };
      assertValid(ucpValidators().profile, profile, 'The business profile');
      assertValid(ucpValidators().own.BusinessProfile, profile, 'The business profile (openapi/ucp.yaml)');
      assert.deepEqual(
        profile.ucp.services['dev.ucp.shopping']!.map((s) => [s.transport, s.endpoint]),
        [
          ['rest', `${shop.agentBase}/ucp/v1`],
          ['mcp', `${shop.agentBase}/ucp/mcp`],
        ],
      );
      assert.deepEqual(Object.keys(profile.ucp.capabilities).sort(), [
        'dev.ucp.shopping.checkout',
        'dev.ucp.shopping.discount',
        'dev.ucp.shopping.fulfillment',
        'dev.ucp.shopping.order',
      ]);
      assert.ok(profile.signing_keys.length > 0, 'the business publishes its signing keys');
      businessKeys = profile.signing_keys;
    }

    /** Create with two products, pickup, then delivery with express, then a coupon; answers the ready session. */
    async function fillSession(transport: UcpTransport): Promise<Json> {
      const [a, b] = shop.products;
      const items = [
        { item: { id: a }, quantity: 2 },
        { item: { id: b }, quantity: 1 },
      ];
      const created = assertCheckout(
        await transport.call('create_checkout', { checkout: { line_items: items }, key: randomUUID() }),
      );
      assert.equal(created.status, 'incomplete', `${transport.name}: nothing chosen yet`);
      assert.equal(created.currency, 'THB');
      assert.deepEqual(
        linesOf(created).map((l) => [l.item.id, l.quantity]),
        [
          [a, 2],
          [b, 1],
        ],
      );
      assertTotalsAddUp(created);
      assert.deepEqual(created.links, [
        { type: 'privacy_policy', url: 'https://fresh-market.example/privacy' },
        { type: 'terms_of_service', url: 'https://fresh-market.example/terms' },
      ]);
      const id = String(created.id);
      const lines = linesOf(created).map((l) => ({ id: l.id, item: { id: l.item.id }, quantity: l.quantity }));
      const update = async (rest: Json) =>
        assertCheckout(
          await transport.call('update_checkout', {
            id,
            checkout: { id, line_items: lines, buyer: BUYER, ...rest },
            key: randomUUID(),
          }),
        );

      const pickup = await update({ fulfillment: pickupAt(shop.branchCode) });
      assert.equal(pickup.status, 'ready_for_complete', JSON.stringify(pickup.messages));
      assert.deepEqual(
        linesOf(pickup).map((l) => l.id),
        lines.map((l) => l.id),
        'lines keep their ids',
      );
      const branch = methodOf(pickup, 'pickup');
      assert.equal(branch.selected_destination_id, shop.branchCode);
      assert.ok(
        branch.destinations.some((d) => d.id === shop.branchCode),
        'the branch is a retail location',
      );
      assert.equal(amountOf(pickup, 'total'), amountOf(pickup, 'subtotal'), 'pickup is free');

      const delivery = await update({ fulfillment: shipTo('express') });
      assert.equal(delivery.status, 'ready_for_complete', JSON.stringify(delivery.messages));
      const shipping = methodOf(delivery, 'shipping');
      assert.equal(shipping.destinations[0]?.postal_code, DELIVERY_ADDRESS.postcode);
      const group = shipping.groups![0] as { selected_option_id: string; options: { id: string; totals: Json[] }[] };
      assert.equal(group.selected_option_id, 'express');
      assert.deepEqual(group.options.map((o) => o.id).sort(), ['express', 'regular']);
      assert.ok(amountOf(delivery, 'fulfillment') > 0, 'express delivery has a fee');
      assertTotalsAddUp(delivery);

      const discounted = await update({
        fulfillment: shipTo('express'),
        discounts: { codes: ['SAVE10', 'EXPIRED50'] },
      });
      assert.equal(discounted.status, 'ready_for_complete', JSON.stringify(discounted.messages));
      const discounts = discounted.discounts as { codes: string[]; applied: { code?: string; amount: number }[] };
      assert.deepEqual(discounts.codes, ['SAVE10', 'EXPIRED50']);
      assert.deepEqual(
        discounts.applied.map((d) => d.code),
        ['SAVE10'],
      );
      const off = amountOf(discounted, 'discount') + amountOf(discounted, 'items_discount');
      assert.ok(off < 0, 'UCP discounts are negative');
      assert.equal(-off, discounts.applied[0]!.amount, 'the applied coupon is what the totals take off');
      assert.ok(amountOf(discounted, 'total') < amountOf(delivery, 'total'), 'SAVE10 lowers the total');
      const refused = (discounted.messages as { type: string; path?: string }[]).filter((m) => m.type === 'warning');
      assert.deepEqual(
        refused.map((m) => m.path),
        ['$.discounts.codes[1]'],
        'EXPIRED50 is refused with a warning',
      );
      assertTotalsAddUp(discounted);
      return discounted;
    }

    /** Completes with success_token, then retries with the same key: the same answer, one order. */
    async function complete(transport: UcpTransport, session: Json): Promise<{ orderId: string; body: Json }> {
      const key = randomUUID();
      const args = { id: String(session.id), checkout: mockInstrument('success_token'), key };
      const completed = assertCheckout(await transport.call('complete_checkout', args));
      assert.equal(completed.status, 'completed', JSON.stringify(completed.messages));
      const order = completed.order as { id: string; permalink_url: string };
      assert.match(order.id, /^[A-Z]{2}[0-9]+-[0-9A-Z]{4}$/);
      assert.equal(amountOf(completed, 'total'), amountOf(session, 'total'), 'charged what the session showed');
      const replayed = assertCheckout(await transport.call('complete_checkout', args));
      assert.deepEqual(replayed.order, completed.order, 'a retry under the same key answers the same order');
      const again = assertCheckout(await transport.call('complete_checkout', { ...args, key: randomUUID() }));
      assert.deepEqual([again.status, again.order], ['completed', completed.order], 'under a new key too');
      return { orderId: order.id, body: completed };
    }

    /** The order webhook whose order matches: RFC 9421-signed with a published key, and an order as the schema says. */
    async function orderWebhook(orderId: string, match: (order: Json) => boolean): Promise<Json> {
      const hook: ReceivedWebhook = await platform.waitForWebhook(`the order webhook of ${orderId}`, (h) => {
        return h.path === '/webhooks/ucp/orders' && h.json.id === orderId && match(h.json);
      });
      const verified = verifyRequestSignature(
        { method: 'POST', url: hook.url, headers: hook.headers, body: hook.body },
        { keys: businessKeys, now: new Date(clock.now()) },
      );
      assert.ok(
        businessKeys.some((k) => k.kid === verified.keyid),
        'signed with a key of the business profile',
      );
      assert.ok(verified.components.includes('content-digest'), 'the body is covered');
      assert.ok(hook.headers['webhook-id'], 'Webhook-Id');
      assert.ok(
        Math.abs(Number(hook.headers['webhook-timestamp']) * 1000 - clock.now()) < 300_000,
        'Webhook-Timestamp',
      );
      assert.equal(hook.headers['ucp-agent'], `profile="${shop.agentBase}/.well-known/ucp"`);
      assertOrder(hook.json, 'The order webhook body');
      return hook.json;
    }

    /** Ships the order through the sandbox hook (403 without the secret) and answers the order it shows. */
    async function simulateShipping(orderId: string): Promise<void> {
      const url = `${shop.agentBase}/testing/simulate-shipping/${orderId}`;
      const refused = await fetch(url, { method: 'POST', headers: { 'simulation-secret': 'not-the-secret' } });
      assert.equal(refused.status, 403);
      const shipped = await fetch(url, { method: 'POST', headers: { 'simulation-secret': SIMULATION_SECRET } });
      const body = (await shipped.json()) as Json;
      assert.equal(shipped.status, 200, JSON.stringify(body));
      assertOrder(body, 'The shipped order');
    }

    const eventsOf = (order: Json) => (order.fulfillment as { events: { type: string }[] }).events.map((e) => e.type);

    test('over REST: discovery, two products, pickup then delivery, a coupon, complete, the signed webhook, shipping', async () => {
      await discover();
      const answers: JsonAnswer[] = [];
      const rest = restTransport(ucp, answers);
      const session = await fillSession(rest);
      assert.ok(platform.profileReads() > 0, 'the business read the platform profile');
      const { orderId } = await complete(rest, session);
      const [first, replay] = answers.slice(-3, -1);
      assert.equal(replay!.headers['idempotent-replayed'], 'true');
      const signed = verifyResponseSignature(
        { status: first!.status, headers: first!.headers, body: first!.text },
        { keys: businessKeys, now: new Date(clock.now()) },
      );
      assert.ok(
        businessKeys.some((k) => k.kid === signed.keyid),
        'complete is answered signed by the business',
      );

      const paid = await orderWebhook(orderId, () => true);
      assert.equal(paid.checkout_id, session.id);
      await simulateShipping(orderId);
      const order = await rest.call('get_order', { id: orderId });
      assertOrder(order, 'The order');
      assert.ok(eventsOf(order).includes('shipped'), `shipped: ${JSON.stringify(eventsOf(order))}`);
      assert.equal(amountOf(order, 'total'), amountOf(session, 'total'));
      await orderWebhook(orderId, (o) => eventsOf(o).includes('shipped'));

      // The confirmation is sent beside the answer: it arrives soon after.
      await until("the order confirmation in the buyer's mailbox", async () => {
        const mailbox = (await (await fetch(`${t.baseUrl}/idp/dev/mailbox/${BUYER.email}`)).json()) as {
          messages: { subject: string }[];
        };
        return mailbox.messages.some((m) => m.subject === `Order ${orderId} confirmed`);
      });
    });

    test('over MCP with the official client: the same checkout, the signed webhook, shipping', async () => {
      if (!businessKeys) await discover();
      mcp = new Client({ name: 'ucp-agent-platform', version: '1.0.0' });
      await mcp.connect(
        new StreamableHTTPClientTransport(new URL(`${shop.agentBase}/ucp/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${shop.token}` } },
        }),
      );
      const { tools } = await mcp.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), [
        'cancel_checkout',
        'complete_checkout',
        'create_checkout',
        'get_checkout',
        'get_order',
        'update_checkout',
      ]);
      const transport = mcpTransport(mcp, platform);
      const session = await fillSession(transport);
      const { orderId } = await complete(transport, session);
      await orderWebhook(orderId, () => true);
      await simulateShipping(orderId);
      const order = await transport.call('get_order', { id: orderId });
      assertOrder(order, 'The order over MCP');
      assert.ok(eventsOf(order).includes('shipped'));
      assert.equal(
        assertCheckout(await transport.call('get_checkout', { id: String(session.id) })).status,
        'completed',
      );
    });

    /** A session with the buyer and pickup at the shop's branch. */
    const readySession = async (lines: Json[]) => {
      const answer = await ucp('POST', '/checkout-sessions', {
        line_items: lines,
        buyer: BUYER,
        fulfillment: pickupAt(shop.branchCode),
      });
      assert.equal(answer.status, 201, answer.text);
      return assertCheckout(answer.json);
    };

    test('a declined payment (fail_token) is payment_failed and no order; success_token then pays', async () => {
      const session = await readySession([{ item: { id: shop.products[0] }, quantity: 1 }]);
      assert.equal(session.status, 'ready_for_complete');
      const path = `/checkout-sessions/${String(session.id)}/complete`;
      const declined = await ucp('POST', path, mockInstrument('fail_token'), { key: randomUUID() });
      assert.equal(declined.status, 200, declined.text);
      const body = assertCheckout(declined.json);
      assert.notEqual(body.status, 'completed');
      assert.deepEqual(codesOf(body), ['payment_failed']);
      assert.equal(body.order, undefined, 'no order is shown for a declined payment');
      const paid = await ucp('POST', path, mockInstrument('success_token'), { key: randomUUID() });
      assert.equal(assertCheckout(paid.json).status, 'completed', paid.text);
    });

    test('completes racing under different keys place one order; every answer is that order or a retryable 409', async () => {
      const session = await readySession([{ item: { id: shop.products[1] }, quantity: 1 }]);
      const path = `/checkout-sessions/${String(session.id)}/complete`;
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => ucp('POST', path, mockInstrument('success_token'), { key: randomUUID() })),
      );
      const orders = new Set<string>();
      for (const answer of answers) {
        if (answer.status === 409) {
          assert.ok(['checkout_busy', 'payment_in_progress'].includes(String(answer.json.code)), answer.text);
          continue;
        }
        assert.equal(answer.status, 200, answer.text);
        const body = assertCheckout(answer.json);
        assert.equal(body.status, 'completed');
        orders.add((body.order as { id: string }).id);
      }
      assert.equal(orders.size, 1, `one order: ${answers.map((a) => a.text.slice(0, 80)).join(' | ')}`);
    });

    test('an out-of-stock line is an error message at the line; complete places nothing', async () => {
      const [a, , c] = shop.products;
      await setStock(t, shop.branchCode, c, 0);
      try {
        const session = await readySession([
          { item: { id: a }, quantity: 1 },
          { item: { id: c }, quantity: 1 },
        ]);
        assert.equal(session.status, 'incomplete');
        const messages = session.messages as { type: string; code: string; path: string }[];
        assert.deepEqual(
          messages.map((m) => [m.type, m.code, m.path]),
          [['error', 'out_of_stock', '$.line_items[1]']],
        );
        const path = `/checkout-sessions/${String(session.id)}/complete`;
        const refused = await ucp('POST', path, mockInstrument('success_token'), { key: randomUUID() });
        assert.equal(refused.status, 200, refused.text);
        const body = assertCheckout(refused.json);
        assert.equal(body.status, 'incomplete');
        assert.equal(body.order, undefined);
      } finally {
        await setStock(t, shop.branchCode, c, 100);
      }
    });

    test("negotiation fetches the platform's profile through the SSRF guard: private addresses refused, unreachable 424", async () => {
      const get = (profile: string) =>
        ucp('GET', `/checkout-sessions/cs_${'0'.repeat(32)}`, undefined, {
          headers: { 'ucp-agent': `profile="${profile}"` },
        });
      assertProtocolError(await get('http://10.0.0.1/.well-known/ucp'), 400, 'invalid_profile_url');
      assertProtocolError(await get('http://169.254.169.254/latest/meta-data'), 400, 'invalid_profile_url');
      assertProtocolError(await get(`${platform.origin}/no-profile-here`), 424, 'profile_unreachable');
      const closed = await startAgentPlatform();
      await closed.close();
      assertProtocolError(await get(closed.profileUrl), 424, 'profile_unreachable');
      const known = await get(platform.profileUrl);
      assert.equal(known.status, 200, known.text);
      assertErrorResponse(known.json, 'An unknown session');
    });

    test('idempotency: the same key and body replays the first answer; another body under it is 409', async () => {
      const key = randomUUID();
      const body = { line_items: [{ item: { id: shop.products[1] }, quantity: 3 }] };
      const first = await ucp('POST', '/checkout-sessions', body, { key });
      assert.equal(first.status, 201, first.text);
      const again = await ucp('POST', '/checkout-sessions', body, { key });
      assert.equal(again.status, 201);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.json.id, first.json.id, 'one session');
      assertCheckout(again.json);
      const other = await ucp(
        'POST',
        '/checkout-sessions',
        { line_items: [{ item: { id: shop.products[1] } }] },
        { key },
      );
      assertProtocolError(other, 409, 'idempotency_conflict');
    });

    test('a platform known only by its signature checks out as its own caller; a changed body or a stranger key is refused', async () => {
      if (!businessKeys) await discover();
      const signedOnly = { token: null };
      const created = await ucp(
        'POST',
        '/checkout-sessions',
        { line_items: [{ item: { id: shop.products[0] } }], buyer: BUYER, fulfillment: pickupAt(shop.branchCode) },
        { ...signedOnly, key: randomUUID() },
      );
      assert.equal(created.status, 201, created.text);
      const id = String(assertCheckout(created.json).id);
      const asAgent = await ucp('GET', `/checkout-sessions/${id}`);
      assertErrorResponse(asAgent.json, 'the agent credential is another caller');
      const path = `/checkout-sessions/${id}/complete`;
      const done = await ucp('POST', path, mockInstrument('success_token'), { ...signedOnly, key: randomUUID() });
      assert.equal(assertCheckout(done.json).status, 'completed', done.text);
      await orderWebhook((done.json.order as { id: string }).id, () => true);

      const body = { line_items: [{ item: { id: shop.products[0] } }] };
      const changed = { ...signedOnly, signedBody: JSON.stringify({ line_items: [] }) };
      assertProtocolError(await ucp('POST', '/checkout-sessions', body, changed), 400, 'digest_mismatch');
      const stranger = { ...signedOnly, signer: generateSigningKey('stranger-key').privateJwk };
      assertProtocolError(await ucp('POST', '/checkout-sessions', body, stranger), 401, 'key_not_found');
    });

    test('hostile bodies on create, update and complete: a JSON 2xx or 4xx, never a 5xx', async () => {
      const id = String((await readySession([{ item: { id: shop.products[0] }, quantity: 1 }])).id);
      const routes = [
        ['POST', '/checkout-sessions'],
        ['PUT', `/checkout-sessions/${id}`],
        ['POST', `/checkout-sessions/${id}/complete`],
      ] as const;
      for (const [method, path] of routes)
        for (const [name, raw] of hostileBodies(shop.products[0])) {
          const answer = await ucp(method, path, undefined, { raw, key: randomUUID() });
          const what = `${method} ${path} with ${name}: ${answer.status} ${answer.text.slice(0, 200)}`;
          assert.ok(answer.status < 500, what);
          if (answer.status >= 400) assertProtocolErrorBody(answer.json);
          else if ((answer.json.ucp as Json).status === 'error') assertErrorResponse(answer.json, what);
          else assertCheckout(answer.json);
        }
    });

    // Last: it moves the system's clock six hours on.
    test('a session left past expires_at is canceled and takes no more changes (409)', async () => {
      const session = await readySession([{ item: { id: shop.products[0] }, quantity: 1 }]);
      const id = String(session.id);
      assert.ok(Date.parse(String(session.expires_at)) <= clock.now() + SIX_HOURS_MS);
      clock.offsetMs += SIX_HOURS_MS + 60_000;
      const read = await ucp('GET', `/checkout-sessions/${id}`);
      assert.equal(read.status, 200, read.text);
      assert.equal(assertCheckout(read.json).status, 'canceled');
      const update = await ucp('PUT', `/checkout-sessions/${id}`, { id, line_items: session.line_items });
      assertProtocolError(update, 409, 'checkout_not_modifiable');
      const completed = await ucp('POST', `/checkout-sessions/${id}/complete`, mockInstrument('success_token'), {
        key: randomUUID(),
      });
      assertProtocolError(completed, 409, 'checkout_not_modifiable');
      assert.equal((await t.system.commerce.store.getCheckoutSession(shop.partnerId, id))?.order, null, 'no order');
    });
  });
}
