import { checkDependency, errorResponse, jsonResponse, type HttpHandler } from '@grocery/core/http';
import type { components } from './generated/search-api.ts';

/** The answer of /health and /health/ready, typed from openapi/search.yaml. */
type Health = components['schemas']['Health'];

export interface SearchHealthOptions {
  /** The service's `status()`, shown as `search`; ready when its state is `ready`. */
  status: () => Health['search'];
  /** Resolves when the database that partner keys are checked against answers (standalone: PostgreSQL). */
  database?: (() => Promise<unknown>) | undefined;
}

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * `GET /health` (the service's state, always 200 while it runs), `/health/live` (200, no checks)
 * and `/health/ready` (200 only while an index is served and the database answers; 503 while the
 * first index loads or builds, with `search.state` saying so), in front of `handler`, without a
 * partner key: what a load balancer in front of search instances routes on.
 *
 * @example
 * const handler = withSearchHealth(searchHandler, { status: () => service.status(), database: () => db.query('SELECT 1') });
 */
export function withSearchHealth(handler: HttpHandler, options: SearchHealthOptions): HttpHandler {
  return async (request) => {
    if (request.path !== '/health' && request.path !== '/health/live' && request.path !== '/health/ready')
      return handler(request);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return errorResponse(405, 'METHOD_NOT_ALLOWED', 'Use GET.', {}, { ...NO_STORE, allow: 'GET, HEAD' });
    if (request.path === '/health/live') return jsonResponse(200, { status: 'ok' }, NO_STORE);
    const search = options.status();
    const database = options.database ? await checkDependency(options.database) : null;
    const ready = search.state === 'ready' && (database === null || database.ok);
    const body: Health = {
      status: ready ? 'ok' : search.state !== 'ready' ? 'starting' : 'degraded',
      search,
      ...(database ? { database } : {}),
    };
    return jsonResponse(request.path === '/health/ready' && !ready ? 503 : 200, body, NO_STORE);
  };
}
