import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseDictionary } from 'structured-headers';
import { createContentDigest, generateSigningKey, signRequest, signResponse } from '../../src/index.ts';

const { privateJwk } = generateSigningKey('platform-2026');
const created = new Date('2026-09-20T10:00:00Z');
const body = '{"checkout":{"line_items":[{"item":{"id":"100001"},"quantity":2}]}}';

describe('signRequest', () => {
  test('a POST with a body covers what UCP requires, in its order, with created and keyid', () => {
    const fields = signRequest(
      {
        method: 'POST',
        url: 'https://shop.example/agents/ptn_1/ucp/v1/checkout-sessions',
        headers: {
          'Content-Type': 'application/json',
          'UCP-Agent': 'profile="https://platform.example/.well-known/ucp"',
          'Idempotency-Key': '550e8400-e29b-41d4-a716-446655440000',
        },
        body,
      },
      { key: privateJwk, created },
    );
    assert.equal(fields['content-digest'], createContentDigest(body));
    assert.equal(
      fields['signature-input'],
      'sig1=("@method" "@authority" "@path" "ucp-agent" "idempotency-key" "content-digest" "content-type");created=1789898400;keyid="platform-2026"',
    );
    const signature = parseDictionary(fields.signature).get('sig1')?.[0];
    assert.ok(signature instanceof ArrayBuffer);
    assert.equal(signature.byteLength, 64, 'raw r||s, not DER');
  });

  test('a GET covers @method @authority @path, and @query when the URL has one; no digest without a body', () => {
    const plain = signRequest(
      { method: 'GET', url: 'https://shop.example/ucp/v1/orders/o1', headers: {} },
      { key: privateJwk, created },
    );
    assert.equal(plain['content-digest'], undefined);
    assert.match(
      plain['signature-input'],
      /^sig1=\("@method" "@authority" "@path"\);created=\d+;keyid="platform-2026"$/,
    );
    const query = signRequest(
      { method: 'GET', url: 'https://shop.example/x?a=1', headers: {} },
      { key: privateJwk, created },
    );
    assert.match(query['signature-input'], /^sig1=\("@method" "@authority" "@path" "@query"\);/);
    // An idempotency key on a GET is not state-changing and is not required to be covered.
    const get = signRequest(
      { method: 'GET', url: 'https://shop.example/x', headers: { 'idempotency-key': 'k' } },
      { key: privateJwk },
    );
    assert.doesNotMatch(get['signature-input'], /idempotency-key/);
  });

  test('created: null leaves it out; expires and a label are written; components can be given', () => {
    const fields = signRequest(
      { method: 'DELETE', url: 'https://shop.example/x', headers: {} },
      {
        key: privateJwk,
        created: null,
        expires: new Date(1_800_000_000_000),
        label: 'ucp',
        components: ['@method', '@path'],
      },
    );
    assert.equal(fields['signature-input'], 'ucp=("@method" "@path");expires=1800000000;keyid="platform-2026"');
    assert.ok(fields.signature.startsWith('ucp=:'));
  });

  test('signing a header the message lacks is a programming error', () => {
    assert.throws(
      () => signRequest({ method: 'POST', url: 'https://shop.example/x', headers: {}, body }, { key: privateJwk }),
      /cannot sign content-type/,
    );
  });
});

describe('signResponse', () => {
  test('covers @status, and content-digest content-type with a body', () => {
    const fields = signResponse(
      { status: 201, headers: { 'content-type': 'application/json' }, body },
      { key: privateJwk, created },
    );
    assert.equal(
      fields['signature-input'],
      'sig1=("@status" "content-digest" "content-type");created=1789898400;keyid="platform-2026"',
    );
    const empty = signResponse({ status: 204, headers: {} }, { key: privateJwk, created });
    assert.equal(empty['signature-input'], 'sig1=("@status");created=1789898400;keyid="platform-2026"');
  });
});
