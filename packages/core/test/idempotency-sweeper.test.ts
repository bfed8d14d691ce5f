import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { InMemoryStore, ManualClock } from '@grocery/core/testing';
import { IdempotencySweeper } from '../src/services/idempotency-sweeper.ts';

const HOUR = 3_600_000;
const scope = { partnerId: 'ptn_a', environment: 'sandbox' as const, ownerId: 'owner-1' };

/** Claims `key` at `nowMs` under the agent protocols' 48 h retention; a key still stored answers in-progress to the same request. */
function claim(store: InMemoryStore, key: string, nowMs: number) {
  return store.claimIdempotencyKey(scope, {
    key,
    requestHash: 'r',
    resourceId: `PA-${key}`,
    nowMs,
    staleAfterMs: 48 * HOUR,
    retentionMs: 48 * HOUR,
  });
}

test('the sweep forgets keys past their retention and keeps the others; one instance takes each turn', async () => {
  const clock = new ManualClock();
  const store = new InMemoryStore({ clock });
  const now = clock.now();
  for (let i = 0; i < 5; i++) await claim(store, `old-${i}`, now - 49 * HOUR - i);
  await claim(store, 'live', now - 47 * HOUR);
  const [one, two] = [1, 2].map(() => new IdempotencySweeper({ store, clock, everyMs: 10 * 60_000, batchSize: 2 }));

  assert.deepEqual(
    await Promise.all([one!.sweepOnce(), two!.sweepOnce()]),
    [5, null],
    'the first takes the turn and sweeps every expired key, two at a time',
  );
  assert.deepEqual(await claim(store, 'live', now), { kind: 'in-progress' }, 'a key within its 48 hours is kept');
  assert.deepEqual(
    await claim(store, 'old-0', now - 49 * HOUR + 1),
    { kind: 'claimed', resourceId: 'PA-old-0' },
    'an expired one is gone',
  );

  clock.advance(HOUR + 1);
  assert.equal(
    await two!.sweepOnce(),
    2,
    'at the next turn, whoever takes it sweeps what has expired since: the live key and the re-claimed one',
  );
  assert.equal(await one!.sweepOnce(), null);
});

test('once started, the sweeper sweeps in the background until stopped', async () => {
  const clock = new ManualClock();
  const store = new InMemoryStore({ clock });
  await claim(store, 'old', clock.now() - 49 * HOUR);
  const sweeper = new IdempotencySweeper({ store, clock, idleMs: 5 });
  sweeper.start();
  try {
    for (
      let waited = 0;
      (await claim(store, 'old', clock.now() - 49 * HOUR + 1)).kind === 'in-progress';
      waited += 10
    ) {
      assert.ok(waited < 10_000, 'swept in the background');
      await sleep(10);
    }
  } finally {
    await sweeper.stop();
  }
  assert.equal(sweeper.running, false);
});
