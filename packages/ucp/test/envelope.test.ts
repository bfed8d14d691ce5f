import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommerceError } from '@grocery/core';
import {
  notFoundBody,
  protocolErrorOf,
  protocolErrorOfUcp,
  protocolErrorResponse,
  ucpEnvelope,
} from '../src/envelope.ts';
import { UcpError } from '../src/ucp-error.ts';
import { assertErrorResponse } from './support/ucp-json-schemas.ts';

const path = (field: string) => `$.mapped.${field}`;
const mapped = (error: unknown) => {
  const refused = protocolErrorOf(error, path);
  return refused && [refused.status, refused.code, refused.path, refused.retryAfterSeconds];
};

test("core's errors at the edge: inputs 400 with the path, conflicts 409, the unreachable 503, faults masked", () => {
  assert.deepEqual(mapped(new CommerceError('INVALID_QUANTITY', 'No.', { field: 'lines.0.quantity' })), [
    400,
    'invalid_quantity',
    '$.mapped.lines.0.quantity',
    undefined,
  ]);
  assert.deepEqual(mapped(new CommerceError('CHECKOUT_SESSION_CLOSED', 'Closed.')), [
    409,
    'checkout_not_modifiable',
    undefined,
    undefined,
  ]);
  assert.deepEqual(mapped(new CommerceError('CHECKOUT_SESSION_BUSY', 'Busy.')), [409, 'checkout_busy', undefined, 1]);
  assert.deepEqual(mapped(new CommerceError('PAYMENT_IN_PROGRESS', 'Paying.')), [
    409,
    'payment_in_progress',
    undefined,
    2,
  ]);
  assert.deepEqual(mapped(new CommerceError('GROCER_UNAVAILABLE', 'Down.')), [
    503,
    'service_unavailable',
    undefined,
    2,
  ]);
  assert.deepEqual(mapped(new CommerceError('PAYMENT_LINK_EXPIRED', 'Lapsed.')), [
    410,
    'payment_link_expired',
    undefined,
    undefined,
  ]);
  assert.equal(mapped(new CommerceError('INTERNAL', 'Boom.')), null);
  assert.equal(mapped(new Error('password=hunter2')), null);
});

test('a UcpError is the protocol error it names; anything else is not', () => {
  assert.deepEqual(protocolErrorOfUcp(new UcpError('profile_unreachable', 'Timed out.')), {
    status: 424,
    code: 'profile_unreachable',
    content: 'Timed out.',
  });
  assert.equal(protocolErrorOfUcp(new Error('x')), null);
});

test('protocol errors are {code, content} with Retry-After and their headers, never cached', () => {
  const response = protocolErrorResponse({
    status: 429,
    code: 'rate_limited',
    content: 'Slow down.',
    retryAfterSeconds: 30,
    headers: { 'x-extra': '1' },
  });
  assert.equal(response.status, 429);
  assert.equal(response.headers['retry-after'], '30');
  assert.equal(response.headers['cache-control'], 'no-store');
  assert.equal(response.headers['x-extra'], '1');
  assert.deepEqual(JSON.parse(String(response.body)), { code: 'rate_limited', content: 'Slow down.' });
});

test('the envelope lists only the negotiated capabilities relevant to the resource', () => {
  assert.deepEqual(
    Object.keys(
      ucpEnvelope('checkout', {
        environment: 'sandbox',
        active: ['dev.ucp.shopping.discount', 'dev.ucp.shopping.order'],
      }).capabilities,
    ),
    ['dev.ucp.shopping.discount'],
  );
  assert.deepEqual(Object.keys(ucpEnvelope('order', { environment: 'sandbox' }).capabilities), [
    'dev.ucp.shopping.order',
  ]);
  const body = notFoundBody('order', { environment: 'production', continueUrl: 'https://shop.example/' });
  assertErrorResponse(body, 'The not-found body');
  assert.equal(body.continue_url, 'https://shop.example/');
});
