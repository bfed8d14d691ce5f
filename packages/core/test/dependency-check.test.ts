import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cachedDependencyCheck, checkDependency } from '../src/http/index.ts';

describe('checkDependency', () => {
  it('reports a dependency that answers', async () => {
    const result = await checkDependency(async () => 1);
    assert.equal(result.ok, true);
    assert.equal(result.error, undefined);
    assert.ok(result.ms >= 0);
  });

  it('reports a failing dependency with its message, never throwing', async () => {
    assert.deepEqual(
      await checkDependency(() => Promise.reject(new Error('connection refused'))).then(({ ok, error }) => ({
        ok,
        error,
      })),
      {
        ok: false,
        error: 'connection refused',
      },
    );
    assert.equal(
      (
        await checkDependency(async () => {
          throw 'not an Error'; // eslint-disable-line @typescript-eslint/only-throw-error -- what a careless driver may throw
        })
      ).error,
      'failed',
    );
  });

  it('gives up on a dependency that hangs', async () => {
    const result = await checkDependency(() => new Promise(() => {}), 20);
    assert.deepEqual([result.ok, result.error], [false, 'timed out after 0.02 s']);
  });
});

describe('cachedDependencyCheck', () => {
  it('callers share one check in flight, then its result until it is ttlMs old', async () => {
    let clock = 0;
    let calls = 0;
    let answer!: () => void;
    const check = cachedDependencyCheck(
      () => {
        calls++;
        return new Promise<void>((resolve) => (answer = resolve));
      },
      { ttlMs: 5_000, now: () => clock },
    );
    const waiting = Array.from({ length: 50 }, () => check());
    answer();
    assert.ok((await Promise.all(waiting)).every((result) => result.ok));
    assert.equal(calls, 1, 'fifty concurrent callers, one call');
    clock += 4_999;
    for (let i = 0; i < 1_000; i++) assert.equal((await check()).ok, true);
    assert.equal(calls, 1, 'answered from the last result within ttlMs');
    clock += 1;
    const again = check();
    answer();
    await again;
    assert.equal(calls, 2, 'a new check once the result is ttlMs old');
  });

  it('a failure stands for ttlMs too, so a failing dependency is not called by every probe', async () => {
    let clock = 0;
    let calls = 0;
    const check = cachedDependencyCheck(
      () => {
        calls++;
        return Promise.reject(new Error('connection refused'));
      },
      { ttlMs: 1_000, now: () => clock },
    );
    const results = await Promise.all(Array.from({ length: 20 }, () => check()));
    assert.ok(results.every((result) => !result.ok && result.error === 'connection refused'));
    assert.equal((await check()).ok, false);
    assert.equal(calls, 1);
    clock += 1_000;
    await check();
    assert.equal(calls, 2);
  });

  it('a check that hangs is given up once for every caller waiting on it', async () => {
    let calls = 0;
    const check = cachedDependencyCheck(
      () => {
        calls++;
        return new Promise(() => {});
      },
      { ttlMs: 60_000, timeoutMs: 20 },
    );
    const results = await Promise.all(Array.from({ length: 10 }, () => check()));
    assert.deepEqual(new Set(results.map((result) => result.error)), new Set(['timed out after 0.02 s']));
    assert.equal(calls, 1);
  });
});
