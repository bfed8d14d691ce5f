import assert from 'node:assert/strict';
import { constants, createPublicKey, verify } from 'node:crypto';
import { describe, test } from 'node:test';
import { headerRecord, signatureBase } from '../../src/signatures/signature-base.ts';
import { B23, B26, TEST_KEY_ED25519_JWK, TEST_KEY_RSA_PSS_SPKI, TEST_REQUEST } from '../support/rfc9421-vectors.ts';

const request = { kind: 'request' as const, ...TEST_REQUEST, headers: headerRecord(TEST_REQUEST.headers) };

describe('signatureBase against RFC 9421 Appendix B', () => {
  test('B.2.3: the full-coverage base of the test request is the RFC text, and the RFC signature verifies over it', () => {
    const base = signatureBase(B23.components, B23.signatureParams, request);
    assert.equal(base, B23.base);
    const key = createPublicKey(TEST_KEY_RSA_PSS_SPKI);
    const signature = Buffer.from(B23.signature, 'base64');
    assert.ok(
      verify('sha512', Buffer.from(base), { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 64 }, signature),
    );
  });

  test('B.2.6: the Ed25519 signature of the RFC verifies over the base of @method @path @authority and fields', () => {
    const base = signatureBase(B26.components, B26.signatureParams, request);
    const key = createPublicKey({ key: TEST_KEY_ED25519_JWK, format: 'jwk' });
    assert.ok(verify(null, Buffer.from(base), key, Buffer.from(B26.signature, 'base64')));
    // One byte of a covered component changed, and the RFC's signature no longer holds.
    const other = signatureBase(B26.components, B26.signatureParams, { ...request, method: 'PUT' });
    assert.ok(!verify(null, Buffer.from(other), key, Buffer.from(B26.signature, 'base64')));
  });

  test('@query is "?" when the URL has none, @path "/" when it is empty, @authority drops the default port', () => {
    const base = signatureBase(['@authority', '@path', '@query'], '()', {
      kind: 'request',
      method: 'GET',
      url: 'https://Example.COM:443',
      headers: {},
    });
    assert.equal(base, '"@authority": example.com\n"@path": /\n"@query": ?\n"@signature-params": ()');
    const withPort = signatureBase(['@authority'], '()', {
      kind: 'request',
      method: 'GET',
      url: 'http://127.0.0.1:8080/x',
      headers: {},
    });
    assert.equal(withPort, '"@authority": 127.0.0.1:8080\n"@signature-params": ()');
  });

  test('@status of a response; header fields from a web Headers object; repeated fields joined with ", "', () => {
    const headers = new Headers({ 'Content-Type': 'application/json' });
    headers.append('X-Many', 'a');
    headers.append('X-Many', 'b');
    const base = signatureBase(['@status', 'content-type', 'x-many'], '()', {
      kind: 'response',
      status: 201,
      headers: headerRecord(headers),
    });
    assert.equal(base, '"@status": 201\n"content-type": application/json\n"x-many": a, b\n"@signature-params": ()');
    const record = headerRecord({ 'X-Many': ['a', 'b'], 'x-many': 'c', Absent: undefined });
    assert.deepEqual(record, { 'x-many': ['a', 'b', 'c'] });
  });

  test('a covered header the message lacks throws', () => {
    assert.throws(() => signatureBase(['idempotency-key'], '()', request));
    assert.throws(() => signatureBase(['@status'], '()', request));
  });
});
