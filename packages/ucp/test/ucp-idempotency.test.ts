import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Store } from '@grocery/core/ports';
import { InMemoryStore, ManualClock } from '@grocery/core/testing';
import {
  canonicalJson,
  idempotent,
  UCP_IDEMPOTENCY_RETENTION_MS,
  type IdempotentRequest,
  type UcpOutcome,
} from '../src/ucp-idempotency.ts';

const scope = { partnerId: 'ptn_a', environment: 'sandbox' as const, ownerId: 'agent:agt_1' };

function setup() {
  const clock = new ManualClock();
  const store = new InMemoryStore({ clock });
  let runs = 0;
  const deps = { store: store as Store, clock, staleAfterMs: 60_000 };
  const request = (body: unknown, key: string | null = 'k-1'): IdempotentRequest => ({
    scope,
    key,
    route: 'POST /checkout-sessions',
    body,
  });
  const answer =
    (outcome: UcpOutcome = { ok: true, status: 201, body: { id: 'cs_1' } }) =>
    async (): Promise<UcpOutcome> => {
      runs++;
      return outcome;
    };
  return { clock, store, deps, request, answer, runs: () => runs };
}

test('canonical JSON (RFC 8785): sorted keys, shortest numbers, no spaces; none for lone surrogates or endless nesting', () => {
  assert.equal(
    canonicalJson({ b: [1.0, 1e21, 'é'], a: { d: null, c: true } }),
    '{"a":{"c":true,"d":null},"b":[1,1e+21,"é"]}',
  );
  assert.equal(canonicalJson({ text: '\uD800' }), null);
  assert.equal(canonicalJson(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)), null);
});

test('a kept answer replays for 48 hours; after that the key is free again', async () => {
  const { clock, deps, request, answer, runs } = setup();
  const first = await idempotent(deps, request({ a: 1 }), answer());
  assert.deepEqual(first, { ok: true, status: 201, body: { id: 'cs_1' } });
  clock.advance(UCP_IDEMPOTENCY_RETENTION_MS - 60_000);
  assert.deepEqual(await idempotent(deps, request({ a: 1 }), answer()), { ...first, replayed: true });
  assert.equal(runs(), 1);
  clock.advance(120_000);
  const fresh = await idempotent(deps, request({ a: 1 }), answer());
  assert.equal(fresh.replayed, undefined);
  assert.equal(runs(), 2);
});

test('a refusal the caller must fix is kept and replayed; a transient one or a fault frees the key', async () => {
  const { deps, request, answer, runs } = setup();
  const refused: UcpOutcome = { ok: false, error: { status: 400, code: 'invalid_input', content: 'No.' } };
  await idempotent(deps, request({ a: 1 }, 'k-refused'), answer(refused));
  assert.deepEqual(await idempotent(deps, request({ a: 1 }, 'k-refused'), answer()), { ...refused, replayed: true });
  const busy: UcpOutcome = {
    ok: false,
    error: { status: 409, code: 'checkout_busy', content: 'Busy.', retryAfterSeconds: 1 },
  };
  await idempotent(deps, request({ a: 1 }, 'k-busy'), answer(busy));
  assert.equal((await idempotent(deps, request({ a: 1 }, 'k-busy'), answer())).ok, true, 'run again');
  await assert.rejects(
    idempotent(deps, request({ a: 1 }, 'k-fault'), async () => {
      throw new Error('fault');
    }),
  );
  assert.equal((await idempotent(deps, request({ a: 1 }, 'k-fault'), answer())).ok, true, 'run again');
  assert.equal(runs(), 4, 'refused once, busy twice, after the fault once');
});

test('a store that cannot be reached fails closed with 503 and Retry-After; nothing runs', async () => {
  const { clock, answer, runs } = setup();
  const broken = {
    claimIdempotencyKey: async () => {
      throw new Error('connection refused');
    },
  } as unknown as Store;
  const outcome = await idempotent(
    { store: broken, clock, staleAfterMs: 60_000 },
    { scope, key: 'k', route: 'POST /checkout-sessions', body: {} },
    answer(),
  );
  assert.deepEqual(outcome, {
    ok: false,
    error: {
      status: 503,
      code: 'service_unavailable',
      content: 'Idempotency keys cannot be checked now; try again.',
      retryAfterSeconds: 2,
    },
  });
  assert.equal(runs(), 0);
});

test('without a key the operation just runs, every time', async () => {
  const { deps, request, answer, runs } = setup();
  await idempotent(deps, request({}, null), answer());
  await idempotent(deps, request({}, null), answer());
  assert.equal(runs(), 2);
});
