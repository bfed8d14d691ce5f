import { createHash } from 'node:crypto';
import { parseDictionary, serializeDictionary, type Dictionary } from 'structured-headers';
import { UcpError } from './ucp-error.ts';

/** Digest algorithms of the RFC 9530 registry that are checked when present; UCP requires `sha-256`. */
const HASHES = { 'sha-256': 'sha256', 'sha-512': 'sha512' } as const;

type DigestAlgorithm = keyof typeof HASHES;

function bytesOf(body: Uint8Array | string): Uint8Array {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
}

/**
 * The RFC 9530 `Content-Digest` field value of a body: its raw bytes hashed with SHA-256 (the one
 * algorithm UCP allows), never a re-serialised form. A string body is hashed as its UTF-8 bytes.
 *
 * @example
 * createContentDigest('{"hello": "world"}\n'); // 'sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:'
 */
export function createContentDigest(body: Uint8Array | string): string {
  return serializeDictionary({ 'sha-256': createHash('sha256').update(bytesOf(body)).digest() });
}

function parseDigestField(header: string): Dictionary {
  try {
    return parseDictionary(header);
  } catch (error) {
    throw new UcpError('digest_mismatch', 'Content-Digest is not a structured dictionary (RFC 9530).', {
      cause: error,
    });
  }
}

/**
 * Checks a `Content-Digest` field value against the raw body bytes: it must carry `sha-256`, and
 * every digest it carries of a known algorithm (`sha-256`, `sha-512`) must match; members of unknown
 * algorithms are ignored, as RFC 9530 says. Throws `digest_mismatch` (400) otherwise.
 *
 * @example
 * verifyContentDigest(request.headers['content-digest'], request.body);
 */
export function verifyContentDigest(header: string | undefined, body: Uint8Array | string): void {
  if (header === undefined || header.trim() === '')
    throw new UcpError('digest_mismatch', 'The message has a body but no Content-Digest header.');
  const members = parseDigestField(header);
  if (!members.has('sha-256')) throw new UcpError('digest_mismatch', 'Content-Digest must carry a sha-256 digest.');
  const bytes = bytesOf(body);
  for (const [name, member] of members) {
    if (!(name in HASHES)) continue;
    const value = member[0];
    if (!(value instanceof ArrayBuffer))
      throw new UcpError('digest_mismatch', `Content-Digest ${name} must be a byte sequence (:base64:).`);
    const actual = createHash(HASHES[name as DigestAlgorithm])
      .update(bytes)
      .digest();
    if (!actual.equals(new Uint8Array(value)))
      throw new UcpError('digest_mismatch', `The body does not match its Content-Digest (${name}).`);
  }
}
