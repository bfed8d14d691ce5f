import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { InMemoryStore, ManualClock } from '@grocery/core/testing';
import { ExpirySweeper } from '../src/services/expiry-sweeper.ts';

const MINUTE = 60_000;
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

/** The units used in `bucket`'s window at `windowStartMs` (taking none): 0 once the window is deleted. */
async function used(store: InMemoryStore, bucket: string, windowStartMs: number): Promise<number> {
  return (await store.takeRateUnits(bucket, windowStartMs, 0, 100)).used;
}

test('the sweep forgets keys past their retention and keeps the others; one instance takes each turn', async () => {
  const clock = new ManualClock();
  const store = new InMemoryStore({ clock });
  const now = clock.now();
  for (let i = 0; i < 5; i++) await claim(store, `old-${i}`, now - 49 * HOUR - i);
  await claim(store, 'live', now - 47 * HOUR);
  const [one, two] = [1, 2].map(() => new ExpirySweeper({ store, clock, everyMs: 10 * MINUTE, batchSize: 2 }));

  assert.deepEqual(
    await Promise.all([one!.sweepOnce(), two!.sweepOnce()]),
    [{ idempotencyKeys: 5, rateWindows: 0 }, null],
    'the first takes the turn and sweeps every expired key, two at a time',
  );
  assert.deepEqual(await claim(store, 'live', now), { kind: 'in-progress' }, 'a key within its 48 hours is kept');
  assert.deepEqual(
    await claim(store, 'old-0', now - 49 * HOUR + 1),
    { kind: 'claimed', resourceId: 'PA-old-0' },
    'an expired one is gone',
  );

  clock.advance(HOUR + 1);
  assert.deepEqual(
    await two!.sweepOnce(),
    { idempotencyKeys: 2, rateWindows: 0 },
    'at the next turn, whoever takes it sweeps what has expired since: the live key and the re-claimed one',
  );
  assert.equal(await one!.sweepOnce(), null);
});

test('the sweep deletes rate-limit windows that started over an hour ago, in batches, and keeps the later ones', async () => {
  const clock = new ManualClock();
  const store = new InMemoryStore({ clock });
  const minute = clock.now() - (clock.now() % MINUTE);
  for (let i = 0; i < 3; i++) await store.takeRateUnits(`partner:old-${i}`, minute - 61 * MINUTE - i * MINUTE, 3, 100);
  await store.takeRateUnits('partner:recent', minute - 59 * MINUTE, 4, 100);
  await store.takeRateUnits('partner:now', minute, 5, 100);
  const sweeper = new ExpirySweeper({ store, clock, batchSize: 2 });

  assert.deepEqual(await sweeper.sweepOnce(), { idempotencyKeys: 0, rateWindows: 3 });
  for (let i = 0; i < 3; i++)
    assert.equal(await used(store, `partner:old-${i}`, minute - 61 * MINUTE - i * MINUTE), 0, 'an old window is gone');
  assert.equal(await used(store, 'partner:recent', minute - 59 * MINUTE), 4, 'a window of the last hour is kept');
  assert.equal(await used(store, 'partner:now', minute), 5, 'and so is the current one');

  clock.advance(2 * HOUR);
  assert.deepEqual(
    await sweeper.sweepOnce(),
    { idempotencyKeys: 0, rateWindows: 5 },
    'two hours on, every window is over an hour old: the two kept and the three read again',
  );
});

test('taking rate units deletes no window, however old: only the sweep does', async () => {
  const clock = new ManualClock();
  const store = new InMemoryStore({ clock });
  const minute = clock.now() - (clock.now() % MINUTE);
  await store.takeRateUnits('partner:old', minute - 5 * HOUR, 2, 100);
  for (let i = 0; i < 200; i++) await store.takeRateUnits('partner:now', minute, 1, 1_000);
  assert.equal(await used(store, 'partner:old', minute - 5 * HOUR), 2);
});

test('once started, the sweeper sweeps in the background until stopped', async () => {
  const clock = new ManualClock();
  const store = new InMemoryStore({ clock });
  await claim(store, 'old', clock.now() - 49 * HOUR);
  const sweeper = new ExpirySweeper({ store, clock, idleMs: 5 });
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
