import { cachedDependencyCheck, jsonResponse, type HttpHandler } from '@grocery/core/http';
import type { StartupTimings } from './startup-timeline.ts';

export interface HealthChecks {
  /** Resolves when the database answers. */
  database: () => Promise<unknown>;
  /** Resolves when the grocer answers. */
  grocer: () => Promise<unknown>;
  /** The catalog snapshot version being served, or null before the first build. */
  catalogVersion: () => string | null;
  /** Set while the process drains for shutdown: not ready for new work. */
  draining?: () => boolean;
  /** The embedded search service's state (not ready until it serves an index); absent when search runs elsewhere. */
  search?: () => SearchHealth;
  /** How the start went, once it finished (shown on /health, for the bench and operators). */
  startup?: () => StartupTimings | null;
  /** How long one check of the database and of the grocer answers every health request. Default 5 s. */
  checkTtlMs?: number;
  /** Milliseconds for the checks' age; `performance.now` by default. */
  now?: () => number;
}

/** How long one dependency check answers for: health probes reach the grocer at most this often. */
const HEALTH_CHECK_TTL_MS = 5_000;

/** What readiness needs to know of the search service (its `status()`). */
export interface SearchHealth {
  state: 'waiting' | 'loading' | 'ready';
  version: string | null;
  source: 'stored' | 'built' | null;
  refreshing: boolean;
  error: string | null;
}

const VERSION = '0.1.0';

/**
 * `GET /health` (liveness and the state of each dependency, always 200 while the process runs; each
 * dependency checked at most once per `checkTtlMs`, whatever the number of probes),
 * `GET /health/live` (200, no checks) and `GET /health/ready` (503 until the catalog is loaded and
 * the embedded search service serves an index, while a dependency fails, or while draining; load
 * balancers route on it). While the search index loads, `search.state` says `loading`.
 */
export function createHealthHandler(checks: HealthChecks): HttpHandler {
  const started = Date.now();
  const cache = { ttlMs: checks.checkTtlMs ?? HEALTH_CHECK_TTL_MS, now: checks.now };
  const checkDatabase = cachedDependencyCheck(checks.database, cache);
  const checkGrocer = cachedDependencyCheck(checks.grocer, cache);
  return async (request) => {
    if (request.path === '/health/live') return jsonResponse(200, { status: 'ok' }, { 'cache-control': 'no-store' });
    const [database, grocer] = await Promise.all([checkDatabase(), checkGrocer()]);
    const catalogVersion = checks.catalogVersion();
    const draining = checks.draining?.() ?? false;
    const search = checks.search?.();
    const searchOk = search === undefined || search.state === 'ready';
    const ready = database.ok && grocer.ok && catalogVersion !== null && searchOk && !draining;
    const body = {
      status: ready
        ? 'ok'
        : draining
          ? 'draining'
          : search && !searchOk && database.ok && grocer.ok && catalogVersion !== null
            ? 'starting'
            : 'degraded',
      version: VERSION,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      database,
      grocer,
      catalog: { ok: catalogVersion !== null, version: catalogVersion },
      ...(search ? { search: { ok: searchOk, ...search } } : {}),
      ...(checks.startup?.() ? { startup: checks.startup() } : {}),
    };
    const status = request.path === '/health/ready' && !ready ? 503 : 200;
    return jsonResponse(status, body, { 'cache-control': 'no-store' });
  };
}
