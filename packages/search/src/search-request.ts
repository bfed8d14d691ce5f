/**
 * The search service's request rules: which query parameters each route takes, their defaults and
 * limits. Input is checked strictly (unknown or repeated parameters, values over the maximum) and
 * refused with a `CommerceError` INVALID_INPUT naming the field; never clamped.
 */
import { CommerceError, LIMITS } from '@grocery/core';
import type { SearchLang, SearchMode } from '@grocery/core/ports';
import type { SearchQuery, SuggestQuery } from './search-query.ts';

/** Defaults of the service where the spec leaves them open (documented in openapi/search.yaml). */
export const SEARCH_DEFAULTS = {
  /** `/v1/search` limit: 20, the same as GraphQL `search`. */
  searchLimit: 20,
  /** `/v1/suggest` limit: 10, a typical completion list. */
  suggestLimit: 10,
  lang: 'en' as SearchLang,
  mode: 'SEMANTIC' as SearchMode,
} as const;

/** The parameters each route of the search service takes. */
export const SEARCH_ROUTES = {
  '/v1/search': ['q', 'lang', 'limit', 'mode', 'category', 'active'],
  '/v1/suggest': ['q', 'lang', 'limit'],
  '/v1/manifest': [],
} as const satisfies Record<string, readonly string[]>;

export type SearchRoute = keyof typeof SEARCH_ROUTES;

/** Longest `category` value accepted. */
const MAX_CATEGORY_LENGTH = 200;

/**
 * The `/v1/search` query string as a {@link SearchQuery}.
 *
 * @example
 * parseSearchRequest(new URLSearchParams('q=milk&limit=5')); // { query: 'milk', limit: 5, lang: 'en', mode: 'SEMANTIC', ... }
 */
export function parseSearchRequest(query: URLSearchParams): SearchQuery {
  const params = readParams(query, SEARCH_ROUTES['/v1/search']);
  return {
    query: requireQuery(params),
    limit: readLimit(params, LIMITS.maxSearchLimit, SEARCH_DEFAULTS.searchLimit),
    lang: readLang(params),
    mode: readMode(params),
    category: readCategory(params),
    active: readBoolean(params, 'active'),
  };
}

/**
 * The `/v1/suggest` query string as a {@link SuggestQuery}.
 *
 * @example
 * parseSuggestRequest(new URLSearchParams('q=dut&lang=en')); // { query: 'dut', limit: 10, lang: 'en' }
 */
export function parseSuggestRequest(query: URLSearchParams): SuggestQuery {
  const params = readParams(query, SEARCH_ROUTES['/v1/suggest']);
  return {
    query: requireQuery(params),
    limit: readLimit(params, LIMITS.maxSuggestLimit, SEARCH_DEFAULTS.suggestLimit),
    lang: readLang(params),
  };
}

/**
 * Checks that the `/v1/manifest` query string is empty: the route takes no parameters.
 *
 * @example
 * parseManifestRequest(new URLSearchParams()); // passes; '?x=1' throws INVALID_INPUT
 */
export function parseManifestRequest(query: URLSearchParams): void {
  readParams(query, SEARCH_ROUTES['/v1/manifest']);
}

function invalid(message: string, field: string): CommerceError {
  return new CommerceError('INVALID_INPUT', message, { field });
}

/** The route's parameters, refusing unknown and repeated ones. */
function readParams(query: URLSearchParams, allowed: readonly string[]): Map<string, string> {
  const params = new Map<string, string>();
  for (const [name, value] of query) {
    if (!allowed.includes(name)) {
      const list = allowed.length > 0 ? `allowed: ${allowed.join(', ')}` : 'this route takes none';
      throw invalid(`Unknown parameter '${truncate(name, 40)}'; ${list}.`, truncate(name, 40));
    }
    if (params.has(name)) throw invalid(`Parameter '${name}' was given more than once.`, name);
    params.set(name, value);
  }
  return params;
}

function requireQuery(params: Map<string, string>): string {
  const q = params.get('q');
  if (q === undefined) throw invalid("Parameter 'q' is required.", 'q');
  if (q.trim().length === 0) throw invalid("Parameter 'q' must not be empty or only white space.", 'q');
  const length = [...q].length;
  if (length > LIMITS.maxQueryLength)
    throw invalid(`Parameter 'q' is ${length} characters long; at most ${LIMITS.maxQueryLength} are allowed.`, 'q');
  return q;
}

function readLimit(params: Map<string, string>, max: number, fallback: number): number {
  const raw = params.get('limit');
  if (raw === undefined) return fallback;
  if (!/^[0-9]{1,6}$/.test(raw))
    throw invalid(`Parameter 'limit' must be a whole number from 1 to ${max}; got '${truncate(raw, 20)}'.`, 'limit');
  const limit = Number(raw);
  if (limit < 1 || limit > max) throw invalid(`Parameter 'limit' must be from 1 to ${max}; got ${limit}.`, 'limit');
  return limit;
}

function readLang(params: Map<string, string>): SearchLang {
  const raw = params.get('lang');
  if (raw === undefined) return SEARCH_DEFAULTS.lang;
  const lang = raw.toLowerCase();
  if (lang !== 'en' && lang !== 'th')
    throw invalid(`Parameter 'lang' must be 'en' or 'th'; got '${truncate(raw, 20)}'.`, 'lang');
  return lang;
}

function readMode(params: Map<string, string>): SearchMode {
  const raw = params.get('mode');
  if (raw === undefined) return SEARCH_DEFAULTS.mode;
  const mode = raw.toUpperCase();
  if (mode !== 'AUTOCOMPLETE' && mode !== 'SEMANTIC')
    throw invalid(`Parameter 'mode' must be 'autocomplete' or 'semantic'; got '${truncate(raw, 20)}'.`, 'mode');
  return mode;
}

function readCategory(params: Map<string, string>): string | undefined {
  const raw = params.get('category');
  if (raw === undefined) return undefined;
  if (raw.trim().length === 0) throw invalid("Parameter 'category' must not be empty.", 'category');
  if ([...raw].length > MAX_CATEGORY_LENGTH)
    throw invalid(`Parameter 'category' is longer than ${MAX_CATEGORY_LENGTH} characters.`, 'category');
  return raw;
}

function readBoolean(params: Map<string, string>, name: string): boolean | undefined {
  const raw = params.get(name);
  if (raw === undefined) return undefined;
  const value = raw.toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalid(`Parameter '${name}' must be 'true' or 'false'; got '${truncate(raw, 20)}'.`, name);
}

/** Echoes of caller input in messages are cut short (and never interpreted). */
function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}
