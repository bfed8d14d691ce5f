import type { PartnerKeyVerifier } from '@grocery/core';
import type { HttpHandler } from '@grocery/core/http';
import { createNodeListener, listen } from '@grocery/http-node';
import {
  IndexKeeper,
  type SearchCatalogSource,
  type SearchServiceLog,
  type SearchServiceStatus,
} from './index-keeper.ts';
import { createSearchHandler, type LoadedSearchIndex } from './search-handler.ts';
import { withSearchHealth } from './search-health.ts';
import type { SearchIndexStore } from './search-index-store.ts';

export type { SearchCatalogSource, SearchServiceLog, SearchServiceStatus };

export interface SearchServiceOptions {
  port: number;
  host: string;
  catalog: SearchCatalogSource;
  verifyPartnerKey: PartnerKeyVerifier;
  /** Public host of the API, for product image URLs. */
  publicBaseUrl: string;
  /** Wraps the search handler (e.g. with the partner rate limit). */
  wrapHandler?: (handler: HttpHandler) => HttpHandler;
  /** How often the catalog version is checked. Default 30 s. */
  pollMs?: number;
  log?: SearchServiceLog;
  /**
   * Keeps built indexes between starts: a start whose catalog snapshot has a stored index loads it
   * (a fraction of a second) instead of building it (seconds), and an index one instance built is
   * loaded by the others. Without one, every start builds.
   */
  indexStore?: SearchIndexStore;
  /** Checked by `/health/ready` besides the index (the standalone service's PostgreSQL). */
  checkDatabase?: () => Promise<unknown>;
  /** Resolve `startSearchService` only once the first index is served (default), or at once (then see `ready()` and `status()`). */
  awaitIndex?: boolean;
}

export interface SearchService {
  origin: string;
  port: number;
  current(): LoadedSearchIndex | null;
  status(): SearchServiceStatus;
  /** Resolves when the first index is served. */
  ready(): Promise<void>;
  /** Loads or rebuilds now when the published catalog changed; resolves when done. */
  refresh(): Promise<boolean>;
  /** Stops accepting, lets requests in flight finish for up to `drainMs` (default 10 s; 503 for the rest) and stops refreshing. */
  close(drainMs?: number): Promise<void>;
}

/**
 * The ranked search service ({search_url}): serves the index of the published catalog snapshot,
 * loaded from the index store when one was built for that snapshot before, else built in a worker
 * (and stored); a changed snapshot is prepared in the background while the old index keeps serving,
 * then swapped in. Serves `/v1/search`, `/v1/suggest` and `/v1/manifest` (503 until an index is
 * served), and `/health`, `/health/live`, `/health/ready` (see `withSearchHealth`).
 */
export async function startSearchService(options: SearchServiceOptions): Promise<SearchService> {
  const log = options.log ?? { info: () => {}, error: () => {} };
  const keeper = new IndexKeeper({
    catalog: options.catalog,
    publicBaseUrl: options.publicBaseUrl,
    log,
    indexStore: options.indexStore ?? null,
  });
  const search = createSearchHandler({
    getIndex: () => keeper.current(),
    verifyPartnerKey: async (key) => (await options.verifyPartnerKey(key)) !== null,
  });
  const status = () => keeper.status();
  const handler = withSearchHealth(options.wrapHandler ? options.wrapHandler(search) : search, {
    status,
    database: options.checkDatabase,
  });
  // Listening first: until an index is served the routes answer 503 "being built", honestly.
  const server = await listen(
    { port: options.port, host: options.host },
    createNodeListener(handler, { maxBodyBytes: () => 1024 }),
  );
  const first = keeper.refresh().catch((error: unknown) => log.error({ err: error }, 'search index load failed'));
  if (options.awaitIndex ?? true) await first;
  const timer = setInterval(() => {
    keeper.refresh().catch((error: unknown) => log.error({ err: error }, 'search index refresh failed'));
  }, options.pollMs ?? 30_000);
  timer.unref();

  return {
    origin: server.origin,
    port: server.port,
    current: () => keeper.current(),
    status,
    ready: () => keeper.ready,
    refresh: () => keeper.refresh(),
    async close(drainMs) {
      clearInterval(timer);
      // The port closes at once; a build or save under way finishes meanwhile.
      await Promise.all([server.close(drainMs), keeper.close()]);
    },
  };
}
