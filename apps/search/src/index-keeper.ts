/**
 * Keeps the search index of the published catalog served: loads it from the index store when one
 * was built for that snapshot before, else builds it in a worker thread (off the request path) and
 * stores it; a changed snapshot is prepared while the old index keeps serving, then swapped in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { decodeIndexData, searchIndexFormat, searchIndexFromData, type IndexFileHeader } from '@grocery/search';
import type { LoadedSearchIndex } from './search-handler.ts';
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

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_ENTRY = JSON.stringify(
  new URL(FROM_SOURCE ? './index-build-worker.ts' : './index-build-worker.js', import.meta.url).href,
);
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

/** Options of {@link IndexKeeper}. */
export interface IndexKeeperOptions {
  catalog: SearchCatalogSource;
  /** Public host of the API, for product image URLs. */
  publicBaseUrl: string;
  log: SearchServiceLog;
  indexStore: SearchIndexStore | null;
}

/** The index served and how it is kept up to date with the catalog. */
export class IndexKeeper {
  /** Resolves when the first index is served. */
  readonly ready: Promise<void>;
  private loaded: LoadedSearchIndex | null = null;
  private source: SearchServiceStatus['source'] = null;
  private building: Promise<boolean> | null = null;
  private seenVersion = false;
  private lastError: string | null = null;
  private closed = false;
  private resolveReady!: () => void;
  private readonly saving = new Set<Promise<void>>();
  private readonly format: string;

  constructor(private readonly options: IndexKeeperOptions) {
    this.ready = new Promise<void>((resolve) => (this.resolveReady = resolve));
    // Image URLs are part of the indexed documents, so the base URL is part of the format.
    this.format = `${searchIndexFormat()}.${createHash('sha256').update(options.publicBaseUrl).digest('hex').slice(0, 8)}`;
  }

  current(): LoadedSearchIndex | null {
    return this.loaded;
  }

  status(): SearchServiceStatus {
    return {
      state: this.loaded ? 'ready' : this.building || this.seenVersion ? 'loading' : 'waiting',
      version: this.loaded?.version ?? null,
      snapshotVersion: this.loaded?.snapshotVersion ?? null,
      source: this.source,
      refreshing: this.loaded !== null && this.building !== null,
      error: this.lastError,
    };
  }

  /** Loads or rebuilds now when the published catalog changed; resolves when done (one refresh at a time). */
  refresh(): Promise<boolean> {
    this.building ??= this.update()
      .then(
        (changed) => {
          this.lastError = null;
          return changed;
        },
        (error: unknown) => {
          this.lastError = error instanceof Error ? error.message : String(error);
          throw error;
        },
      )
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }

  /** Stops refreshing; resolves when a build or save under way has finished. */
  async close(): Promise<void> {
    this.closed = true;
    await this.building?.catch(() => false);
    await Promise.all(this.saving);
  }

  private async update(): Promise<boolean> {
    const { catalog, publicBaseUrl, indexStore: store, log } = this.options;
    const version = await catalog.latestVersion();
    if (version === null || version === this.loaded?.snapshotVersion) return false;
    this.seenVersion = true;
    const started = performance.now();
    const key = { snapshotVersion: version, format: this.format };
    if (await this.loadStored(key, started)) return true;
    const feather = await catalog.feather(version);
    if (!feather || this.closed) return false;
    const about = {
      ...key,
      version: `${version.slice(0, 12)}-${randomBytes(4).toString('hex')}`,
      builtAt: new Date().toISOString(),
    };
    const file = await buildInWorker(feather, publicBaseUrl, about);
    if (this.closed) return false;
    this.serve(file, key, 'built', started);
    // Stored after it serves: a failed save costs the next start a build, nothing more.
    if (store) {
      const saved: Promise<void> = store
        .save(key, file)
        .catch((error: unknown) => log.error({ err: error }, 'search index could not be stored'))
        .finally(() => this.saving.delete(saved));
      this.saving.add(saved);
    }
    return true;
  }

  private serve(bytes: Uint8Array, key: SearchIndexKey, from: 'stored' | 'built', started: number): void {
    const { data, header } = decodeIndexData(bytes, key);
    const index = searchIndexFromData(data);
    // A stored file that decodes but cannot answer is as unusable as a corrupt one.
    if (data.docCount > 0)
      index.search({ query: data.nameEn[0] || data.cprcodes[0]!, lang: 'en', limit: 1, mode: 'SEMANTIC' });
    this.loaded = { index, version: header.version, snapshotVersion: header.snapshotVersion, builtAt: header.builtAt };
    this.source = from;
    this.resolveReady();
    const verb = from === 'stored' ? 'loaded' : 'built';
    this.options.log.info(
      `search index ${verb} for catalog ${key.snapshotVersion.slice(0, 12)}: ${index.stats().documents} documents in ${Math.round(performance.now() - started)} ms`,
    );
  }

  private async loadStored(key: SearchIndexKey, started: number): Promise<boolean> {
    const store = this.options.indexStore;
    if (!store) return false;
    try {
      const bytes = await store.load(key);
      if (!bytes) return false;
      this.serve(bytes, key, 'stored', started);
      return true;
    } catch (error) {
      this.options.log.error(
        { err: error },
        `stored search index for catalog ${key.snapshotVersion.slice(0, 12)} is unusable; building it anew`,
      );
      return false;
    }
  }
}
