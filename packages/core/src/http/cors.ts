import type { HttpHandler, HttpResponse } from './http-types.ts';
import { errorResponse } from './http-types.ts';

export interface CorsOptions {
  /** Whether a browser origin may call the API (a partner's registered origin). */
  isAllowed(origin: string): Promise<boolean>;
}

const ALLOW_HEADERS = 'content-type, accept, x-partner-key, authorization, idempotency-key, x-request-id';
const EXPOSE_HEADERS = 'ratelimit, ratelimit-policy, retry-after, x-request-id';

/**
 * CORS for partner web apps: preflights from a registered origin get the methods and headers the
 * API takes; answers to them name the origin (never `*`, so the list stays the partners'). Other
 * origins get no CORS headers, so browsers keep their pages out.
 */
export function withCors(handler: HttpHandler, options: CorsOptions): HttpHandler {
  return async (request) => {
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS') {
      if (!origin || !(await options.isAllowed(origin)))
        return errorResponse(
          403,
          'FORBIDDEN',
          'This origin is not registered for any partner.',
          {},
          { vary: 'Origin' },
        );
      return {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': ALLOW_HEADERS,
          'access-control-max-age': '600',
          vary: 'Origin',
        },
        body: null,
      };
    }
    const response: HttpResponse = await handler(request);
    if (origin && (await options.isAllowed(origin))) {
      response.headers['access-control-allow-origin'] = origin;
      response.headers['access-control-expose-headers'] = EXPOSE_HEADERS;
      response.headers.vary = response.headers.vary ? `${response.headers.vary}, Origin` : 'Origin';
    }
    return response;
  };
}
