import { createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { UcpError } from '../ucp-error.ts';

/**
 * A public signing key as UCP profiles publish it in `signing_keys` (RFC 7517 JWK; signatures.md
 * "Key Format"): `kid`, `kty: "EC"`, `crv`, `x`, `y`, and optionally `use: "sig"` and `alg`.
 */
export interface SigningJwk {
  kid: string;
  kty: string;
  crv?: string | undefined;
  x?: string | undefined;
  y?: string | undefined;
  use?: string | undefined;
  alg?: string | undefined;
}

/** A private signing key: the public members plus the private scalar `d`. Never published. */
export interface PrivateSigningJwk extends SigningJwk {
  d: string;
}

/** The RFC 9421 algorithms UCP signs with; the curve of the key decides which (no `alg` parameter). */
export type SignatureAlgorithm = 'ecdsa-p256-sha256' | 'ecdsa-p384-sha384';

export type SigningCurve = 'P-256' | 'P-384';

interface AlgorithmSpec {
  algorithm: SignatureAlgorithm;
  hash: 'sha256' | 'sha384';
  /** Length of the raw r‖s signature in bytes. */
  signatureLength: number;
  jwsAlg: 'ES256' | 'ES384';
}

const CURVES: Record<SigningCurve, AlgorithmSpec> = {
  'P-256': { algorithm: 'ecdsa-p256-sha256', hash: 'sha256', signatureLength: 64, jwsAlg: 'ES256' },
  'P-384': { algorithm: 'ecdsa-p384-sha384', hash: 'sha384', signatureLength: 96, jwsAlg: 'ES384' },
};

/** The algorithm details of a key, from its `kty` and `crv`; throws `algorithm_unsupported` for others. */
export function algorithmSpecOf(jwk: SigningJwk): AlgorithmSpec {
  const spec = jwk.kty === 'EC' && (jwk.crv === 'P-256' || jwk.crv === 'P-384') ? CURVES[jwk.crv] : undefined;
  if (!spec)
    throw new UcpError(
      'algorithm_unsupported',
      `Key ${jwk.kid} is ${jwk.kty}${jwk.crv ? ` ${jwk.crv}` : ''}; UCP signatures use EC P-256 (ES256) or P-384 (ES384).`,
    );
  if (jwk.alg !== undefined && jwk.alg !== spec.jwsAlg)
    throw new UcpError('algorithm_unsupported', `Key ${jwk.kid} declares alg ${jwk.alg} on curve ${jwk.crv}.`);
  return spec;
}

/**
 * The RFC 9421 algorithm a signing key signs with: `ecdsa-p256-sha256` for P-256, `ecdsa-p384-sha384`
 * for P-384; any other key throws `algorithm_unsupported` (400).
 *
 * @example
 * signatureAlgorithmOf({ kid: 'k1', kty: 'EC', crv: 'P-256', x, y }); // 'ecdsa-p256-sha256'
 */
export function signatureAlgorithmOf(jwk: SigningJwk): SignatureAlgorithm {
  return algorithmSpecOf(jwk).algorithm;
}

/** A profile's public key as a KeyObject; a JWK that is not a valid public point makes the profile malformed. */
export function importPublicKey(jwk: SigningJwk): KeyObject {
  const { kty, crv, x, y } = jwk;
  try {
    return createPublicKey({ key: { kty, crv, x, y } as JsonWebKey, format: 'jwk' });
  } catch (error) {
    throw new UcpError('profile_malformed', `Signing key ${jwk.kid} is not a valid ${crv ?? kty} public key.`, {
      cause: error,
    });
  }
}

/** Our own private key as a KeyObject; a broken one is a configuration error, not the caller's. */
export function importPrivateKey(jwk: PrivateSigningJwk): KeyObject {
  const { kty, crv, x, y, d } = jwk;
  try {
    return createPrivateKey({ key: { kty, crv, x, y, d } as JsonWebKey, format: 'jwk' });
  } catch (error) {
    throw new TypeError(`Signing key ${jwk.kid} is not a valid ${crv ?? kty} private key.`, { cause: error });
  }
}

/**
 * The public half of a private signing key, as the profile publishes it (`use: "sig"`, `alg`).
 *
 * @example
 * profile.signing_keys = keys.map(publicJwkOf);
 */
export function publicJwkOf(jwk: PrivateSigningJwk): SigningJwk {
  const { jwsAlg } = algorithmSpecOf(jwk);
  return { kid: jwk.kid, kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, use: 'sig', alg: jwsAlg };
}

/**
 * A new EC signing key named `kid` (P-256 unless asked otherwise), as a private JWK to store and
 * its public JWK to publish in `signing_keys`.
 *
 * @example
 * const { privateJwk, publicJwk } = generateSigningKey('ptn_1-2026-09');
 */
export function generateSigningKey(
  kid: string,
  curve: SigningCurve = 'P-256',
): { privateJwk: PrivateSigningJwk; publicJwk: SigningJwk } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: curve });
  const { kty, crv, x, y, d } = privateKey.export({ format: 'jwk' });
  if (kty !== 'EC' || !crv || !x || !y || !d) throw new Error('node:crypto exported an incomplete EC key');
  const privateJwk: PrivateSigningJwk = { kid, kty, crv, x, y, d, use: 'sig', alg: CURVES[curve].jwsAlg };
  return { privateJwk, publicJwk: publicJwkOf(privateJwk) };
}
