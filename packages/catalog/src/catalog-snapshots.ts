import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { systemClock, type CatalogVersion, type Clock, type GrocerGateway } from '@grocery/core';
import type { CatalogSnapshot } from './catalog-snapshot.ts';
import { readFeatherProductsAsync } from './feather-reader.ts';
import { sha256Hex, type FeatherFile } from './feather-writer.ts';
import { buildCatalogSnapshot, type BuildSnapshotOptions, type CatalogLogger } from './snapshot-builder.ts';
import type { PublishedSnapshot, SnapshotRepository } from './snapshot-repository.ts';

/** What the REST handler and the GraphQL reader need: the snapshot being served and its files. */
export interface CatalogSnapshotSource {
  /** The snapshot being served, or null before the first one is ready. */
  current(): CatalogSnapshot | null;
  /** A download file by name: the current snapshot's, or a recently replaced one's while it is kept. */
  findFile(name: string): Promise<FeatherFile | null>;
}

/** What one refresh step did. */
export type RefreshOutcome =
  | { action: 'built'; version: string; sourceVersion: string; ms: number }
  | { action: 'loaded'; version: string }
  | { action: 'unchanged'; version: string | null }
  | { action: 'busy' }
  | { action: 'failed'; error: string };

export interface CatalogSnapshotsOptions {
  grocer: Pick<GrocerGateway, 'catalogVersion' | 'exportCatalog'>;
  /** Base of every absolute URL in the records (image URLs). */
  publicBaseUrl: string;
  /** Shares builds between instances through the database; without it each instance builds alone. */
  repository?: SnapshotRepository | undefined;
  clock?: Clock | undefined;
  log?: CatalogLogger | undefined;
  /** How often the grocer's catalog version is polled. Default 5 minutes. */
  pollIntervalMs?: number | undefined;
  /** A snapshot older than this is rebuilt even if the grocer reports no change. Default 24 hours. */
  maxAgeMs?: number | undefined;
  /** How often `start()` runs a refresh step (which also adopts snapshots other instances published). Default 30 s. */
  checkIntervalMs?: number | undefined;
  /** How soon `start()` retries while no snapshot is being served yet. Default 2 s. */
  retryIntervalMs?: number | undefined;
  /** How long a build lease lasts if its holder dies. Default 10 minutes. */
  leaseTtlMs?: number | undefined;
  /** Published snapshots kept in the database (older download links keep working while kept). Default 3. */
  keepSnapshots?: number | undefined;
  /** Names this instance in the lease row and logs. */
  instanceId?: string | undefined;
  exportBatchSize?: number | undefined;
  build?: Pick<BuildSnapshotOptions, 'batchRows' | 'sliceMs' | 'progressAfterMs'> | undefined;
}

const MINUTE = 60_000;

/**
 * Keeps the catalog snapshot fresh and serves it: rebuilds daily and when the grocer's catalog
 * version changes (polled), off the request path, swapping the new snapshot in atomically while
 * the old one keeps being served. With a repository, several instances share one database: one
 * claims the build with a lease row and publishes the snapshot; the others load the published
 * `all` file instead of calling the grocer.
 *
 * @example
 * const snapshots = new CatalogSnapshots({ grocer, publicBaseUrl, repository: new SnapshotRepository(db) });
 * snapshots.start();
 * await snapshots.ready();
 */
export class CatalogSnapshots implements CatalogSnapshotSource {
  readonly #grocer: CatalogSnapshotsOptions['grocer'];
  readonly #repository: SnapshotRepository | undefined;
  readonly #clock: Clock;
  readonly #log: CatalogLogger;
  readonly #publicBaseUrl: string;
  readonly #pollIntervalMs: number;
  readonly #maxAgeMs: number;
  readonly #checkIntervalMs: number;
  readonly #retryIntervalMs: number;
  readonly #leaseTtlMs: number;
  readonly #keep: number;
  readonly #instanceId: string;
  readonly #exportBatchSize: number | undefined;
  readonly #build: CatalogSnapshotsOptions['build'];

  #current: CatalogSnapshot | null = null;
  // Files of the snapshot just replaced, for links signed moments before a swap (without a database).
  #previousFiles: readonly FeatherFile[] = [];
  #adoptedSeq = -1;
  // A published snapshot that could not be loaded is not tried again; this instance builds instead.
  #unusableSeq = -1;
  #lastPollAt = Number.NEGATIVE_INFINITY;
  #inflight: Promise<RefreshOutcome> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #running = false;
  #resolveReady!: (snapshot: CatalogSnapshot) => void;
  readonly #ready: Promise<CatalogSnapshot>;

  constructor(options: CatalogSnapshotsOptions) {
    this.#grocer = options.grocer;
    this.#repository = options.repository;
    this.#clock = options.clock ?? systemClock;
    this.#log = options.log ?? (() => {});
    this.#publicBaseUrl = options.publicBaseUrl;
    this.#pollIntervalMs = options.pollIntervalMs ?? 5 * MINUTE;
    this.#maxAgeMs = options.maxAgeMs ?? 24 * 60 * MINUTE;
    this.#checkIntervalMs = options.checkIntervalMs ?? 30_000;
    this.#retryIntervalMs = options.retryIntervalMs ?? 2_000;
    this.#leaseTtlMs = options.leaseTtlMs ?? 10 * MINUTE;
    this.#keep = options.keepSnapshots ?? 3;
    this.#instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.#exportBatchSize = options.exportBatchSize;
    this.#build = options.build;
    this.#ready = new Promise((resolve) => (this.#resolveReady = resolve));
  }

  current(): CatalogSnapshot | null {
    return this.#current;
  }

  /** Resolves with the first snapshot served. */
  ready(): Promise<CatalogSnapshot> {
    return this.#ready;
  }

  get instanceId(): string {
    return this.#instanceId;
  }

  async findFile(name: string): Promise<FeatherFile | null> {
    const own = this.#current?.fileByName(name) ?? this.#previousFiles.find((file) => file.name === name);
    if (own) return own;
    return this.#repository ? this.#repository.file(name) : null;
  }

  /**
   * One refresh step: adopts a snapshot another instance published, then, when the poll interval
   * has passed (or `force`), asks the grocer for its catalog version and builds when it changed
   * or the snapshot is older than `maxAgeMs`. Concurrent calls share one step. Never throws.
   */
  refresh(options: { force?: boolean } = {}): Promise<RefreshOutcome> {
    this.#inflight ??= this.#step(options.force ?? false).finally(() => (this.#inflight = null));
    return this.#inflight;
  }

  /** Refreshes now and then every `checkIntervalMs` (sooner while nothing is served yet). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    const loop = async () => {
      await this.refresh();
      if (!this.#running) return;
      this.#timer = setTimeout(loop, this.#current ? this.#checkIntervalMs : this.#retryIntervalMs);
      this.#timer.unref();
    };
    void loop();
  }

  /** Stops the timer and waits for a refresh in progress. */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#inflight;
  }

  async #step(force: boolean): Promise<RefreshOutcome> {
    try {
      const repository = this.#repository;
      let adopted: RefreshOutcome | null = null;
      if (repository) {
        const latest = await repository.latest();
        if (latest && latest.seq !== this.#adoptedSeq && latest.seq !== this.#unusableSeq) {
          try {
            adopted = await this.#adopt(latest);
          } catch (error) {
            this.#unusableSeq = latest.seq;
            this.#log(`catalog snapshot: cannot load published snapshot ${latest.version}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }

      const now = this.#clock.now();
      if (!force && this.#current && now - this.#lastPollAt < this.#pollIntervalMs) return adopted ?? { action: 'unchanged', version: this.#current.version };
      this.#lastPollAt = now;
      const grocerVersion = await this.#grocer.catalogVersion();
      if (!this.#isStale(this.#current, grocerVersion.version, now)) return adopted ?? { action: 'unchanged', version: this.#current?.version ?? null };

      if (!repository) return await this.#buildAndSwap(null, grocerVersion);
      if (!(await repository.claimBuild(this.#instanceId, now, this.#leaseTtlMs))) return adopted ?? { action: 'busy' };
      try {
        // Another instance may have published while this one was deciding.
        const latest = await repository.latest();
        if (latest && latest.seq !== this.#unusableSeq && !this.#isStale(null, grocerVersion.version, now, latest)) {
          return latest.seq !== this.#adoptedSeq ? await this.#adopt(latest) : { action: 'unchanged', version: this.#current?.version ?? null };
        }
        return await this.#buildAndSwap(repository, grocerVersion);
      } finally {
        await repository.releaseBuild(this.#instanceId);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Ask the grocer again at the next check rather than a whole poll interval later.
      this.#lastPollAt = Number.NEGATIVE_INFINITY;
      this.#log(`catalog snapshot: refresh failed, still serving ${this.#current?.version ?? 'nothing'}: ${message}`);
      return { action: 'failed', error: message };
    }
  }

  #isStale(snapshot: CatalogSnapshot | null, grocerVersion: string, now: number, published?: PublishedSnapshot): boolean {
    const manifest = published?.manifest ?? snapshot?.manifest;
    if (!manifest) return true;
    return manifest.sourceCatalogVersion !== grocerVersion || now - Date.parse(manifest.builtAt) >= this.#maxAgeMs;
  }

  async #buildAndSwap(repository: SnapshotRepository | null, grocerVersion: CatalogVersion): Promise<RefreshOutcome> {
    const started = performance.now();
    // The version read before the export: a change during the export shows up at the next poll.
    const snapshot = await buildCatalogSnapshot(this.#grocer.exportCatalog({ batchSize: this.#exportBatchSize ?? 1000 }), {
      ...this.#build,
      publicBaseUrl: this.#publicBaseUrl,
      clock: this.#clock,
      log: this.#log,
      source: { version: grocerVersion.version, updatedAt: grocerVersion.updatedAt, productCount: grocerVersion.productCount },
    });
    const ms = performance.now() - started;
    if (repository) {
      const seq = await repository.publish(this.#instanceId, snapshot.manifest, snapshot.files, this.#clock.now());
      if (seq === null) {
        this.#log(`catalog snapshot: lost the build lease while building ${snapshot.version}; not publishing it`);
      } else {
        this.#adoptedSeq = seq;
        const pruned = await repository.prune(this.#keep);
        if (pruned > 0) this.#log(`catalog snapshot: pruned ${pruned} old published snapshot(s)`);
      }
    }
    this.#swap(snapshot);
    this.#log(`catalog snapshot: ${snapshot.version} built from grocer catalog ${snapshot.manifest.sourceCatalogVersion}, ${snapshot.size} products in ${(ms / 1000).toFixed(2)} s`);
    return { action: 'built', version: snapshot.version, sourceVersion: snapshot.manifest.sourceCatalogVersion, ms };
  }

  /** Serves a snapshot another instance published: its files as published, rebuilt in memory from the `all` file. */
  async #adopt(published: PublishedSnapshot): Promise<RefreshOutcome> {
    const manifest = published.manifest;
    const current = this.#current;
    if (current && current.version === manifest.version) {
      // Same content re-published (newer grocer version or daily rebuild): only the manifest changes.
      this.#swap(current.withManifest(manifest));
      this.#adoptedSeq = published.seq;
      return { action: 'loaded', version: manifest.version };
    }
    const files = await this.#repository!.files(manifest.version);
    for (const info of manifest.files) {
      const file = files.find((f) => f.name === info.name);
      if (!file || (await sha256Hex(file.body)) !== info.sha256) {
        throw new Error(`published file ${info.name} of snapshot ${manifest.version} is missing or does not match its SHA-256`);
      }
    }
    const all = files.find((file) => file.lang === 'all')!;
    const snapshot = await buildCatalogSnapshot(await readFeatherProductsAsync(all.body), {
      ...this.#build,
      publicBaseUrl: this.#publicBaseUrl,
      clock: this.#clock,
      log: this.#log,
      prebuiltFiles: files,
      builtAt: manifest.builtAt,
      source: { version: manifest.sourceCatalogVersion, updatedAt: manifest.sourceCatalogUpdatedAt },
    });
    if (snapshot.version !== manifest.version) {
      this.#log(`catalog snapshot: published ${manifest.version} rebuilds here as ${snapshot.version} (is PUBLIC_BASE_URL the same on every instance?)`);
    }
    this.#adoptedSeq = published.seq;
    this.#swap(snapshot);
    this.#log(`catalog snapshot: ${snapshot.version} loaded from the database (${snapshot.size} products)`);
    return { action: 'loaded', version: snapshot.version };
  }

  #swap(snapshot: CatalogSnapshot): void {
    const previous = this.#current;
    if (!this.#repository && previous && previous.version !== snapshot.version) this.#previousFiles = previous.files;
    // One assignment: a request sees either the old snapshot or the new one, never a mix.
    this.#current = snapshot;
    if (!previous) this.#resolveReady(snapshot);
  }
}
