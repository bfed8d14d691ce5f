import { SnapshotRepository } from '@grocery/catalog';
import { PartnerService, RateLimiter, ratePolicies, type RateLimitSettings } from '@grocery/core';
import { systemClock } from '@grocery/core/ports';
import { withPartnerRateLimit } from '@grocery/core/http';
import { createSqlStore, type Db } from '@grocery/store';
import { createDatabaseIndexStore } from './search-index-store.ts';
import { startSearchService, type SearchService, type SearchServiceLog } from './search-service.ts';

export interface DatabaseSearchOptions {
  /** The API's database: partner keys, rate-limit counters and the published catalog snapshots. */
  db: Db;
  port: number;
  host: string;
  /** Public host of the API, for product image URLs. */
  publicBaseUrl: string;
  rateLimits?: RateLimitSettings;
  pollMs?: number;
  log?: SearchServiceLog;
}

/**
 * A search service on its own (any number of instances): partner keys and rate limits from the
 * shared database, and its index from the newest published catalog snapshot: loaded from the
 * index another instance stored in the database for it, else built from the snapshot's `all`
 * Feather file and stored there for the others.
 */
export async function startDatabaseSearch(options: DatabaseSearchOptions): Promise<SearchService> {
  const store = await createSqlStore(options.db);
  const partners = new PartnerService({ store, clock: systemClock });
  const limiting = {
    partners,
    rateLimiter: new RateLimiter({ store, clock: systemClock }),
    ratePolicies: ratePolicies(options.rateLimits),
  };
  const snapshots = new SnapshotRepository(options.db);
  return startSearchService({
    port: options.port,
    host: options.host,
    publicBaseUrl: options.publicBaseUrl,
    pollMs: options.pollMs,
    log: options.log,
    indexStore: createDatabaseIndexStore(options.db),
    checkDatabase: () => options.db.query('SELECT 1'),
    catalog: {
      latestVersion: async () => (await snapshots.latest())?.version ?? null,
      feather: async (version) => (await snapshots.fileOf(version, 'all'))?.body ?? null,
    },
    verifyPartnerKey: partners.verifyKey,
    wrapHandler: (handler) => withPartnerRateLimit(limiting, handler),
  });
}
