import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createContentDigest, isUcpError, verifyContentDigest } from '../src/index.ts';

// The digests of `{"hello": "world"}` in the RFCs' examples: sha-256 as RFC 9530 gives it, sha-512 as the
// Content-Digest of RFC 9421's B.2 test request (whose B.2.3 signature verifies over it), and sha-256 with a
// final newline, as UCP's signatures.md MCP example carries it.
const HELLO = '{"hello": "world"}';
const HELLO_SHA256 = 'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:';
const HELLO_SHA512 =
  'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:';
const HELLO_NEWLINE_SHA256 = 'sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:';

function assertMismatch(header: string | undefined, body: Uint8Array | string, message?: RegExp): void {
  assert.throws(
    () => verifyContentDigest(header, body),
    (error) =>
      isUcpError(error) &&
      error.code === 'digest_mismatch' &&
      error.status === 400 &&
      (!message || message.test(error.message)),
    String(header).slice(0, 60),
  );
}

describe('createContentDigest', () => {
  test('hashes the raw bytes with sha-256, as the RFC examples give them', () => {
    assert.equal(createContentDigest(HELLO), HELLO_SHA256);
    assert.equal(createContentDigest(`${HELLO}\n`), HELLO_NEWLINE_SHA256);
    assert.equal(createContentDigest(new TextEncoder().encode(HELLO)), HELLO_SHA256);
  });

  test('a string is hashed as UTF-8', () => {
    assert.equal(createContentDigest('นม'), createContentDigest(Buffer.from('นม', 'utf8')));
  });
});

describe('verifyContentDigest', () => {
  test('accepts the sha-256 digest of the exact bytes, with a sha-512 beside it and unknown algorithms ignored', () => {
    verifyContentDigest(HELLO_SHA256, HELLO);
    verifyContentDigest(`${HELLO_SHA512}, ${HELLO_SHA256}`, HELLO);
    verifyContentDigest(`${HELLO_SHA256}, unixsum=:AAAA:`, HELLO);
    verifyContentDigest(createContentDigest(''), '');
  });

  test('any other bytes, even re-serialised JSON of the same value, are digest_mismatch', () => {
    assertMismatch(HELLO_SHA256, `${HELLO}\n`);
    assertMismatch(HELLO_SHA256, '{"hello":"world"}');
    assertMismatch(`${HELLO_SHA256}, sha-512=:${Buffer.alloc(64).toString('base64')}:`, HELLO, /sha-512/);
  });

  test('without sha-256 (UCP requires it), or missing, it is digest_mismatch', () => {
    assertMismatch(HELLO_SHA512, HELLO, /sha-256/);
    assertMismatch(undefined, HELLO, /no Content-Digest/);
    assertMismatch('  ', HELLO, /no Content-Digest/);
  });

  test('hostile values are digest_mismatch, never a crash', () => {
    for (const value of [
      'sha-256',
      'sha-256="X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE="',
      'sha-256=:!!:',
      'sha-256=(:AAAA:)',
      'SHA-256=:AAAA:',
      '=',
      `sha-256=:${'A'.repeat(100_000)}:`,
    ])
      assertMismatch(value, HELLO);
  });
});
