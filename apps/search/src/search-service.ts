import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { PartnerKeyVerifier } from '@grocery/core';
import type { HttpHandler } from '@grocery/core/http';
import { createNodeListener, listen } from '@grocery/http-node';
import { searchIndexFromData, type IndexData } from '@grocery/search';
import { createSearchHandler, type LoadedSearchIndex } from './search-handler.ts';

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
}

export interface SearchService {
  origin: string;
  port: number;
  current(): LoadedSearchIndex | null;
  /** Rebuilds now when the published catalog changed; resolves when done. */
  refresh(): Promise<boolean>;
  close(): Promise<void>;
}

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_ENTRY = JSON.stringify(new URL(FROM_SOURCE ? './index-build-worker.ts' : './index-build-worker.js', import.meta.url).href);
/** Compiled, the worker is JavaScript beside this file; from source (tests run under tsx) workers do not inherit the tsx loader, so the bootstrap registers it first. */
const WORKER_BOOTSTRAP = FROM_SOURCE
  ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${WORKER_ENTRY}); })`
  : `import(${WORKER_ENTRY})`;

/** Builds the index data in a worker thread (off the request path); resolves with the data. */
function buildInWorker(feather: Uint8Array, publicBaseUrl: string): Promise<IndexData> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: { feather, publicBaseUrl } });
    worker.once('message', (data: IndexData) => resolve(data));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the search index worker stopped with code ${code}`));
    });
  });
}

/**
 * The ranked search service ({search_url}): builds its index from the published catalog snapshot,
 * rebuilds when the snapshot version changes (the old index serves until the new one is swapped in),
 * and serves `/v1/search`, `/v1/suggest` and `/v1/manifest`.
 */
export async function startSearchService(options: SearchServiceOptions): Promise<SearchService> {
  const log = options.log ?? { info: () => {}, error: () => {} };
  let loaded: LoadedSearchIndex | null = null;
  let building: Promise<boolean> | null = null;

  const refresh = (): Promise<boolean> => {
    building ??= (async () => {
      const version = await options.catalog.latestVersion();
      if (version === null || version === loaded?.snapshotVersion) return false;
      const feather = await options.catalog.feather(version);
      if (!feather) return false;
      const started = Date.now();
      const index = searchIndexFromData(await buildInWorker(feather, options.publicBaseUrl));
      loaded = { index, version: `${version.slice(0, 12)}-${randomBytes(4).toString('hex')}`, snapshotVersion: version, builtAt: new Date().toISOString() };
      log.info(`search index built from catalog ${version.slice(0, 12)}: ${index.stats().documents} documents in ${Date.now() - started} ms`);
      return true;
    })().finally(() => {
      building = null;
    });
    return building;
  };

  await refresh();
  const timer = setInterval(() => {
    refresh().catch((error: unknown) => log.error({ err: error }, 'search index refresh failed'));
  }, options.pollMs ?? 30_000);
  timer.unref();

  const search = createSearchHandler({ getIndex: () => loaded, verifyPartnerKey: async (key) => (await options.verifyPartnerKey(key)) !== null });
  const handler = options.wrapHandler ? options.wrapHandler(search) : search;
  const server = await listen({ port: options.port, host: options.host }, createNodeListener(handler, { maxBodyBytes: () => 1024 }));
  return {
    origin: server.origin,
    port: server.port,
    current: () => loaded,
    refresh,
    async close() {
      clearInterval(timer);
      await building?.catch(() => false);
      await server.close();
    },
  };
}
