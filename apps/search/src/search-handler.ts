/**
 * The ranked search service's HTTP surface as a plain function of a request (no node:http here):
 * `GET /v1/search`, `GET /v1/suggest` and `GET /v1/manifest`, each behind `X-Partner-Key`.
 * Contract: openapi/search.yaml. Input is checked strictly (unknown or repeated parameters, limits
 * over the maximum) and refused with 400 and a message naming the field; never clamped.
 */
import type { components } from './generated/search-api.ts';
import { LIMITS, type SearchLang, type SearchMode } from '@grocery/core';
import { errorResponse, jsonResponse, type HttpHandler, type HttpRequest, type HttpResponse } from '@grocery/core/http';
import type { SearchIndex } from '@grocery/search';

/** The index currently served, with where it came from. */
/** The envelopes, typed from openapi/search.yaml (the tests validate real answers against it too). */
type SearchResponse = components['schemas']['SearchResponse'];
type SuggestResponse = components['schemas']['SuggestResponse'];
type SearchManifest = components['schemas']['Manifest'];

export interface LoadedSearchIndex {
  index: SearchIndex;
  /** Version of this index build. */
  version: string;
  /** Version of the catalog snapshot it was built from (the REST manifest's `version`). */
  snapshotVersion: string;
  /** When the index was built (ISO 8601, or a Date). */
  builtAt: string | Date;
}

/** Defaults of the service where the spec leaves them open (documented in openapi/search.yaml). */
export const SEARCH_DEFAULTS = {
  /** `/v1/search` limit: 20, the same as GraphQL `search`. */
  searchLimit: 20,
  /** `/v1/suggest` limit: 10, a typical completion list. */
  suggestLimit: 10,
  lang: 'en' as SearchLang,
  mode: 'SEMANTIC' as SearchMode,
} as const;

/** Options of {@link createSearchHandler}. */
export interface SearchHandlerOptions {
  /** The index to serve, or null while none is loaded (answers 503). Called once per request. */
  getIndex: () => LoadedSearchIndex | null;
  /** Whether a partner key is valid. A throw answers 503, not 401. */
  verifyPartnerKey: (key: string) => Promise<boolean>;
}

const ROUTES = {
  '/v1/search': ['q', 'lang', 'limit', 'mode', 'category', 'active'],
  '/v1/suggest': ['q', 'lang', 'limit'],
  '/v1/manifest': [],
} as const satisfies Record<string, readonly string[]>;
type Route = keyof typeof ROUTES;

/** Longest `category` value accepted. */
const MAX_CATEGORY_LENGTH = 200;
/** Longest partner key looked at; longer headers cannot be keys. */
const MAX_KEY_LENGTH = 256;

const NO_STORE = { 'cache-control': 'no-store' };

/** A refusal of bad input, turned into a 400 at the edge of the handler. */
class InputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/**
 * Creates the handler.
 *
 * @example
 * const handle = createSearchHandler({ getIndex: () => current, verifyPartnerKey: (key) => keys.verify(key) });
 * const response = await handle({ method: 'GET', path: '/v1/search', query: new URLSearchParams('q=milk'), headers: { 'x-partner-key': key }, body: new Uint8Array() });
 */
export function createSearchHandler(options: SearchHandlerOptions): HttpHandler {
  return async (request) => {
    const route = routeOf(request.path);
    if (route === null) return errorResponse(404, 'NOT_FOUND', `No route ${truncate(request.path, 100)}. Routes: ${Object.keys(ROUTES).join(', ')}.`, {}, NO_STORE);
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      return errorResponse(405, 'METHOD_NOT_ALLOWED', `Method ${truncate(request.method, 20)} is not allowed on ${route}; use GET.`, {}, { ...NO_STORE, allow: 'GET, HEAD' });
    }
    const response = await handleRoute(options, route, request);
    return method === 'HEAD' ? { ...response, body: null } : response;
  };
}

async function handleRoute(options: SearchHandlerOptions, route: Route, request: HttpRequest): Promise<HttpResponse> {
  const key = request.headers['x-partner-key'];
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    return errorResponse(401, 'PARTNER_KEY_INVALID', 'Send a valid partner key in the X-Partner-Key header.', {}, NO_STORE);
  }
  let valid: boolean;
  try {
    valid = await options.verifyPartnerKey(key);
  } catch {
    return errorResponse(503, 'SEARCH_UNAVAILABLE', 'The partner key could not be checked right now; retry shortly.', {}, { ...NO_STORE, 'retry-after': '1' });
  }
  if (!valid) return errorResponse(401, 'PARTNER_KEY_INVALID', 'The partner key in X-Partner-Key is not valid.', {}, NO_STORE);

  try {
    // Input is checked before the index is looked at, so a bad request is a 400 even while loading.
    const params = readParams(request.query, ROUTES[route]);
    const search =
      route === '/v1/search'
        ? {
            query: requireQuery(params),
            limit: readLimit(params, LIMITS.maxSearchLimit, SEARCH_DEFAULTS.searchLimit),
            lang: readLang(params),
            mode: readMode(params),
            category: readCategory(params),
            active: readBoolean(params, 'active'),
          }
        : null;
    const suggest =
      route === '/v1/suggest' ? { query: requireQuery(params), limit: readLimit(params, LIMITS.maxSuggestLimit, SEARCH_DEFAULTS.suggestLimit), lang: readLang(params) } : null;
    const loaded = options.getIndex();
    if (loaded === null) return errorResponse(503, 'SEARCH_UNAVAILABLE', 'The search index is being built; retry shortly.', {}, { ...NO_STORE, 'retry-after': '5' });
    const headers = { 'cache-control': 'private, max-age=60', 'x-search-index-version': loaded.version };
    if (search !== null) return jsonResponse(200, { hits: loaded.index.search(search), version: loaded.version } satisfies SearchResponse, headers);
    if (suggest !== null) return jsonResponse(200, { suggestions: loaded.index.suggest(suggest) } satisfies SuggestResponse, headers);
    const builtAt = loaded.builtAt instanceof Date ? loaded.builtAt.toISOString() : loaded.builtAt;
    return jsonResponse(200, { version: loaded.version, snapshotVersion: loaded.snapshotVersion, builtAt, documents: loaded.index.stats().documents } satisfies SearchManifest, {
      'cache-control': 'no-cache',
    });
  } catch (error) {
    if (error instanceof InputError) return errorResponse(400, 'INVALID_INPUT', error.message, { field: error.field }, NO_STORE);
    return errorResponse(500, 'INTERNAL', `Search failed unexpectedly${request.requestId ? ` (request ${request.requestId})` : ''}.`, {}, NO_STORE);
  }
}

function routeOf(path: string): Route | null {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return Object.hasOwn(ROUTES, trimmed) ? (trimmed as Route) : null;
}

/** The route's parameters, refusing unknown and repeated ones. */
function readParams(query: URLSearchParams, allowed: readonly string[]): Map<string, string> {
  const params = new Map<string, string>();
  for (const [name, value] of query) {
    if (!allowed.includes(name)) {
      const list = allowed.length > 0 ? `allowed: ${allowed.join(', ')}` : 'this route takes none';
      throw new InputError(`Unknown parameter '${truncate(name, 40)}'; ${list}.`, truncate(name, 40));
    }
    if (params.has(name)) throw new InputError(`Parameter '${name}' was given more than once.`, name);
    params.set(name, value);
  }
  return params;
}

function requireQuery(params: Map<string, string>): string {
  const q = params.get('q');
  if (q === undefined) throw new InputError("Parameter 'q' is required.", 'q');
  if (q.trim().length === 0) throw new InputError("Parameter 'q' must not be empty or only white space.", 'q');
  const length = [...q].length;
  if (length > LIMITS.maxQueryLength) throw new InputError(`Parameter 'q' is ${length} characters long; at most ${LIMITS.maxQueryLength} are allowed.`, 'q');
  return q;
}

function readLimit(params: Map<string, string>, max: number, fallback: number): number {
  const raw = params.get('limit');
  if (raw === undefined) return fallback;
  if (!/^[0-9]{1,6}$/.test(raw)) throw new InputError(`Parameter 'limit' must be a whole number from 1 to ${max}; got '${truncate(raw, 20)}'.`, 'limit');
  const limit = Number(raw);
  if (limit < 1 || limit > max) throw new InputError(`Parameter 'limit' must be from 1 to ${max}; got ${limit}.`, 'limit');
  return limit;
}

function readLang(params: Map<string, string>): SearchLang {
  const raw = params.get('lang');
  if (raw === undefined) return SEARCH_DEFAULTS.lang;
  const lang = raw.toLowerCase();
  if (lang !== 'en' && lang !== 'th') throw new InputError(`Parameter 'lang' must be 'en' or 'th'; got '${truncate(raw, 20)}'.`, 'lang');
  return lang;
}

function readMode(params: Map<string, string>): SearchMode {
  const raw = params.get('mode');
  if (raw === undefined) return SEARCH_DEFAULTS.mode;
  const mode = raw.toUpperCase();
  if (mode !== 'AUTOCOMPLETE' && mode !== 'SEMANTIC') throw new InputError(`Parameter 'mode' must be 'autocomplete' or 'semantic'; got '${truncate(raw, 20)}'.`, 'mode');
  return mode;
}

function readCategory(params: Map<string, string>): string | undefined {
  const raw = params.get('category');
  if (raw === undefined) return undefined;
  if (raw.trim().length === 0) throw new InputError("Parameter 'category' must not be empty.", 'category');
  if ([...raw].length > MAX_CATEGORY_LENGTH) throw new InputError(`Parameter 'category' is longer than ${MAX_CATEGORY_LENGTH} characters.`, 'category');
  return raw;
}

function readBoolean(params: Map<string, string>, name: string): boolean | undefined {
  const raw = params.get(name);
  if (raw === undefined) return undefined;
  const value = raw.toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new InputError(`Parameter '${name}' must be 'true' or 'false'; got '${truncate(raw, 20)}'.`, name);
}

/** Echoes of caller input in messages are cut short (and never interpreted). */
function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}
