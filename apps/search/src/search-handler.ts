/**
 * The ranked search service's HTTP surface as a plain function of a request (no node:http here):
 * `GET /v1/search`, `GET /v1/suggest` and `GET /v1/manifest`, each behind `X-Partner-Key`.
 * Contract: openapi/search.yaml. The request rules live in @grocery/search (search-request.ts);
 * this edge checks the key, asks the index and turns `CommerceError`s into HTTP problems.
 */
import type { components } from './generated/search-api.ts';
import { isCommerceError, type CommerceError } from '@grocery/core';
import {
  errorResponse,
  httpStatusOf,
  jsonResponse,
  type HttpHandler,
  type HttpRequest,
  type HttpResponse,
} from '@grocery/core/http';
import {
  parseManifestRequest,
  parseSearchRequest,
  parseSuggestRequest,
  type SearchIndex,
  type SearchRoute,
} from '@grocery/search';
import { searchRouteOf } from './search-routes.ts';

/** The envelopes, typed from openapi/search.yaml (the tests validate real answers against it too). */
type SearchResponse = components['schemas']['SearchResponse'];
type SuggestResponse = components['schemas']['SuggestResponse'];
type SearchManifest = components['schemas']['Manifest'];

/** The index currently served, with where it came from. */
export interface LoadedSearchIndex {
  index: SearchIndex;
  /** Version of this index build. */
  version: string;
  /** Version of the catalog snapshot it was built from (the REST manifest's `version`). */
  snapshotVersion: string;
  /** When the index was built (ISO 8601, or a Date). */
  builtAt: string | Date;
}

/** Options of {@link createSearchHandler}. */
export interface SearchHandlerOptions {
  /** The index to serve, or null while none is loaded (answers 503). Called once per request. */
  getIndex: () => LoadedSearchIndex | null;
  /** Whether a partner key is valid. A throw answers 503, not 401. */
  verifyPartnerKey: (key: string) => Promise<boolean>;
}

/** Longest partner key looked at; longer headers cannot be keys. */
const MAX_KEY_LENGTH = 256;

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Creates the handler.
 *
 * @example
 * const handle = createSearchHandler({ getIndex: () => current, verifyPartnerKey: (key) => keys.verify(key) });
 * const response = await handle({ method: 'GET', path: '/v1/search', query: new URLSearchParams('q=milk'), headers: { 'x-partner-key': key }, body: new Uint8Array() });
 */
export function createSearchHandler(options: SearchHandlerOptions): HttpHandler {
  return async (request) => {
    let route: SearchRoute;
    try {
      route = searchRouteOf(request.method, request.path);
    } catch (error) {
      return problemOf(error, request);
    }
    const response = await handleRoute(options, route, request);
    return request.method.toUpperCase() === 'HEAD' ? { ...response, body: null } : response;
  };
}

async function handleRoute(
  options: SearchHandlerOptions,
  route: SearchRoute,
  request: HttpRequest,
): Promise<HttpResponse> {
  const refusal = await checkPartnerKey(options, request);
  if (refusal) return refusal;
  try {
    // Input is checked before the index is looked at, so a bad request is a 400 even while loading.
    const search = route === '/v1/search' ? parseSearchRequest(request.query) : null;
    const suggest = route === '/v1/suggest' ? parseSuggestRequest(request.query) : null;
    if (route === '/v1/manifest') parseManifestRequest(request.query);
    const loaded = options.getIndex();
    if (loaded === null)
      return errorResponse(
        503,
        'SEARCH_UNAVAILABLE',
        'The search index is being built; retry shortly.',
        {},
        { ...NO_STORE, 'retry-after': '5' },
      );
    const headers = { 'cache-control': 'private, max-age=60', 'x-search-index-version': loaded.version };
    if (search !== null) {
      const suggestion = loaded.index.correct(search);
      const body: SearchResponse = {
        hits: loaded.index.search(search),
        version: loaded.version,
        ...(suggestion ? { suggestion } : {}),
      };
      return jsonResponse(200, body, headers);
    }
    if (suggest !== null)
      return jsonResponse(200, { suggestions: loaded.index.suggest(suggest) } satisfies SuggestResponse, headers);
    const builtAt = loaded.builtAt instanceof Date ? loaded.builtAt.toISOString() : loaded.builtAt;
    return jsonResponse(
      200,
      {
        version: loaded.version,
        snapshotVersion: loaded.snapshotVersion,
        builtAt,
        documents: loaded.index.stats().documents,
      } satisfies SearchManifest,
      {
        'cache-control': 'no-cache',
      },
    );
  } catch (error) {
    return problemOf(error, request);
  }
}

/** A 401 or 503 answer when the request's partner key is missing, unknown or cannot be checked. */
async function checkPartnerKey(options: SearchHandlerOptions, request: HttpRequest): Promise<HttpResponse | null> {
  const key = request.headers['x-partner-key'];
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    return errorResponse(
      401,
      'PARTNER_KEY_INVALID',
      'Send a valid partner key in the X-Partner-Key header.',
      {},
      NO_STORE,
    );
  }
  let valid: boolean;
  try {
    valid = await options.verifyPartnerKey(key);
  } catch {
    return errorResponse(
      503,
      'SEARCH_UNAVAILABLE',
      'The partner key could not be checked right now; retry shortly.',
      {},
      { ...NO_STORE, 'retry-after': '1' },
    );
  }
  return valid
    ? null
    : errorResponse(401, 'PARTNER_KEY_INVALID', 'The partner key in X-Partner-Key is not valid.', {}, NO_STORE);
}

/** The HTTP problem of a refusal; anything that is not a `CommerceError` is a 500 that names no internals. */
function problemOf(error: unknown, request: HttpRequest): HttpResponse {
  if (!isCommerceError(error)) {
    return errorResponse(
      500,
      'INTERNAL',
      `Search failed unexpectedly${request.requestId ? ` (request ${request.requestId})` : ''}.`,
      {},
      NO_STORE,
    );
  }
  return errorResponse(
    httpStatusOf(error.code),
    error.code,
    error.message,
    fieldOf(error),
    error.code === 'METHOD_NOT_ALLOWED' ? { ...NO_STORE, allow: 'GET, HEAD' } : NO_STORE,
  );
}

function fieldOf(error: CommerceError): Record<string, string> {
  return error.field === undefined ? {} : { field: error.field };
}
