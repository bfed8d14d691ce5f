import assert from 'node:assert/strict';
import { createPublicKey } from 'node:crypto';
import { describe, test } from 'node:test';
import { generateSigningKey, isUcpError, publicJwkOf, signatureAlgorithmOf } from '../../src/index.ts';
import { importPublicKey } from '../../src/signatures/signing-keys.ts';
import { TEST_KEY_ECC_P256 } from '../support/rfc9421-vectors.ts';

describe('signing keys', () => {
  test('generateSigningKey makes a P-256 key with its kid; the public JWK has no private scalar', () => {
    const { privateJwk, publicJwk } = generateSigningKey('ptn_1-2026-09');
    assert.equal(privateJwk.kid, 'ptn_1-2026-09');
    assert.equal(privateJwk.crv, 'P-256');
    assert.equal(typeof privateJwk.d, 'string');
    assert.deepEqual(Object.keys(publicJwk).sort(), ['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
    assert.deepEqual(publicJwk, publicJwkOf(privateJwk));
    assert.equal(publicJwk.alg, 'ES256');
    assert.equal(
      createPublicKey({ key: { ...publicJwk }, format: 'jwk' }).asymmetricKeyDetails?.namedCurve,
      'prime256v1',
    );
  });

  test('P-384 keys sign with ecdsa-p384-sha384 (ES384, optional in UCP)', () => {
    const { publicJwk } = generateSigningKey('k384', 'P-384');
    assert.equal(publicJwk.alg, 'ES384');
    assert.equal(signatureAlgorithmOf(publicJwk), 'ecdsa-p384-sha384');
  });

  test('the algorithm comes from the curve; other keys are algorithm_unsupported', () => {
    assert.equal(signatureAlgorithmOf(TEST_KEY_ECC_P256), 'ecdsa-p256-sha256');
    const refused = [
      { kid: 'rsa', kty: 'RSA', n: 'AQAB', e: 'AQAB' },
      { kid: 'k1', kty: 'EC', crv: 'secp256k1', x: 'a', y: 'b' },
      { kid: 'ed', kty: 'OKP', crv: 'Ed25519', x: 'a' },
      { kid: 'mixed', kty: 'EC', crv: 'P-256', x: 'a', y: 'b', alg: 'ES384' },
    ];
    for (const key of refused)
      assert.throws(
        () => signatureAlgorithmOf(key),
        (error) => isUcpError(error) && error.code === 'algorithm_unsupported' && error.status === 400,
        key.kid,
      );
  });

  test('a JWK whose point is not on the curve makes the profile malformed', () => {
    const broken = { ...TEST_KEY_ECC_P256, y: TEST_KEY_ECC_P256.x };
    assert.throws(
      () => importPublicKey(broken),
      (error) => isUcpError(error) && error.code === 'profile_malformed',
    );
  });
});
