import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { PartnerKeyVerifier } from '@grocery/core';
import type { HttpHandler } from '@grocery/core/http';
import { createNodeListener, listen } from '@grocery/http-node';
import { decodeIndexData, searchIndexFormat, searchIndexFromData, type IndexFileHeader } from '@grocery/search';
import { createSearchHandler, type LoadedSearchIndex } from './search-handler.ts';
import { withSearchHealth } from './search-health.ts';
import type { SearchIndexKey, SearchIndexStore } from './search-index-store.ts';

/** Where the search service reads the published catalog: the same `all` Feather file partners download. */
export interface SearchCatalogSource {
  /** Version of the newest published snapshot, or null while none is published. */
  latestVersion(): Promise<string | null>;
  /** The `all` Feather file of that version. */
  feather(version: string): Promise<Uint8Array | null>;
}

export interface SearchServiceLog {
  info(message: string): void;
  error(details: { err: unknown }, message: string): void;
}

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

/** What the service is doing, for readiness checks. */
export interface SearchServiceStatus {
  /** `waiting`: no catalog snapshot published yet; `loading`: the first index is being loaded or built; `ready`: an index is served. */
  state: 'waiting' | 'loading' | 'ready';
  /** Version of the index served, or null. */
  version: string | null;
  /** Catalog snapshot of the index served, or null. */
  snapshotVersion: string | null;
  /** Where the index served came from: loaded from the store, or built here. */
  source: 'stored' | 'built' | null;
  /** True while a newer snapshot's index is being prepared (the current one keeps serving). */
  refreshing: boolean;
  /** The last refresh's failure, cleared by the next success. */
  error: string | null;
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

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_ENTRY = JSON.stringify(new URL(FROM_SOURCE ? './index-build-worker.ts' : './index-build-worker.js', import.meta.url).href);
/** Compiled, the worker is JavaScript beside this file; from source (tests run under tsx) workers do not inherit the tsx loader, so the bootstrap registers it first. */
const WORKER_BOOTSTRAP = FROM_SOURCE
  ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${WORKER_ENTRY}); })`
  : `import(${WORKER_ENTRY})`;

type IndexAbout = Pick<IndexFileHeader, 'format' | 'snapshotVersion' | 'version' | 'builtAt'>;

/** Builds the index in a worker thread (off the request path); resolves with its index file. */
function buildInWorker(feather: Uint8Array, publicBaseUrl: string, about: IndexAbout): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: { feather, publicBaseUrl, about } });
    worker.once('message', (file: Uint8Array) => resolve(file));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the search index worker stopped with code ${code}`));
    });
  });
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
  const store = options.indexStore ?? null;
  // Image URLs are part of the indexed documents, so the base URL is part of the format.
  const format = `${searchIndexFormat()}.${createHash('sha256').update(options.publicBaseUrl).digest('hex').slice(0, 8)}`;
  let loaded: LoadedSearchIndex | null = null;
  let source: SearchServiceStatus['source'] = null;
  let building: Promise<boolean> | null = null;
  let seenVersion = false;
  let lastError: string | null = null;
  let closed = false;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const serve = (bytes: Uint8Array, key: SearchIndexKey, from: 'stored' | 'built', started: number): void => {
    const { data, header } = decodeIndexData(bytes, key);
    const index = searchIndexFromData(data);
    // A stored file that decodes but cannot answer is as unusable as a corrupt one.
    if (data.docCount > 0) index.search({ query: data.nameEn[0] || data.cprcodes[0]!, lang: 'en', limit: 1, mode: 'SEMANTIC' });
    loaded = { index, version: header.version, snapshotVersion: header.snapshotVersion, builtAt: header.builtAt };
    source = from;
    resolveReady();
    const verb = from === 'stored' ? 'loaded' : 'built';
    log.info(`search index ${verb} for catalog ${key.snapshotVersion.slice(0, 12)}: ${index.stats().documents} documents in ${Math.round(performance.now() - started)} ms`);
  };

  const loadStored = async (key: SearchIndexKey, started: number): Promise<boolean> => {
    if (!store) return false;
    try {
      const bytes = await store.load(key);
      if (!bytes) return false;
      serve(bytes, key, 'stored', started);
      return true;
    } catch (error) {
      log.error({ err: error }, `stored search index for catalog ${key.snapshotVersion.slice(0, 12)} is unusable; building it anew`);
      return false;
    }
  };

  const refresh = (): Promise<boolean> => {
    building ??= (async () => {
      const version = await options.catalog.latestVersion();
      if (version === null || version === loaded?.snapshotVersion) return false;
      seenVersion = true;
      const started = performance.now();
      const key = { snapshotVersion: version, format };
      if (await loadStored(key, started)) return true;
      const feather = await options.catalog.feather(version);
      if (!feather || closed) return false;
      const about = { ...key, version: `${version.slice(0, 12)}-${randomBytes(4).toString('hex')}`, builtAt: new Date().toISOString() };
      const file = await buildInWorker(feather, options.publicBaseUrl, about);
      if (closed) return false;
      serve(file, key, 'built', started);
      // Stored after it serves: a failed save costs the next start a build, nothing more.
      if (store) {
        const saved: Promise<void> = store
          .save(key, file)
          .catch((error: unknown) => log.error({ err: error }, 'search index could not be stored'))
          .finally(() => saving.delete(saved));
        saving.add(saved);
      }
      return true;
    })()
      .then(
        (changed) => {
          lastError = null;
          return changed;
        },
        (error: unknown) => {
          lastError = error instanceof Error ? error.message : String(error);
          throw error;
        },
      )
      .finally(() => {
        building = null;
      });
    return building;
  };
  const saving = new Set<Promise<void>>();

  const search = createSearchHandler({ getIndex: () => loaded, verifyPartnerKey: async (key) => (await options.verifyPartnerKey(key)) !== null });
  const status = (): SearchServiceStatus => ({
    state: loaded ? 'ready' : building || seenVersion ? 'loading' : 'waiting',
    version: loaded?.version ?? null,
    snapshotVersion: loaded?.snapshotVersion ?? null,
    source,
    refreshing: loaded !== null && building !== null,
    error: lastError,
  });
  const handler = withSearchHealth(options.wrapHandler ? options.wrapHandler(search) : search, { status, database: options.checkDatabase });
  // Listening first: until an index is served the routes answer 503 "being built", honestly.
  const server = await listen({ port: options.port, host: options.host }, createNodeListener(handler, { maxBodyBytes: () => 1024 }));
  const first = refresh().catch((error: unknown) => log.error({ err: error }, 'search index load failed'));
  if (options.awaitIndex ?? true) await first;
  const timer = setInterval(() => {
    refresh().catch((error: unknown) => log.error({ err: error }, 'search index refresh failed'));
  }, options.pollMs ?? 30_000);
  timer.unref();

  return {
    origin: server.origin,
    port: server.port,
    current: () => loaded,
    status,
    ready: () => ready,
    refresh,
    async close(drainMs) {
      closed = true;
      clearInterval(timer);
      // The port closes at once; a build or save under way finishes meanwhile.
      const finishing = async () => {
        await building?.catch(() => false);
        await Promise.all(saving);
      };
      await Promise.all([server.close(drainMs), finishing()]);
    },
  };
}
