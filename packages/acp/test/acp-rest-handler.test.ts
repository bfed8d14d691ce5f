import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { acpValidators, assertError, assertSession, assertValid } from './support/acp-json-schemas.ts';
import {
  acpWorld,
  ADDRESS,
  AGENT_BASE,
  BEER,
  BUYER,
  DELIVERY_FEE_SATANG,
  EGGS,
  EXPRESS_SATANG,
  MILK,
  OFFLINE,
  RICE,
  sandboxPayment,
  select,
  UNKNOWN,
  type AcpWorld,
} from './support/acp-world.ts';

type Json = Record<string, unknown>;
type Total = { type: string; amount: number };
type Message = { type: string; code?: string; param?: string; resolution?: string; content: string };

const SESSIONS = '/acp/checkout_sessions';
const totalOf = (body: Json, type: string) => (body.totals as Total[]).find((t) => t.type === type)?.amount;
const messages = (body: Json) => body.messages as Message[];
const lineIds = (body: Json) => (body.line_items as { id: string }[]).map((line) => line.id);

async function create(world: AcpWorld, json: Json): Promise<Json> {
  const response = await world.send('POST', SESSIONS, { json });
  assert.equal(response.status, 201, JSON.stringify(response.json));
  return assertSession(response.json, 'The created session');
}

async function update(world: AcpWorld, id: string, json: Json): Promise<Json> {
  const response = await world.send('POST', `${SESSIONS}/${id}`, { json });
  assert.equal(response.status, 200, JSON.stringify(response.json));
  return assertSession(response.json, 'The updated session');
}

async function complete(world: AcpWorld, id: string, json: Json): Promise<Json> {
  const response = await world.send('POST', `${SESSIONS}/${id}/complete`, { json });
  assert.equal(response.status, 200, JSON.stringify(response.json));
  return assertSession(response.json, 'The completed session');
}

describe('discovery and handler schemas', () => {
  test('GET /.well-known/acp.json needs no credential, is cacheable for an hour and is a DiscoveryResponse', async () => {
    const world = await acpWorld();
    const response = await world.send('GET', '/.well-known/acp.json', { token: null, version: null });
    assert.equal(response.status, 200);
    assert.equal(response.headers['cache-control'], 'public, max-age=3600');
    assert.match(response.headers['content-type'] ?? '', /^application\/json/);
    assertValid(acpValidators().discovery, response.json, 'Discovery (official)');
    assertValid(acpValidators().own.DiscoveryResponse, response.json, 'Discovery (openapi/acp.yaml)');
    assert.deepEqual(response.json, {
      protocol: {
        name: 'acp',
        version: '2026-04-17',
        supported_versions: ['2026-04-17'],
        documentation_url: 'https://api.example/docs',
      },
      api_base_url: `${AGENT_BASE}/acp`,
      transports: ['rest', 'mcp'],
      capabilities: {
        services: ['checkout', 'orders'],
        extensions: [{ name: 'discount' }],
        intervention_types: [],
        supported_currencies: ['thb'],
        supported_locales: ['en-TH', 'th-TH'],
      },
    });
    const post = await world.send('POST', '/.well-known/acp.json', { json: {} });
    assert.equal(post.status, 405);
    assertError(post.json, 'method_not_allowed');
  });

  test('the handlers a session names have their schemas served; an unknown one is a JSON 404', async () => {
    const world = await acpWorld();
    const session = await create(world, { line_items: [{ id: MILK }] });
    const handlers = (session.capabilities as { payment: { handlers: Json[] } }).payment.handlers;
    assert.deepEqual(
      handlers.map((h) => h.id),
      ['sandbox_token', 'payment_page'],
    );
    for (const handler of handlers)
      for (const url of [handler.config_schema, ...(handler.instrument_schemas as string[])] as string[]) {
        assert.ok(url.startsWith(`${AGENT_BASE}/acp/handlers/`), url);
        const response = await world.send('GET', url.slice(AGENT_BASE.length), { token: null, version: null });
        assert.equal(response.status, 200, url);
        assert.equal(response.json.$schema, 'https://json-schema.org/draft/2020-12/schema');
      }
    const unknown = await world.send('GET', '/acp/handlers/nope/config.schema.json', { token: null, version: null });
    assert.equal(unknown.status, 404);
    assertError(unknown.json, 'not_found');
  });
});

describe('a checkout from create to complete', () => {
  test('pickup: create ({item:{id}, quantity}), choose a branch and give the buyer, pay with success_token', async () => {
    const world = await acpWorld();
    const created = await create(world, { line_items: [{ item: { id: MILK }, quantity: 2 }], currency: 'thb' });
    assert.equal(created.status, 'not_ready_for_payment');
    assert.equal(created.currency, 'thb');
    assert.deepEqual(
      messages(created).map((m) => [m.type, m.code, m.param]),
      [
        ['error', 'missing', '$.selected_fulfillment_options'],
        ['error', 'missing', '$.buyer.email'],
      ],
    );
    const options = created.fulfillment_options as Json[];
    assert.deepEqual(
      options.map((o) => [o.type, o.id]),
      [
        ['pickup', 'pickup_BKK01'],
        ['pickup', 'pickup_BKK02'],
      ],
      'pickup at the nearby branches; no delivery before an address',
    );
    assert.deepEqual((options[0]!.location as Json).address, {
      name: 'Sukhumvit',
      line_one: '1 Sukhumvit Road',
      city: 'Bangkok',
      state: 'Bangkok',
      country: 'TH',
      postal_code: '10110',
    });
    const ready = await update(world, created.id as string, { buyer: BUYER, ...select('pickup_BKK01') });
    assert.equal(ready.status, 'ready_for_payment');
    assert.deepEqual(messages(ready), []);
    assert.deepEqual(ready.selected_fulfillment_options, [
      { type: 'pickup', option_id: 'pickup_BKK01', item_ids: lineIds(created) },
    ]);
    assert.deepEqual(
      (ready.totals as Total[]).map((t) => [t.type, t.amount]),
      [
        ['items_base_amount', 9_000],
        ['subtotal', 9_000],
        ['fulfillment', 0],
        ['total', 9_000],
      ],
    );
    assert.deepEqual(lineIds(ready), lineIds(created), 'line ids are stable');

    const done = await complete(world, created.id as string, sandboxPayment('success_token'));
    assert.equal(done.status, 'completed');
    const order = done.order as Json;
    assert.equal(order.checkout_session_id, created.id);
    assert.equal(order.status, 'confirmed');
    assert.match(order.permalink_url as string, /^https:\/\/shop\.example\/pay\//);
    const [fulfillment] = order.fulfillments as Json[];
    assert.equal(fulfillment!.type, 'pickup');
    assert.equal((fulfillment!.destination as Json).name, 'Sukhumvit');
    assert.equal(done.continue_url, undefined, 'nothing left to do');
    assert.equal(world.grocer.createdOrders, 1);

    const read = await world.send('GET', `${SESSIONS}/${created.id as string}`);
    assert.equal(read.status, 200);
    assertSession(read.json, 'The session read back');
    assert.equal(read.json.status, 'completed');
    assert.equal((read.json.order as Json).id, order.id);
  });

  test('delivery: create ({id}, quantity 1 by default) with an address, express with coupons, pay', async () => {
    const world = await acpWorld();
    const created = await create(world, {
      line_items: [{ id: MILK }, { id: RICE, quantity: 2 }],
      fulfillment_details: {
        name: 'Somchai Jaidee',
        email: BUYER.email,
        phone_number: BUYER.phone_number,
        address: ADDRESS,
      },
    });
    assert.deepEqual(
      (created.line_items as Json[]).map((line) => [line.item, line.quantity]),
      [
        [{ id: MILK }, 1],
        [{ id: RICE }, 2],
      ],
    );
    assert.equal(created.status, 'ready_for_payment', 'an address asks for delivery (regular until a slot is chosen)');
    const delivery = (created.fulfillment_options as Json[]).filter((o) => o.type === 'local_delivery');
    assert.deepEqual(
      delivery.map((o) => [o.id, (o.totals as Total[])[0]!.amount]),
      [
        ['delivery_regular', DELIVERY_FEE_SATANG],
        ['delivery_express', DELIVERY_FEE_SATANG + EXPRESS_SATANG],
      ],
    );
    for (const option of delivery) assert.ok((option.delivery_window as Json).start, 'a window');
    assert.deepEqual(created.fulfillment_details, {
      name: 'Somchai Jaidee',
      phone_number: BUYER.phone_number,
      email: BUYER.email,
      address: {
        name: 'Somchai Jaidee',
        line_one: '99 Sukhumvit Soi 11, Flat 4B',
        city: 'Watthana',
        state: 'Bangkok',
        country: 'TH',
        postal_code: '10110',
      },
    });

    const express = await update(world, created.id as string, {
      ...select('delivery_express'),
      discounts: { codes: ['SAVE10', 'FREEDEL'] },
    });
    const items = 4_700 + 2 * 21_500;
    assert.deepEqual(
      (express.totals as Total[]).map((t) => [t.type, t.amount]),
      [
        ['items_base_amount', items],
        ['items_discount', 470 + 4_300],
        ['subtotal', items - 4_770],
        ['discount', DELIVERY_FEE_SATANG],
        ['fulfillment', DELIVERY_FEE_SATANG + EXPRESS_SATANG],
        ['total', items - 4_770 + EXPRESS_SATANG],
      ],
    );
    const discounts = express.discounts as { codes: string[]; applied: Json[]; rejected: Json[] };
    assert.deepEqual(discounts.codes, ['SAVE10', 'FREEDEL']);
    assert.deepEqual(
      discounts.applied.map((a) => [a.id, a.amount]),
      [
        ['discount_items', 4_770],
        ['discount_free_delivery', DELIVERY_FEE_SATANG],
      ],
    );
    assert.deepEqual(discounts.rejected, []);

    const done = await complete(world, created.id as string, sandboxPayment('success_token'));
    assert.equal(done.status, 'completed');
    const order = done.order as { totals: Total[]; fulfillments: Json[] };
    assert.equal(order.totals.find((t) => t.type === 'total')!.amount, totalOf(express, 'total'));
    assert.equal(order.fulfillments[0]!.type, 'shipping');
    assert.equal((order.fulfillments[0]!.destination as Json).line_one, '99 Sukhumvit Soi 11, Flat 4B');
  });
});

describe('business problems are messages of a 2xx session', () => {
  test('refused coupons: discount_code_* warnings at their code, listed as rejected; the session can still pay', async () => {
    const world = await acpWorld();
    const session = await create(world, {
      line_items: [{ id: MILK }],
      buyer: BUYER,
      ...select('pickup_BKK01'),
      discounts: { codes: ['OLD10', 'BIG500', 'ONCE', 'NOPE', 'FREEDEL'] },
    });
    assert.equal(session.status, 'ready_for_payment');
    assert.deepEqual(
      messages(session).map((m) => [m.type, m.code, m.param, m.resolution]),
      [
        ['warning', 'discount_code_expired', '$.discounts.codes[0]', 'recoverable'],
        ['warning', 'discount_code_minimum_not_met', '$.discounts.codes[1]', 'recoverable'],
        ['warning', 'discount_code_usage_limit_reached', '$.discounts.codes[2]', 'recoverable'],
        ['warning', 'discount_code_invalid', '$.discounts.codes[3]', 'recoverable'],
        ['warning', 'discount_code_invalid', '$.discounts.codes[4]', 'recoverable'],
      ],
    );
    const discounts = session.discounts as { rejected: Json[]; applied: Json[] };
    assert.deepEqual(
      discounts.rejected.map((r) => [r.code, r.reason]),
      [
        ['OLD10', 'discount_code_expired'],
        ['BIG500', 'discount_code_minimum_not_met'],
        ['ONCE', 'discount_code_usage_limit_reached'],
        ['NOPE', 'discount_code_invalid'],
        ['FREEDEL', 'discount_code_invalid'],
      ],
    );
    assert.deepEqual(discounts.applied, []);
    assert.equal((await complete(world, session.id as string, sandboxPayment('success_token'))).status, 'completed');
  });

  test('out of stock: an error at the line, the line off the bill; fixing the quantity makes it payable', async () => {
    const world = await acpWorld();
    const session = await create(world, {
      line_items: [{ id: MILK, quantity: 20 }, { id: EGGS }],
      buyer: BUYER,
      ...select('pickup_BKK01'),
    });
    assert.equal(session.status, 'not_ready_for_payment');
    assert.deepEqual(
      messages(session).map((m) => [m.type, m.code, m.param, m.content]),
      [
        ['error', 'out_of_stock', '$.line_items[0]', 'Only 12 of Fresh milk 1 l (100001) are in stock.'],
        ['error', 'out_of_stock', '$.line_items[1]', 'Eggs 10 pack (100005) is out of stock.'],
      ],
    );
    const lines = session.line_items as Json[];
    assert.deepEqual(
      lines.map((line) => [line.availability_status, totalOf(line, 'total')]),
      [
        ['out_of_stock', 0],
        ['out_of_stock', 0],
      ],
    );
    assert.equal(lines[1]!.unit_amount, 6_500, 'the shelf price is still shown');
    const refused = await world.send('POST', `${SESSIONS}/${session.id as string}/complete`, {
      json: sandboxPayment('success_token'),
    });
    assert.equal(refused.status, 200, 'a session that is not ready is answered as it is');
    assertSession(refused.json);
    assert.equal(refused.json.status, 'not_ready_for_payment');
    assert.equal(refused.json.order, undefined);
    assert.equal(world.grocer.createdOrders, 0);

    const fixed = await update(world, session.id as string, {
      line_items: [{ id: lineIds(session)[0], quantity: 12 }],
    });
    assert.equal(fixed.status, 'ready_for_payment');
    assert.deepEqual(lineIds(fixed), [lineIds(session)[0]], 'the line keeps its id; the eggs are gone');
  });

  test('products the shop cannot sell: unknown or offline ones are invalid, alcohol where the branch may not sell it is restricted', async () => {
    const world = await acpWorld();
    const session = await create(world, {
      line_items: [{ id: UNKNOWN }, { id: OFFLINE }, { id: BEER }, { id: MILK }],
      buyer: BUYER,
      ...select('pickup_BKK02'),
    });
    assert.equal(session.status, 'not_ready_for_payment');
    assert.deepEqual(
      messages(session).map((m) => [m.type, m.code, m.param]),
      [
        ['error', 'invalid', '$.line_items[0]'],
        ['error', 'invalid', '$.line_items[1]'],
        ['error', 'region_restricted', '$.line_items[2]'],
      ],
    );
    assert.equal(totalOf(session, 'total'), 4_700, 'only the milk is on the bill');
  });

  test('complete may bring the buyer the session still lacks', async () => {
    const world = await acpWorld();
    const session = await create(world, { line_items: [{ id: MILK }], ...select('pickup_BKK01') });
    assert.equal(session.status, 'not_ready_for_payment');
    const done = await complete(world, session.id as string, {
      buyer: { email: 'late@example.com' },
      ...sandboxPayment('success_token'),
    });
    assert.equal(done.status, 'completed');
    assert.deepEqual(done.buyer, { email: 'late@example.com' });
    const refused = await world.send('POST', `${SESSIONS}/${session.id as string}/complete`, {
      json: { buyer: { email: 'nope' }, ...sandboxPayment('success_token') },
    });
    assert.equal(refused.status, 409, 'a completed session takes no more changes');
  });

  test('a declined sandbox payment: payment_declined, no order shown; paying again pays the same grocer order', async () => {
    const world = await acpWorld();
    const session = await create(world, { line_items: [{ id: MILK }], buyer: BUYER, ...select('pickup_BKK01') });
    const declined = await complete(world, session.id as string, sandboxPayment('fail_token'));
    assert.equal(declined.status, 'ready_for_payment');
    assert.deepEqual(
      messages(declined).map((m) => [m.type, m.code, m.resolution]),
      [['error', 'payment_declined', 'recoverable']],
    );
    assert.equal(declined.order, undefined);
    const unknownToken = await complete(world, session.id as string, sandboxPayment('tok_visa'));
    assert.equal(unknownToken.status, 'ready_for_payment', 'a token the sandbox does not know is declined');
    const paid = await complete(world, session.id as string, sandboxPayment('success_token'));
    assert.equal(paid.status, 'completed');
    assert.equal(world.grocer.createdOrders, 1, 'one grocer order whatever the retries');
  });

  test('the payment page: requires_escalation with continue_url, completed once the buyer has paid', async () => {
    const world = await acpWorld({ environment: 'production', live: true });
    const session = await create(world, { line_items: [{ id: MILK }], buyer: BUYER, ...select('pickup_BKK01') });
    const handlers = (session.capabilities as { payment: { handlers: Json[] } }).payment.handlers;
    assert.deepEqual(
      handlers.map((h) => [h.id, h.psp]),
      [['payment_page', 'stripe']],
      'production offers the payment page only',
    );
    const sandboxToken = await world.send('POST', `${SESSIONS}/${session.id as string}/complete`, {
      json: sandboxPayment('success_token'),
    });
    assert.equal(sandboxToken.status, 400);
    assert.equal(assertError(sandboxToken.json, 'invalid').param, '$.payment_data.handler_id');

    const escalated = await complete(world, session.id as string, { payment_data: { handler_id: 'payment_page' } });
    assert.equal(escalated.status, 'requires_escalation');
    const link = escalated.continue_url as string;
    assert.match(link, /^https:\/\/shop\.example\/pay\/[A-Za-z0-9_-]+$/);
    assert.deepEqual(
      messages(escalated).map((m) => [m.type, m.code, m.resolution]),
      [['error', 'intervention_required', 'requires_buyer_input']],
    );
    assert.equal(escalated.order, undefined, 'unpaid: no order to show yet');
    const cancel = await world.send('POST', `${SESSIONS}/${session.id as string}/cancel`);
    assert.equal(cancel.status, 405, 'its order is placed: the buyer pays or the grocer lets it lapse');
    assertError(cancel.json, 'session_not_cancelable');

    await world.commerce.payments.pay(link.split('/').pop()!);
    const read = await world.send('GET', `${SESSIONS}/${session.id as string}`);
    assertSession(read.json);
    assert.equal(read.json.status, 'completed');
    assert.equal((read.json.order as Json).status, 'confirmed');
    assert.equal(world.grocer.createdOrders, 1);
  });
});

describe('cancel, expiry and patches', () => {
  test('cancel answers the canceled session; cancelling again, or a completed session, is 405; updates are 409', async () => {
    const world = await acpWorld();
    const open = await create(world, { line_items: [{ id: MILK }] });
    const canceled = await world.send('POST', `${SESSIONS}/${open.id as string}/cancel`, {
      json: { intent_trace: { reason_code: 'price_sensitivity' } },
    });
    assert.equal(canceled.status, 200);
    assert.equal(assertSession(canceled.json).status, 'canceled');
    const again = await world.send('POST', `${SESSIONS}/${open.id as string}/cancel`);
    assert.equal(again.status, 405);
    assertError(again.json, 'session_not_cancelable');
    const changed = await world.send('POST', `${SESSIONS}/${open.id as string}`, { json: { buyer: BUYER } });
    assert.equal(changed.status, 409);
    assertError(changed.json, 'session_not_modifiable');

    const paid = await create(world, { line_items: [{ id: MILK }], buyer: BUYER, ...select('pickup_BKK01') });
    await complete(world, paid.id as string, sandboxPayment('success_token'));
    const late = await world.send('POST', `${SESSIONS}/${paid.id as string}/cancel`, { json: {} });
    assert.equal(late.status, 405);
    assertError(late.json, 'session_not_cancelable');
  });

  test('a session left past expires_at reads as expired and cannot be cancelled', async () => {
    const world = await acpWorld();
    const session = await create(world, { line_items: [{ id: MILK }] });
    world.clock.advance(Date.parse(session.expires_at as string) - world.clock.now() + 1);
    const read = await world.send('GET', `${SESSIONS}/${session.id as string}`);
    assert.equal(assertSession(read.json).status, 'expired');
    assert.equal((await world.send('POST', `${SESSIONS}/${session.id as string}/cancel`)).status, 405);
  });

  test('an update is a patch: absent fields stay, null clears, objects merge key by key, lines keep their ids', async () => {
    const world = await acpWorld();
    const session = await create(world, {
      line_items: [{ id: MILK }],
      buyer: BUYER,
      fulfillment_details: { address: ADDRESS },
      discounts: { codes: ['SAVE10'] },
    });
    const id = session.id as string;
    const [milkLine] = lineIds(session);

    const more = await update(world, id, {
      line_items: [
        { id: milkLine, quantity: 3 },
        { item: { id: RICE }, quantity: 1 },
      ],
    });
    assert.equal(lineIds(more)[0], milkLine);
    assert.deepEqual(
      (more.line_items as Json[]).map((l) => l.quantity),
      [3, 1],
    );
    assert.deepEqual(more.buyer, BUYER, 'buyer untouched');
    assert.deepEqual((more.discounts as Json).codes, ['SAVE10'], 'codes untouched');
    assert.equal(((more.fulfillment_details as Json).address as Json).postal_code, '10110', 'address untouched');

    const renamed = await update(world, id, { buyer: { first_name: 'Somsri', phone_number: null } });
    assert.deepEqual(renamed.buyer, { first_name: 'Somsri', last_name: 'Jaidee', email: BUYER.email });
    assert.deepEqual(lineIds(renamed), lineIds(more));

    const noCodes = await update(world, id, { discounts: null });
    assert.deepEqual((noCodes.discounts as Json).codes, []);

    const noAddress = await update(world, id, { fulfillment_details: null });
    assert.equal(noAddress.status, 'not_ready_for_payment');
    assert.deepEqual(
      messages(noAddress).map((m) => [m.code, m.param]),
      [['missing', '$.fulfillment_details.address']],
    );

    const pickup = await update(world, id, select('pickup_BKK02'));
    assert.equal(pickup.status, 'ready_for_payment');
    const cleared = await update(world, id, { selected_fulfillment_options: null });
    assert.deepEqual(cleared.selected_fulfillment_options, []);
    assert.equal(cleared.status, 'not_ready_for_payment');

    const noEmail = await update(world, id, { ...select('pickup_BKK01'), buyer: { email: null } });
    assert.equal(noEmail.buyer, undefined, 'ACP’s buyer needs an email: none is shown without one');
    assert.deepEqual(
      messages(noEmail).map((m) => [m.code, m.param]),
      [
        ['price_change', '$.line_items[0]'],
        ['missing', '$.buyer.email'],
      ],
      'back at BKK01, whose milk costs less',
    );
  });
});

describe('sessions belong to their agent', () => {
  test("another agent of the shop, or another shop's agent at its own base, does not find the session (404)", async () => {
    const world = await acpWorld();
    const session = await create(world, { line_items: [{ id: MILK }] });
    const id = session.id as string;
    const sibling = await world.commerce.agents.issue(world.target.partnerId, {
      name: 'Agent Two',
      protocols: ['acp'],
    });
    for (const [method, path] of [
      ['GET', `${SESSIONS}/${id}`],
      ['POST', `${SESSIONS}/${id}`],
      ['POST', `${SESSIONS}/${id}/complete`],
      ['POST', `${SESSIONS}/${id}/cancel`],
    ] as const) {
      const json = path.endsWith('/complete') ? sandboxPayment('success_token') : {};
      const response = await world.send(method, path, {
        token: sibling.token,
        json: method === 'POST' ? json : undefined,
      });
      assert.equal(response.status, 404, `${method} ${path}`);
      assertError(response.json, 'session_not_found');
    }
    const other = await acpWorld({ with: world, partnerId: 'ptn_b' });
    const elsewhere = await other.send('GET', `${SESSIONS}/${id}`);
    assert.equal(elsewhere.status, 404);
    assertError(elsewhere.json, 'session_not_found');
    const wrongShop = await world.send('GET', `${SESSIONS}/${id}`, { token: other.token });
    assert.equal(wrongShop.status, 401, "another shop's credential at this shop");
  });
});
