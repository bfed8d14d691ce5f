import { createHash } from 'node:crypto';
import { CommerceError, isCommerceError, isCprcode, type ErrorCode, type PartnerKeyVerifier } from '@grocery/core';
import { systemClock, type Clock } from '@grocery/core/ports';
import { errorResponse, httpStatusOf, type HttpHandler, type HttpRequest, type HttpResponse } from '@grocery/core/http';
import { create as contentDisposition } from 'content-disposition';
import fresh from 'fresh';
import { assertParams, listQueryKey, parseLang, parseListQuery, type ListQuery } from './catalog-query.ts';
import {
  FEATHER_LANGS,
  pickRecordFields,
  trimTrailingSlash,
  type CatalogLang,
  type FeatherLang,
} from './catalog-record.ts';
import type { CatalogSnapshot } from './catalog-snapshot.ts';
import type { CatalogSnapshotSource } from './catalog-snapshots.ts';
import { createDownloadSigner, type DownloadSigner } from './download-signer.ts';
import { FEATHER_FILE_NAME_PATTERN } from './feather-columns.ts';
import { createRepresenter, type Represent } from './json-representation.ts';
import type { CatalogLogger } from './catalog-logger.ts';

/** The catalog's errors use the domain's codes (errors.ts lists the download and availability ones too). */
export type CatalogErrorCode = ErrorCode;

export interface CatalogHandlerOptions {
  snapshots: CatalogSnapshotSource;
  verifyPartnerKey: PartnerKeyVerifier;
  /** Base of the download links handed out (never the request's Host). */
  publicBaseUrl: string;
  /** HMAC key of the download links. */
  downloadSecret: string | Uint8Array;
  clock?: Clock | undefined;
  /** Download link validity in seconds. Default five minutes. */
  downloadTtlSeconds?: number | undefined;
  /** Bodies smaller than this are sent uncompressed. Default 1024 bytes. */
  compressMinBytes?: number | undefined;
  /**
   * Bytes of response bodies (list pages, and compressed answers) kept for repeated requests,
   * keyed by ETag and encoding, so partners walking the same pages share them. Default 64 MiB; 0 turns it off.
   */
  responseCacheBytes?: number | undefined;
  /** Where unexpected failures are reported (they reach the caller only as `INTERNAL`). */
  log?: CatalogLogger | undefined;
}

/** Route prefix of the REST catalog. */
export const CATALOG_PATH = '/v1/products';
const FILES_PATH = `${CATALOG_PATH}/files/`;
const encoder = new TextEncoder();

function problemResponse(
  status: number,
  code: CatalogErrorCode,
  message: string,
  field: string | undefined,
  headers: Record<string, string> = {},
): HttpResponse {
  return errorResponse(status, code, message, field === undefined ? {} : { field }, {
    'cache-control': 'no-store',
    ...headers,
  });
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/**
 * The REST catalog as one transport-neutral handler:
 * `GET /v1/products`, `/v1/products/{cprcode}`, `/v1/products/manifest`, `/v1/products/download`
 * (302 to a signed link) and `/v1/products/files/{name}` (the signed link itself). Every route but
 * the signed file takes `X-Partner-Key`. Answers are served from the current snapshot's record
 * bytes (each serialised once), with ETags and gzip or brotli as the client accepts.
 *
 * @example
 * const handle = createCatalogHandler({ snapshots, verifyPartnerKey, publicBaseUrl, downloadSecret });
 * const response = await handle({ method: 'GET', path: '/v1/products', query: new URLSearchParams('size=200'), headers, body: new Uint8Array() });
 */
export function createCatalogHandler(options: CatalogHandlerOptions): HttpHandler {
  const clock = options.clock ?? systemClock;
  const routes: CatalogRoutes = {
    options,
    clock,
    publicBaseUrl: trimTrailingSlash(options.publicBaseUrl),
    signer: createDownloadSigner({ secret: options.downloadSecret, ttlSeconds: options.downloadTtlSeconds, clock }),
    represent: createRepresenter({
      compressMinBytes: options.compressMinBytes ?? 1024,
      cacheBytes: options.responseCacheBytes ?? 64 * 1024 * 1024,
    }),
    manifests: new WeakMap(),
  };
  return async (request) => {
    try {
      return await route(routes, request);
    } catch (error) {
      return failure(options, request, error);
    }
  };
}

/** What the routes share: the options and the parts made once per handler. */
interface CatalogRoutes {
  options: CatalogHandlerOptions;
  clock: Clock;
  publicBaseUrl: string;
  signer: DownloadSigner;
  represent: Represent;
  /** Each snapshot's manifest, serialised once. */
  manifests: WeakMap<CatalogSnapshot, { body: Uint8Array; etag: string }>;
}

async function route(routes: CatalogRoutes, request: HttpRequest): Promise<HttpResponse> {
  const path = request.path;
  if (path !== CATALOG_PATH && !path.startsWith(`${CATALOG_PATH}/`))
    throw new CommerceError('NOT_FOUND', `No catalog route at ${path.slice(0, 100)}.`);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return problemResponse(
      405,
      'METHOD_NOT_ALLOWED',
      `The catalog is read-only; ${request.method} is not allowed here.`,
      undefined,
      { allow: 'GET, HEAD' },
    );
  }
  if (path.startsWith(FILES_PATH)) return signedFile(routes, request, path.slice(FILES_PATH.length));
  await authenticate(routes.options, request);
  if (path === CATALOG_PATH) return list(routes, request);
  const rest = path.slice(CATALOG_PATH.length + 1);
  if (rest === 'manifest') return manifest(routes, request);
  if (rest === 'download') return download(routes, request);
  if (rest !== '' && !rest.includes('/')) return product(routes, request, decodeSegment(rest));
  throw new CommerceError('NOT_FOUND', `No catalog route at ${path.slice(0, 100)}.`);
}

/** A refusal in the catalog's error shape; an unexpected failure is logged and never described to the caller. */
function failure(options: CatalogHandlerOptions, request: HttpRequest, error: unknown): HttpResponse {
  // A snapshot being built is a short wait: the client is told when to come back.
  if (isCommerceError(error))
    return problemResponse(
      httpStatusOf(error.code),
      error.code,
      error.message,
      error.field,
      error.code === 'CATALOG_UNAVAILABLE' ? { 'retry-after': '5' } : {},
    );
  // The request id ties the answer to the logs.
  options.log?.(
    `catalog: ${request.method} ${request.path} failed${request.requestId ? ` (request ${request.requestId})` : ''}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return problemResponse(
    500,
    'INTERNAL',
    `Unexpected error${request.requestId ? ` (request ${request.requestId})` : ''}.`,
    undefined,
  );
}

function snapshotOrFail(options: CatalogHandlerOptions): CatalogSnapshot {
  const snapshot = options.snapshots.current();
  if (!snapshot)
    throw new CommerceError('CATALOG_UNAVAILABLE', 'The catalog snapshot is being built; try again in a few seconds.');
  return snapshot;
}

async function authenticate(options: CatalogHandlerOptions, request: HttpRequest): Promise<void> {
  const partner = await options.verifyPartnerKey(request.headers['x-partner-key']);
  if (!partner)
    throw new CommerceError(
      'PARTNER_KEY_INVALID',
      'Missing or unknown partner key; send it in the X-Partner-Key header.',
    );
}

async function list(routes: CatalogRoutes, request: HttpRequest): Promise<HttpResponse> {
  const query = parseListQuery(request.query);
  const snapshot = snapshotOrFail(routes.options);
  const selection = snapshot.select({ words: query.words, category: query.category, active: query.active });
  const total = selection ? selection.length : snapshot.size;
  const start = Math.min(total, (query.page - 1) * query.size);
  const end = Math.min(total, start + query.size);
  const etag = `W/"${snapshot.version}-${shortHash(listQueryKey(query))}"`;
  const produce = () => {
    const head = encoder.encode('{"items":[');
    const tail = encoder.encode(
      `],"page":${query.page},"size":${query.size},"total":${total},"version":${JSON.stringify(snapshot.version)}}`,
    );
    let items: Uint8Array[];
    if (query.fields) {
      const fields = query.fields;
      const parts: string[] = [];
      for (let k = start; k < end; k++)
        parts.push(
          JSON.stringify(pickRecordFields(snapshot.record(query.lang, selection ? selection[k]! : k), fields)),
        );
      items = [encoder.encode(parts.join(','))];
    } else {
      items = snapshot.recordJsonPieces(query.lang, selection, start, end);
    }
    return Buffer.concat([head, ...items, tail]);
  };
  return routes.represent(
    request,
    etag,
    snapshot.version,
    produce,
    true,
    pageLinks(routes.publicBaseUrl, request, query, total),
  );
}

/** RFC 8288 `Link` header with `prev` and `next` pages, built on the public base URL. */
function pageLinks(
  publicBaseUrl: string,
  request: HttpRequest,
  query: ListQuery,
  total: number,
): Record<string, string> {
  const links: string[] = [];
  const at = (page: number) => {
    const params = new URLSearchParams(request.query);
    params.set('page', String(page));
    return `<${publicBaseUrl}${CATALOG_PATH}?${params.toString()}>`;
  };
  if (query.page > 1) links.push(`${at(query.page - 1)}; rel="prev"`);
  if (query.page * query.size < total) links.push(`${at(query.page + 1)}; rel="next"`);
  return links.length > 0 ? { link: links.join(', ') } : {};
}

async function product(routes: CatalogRoutes, request: HttpRequest, cprcode: string): Promise<HttpResponse> {
  assertParams(request.query, ['lang']);
  const lang = parseLang<CatalogLang>(request.query, ['en', 'th']);
  const shown = cprcode.slice(0, 40);
  if (!isCprcode(cprcode))
    throw new CommerceError('INVALID_CPRCODE', `"${shown}" is not a cprcode: a cprcode is 1 to 12 digits.`, {
      field: 'cprcode',
    });
  const snapshot = snapshotOrFail(routes.options);
  const index = snapshot.indexOf(cprcode);
  if (index < 0)
    throw new CommerceError('NOT_FOUND', `No product with cprcode ${cprcode} in catalog version ${snapshot.version}.`, {
      field: 'cprcode',
    });
  return routes.represent(
    request,
    `W/"${snapshot.version}-${cprcode}-${lang}"`,
    snapshot.version,
    () => snapshot.recordJson(lang, index),
    false,
  );
}

async function manifest(routes: CatalogRoutes, request: HttpRequest): Promise<HttpResponse> {
  assertParams(request.query, []);
  const snapshot = snapshotOrFail(routes.options);
  let cached = routes.manifests.get(snapshot);
  if (!cached) {
    const text = JSON.stringify(snapshot.manifest);
    cached = { body: encoder.encode(text), etag: `W/"${snapshot.version}-${shortHash(text)}"` };
    routes.manifests.set(snapshot, cached);
  }
  const body = cached.body;
  return routes.represent(request, cached.etag, snapshot.version, () => body, false);
}

async function download(routes: CatalogRoutes, request: HttpRequest): Promise<HttpResponse> {
  assertParams(request.query, ['lang']);
  const lang = parseLang<FeatherLang>(request.query, FEATHER_LANGS);
  const file = snapshotOrFail(routes.options).fileInfo(lang);
  const link = routes.signer.sign(`${FILES_PATH}${file.name}`);
  const url = `${routes.publicBaseUrl}${link.pathWithQuery}`;
  const body = JSON.stringify({
    url,
    expiresAt: link.expires,
    file: { name: file.name, lang: file.lang, bytes: file.bytes, sha256: file.sha256 },
  });
  return {
    status: 302,
    headers: {
      location: url,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
    body: request.method === 'HEAD' ? null : body,
  };
}

async function signedFile(routes: CatalogRoutes, request: HttpRequest, name: string): Promise<HttpResponse> {
  const verdict = routes.signer.verify(request.path, request.query.get('expires'), request.query.get('signature'));
  if (verdict === 'invalid')
    throw new CommerceError(
      'DOWNLOAD_LINK_INVALID',
      'This download link is not valid (its signature does not match). Ask GET /v1/products/download for a fresh link.',
    );
  if (verdict === 'expired')
    throw new CommerceError(
      'DOWNLOAD_LINK_EXPIRED',
      'This download link has expired (links last five minutes). Ask GET /v1/products/download for a fresh link.',
    );
  const file = FEATHER_FILE_NAME_PATTERN.test(name) ? await routes.options.snapshots.findFile(name) : null;
  if (!file)
    throw new CommerceError(
      'NOT_FOUND',
      'This catalog file is no longer kept; ask GET /v1/products/download for a fresh link.',
    );
  const expires = Number(request.query.get('expires'));
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'content-length': String(file.body.byteLength),
    'content-disposition': contentDisposition(file.name),
    etag: `"${file.sha256}"`,
    'x-content-sha256': file.sha256,
    'repr-digest': `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`,
    'x-catalog-version': file.version,
    'cache-control': `private, max-age=${Math.max(0, expires - Math.floor(routes.clock.now() / 1000))}`,
  };
  if (fresh({ 'if-none-match': request.headers['if-none-match'] }, { etag: headers.etag }))
    return { status: 304, headers, body: null };
  return { status: 200, headers, body: request.method === 'HEAD' ? null : file.body };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
