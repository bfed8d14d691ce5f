import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertOrder } from './support/ucp-json-schemas.ts';
import { BUYER, mockInstrument, pickupAt, RICE, ucpWorld } from './support/ucp-world.ts';

const SECRET = 'sim-secret-123';

async function paidOrder(world: Awaited<ReturnType<typeof ucpWorld>>): Promise<string> {
  const created = await world.send('POST', '/ucp/v1/checkout-sessions', {
    json: { line_items: [{ item: { id: RICE } }], buyer: BUYER, fulfillment: pickupAt('BKK01') },
  });
  const done = await world.send('POST', `/ucp/v1/checkout-sessions/${String(created.json.id)}/complete`, {
    json: mockInstrument('success_token'),
  });
  return (done.json.order as { id: string }).id;
}

const eventsOf = (body: Record<string, unknown>) =>
  (body.fulfillment as { events: { type: string }[] }).events.map((e) => e.type);

test('simulate-shipping ships a paid sandbox order: the order shows it ready, as GET /orders does from then on', async () => {
  const world = await ucpWorld({ simulationSecret: SECRET });
  const orderId = await paidOrder(world);
  const shipped = await world.send('POST', `/testing/simulate-shipping/${orderId}`, {
    token: null,
    headers: { 'simulation-secret': SECRET },
  });
  assert.equal(shipped.status, 200);
  assertOrder(shipped.json, 'The shipped order');
  assert.deepEqual(eventsOf(shipped.json), ['processing', 'ready_for_pickup']);
  const order = await world.send('GET', `/ucp/v1/orders/${orderId}`);
  assert.deepEqual(eventsOf(order.json), ['processing', 'ready_for_pickup']);
});

test('a wrong or missing secret is 403; an unknown order 404; a live production partner has no hook', async () => {
  const world = await ucpWorld({ simulationSecret: SECRET });
  const orderId = await paidOrder(world);
  const wrong: Record<string, string>[] = [{}, { 'simulation-secret': 'guess' }];
  for (const headers of wrong) {
    const refused = await world.send('POST', `/testing/simulate-shipping/${orderId}`, { token: null, headers });
    assert.deepEqual([refused.status, refused.json.code], [403, 'forbidden']);
  }
  const unknown = await world.send('POST', '/testing/simulate-shipping/PA2611270000001-K7QD', {
    token: null,
    headers: { 'simulation-secret': SECRET },
  });
  assert.deepEqual([unknown.status, unknown.json.code], [404, 'not_found']);
  const live = await ucpWorld({ environment: 'production', live: true, simulationSecret: SECRET });
  const none = await live.send('POST', `/testing/simulate-shipping/${orderId}`, {
    token: null,
    headers: { 'simulation-secret': SECRET },
  });
  assert.equal(none.status, 404);
  const noHook = await ucpWorld();
  const absent = await noHook.send('POST', `/testing/simulate-shipping/${orderId}`, {
    token: null,
    headers: { 'simulation-secret': SECRET },
  });
  assert.equal(absent.status, 404, 'no hook unless the app configures one');
});
