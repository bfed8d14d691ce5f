import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';

type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface RepresentationOptions {
  /** Bodies smaller than this are sent uncompressed. */
  compressMinBytes: number;
  /** Bytes of bodies kept by ETag and encoding; 0 keeps none. */
  cacheBytes: number;
}

/**
 * A JSON answer with ETag, conditional 304 and content negotiation. `produce` makes the body
 * only when no cached one fits; `cacheable` says whether a plain body is worth keeping (list
 * pages are assembled by copying, single records are views into the snapshot already).
 */
export type Represent = (
  request: HttpRequest,
  etag: string,
  version: string,
  produce: () => Uint8Array,
  cacheable: boolean,
  extra?: Record<string, string>,
) => Promise<HttpResponse>;

function negotiate(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding([
    'br',
    'gzip',
    'identity',
  ]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

function compress(plain: Uint8Array, encoding: 'br' | 'gzip'): Promise<Uint8Array> {
  return encoding === 'br'
    ? brotli(plain, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: plain.byteLength,
        },
      })
    : gzipAsync(plain, { level: 6 });
}

/** The catalog's JSON answers: each body made, compressed and kept once per ETag and encoding. */
export function createRepresenter(options: RepresentationOptions): Represent {
  const cache =
    options.cacheBytes > 0
      ? new LRUCache<string, { body: Uint8Array; encoding: Encoding }>({
          maxSize: options.cacheBytes,
          sizeCalculation: (entry) => entry.body.byteLength + 64,
        })
      : null;

  return async (request, etag, version, produce, cacheable, extra = {}) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      etag,
      vary: 'Accept-Encoding',
      'cache-control': 'private, no-cache',
      'x-catalog-version': version,
      ...extra,
    };
    if (fresh({ 'if-none-match': request.headers['if-none-match'] }, { etag }))
      return { status: 304, headers, body: null };
    const wanted = negotiate(request.headers['accept-encoding']);
    let entry = cache?.get(`${etag}|${wanted}`);
    if (!entry) {
      const plain = cache?.get(`${etag}|identity`)?.body ?? produce();
      if (wanted === 'identity' || plain.byteLength < options.compressMinBytes) {
        entry = { body: plain, encoding: 'identity' };
        if (cacheable) cache?.set(`${etag}|identity`, entry);
      } else {
        entry = { body: await compress(plain, wanted), encoding: wanted };
      }
      cache?.set(`${etag}|${wanted}`, entry);
    }
    if (entry.encoding !== 'identity') headers['content-encoding'] = entry.encoding;
    headers['content-length'] = String(entry.body.byteLength);
    return { status: 200, headers, body: request.method === 'HEAD' ? null : entry.body };
  };
}
