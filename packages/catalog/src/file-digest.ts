import { createHash } from 'node:crypto';
import { setImmediate as nextMacrotask } from 'node:timers/promises';

/** The snapshot version of the snapshot whose `all` file has this SHA-256. */
export function snapshotVersionOf(allFileSha256: string): string {
  return allFileSha256.slice(0, 16);
}

const HASH_SLICE = 4 * 1024 * 1024;

/**
 * Lowercase hex SHA-256 of a download file, hashed 4 MB at a time with the event loop getting a
 * turn between slices, so checking a 45 MB file never holds up requests (WebCrypto's digest
 * copies its input first: ten times slower). For short inputs core's `sha256Hex` does at once.
 */
export async function sha256HexInSlices(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < bytes.byteLength; at += HASH_SLICE) {
    if (at > 0) await nextMacrotask();
    hash.update(bytes.subarray(at, at + HASH_SLICE));
  }
  return hash.digest('hex');
}
