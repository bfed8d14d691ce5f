import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AGENT_IDEMPOTENCY_RETENTION_MS, CommerceError } from '@grocery/core';
import type { CalculateRequest, Calculation } from '@grocery/core/ports';
import { assertProtocolError } from './support/ucp-json-schemas.ts';
import { MILK, RICE, ucpWorld } from './support/ucp-world.ts';

// UCP's use of core's agent idempotency (core's own tests cover canonical JSON, claims and takeovers):
// which answers are kept, how core's outcomes read in UCP's words, and requests without a key.

const SESSIONS = '/ucp/v1/checkout-sessions';
const key = (n: number) => ({ 'idempotency-key': `0d6f3c2a-0000-4000-8000-00000000000${n}` });

test('a kept answer replays for 48 hours under its key, then the key is free and the request runs again', async () => {
  const world = await ucpWorld();
  const json = { line_items: [{ item: { id: RICE } }] };
  const first = await world.send('POST', SESSIONS, { json, headers: key(1) });
  world.clock.advance(AGENT_IDEMPOTENCY_RETENTION_MS - 60_000);
  const replay = await world.send('POST', SESSIONS, { json, headers: key(1) });
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assert.equal(replay.json.id, first.json.id);
  world.clock.advance(120_000);
  const fresh = await world.send('POST', SESSIONS, { json, headers: key(1) });
  assert.equal(fresh.status, 201);
  assert.equal(fresh.headers['idempotent-replayed'], undefined);
  assert.notEqual(fresh.json.id, first.json.id);
});

test('a refusal the caller must fix is kept and replayed; a transient 503 frees the key for a retry', async () => {
  const world = await ucpWorld();
  const refused = await world.send('POST', SESSIONS, {
    json: { line_items: [{ item: { id: MILK }, quantity: 0 }] },
    headers: key(1),
  });
  assertProtocolError(refused.json, 'invalid_quantity');
  const again = await world.send('POST', SESSIONS, {
    json: { line_items: [{ item: { id: MILK }, quantity: 0 }] },
    headers: key(1),
  });
  assert.equal(again.status, 400);
  assert.equal(again.headers['idempotent-replayed'], 'true');

  const calculate = world.grocer.calculate.bind(world.grocer);
  world.grocer.calculate = async () => {
    throw new CommerceError('GROCER_UNAVAILABLE', 'The grocer does not answer.');
  };
  const json = { line_items: [{ item: { id: RICE } }] };
  const down = await world.send('POST', SESSIONS, { json, headers: key(2) });
  assert.equal(down.status, 503);
  assertProtocolError(down.json, 'service_unavailable');
  assert.equal(down.headers['retry-after'], '2');
  world.grocer.calculate = (request: CalculateRequest): Promise<Calculation> => calculate(request);
  const retried = await world.send('POST', SESSIONS, { json, headers: key(2) });
  assert.equal(retried.status, 201, 'the key was freed: the retry runs');
  assert.equal(retried.headers['idempotent-replayed'], undefined);
});

test('an idempotency store that cannot be reached fails closed: 503 with Retry-After, nothing runs', async () => {
  const world = await ucpWorld();
  world.store.claimIdempotencyKey = async () => {
    throw new Error('connection refused');
  };
  const answer = await world.send('POST', SESSIONS, {
    json: { line_items: [{ item: { id: RICE } }] },
    headers: key(1),
  });
  assert.equal(answer.status, 503);
  assertProtocolError(answer.json, 'service_unavailable');
  assert.equal(answer.headers['retry-after'], '2');
  assert.equal(world.grocer.calculations, 0, 'nothing was priced');
});

test('the conflict is decided by canonical JSON of the body; without a key every request runs', async () => {
  const world = await ucpWorld();
  await world.send('POST', SESSIONS, {
    raw: '{"line_items":[{"item":{"id":"100002"},"quantity":1.0}]}',
    headers: key(1),
  });
  const same = await world.send('POST', SESSIONS, {
    raw: '{"line_items":[{"quantity":1,"item":{"id":"100002"}}]}',
    headers: key(1),
  });
  assert.equal(same.headers['idempotent-replayed'], 'true');
  const withNull = await world.send('POST', SESSIONS, {
    raw: '{"line_items":[{"quantity":1,"item":{"id":"100002"}}],"buyer":null}',
    headers: key(1),
  });
  assert.equal(withNull.status, 409, 'null is not absent');
  assertProtocolError(withNull.json, 'idempotency_conflict');

  const json = { line_items: [{ item: { id: RICE } }] };
  const a = await world.send('POST', SESSIONS, { json });
  const b = await world.send('POST', SESSIONS, { json });
  assert.notEqual(a.json.id, b.json.id);
});
