import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommerceError } from '@grocery/core';
import { searchRouteOf } from '../src/search-routes.ts';

/** The CommerceError `run` throws. */
function refusal(run: () => unknown): CommerceError {
  let caught: unknown;
  assert.throws(run, (error) => ((caught = error), error instanceof CommerceError));
  return caught as CommerceError;
}

describe('searchRouteOf', () => {
  it('names the route, ignoring one trailing slash, for GET and HEAD', () => {
    assert.equal(searchRouteOf('GET', '/v1/search'), '/v1/search');
    assert.equal(searchRouteOf('head', '/v1/suggest/'), '/v1/suggest');
    assert.equal(searchRouteOf('GET', '/v1/manifest'), '/v1/manifest');
  });

  it('refuses unknown paths with NOT_FOUND before looking at the method', () => {
    for (const path of ['/', '/v1/search//', '/v1/hasOwnProperty', '/__proto__', `/${'x'.repeat(5000)}`]) {
      const error = refusal(() => searchRouteOf('POST', path));
      assert.equal(error.code, 'NOT_FOUND', path.slice(0, 20));
      assert.ok(error.message.length < 300);
    }
  });

  it('refuses other methods with METHOD_NOT_ALLOWED', () => {
    for (const method of ['POST', 'DELETE', 'OPTIONS', 'X'.repeat(100)]) {
      assert.equal(refusal(() => searchRouteOf(method, '/v1/search')).code, 'METHOD_NOT_ALLOWED');
    }
  });
});
