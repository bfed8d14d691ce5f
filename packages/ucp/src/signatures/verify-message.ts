import { verify } from 'node:crypto';
import { verifyContentDigest } from '../content-digest.ts';
import { UcpError } from '../ucp-error.ts';
import { requiredRequestComponents, requiredResponseComponents } from './sign-message.ts';
import {
  headerRecord,
  headerValue,
  signatureBase,
  type BaseMessage,
  type SignableRequest,
  type SignableResponse,
} from './signature-base.ts';
import { parseSignatureFields, type ParsedSignature } from './signature-fields.ts';
import { algorithmSpecOf, importPublicKey, type SignatureAlgorithm, type SigningJwk } from './signing-keys.ts';

export interface VerifyMessageOptions {
  /** The signer's public keys (its profile's `signing_keys`); the signature's `keyid` picks one by `kid`. */
  keys: readonly SigningJwk[];
  /** The time to judge `created` and `expires` by (default now). */
  now?: Date;
  /** Oldest `created` accepted, in seconds (default 300); replays beyond it are refused. */
  maxAgeSeconds?: number;
  /** Clock difference tolerated between signer and verifier, in seconds (default 60). */
  clockSkewSeconds?: number;
  /** Refuse signatures without `created` (UCP makes it optional; default false). */
  requireCreated?: boolean;
  /** The label to verify (default `sig1`, else the first signature of the message). */
  label?: string;
}

/** What a verified signature established. */
export interface VerifiedSignature {
  label: string;
  keyid: string;
  algorithm: SignatureAlgorithm;
  components: string[];
  created: number | undefined;
  expires: number | undefined;
}

function checkTimes(parsed: ParsedSignature, options: VerifyMessageOptions): void {
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const skew = options.clockSkewSeconds ?? 60;
  const maxAge = options.maxAgeSeconds ?? 300;
  const { created, expires } = parsed;
  if (created === undefined) {
    if (options.requireCreated) throw new UcpError('signature_invalid', 'The signature has no created parameter.');
  } else {
    if (created > now + skew) throw new UcpError('signature_invalid', 'The signature was created in the future.');
    if (now - created > maxAge + skew)
      throw new UcpError('signature_invalid', `The signature is older than ${maxAge} seconds.`);
  }
  if (expires !== undefined && expires < now - skew)
    throw new UcpError('signature_invalid', 'The signature has expired.');
}

function checkCoverage(parsed: ParsedSignature, required: readonly string[]): void {
  const missing = required.filter((component) => !parsed.components.includes(component));
  if (missing.length > 0)
    throw new UcpError('signature_invalid', `The signature must cover ${missing.map((c) => `"${c}"`).join(', ')}.`);
}

function keyFor(parsed: ParsedSignature, keys: readonly SigningJwk[]): SigningJwk {
  const key = keys.find((candidate) => candidate.kid === parsed.keyid);
  if (!key) throw new UcpError('key_not_found', `No signing key with kid=${parsed.keyid} in the signer's profile.`);
  return key;
}

/**
 * RFC 9421 verification alone (§3.2), without UCP's policy: the key's algorithm, the signature base
 * and the ECDSA check. Internal; the RFC's own vectors are tested through it.
 */
export function verifyWithKey(parsed: ParsedSignature, message: BaseMessage, key: SigningJwk): SignatureAlgorithm {
  const spec = algorithmSpecOf(key);
  if (parsed.alg !== undefined && parsed.alg !== spec.algorithm)
    throw new UcpError(
      'algorithm_unsupported',
      `Signature alg ${parsed.alg} does not match key ${key.kid} (${spec.algorithm}).`,
    );
  let base: string;
  try {
    base = signatureBase(parsed.components, parsed.signatureParams, message);
  } catch (error) {
    throw new UcpError(
      'signature_invalid',
      `The signature covers what the message lacks: ${(error as Error).message}.`,
      {
        cause: error,
      },
    );
  }
  const publicKey = importPublicKey(key);
  const valid =
    parsed.signature.length === spec.signatureLength &&
    verify(spec.hash, Buffer.from(base), { key: publicKey, dsaEncoding: 'ieee-p1363' }, parsed.signature);
  if (!valid) throw new UcpError('signature_invalid', `Signature verification failed for key kid=${key.kid}.`);
  return spec.algorithm;
}

function verifyParsed(
  parsed: ParsedSignature,
  message: BaseMessage,
  body: Uint8Array | string | undefined,
  options: VerifyMessageOptions,
): VerifiedSignature {
  checkTimes(parsed, options);
  const key = keyFor(parsed, options.keys);
  algorithmSpecOf(key);
  if (parsed.components.includes('content-digest'))
    verifyContentDigest(headerValue(message.headers, 'content-digest'), body ?? '');
  const algorithm = verifyWithKey(parsed, message, key);
  const { label, components, created, expires } = parsed;
  return { label, keyid: key.kid, algorithm, components, created, expires };
}

/**
 * Verifies a request's RFC 9421 signature against the signer's keys, as UCP requires
 * (signatures.md "REST Request Verification"): the covered components must include those UCP
 * requires for this request, `Content-Digest` must match the raw body, `created`/`expires` must be
 * within `maxAgeSeconds` and `clockSkewSeconds`, and the ES256 (or ES384) signature must verify.
 * Throws a UcpError: `signature_missing`, `signature_invalid`, `key_not_found` (401),
 * `digest_mismatch`, `algorithm_unsupported` (400), or `profile_malformed` (422) for a broken key.
 *
 * @example
 * const { keyid } = verifyRequestSignature({ method, url, headers, body }, { keys: profile.signing_keys ?? [] });
 */
export function verifyRequestSignature(request: SignableRequest, options: VerifyMessageOptions): VerifiedSignature {
  const headers = headerRecord(request.headers);
  const parsed = parseSignatureFields(headers, options.label);
  checkCoverage(parsed, requiredRequestComponents(request, headers));
  const message: BaseMessage = { kind: 'request', method: request.method, url: request.url, headers };
  return verifyParsed(parsed, message, request.body, options);
}

/**
 * Verifies a response's RFC 9421 signature (`@status`, and `content-digest content-type` with a
 * body) against the signer's keys; the same checks and errors as `verifyRequestSignature`.
 *
 * @example
 * verifyResponseSignature({ status: res.status, headers: res.headers, body }, { keys: business.signing_keys });
 */
export function verifyResponseSignature(response: SignableResponse, options: VerifyMessageOptions): VerifiedSignature {
  const headers = headerRecord(response.headers);
  const parsed = parseSignatureFields(headers, options.label);
  checkCoverage(parsed, requiredResponseComponents(response));
  return verifyParsed(parsed, { kind: 'response', status: response.status, headers }, response.body, options);
}
