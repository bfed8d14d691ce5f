/**
 * core's `SearchClient` over the ranked search service's HTTP API, for the API's GraphQL `search`
 * and `searchSuggest`. Failures become `CommerceError`s: 400 → INVALID_INPUT (with the field),
 * 401/403 → PARTNER_KEY_INVALID, 429 → RATE_LIMITED, other 4xx → INVALID_INPUT, and 5xx, network
 * errors, timeouts and malformed answers → SEARCH_UNAVAILABLE.
 */
import { CommerceError, type ErrorCode } from '@grocery/core';
import type { SearchClient, SearchHitRecord, Suggestion } from '@grocery/core/ports';

/** Options of {@link createHttpSearchClient}. */
export interface HttpSearchClientOptions {
  /** The service's base URL, e.g. `http://127.0.0.1:4001` (a path prefix is kept). */
  baseUrl: string;
  /**
   * Key sent when a call carries none (calls normally carry the calling partner's key): a string,
   * or a function read on each call.
   */
  partnerKey?: string | (() => string);
  /** Per-request timeout; default 2,000 ms. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Creates the client.
 *
 * @example
 * const search = createHttpSearchClient({ baseUrl: config.searchUrl });
 * const hits = await search.search({ query: 'milk', lang: 'en', limit: 20, mode: 'SEMANTIC', partnerKey });
 */
export function createHttpSearchClient(options: HttpSearchClientOptions): SearchClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 2000;
  const fetchImpl = options.fetch ?? globalThis.fetch;

  const get = async (path: string, params: URLSearchParams, callKey: string | undefined): Promise<unknown> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const key = callKey || (typeof options.partnerKey === 'function' ? options.partnerKey() : options.partnerKey);
    if (key) headers['x-partner-key'] = key;
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}?${params.toString()}`, {
        method: 'GET',
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new CommerceError(
        'SEARCH_UNAVAILABLE',
        timedOut
          ? `The search service did not answer within ${timeoutMs} ms.`
          : 'The search service could not be reached.',
        {
          cause: error,
        },
      );
    }
    let body: unknown = null;
    try {
      const text = await response.text();
      body = text.length > 0 ? (JSON.parse(text) as unknown) : null;
    } catch (error) {
      if (response.ok)
        throw new CommerceError('SEARCH_UNAVAILABLE', 'The search service answered with malformed JSON.', {
          cause: error,
        });
    }
    if (response.ok) return body;
    const problem = readProblem(body);
    const code = codeForStatus(response.status);
    const message = problem?.message ?? `The search service answered HTTP ${response.status}.`;
    throw new CommerceError(code, message, {
      field: problem?.field,
      details: { status: response.status, ...(problem?.code ? { serviceCode: problem.code } : {}) },
    });
  };

  return {
    async search(input) {
      const params = new URLSearchParams({
        q: input.query,
        lang: input.lang,
        limit: String(input.limit),
        mode: input.mode.toLowerCase(),
      });
      if (input.category !== undefined) params.set('category', input.category);
      if (input.active !== undefined) params.set('active', String(input.active));
      const body = await get('/v1/search', params, input.partnerKey);
      if (!isRecord(body) || !Array.isArray(body.hits)) throw malformed();
      return body.hits.map(toHit);
    },
    async suggest(input) {
      const params = new URLSearchParams({ q: input.query, lang: input.lang, limit: String(input.limit) });
      const body = await get('/v1/suggest', params, input.partnerKey);
      if (!isRecord(body) || !Array.isArray(body.suggestions)) throw malformed();
      return body.suggestions.map(toSuggestion);
    },
  };
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401 || status === 403) return 'PARTNER_KEY_INVALID';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 400 && status < 500) return 'INVALID_INPUT';
  return 'SEARCH_UNAVAILABLE';
}

function readProblem(body: unknown): { code?: string; message?: string; field?: string } | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, field } = body.error;
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof field === 'string' ? { field } : {}),
  };
}

function toHit(value: unknown): SearchHitRecord {
  if (
    !isRecord(value) ||
    typeof value.cprcode !== 'string' ||
    typeof value.name !== 'string' ||
    typeof value.score !== 'number'
  )
    throw malformed();
  return {
    cprcode: value.cprcode,
    name: value.name,
    barcode: typeof value.barcode === 'string' ? value.barcode : null,
    category: typeof value.category === 'string' ? value.category : null,
    imageUrl: typeof value.imageUrl === 'string' ? value.imageUrl : null,
    score: value.score,
  };
}

const SUGGESTION_KINDS: readonly string[] = ['name', 'brand', 'category', 'barcode'] satisfies Suggestion['kind'][];

function toSuggestion(value: unknown): Suggestion {
  if (
    !isRecord(value) ||
    typeof value.text !== 'string' ||
    typeof value.kind !== 'string' ||
    !SUGGESTION_KINDS.includes(value.kind)
  )
    throw malformed();
  return {
    text: value.text,
    cprcode: typeof value.cprcode === 'string' ? value.cprcode : null,
    kind: value.kind as Suggestion['kind'],
  };
}

function malformed(): CommerceError {
  return new CommerceError('SEARCH_UNAVAILABLE', 'The search service answered in an unexpected shape.');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
