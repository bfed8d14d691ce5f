import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sameDigest, sha256Hex } from '@grocery/core';
import type { GrocerGateway, Store } from '@grocery/core/ports';
import { bearerCredential, errorResponse, type HttpHandler, type HttpResponse } from '@grocery/core/http';

/** Which surface a path belongs to: the label of request metrics (bounded, unlike raw paths). */
function surfaceOf(path: string): string {
  if (path === '/graphql') return 'graphql';
  if (path === '/mcp') return 'mcp';
  if (path.startsWith('/v1/products')) return 'catalog';
  if (path.startsWith('/pay/')) return 'pay';
  if (path.startsWith('/images/')) return 'images';
  if (path.startsWith('/idp')) return 'idp';
  if (path.startsWith('/admin/')) return 'admin';
  if (path.startsWith('/webhooks/')) return 'webhooks';
  if (path.startsWith('/docs')) return 'docs';
  if (path.startsWith('/shop')) return 'shop';
  if (path.startsWith('/health')) return 'health';
  if (path === '/metrics') return 'metrics';
  return 'other';
}

export interface ApiMetrics {
  registry: Registry;
  /** Records one answered request (called by the node listener). */
  observeRequest(method: string, path: string, response: HttpResponse, durationMs: number): void;
  /** The grocer port, timed and counted per operation and outcome. */
  instrumentGrocer<G extends GrocerGateway>(grocer: G): G;
  /** `GET /metrics` in the Prometheus text format, for the admin token. */
  handler: HttpHandler;
}

export interface ApiMetricsOptions {
  /** Read when metrics are scraped (the store may still be opening when the metrics are created). */
  store: Pick<Store, 'deliveryCounts'>;
  adminToken: string;
  catalogVersion: () => string | null;
  searchIndexVersion: () => string | null;
  /** Mismatches in the last reconciliation report; null before the first. */
  reconciliationMismatches: () => number | null;
}

const GROCER_OPERATIONS = [
  'catalogVersion',
  'products',
  'productImage',
  'branches',
  'prices',
  'stock',
  'calculate',
  'createOrder',
  'orders',
  'cancelOrder',
  'recordPayment',
] as const;

/**
 * Prometheus metrics with prom-client: request rates and latencies per surface, grocer calls,
 * outbox depth and delivery outcomes (from the database, so every instance reports the same),
 * rate-limited requests, catalog snapshot and search index versions, and the process defaults.
 */
export function createApiMetrics(options: ApiMetricsOptions): ApiMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by surface, method and status',
    labelNames: ['surface', 'method', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by surface',
    labelNames: ['surface'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const limited = new Counter({
    name: 'rate_limited_requests_total',
    help: 'Requests refused with 429, by surface',
    labelNames: ['surface'],
    registers: [registry],
  });
  registerStateGauges(registry, options);
  const tokenDigest = sha256Hex(options.adminToken);
  return {
    registry,
    observeRequest(method, path, response, durationMs) {
      const surface = surfaceOf(path);
      requests.inc({ surface, method, status: String(response.status) });
      latency.observe({ surface }, durationMs / 1000);
      if (response.status === 429) limited.inc({ surface });
    },
    instrumentGrocer: grocerInstrumentation(registry),
    async handler(request) {
      const given = bearerCredential(request.headers.authorization);
      if (!given || !sameDigest(sha256Hex(given), tokenDigest))
        return errorResponse(
          401,
          'ADMIN_TOKEN_INVALID',
          'Send the admin token as Authorization: Bearer <ADMIN_TOKEN>.',
        );
      return {
        status: 200,
        headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' },
        body: await registry.metrics(),
      };
    },
  };
}

/** Gauges read when scraped: outbox depth and delivery outcomes, the versions served, reconciliation. */
function registerStateGauges(registry: Registry, options: ApiMetricsOptions): void {
  new Gauge({
    name: 'webhook_deliveries',
    help: 'Webhook deliveries by status, across instances (pending is the outbox depth)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await options.store.deliveryCounts();
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  new Gauge({
    name: 'catalog_snapshot_info',
    help: 'The catalog snapshot being served (value 1, version as a label)',
    labelNames: ['version'],
    registers: [registry],
    collect() {
      this.reset();
      const version = options.catalogVersion();
      if (version) this.set({ version }, 1);
    },
  });
  new Gauge({
    name: 'search_index_info',
    help: 'The search index being served (value 1, version as a label)',
    labelNames: ['version'],
    registers: [registry],
    collect() {
      this.reset();
      const version = options.searchIndexVersion();
      if (version) this.set({ version }, 1);
    },
  });
  new Gauge({
    name: 'reconciliation_mismatches',
    help: "Disagreements between the service's orders and payments and the grocer's or providers' in the last reconciliation (0 when all agree)",
    registers: [registry],
    collect() {
      const mismatches = options.reconciliationMismatches();
      if (mismatches !== null) this.set(mismatches);
    },
  });
}

/** Counts and times every grocer call, by operation and outcome: wraps a gateway in a proxy that does. */
function grocerInstrumentation(registry: Registry): <T extends GrocerGateway>(grocer: T) => T {
  const grocerCalls = new Counter({
    name: 'grocer_calls_total',
    help: 'Calls to the grocer, by operation and outcome',
    labelNames: ['operation', 'outcome'],
    registers: [registry],
  });
  const grocerLatency = new Histogram({
    name: 'grocer_call_duration_seconds',
    help: 'Time of grocer calls, by operation',
    labelNames: ['operation'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  return (grocer) => {
    const timed = new Map<string | symbol, unknown>();
    for (const operation of GROCER_OPERATIONS) {
      const original = Reflect.get(grocer, operation) as (...args: unknown[]) => Promise<unknown>;
      timed.set(operation, async (...args: unknown[]) => {
        const start = performance.now();
        try {
          const value = await original.apply(grocer, args);
          grocerCalls.inc({ operation, outcome: 'ok' });
          return value;
        } catch (error) {
          grocerCalls.inc({
            operation,
            outcome: error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : 'error',
          });
          throw error;
        } finally {
          grocerLatency.observe({ operation }, (performance.now() - start) / 1000);
        }
      });
    }
    // A proxy keeps every other member (controls, close) working on the original object.
    return new Proxy(grocer, {
      get(target, property) {
        if (timed.has(property)) return timed.get(property);
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
}
