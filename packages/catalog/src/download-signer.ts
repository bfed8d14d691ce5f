import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@grocery/core';
import { systemClock, type Clock } from '@grocery/core/ports';

export interface DownloadSignerOptions {
  /** HMAC key; at least 32 bytes of randomness in production. */
  secret: string | Uint8Array;
  /** Link validity in seconds. Default five minutes (spec "Limits"). */
  ttlSeconds?: number | undefined;
  clock?: Clock | undefined;
}

/** A signed link: the path with its query, and when it stops working (Unix seconds). */
export interface SignedLink {
  pathWithQuery: string;
  expires: number;
}

/** Why a link is refused, or `valid`. */
export type LinkVerdict = 'valid' | 'invalid' | 'expired';

export interface DownloadSigner {
  /** Signs `path` (e.g. `/v1/products/files/catalog-…-en.feather`) for `ttlSeconds` from now. */
  sign(path: string): SignedLink;
  /**
   * Checks a link's `expires` and `signature` query values for `path`. The signature is checked
   * first and in constant time, so a tampered link never learns whether it had expired.
   */
  verify(path: string, expires: string | null, signature: string | null): LinkVerdict;
}

const EXPIRES = /^[0-9]{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * HMAC-SHA256 signed download links: `<path>?expires=<unix seconds>&signature=<hex>`, the MAC
 * taken over the path and the expiry.
 *
 * @example
 * const signer = createDownloadSigner({ secret: process.env.DOWNLOAD_SECRET! });
 * const link = signer.sign('/v1/products/files/catalog-0123abcd-en.feather');
 * signer.verify('/v1/products/files/catalog-0123abcd-en.feather', '1764000000', 'ab…'); // 'valid' | 'invalid' | 'expired'
 */
export function createDownloadSigner(options: DownloadSignerOptions): DownloadSigner {
  const secret = typeof options.secret === 'string' ? Buffer.from(options.secret, 'utf8') : Buffer.from(options.secret);
  if (secret.length === 0) throw new Error('download secret must not be empty');
  const ttlSeconds = options.ttlSeconds ?? LIMITS.downloadLinkTtlSeconds;
  const clock = options.clock ?? systemClock;
  const mac = (path: string, expires: string) =>
    createHmac('sha256', secret).update(`GET\n${path}\n${expires}`).digest();

  return {
    sign(path) {
      const expires = Math.floor(clock.now() / 1000) + ttlSeconds;
      const signature = mac(path, String(expires)).toString('hex');
      return { pathWithQuery: `${path}?expires=${expires}&signature=${signature}`, expires };
    },
    verify(path, expires, signature) {
      if (expires === null || signature === null || !EXPIRES.test(expires) || !SIGNATURE.test(signature))
        return 'invalid';
      if (!timingSafeEqual(mac(path, expires), Buffer.from(signature, 'hex'))) return 'invalid';
      return Number(expires) * 1000 <= clock.now() ? 'expired' : 'valid';
    },
  };
}
