import type { ErrorCode } from '../errors.ts';
import { rateLimitHeaders, type RateDecision } from '../services/rate-limiter.ts';
import type { HttpResponse } from './http-types.ts';

/** graphql-http's messages for a request it cannot read, said for partners, with the parameter at fault. */
const REQUEST_PROBLEMS: Record<string, { message: string; field?: string }> = {
  'Unparsable JSON body': { message: 'The body is not valid JSON.' },
  'Unparsable URL': {
    message: 'The query string of a GET request does not parse (variables and extensions are JSON).',
  },
  'Missing body': { message: 'The body is empty: send {"query": "..."}.' },
  'JSON body must be an object': { message: 'The body must be a JSON object: {"query": "...", "variables": {...}}.' },
  'Missing query': { message: 'Send the GraphQL document in "query".', field: 'query' },
  'Invalid query': { message: '"query" must be a string holding a GraphQL document.', field: 'query' },
  'Invalid variables': { message: '"variables" must be a JSON object.', field: 'variables' },
  'Invalid operationName': { message: '"operationName" must be a string.', field: 'operationName' },
  'Invalid extensions': { message: '"extensions" must be a JSON object.', field: 'extensions' },
};

/** Why graphql-http refused a request by status alone, when it sent no body. */
const STATUS_PROBLEMS: Record<number, string> = {
  405: 'Use POST (or GET for queries).',
  406: 'Accept application/graphql-response+json or application/json.',
  415: 'Send the request with Content-Type: application/json.',
};

/** The 401 of `/graphql` for a request without a valid partner key. */
export function partnerKeyRefusal(): HttpResponse {
  return {
    status: 401,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'www-authenticate': 'PartnerKey realm="graphql"',
    },
    body: JSON.stringify({
      errors: [
        {
          message: 'Send a valid partner key in the X-Partner-Key header.',
          extensions: { code: 'PARTNER_KEY_INVALID' },
        },
      ],
    }),
  };
}

/**
 * A refusal before execution as every GraphQL error is: `errors[].extensions.code` from the error
 * catalog (`METHOD_NOT_ALLOWED` for 405, `INVALID_INPUT` otherwise), never an empty body.
 */
export function codedRefusal(body: string | null, status: number, headers: Record<string, string>): HttpResponse {
  let errors: { message?: unknown; extensions?: { code?: unknown } }[] = [];
  try {
    errors = body ? ((JSON.parse(body) as { errors?: typeof errors }).errors ?? []) : [];
  } catch {
    // Not JSON: the status says it all.
  }
  const code = status === 405 ? 'METHOD_NOT_ALLOWED' : 'INVALID_INPUT';
  const coded = (
    errors.length ? errors : [{ message: STATUS_PROBLEMS[status] ?? 'The request is not a GraphQL request.' }]
  ).map((error) => {
    if (typeof error.extensions?.code === 'string') return error;
    const known = typeof error.message === 'string' ? REQUEST_PROBLEMS[error.message] : undefined;
    return {
      message: known?.message ?? String(error.message),
      extensions: { code, ...(known?.field ? { field: known.field } : {}) },
    };
  });
  return {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ errors: coded }),
  };
}

/** A refusal with one coded error. */
export function refusal(status: number, code: ErrorCode, message: string): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ errors: [{ message, extensions: { code } }] }),
  };
}

/**
 * The body, or a `RESPONSE_TOO_LARGE` error in its place when it is over `maxBytes`: a bound on what
 * one request can make the service write, whatever the document's cost.
 */
export function capped(body: string, maxBytes: number): string {
  // UTF-8 takes at most three bytes per UTF-16 unit, so most bodies need no exact count.
  const bytes = body.length * 3 <= maxBytes ? body.length : Buffer.byteLength(body);
  if (bytes <= maxBytes) return body;
  const message = `The response would be ${bytes} bytes, more than the limit of ${maxBytes}. Ask for fewer fields, smaller pages or fewer aliases.`;
  return JSON.stringify({
    data: null,
    errors: [{ message, extensions: { code: 'RESPONSE_TOO_LARGE', limitBytes: maxBytes } }],
  });
}

/** A 429 in the GraphQL shape, with Retry-After and the RateLimit headers, as graphql-http's `[body, init]`. */
export function rateLimited(
  decision: RateDecision,
): readonly [string, { status: number; statusText: string; headers: Record<string, string> }] {
  const message = `Rate limit of ${decision.policy.limit} units per ${decision.policy.windowMs / 1000} s reached (${decision.policy.name}); retry in ${decision.resetSeconds} s.`;
  return [
    JSON.stringify({
      errors: [{ message, extensions: { code: 'RATE_LIMITED', retryAfterSeconds: decision.resetSeconds } }],
    }),
    {
      status: 429,
      statusText: 'Too Many Requests',
      headers: { 'content-type': 'application/json; charset=utf-8', ...rateLimitHeaders(decision) },
    },
  ];
}
