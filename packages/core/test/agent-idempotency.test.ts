import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Store } from '@grocery/core/ports';
import { InMemoryStore, ManualClock } from '@grocery/core/testing';
import {
  AGENT_IDEMPOTENCY_RETENTION_MS,
  agentIdempotent,
  canonicalJson,
  isIdempotencyKey,
  type AgentIdempotentRequest,
} from '../src/services/agent-idempotency.ts';

const scope = { partnerId: 'ptn_a', environment: 'sandbox' as const, ownerId: 'agent:agt_1' };
type Answer = { status: number; body: Record<string, unknown> };

function setup() {
  const clock = new ManualClock();
  const store = new InMemoryStore({ clock });
  let runs = 0;
  const deps = { store: store as Store, clock, staleAfterMs: 60_000 };
  const request = (body: unknown, extra: Partial<AgentIdempotentRequest> = {}): AgentIdempotentRequest => ({
    scope,
    protocol: 'acp',
    route: 'POST /checkout_sessions',
    key: 'k-1',
    body,
    ...extra,
  });
  const answer =
    (value: Answer = { status: 201, body: { id: 'cs_1' } }) =>
    async (): Promise<Answer> => {
      runs++;
      return value;
    };
  const keep = (value: Answer) => value.status < 500 && value.status !== 409;
  return { clock, store, deps, request, answer, keep, runs: () => runs };
}

test('canonical JSON is RFC 8785: keys by UTF-16 code units, ECMAScript numbers, no spaces', () => {
  // RFC 8785 §3.2.3's sorting example and §3.2.2.3's numbers.
  const sorted = canonicalJson({
    '\u20ac': 'Euro Sign',
    '\r': 'Carriage Return',
    '\ufb33': 'Hebrew Letter Dalet With Dagesh',
    '1': 'One',
    '\ud83d\ude00': 'Emoji: Grinning Face',
    '\u0080': 'Control',
    '\u00f6': 'Latin Small Letter O With Diaeresis',
  });
  assert.equal(
    sorted,
    '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
      '"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
  );
  assert.equal(
    canonicalJson({ numbers: [333333333.3333333, 1e30, 4.5, 2e-3, 0.000001, 1e-7, -0, 1.0, 1e21] }),
    '{"numbers":[333333333.3333333,1e+30,4.5,0.002,0.000001,1e-7,0,1,1e+21]}',
  );
  assert.equal(canonicalJson({ b: [1, { d: null, c: 'x' }], a: true }), '{"a":true,"b":[1,{"c":"x","d":null}]}');
  assert.notEqual(canonicalJson({ a: null }), canonicalJson({}), 'null is not absent');
  assert.notEqual(canonicalJson([1, 2]), canonicalJson([2, 1]), 'arrays keep their order');
});

test('canonical JSON: none for lone surrogates, non-finite numbers or nesting too deep to walk', () => {
  assert.equal(canonicalJson({ text: '\uD800' }), null);
  assert.equal(canonicalJson({ ['\uDC00']: 1 }), null);
  assert.equal(canonicalJson({ n: Number.POSITIVE_INFINITY }), null);
  assert.equal(canonicalJson(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)), null);
  assert.equal(canonicalJson('\uD83D\uDE00'), '"\uD83D\uDE00"', 'a surrogate pair is fine');
});

test('keys are 1 to 255 printable ASCII characters without spaces', () => {
  assert.equal(isIdempotencyKey('550e8400-e29b-41d4-a716-446655440000'), true);
  assert.equal(isIdempotencyKey('x'.repeat(255)), true);
  for (const bad of ['', 'x'.repeat(256), 'with space', 'tab\t', 'ключ', 'nul\u0000'])
    assert.equal(isIdempotencyKey(bad), false, JSON.stringify(bad));
});

test('the first request runs; the same body (any key order, 1.0 or 1) replays its answer for 48 hours, then the key is free', async () => {
  const { clock, deps, request, answer, keep, runs } = setup();
  const first = await agentIdempotent(deps, request({ a: 1, b: [1, 2] }), answer(), keep);
  assert.deepEqual(first, { kind: 'ran', value: { status: 201, body: { id: 'cs_1' } } });
  clock.advance(AGENT_IDEMPOTENCY_RETENTION_MS - 60_000);
  assert.deepEqual(await agentIdempotent(deps, request({ b: [1.0, 2], a: 1 }), answer(), keep), {
    kind: 'replayed',
    value: { status: 201, body: { id: 'cs_1' } },
  });
  assert.equal(runs(), 1);
  clock.advance(120_000);
  assert.equal((await agentIdempotent(deps, request({ a: 1, b: [1, 2] }), answer(), keep)).kind, 'ran');
  assert.equal(runs(), 2);
});

test('another body under a used key is a conflict, null against absent and reordered arrays included; nothing runs', async () => {
  const { deps, request, answer, keep, runs } = setup();
  await agentIdempotent(deps, request({ a: 1, list: [1, 2] }), answer(), keep);
  for (const other of [{ a: 2, list: [1, 2] }, { a: 1, list: [2, 1] }, { a: 1, list: [1, 2], c: null }, null])
    assert.deepEqual(await agentIdempotent(deps, request(other), answer(), keep), { kind: 'conflict' });
  assert.equal(runs(), 1);
});

test('keys are per protocol, route and caller: the same key elsewhere is another request', async () => {
  const { deps, request, answer, keep, runs } = setup();
  await agentIdempotent(deps, request({ a: 1 }), answer(), keep);
  const elsewhere = [
    request({ a: 2 }, { route: 'POST /checkout_sessions/cs_1' }),
    request({ a: 2 }, { protocol: 'ucp' }),
    request({ a: 2 }, { scope: { ...scope, ownerId: 'agent:agt_2' } }),
    request({ a: 2 }, { scope: { ...scope, partnerId: 'ptn_b' } }),
  ];
  for (const other of elsewhere) assert.equal((await agentIdempotent(deps, other, answer(), keep)).kind, 'ran');
  assert.equal(runs(), 5);
});

test('while the first request runs, the same key is in flight (Retry-After 1 s); a claim older than staleAfterMs is taken over', async () => {
  const { clock, deps, request, answer, keep, runs } = setup();
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const running = agentIdempotent(
    deps,
    request({ a: 1 }),
    async () => {
      await gate;
      return { status: 200, body: { slow: true } };
    },
    keep,
  );
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(await agentIdempotent(deps, request({ a: 1 }), answer(), keep), {
    kind: 'in-flight',
    retryAfterSeconds: 1,
  });
  assert.deepEqual(await agentIdempotent(deps, request({ a: 2 }), answer(), keep), { kind: 'conflict' });
  clock.advance(60_001);
  assert.equal((await agentIdempotent(deps, request({ a: 1 }), answer(), keep)).kind, 'ran', 'the dead claim');
  release();
  assert.equal((await running).kind, 'ran');
  assert.equal(runs(), 1);
});

test('an answer not kept (transient) or a thrown error frees the key; a kept refusal replays', async () => {
  const { deps, request, answer, keep, runs } = setup();
  await agentIdempotent(deps, request({}, { key: 'refused' }), answer({ status: 400, body: { code: 'x' } }), keep);
  assert.deepEqual(await agentIdempotent(deps, request({}, { key: 'refused' }), answer(), keep), {
    kind: 'replayed',
    value: { status: 400, body: { code: 'x' } },
  });
  await agentIdempotent(deps, request({}, { key: 'busy' }), answer({ status: 409, body: {} }), keep);
  await agentIdempotent(deps, request({}, { key: 'fault' }), answer({ status: 503, body: {} }), keep);
  await assert.rejects(
    agentIdempotent(
      deps,
      request({}, { key: 'thrown' }),
      async () => {
        throw new Error('fault');
      },
      keep,
    ),
    /fault/,
  );
  for (const key of ['busy', 'fault', 'thrown'])
    assert.equal((await agentIdempotent(deps, request({}, { key }), answer(), keep)).kind, 'ran', key);
  assert.equal(runs(), 6);
});

test('bodies without a canonical form are compared byte for byte; with no bytes they are unreadable', async () => {
  const { deps, request, answer, keep, runs } = setup();
  const raw = (text: string) => new TextEncoder().encode(text);
  const first = await agentIdempotent(deps, request(undefined, { rawBody: raw('{not json') }), answer(), keep);
  assert.equal(first.kind, 'ran');
  assert.equal(
    (await agentIdempotent(deps, request(undefined, { rawBody: raw('{not json') }), answer(), keep)).kind,
    'replayed',
  );
  assert.equal(
    (await agentIdempotent(deps, request(undefined, { rawBody: raw('{not json!') }), answer(), keep)).kind,
    'conflict',
  );
  assert.equal(
    (
      await agentIdempotent(
        deps,
        request({ text: '\uD800' }, { key: 'k-2', rawBody: raw('{"text":"\\ud800"}') }),
        answer(),
        keep,
      )
    ).kind,
    'ran',
  );
  assert.deepEqual(await agentIdempotent(deps, request({ text: '\uD800' }, { key: 'k-3' }), answer(), keep), {
    kind: 'unreadable',
  });
  assert.equal(runs(), 2);
});

test('a bad key or a store that cannot be reached: nothing runs (the store fails closed)', async () => {
  const { clock, request, answer, keep, deps, runs } = setup();
  assert.deepEqual(await agentIdempotent(deps, request({}, { key: 'with space' }), answer(), keep), {
    kind: 'invalid-key',
  });
  const broken = {
    claimIdempotencyKey: async () => {
      throw new Error('connection refused');
    },
  } as unknown as Store;
  assert.deepEqual(await agentIdempotent({ store: broken, clock, staleAfterMs: 1 }, request({}), answer(), keep), {
    kind: 'unavailable',
    retryAfterSeconds: 2,
  });
  assert.equal(runs(), 0);
});
