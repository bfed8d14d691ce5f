import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDependency } from '../src/http/index.ts';

describe('checkDependency', () => {
  it('reports a dependency that answers', async () => {
    const result = await checkDependency(async () => 1);
    assert.equal(result.ok, true);
    assert.equal(result.error, undefined);
    assert.ok(result.ms >= 0);
  });

  it('reports a failing dependency with its message, never throwing', async () => {
    assert.deepEqual(await checkDependency(() => Promise.reject(new Error('connection refused'))).then(({ ok, error }) => ({ ok, error })), {
      ok: false,
      error: 'connection refused',
    });
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
