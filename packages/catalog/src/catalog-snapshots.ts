import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { systemClock, type Clock, type GrocerGateway } from '@grocery/core/ports';
import type { CatalogVersion } from '@grocery/core';
import type { CatalogManifest, CatalogSnapshot } from './catalog-snapshot.ts';
import { FEATHER_CONTENT_TYPE } from './feather-columns.ts';
import { sha256HexInSlices } from './file-digest.ts';
import type { FeatherFile } from './feather-writer.ts';
import type { CatalogLogger } from './catalog-logger.ts';
import { buildCatalogSnapshot, type BuildSnapshotOptions } from './snapshot-builder.ts';
import { decodeSnapshot } from './snapshot-decoder.ts';
import { encodeSnapshot } from './snapshot-encoder.ts';
import type { SnapshotFileCache } from './snapshot-file-cache.ts';
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
  /**
   * A local copy of the served snapshot's `all` file, read instead of the database when a
   * published snapshot is adopted (checked against its SHA-256). Only with a repository.
   */
  fileCache?: SnapshotFileCache | undefined;
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
  /**
   * Publishing a build (compressing and storing its files, seconds of work) waits for this, e.g.
   * for the end of a start, so that it does not compete with what the start still has to do; the
   * snapshot is served meanwhile. Default: publish at once.
   */
  publishAfter?: Promise<unknown> | undefined;
  /**
   * The repository's database was created by this start, so it holds no published snapshot: the
   * first snapshot is built at once, without a query (the database may still be opening), and
   * published like any build, after `publishAfter`, under the build lease.
   */
  buildFirst?: boolean | undefined;
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
  readonly #fileCache: SnapshotFileCache | undefined;
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
  readonly #publishAfter: Promise<unknown>;
  #buildFirst: boolean;
  #stopped!: () => void;
  readonly #stopping = new Promise<void>((resolve) => (this.#stopped = resolve));

  #current: CatalogSnapshot | null = null;
  // Files of the snapshot just replaced, for links signed moments before a swap (without a database).
  #previousFiles: readonly FeatherFile[] = [];
  // Published files of the current snapshot not held in memory (en, th when adopted), loaded on first download.
  #loadedFiles = new Map<string, Promise<FeatherFile | null>>();
  // Background work to wait for on stop (the file cache being written).
  #background = new Set<Promise<void>>();
  #adoptedSeq = -1;
  // The version served but not yet published (set while publishing; left set when publishing failed).
  #unpublished: string | null = null;
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
    this.#fileCache = options.fileCache;
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
    this.#publishAfter = (options.publishAfter ?? Promise.resolve()).catch(() => undefined);
    this.#buildFirst = options.buildFirst ?? false;
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
    const current = this.#current;
    const own = current?.fileByName(name) ?? this.#previousFiles.find((file) => file.name === name);
    if (own) return own;
    if (!this.#repository) return null;
    const info = current?.manifest.files.find((file) => file.name === name);
    if (!info) return this.#repository.file(name);
    // A file of the snapshot being served: loaded once, checked, then kept with it.
    let loading = this.#loadedFiles.get(name);
    if (!loading) {
      const files = this.#loadedFiles;
      loading =
        info.lang === 'all'
          ? this.#publishedAllFile(current!.manifest)
          : this.#loadPublishedFile(current!.version, info);
      files.set(name, loading);
      loading.catch(() => files.delete(name));
    }
    return loading;
  }

  /** A published file of `version`, checked against its manifest entry; throws when missing or altered. */
  async #loadPublishedFile(version: string, info: CatalogManifest['files'][number]): Promise<FeatherFile> {
    const file = await this.#repository!.fileOf(version, info.lang);
    if (!file || file.name !== info.name || (await sha256HexInSlices(file.body)) !== info.sha256) {
      throw new Error(`published file ${info.name} of snapshot ${version} is missing or does not match its SHA-256`);
    }
    return file;
  }

  /** The `all` file of a published snapshot: the local copy when it matches, else from the database (then copied). */
  async #publishedAllFile(manifest: CatalogManifest): Promise<FeatherFile> {
    const info = manifest.files.find((file) => file.lang === 'all');
    if (!info) throw new Error(`published snapshot ${manifest.version} lists no "all" file`);
    const cached = await this.#fileCache?.read(info.name).catch(() => null);
    if (cached && (await sha256HexInSlices(cached)) === info.sha256) {
      return {
        name: info.name,
        lang: 'all',
        version: manifest.version,
        rows: info.rows,
        sha256: info.sha256,
        contentType: FEATHER_CONTENT_TYPE,
        body: cached,
      };
    }
    const file = await this.#loadPublishedFile(manifest.version, info);
    this.#keepCopy(file);
    return file;
  }

  /** Writes the local copy of an `all` file off the start's path. */
  #keepCopy(file: FeatherFile): void {
    const cache = this.#fileCache;
    if (!cache) return;
    const writing = cache
      .write(file)
      .catch((error: unknown) =>
        this.#log(
          `catalog snapshot: cannot keep a local copy of ${file.name}: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    this.#background.add(writing);
    void writing.finally(() => this.#background.delete(writing));
  }

  /**
   * Keeps the snapshot encoded beside the `all` file, so that the next start decodes it instead of
   * rebuilding it; once the start is over, since encoding takes a fraction of a second.
   */
  #keepEncoded(snapshot: CatalogSnapshot): void {
    const cache = this.#fileCache;
    if (!cache) return;
    const writing = Promise.race([this.#publishAfter, this.#stopping])
      .then(async () =>
        this.#current === snapshot ? cache.writeSnapshot(snapshot.version, await encodeSnapshot(snapshot)) : undefined,
      )
      .catch((error: unknown) =>
        this.#log(
          `catalog snapshot: cannot keep ${snapshot.version} encoded: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    this.#background.add(writing);
    void writing.finally(() => this.#background.delete(writing));
  }

  /** The published snapshot decoded from its local encoding, or null when there is none or it does not match (then it is rebuilt). */
  async #decodeKept(manifest: CatalogManifest): Promise<CatalogSnapshot | null> {
    const cache = this.#fileCache;
    if (!cache) return null;
    try {
      const encoded = await cache.readSnapshot(manifest.version);
      return encoded ? decodeSnapshot(encoded, { manifest, publicBaseUrl: this.#publicBaseUrl }) : null;
    } catch (error) {
      this.#log(
        `catalog snapshot: the kept encoding of ${manifest.version} is unusable, rebuilding from the "all" file: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
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
      this.#timer = setTimeout(() => void loop(), this.#current ? this.#checkIntervalMs : this.#retryIntervalMs);
      this.#timer.unref();
    };
    void loop();
  }

  /** Stops the timer and waits for a refresh in progress. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#stopped();
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#inflight;
    await Promise.all(this.#background);
  }

  async #step(force: boolean): Promise<RefreshOutcome> {
    try {
      const repository = this.#repository;
      if (repository && this.#buildFirst) {
        this.#buildFirst = false;
        this.#lastPollAt = this.#clock.now();
        return await this.#buildAndSwap(repository, await this.#grocer.catalogVersion(), { claimToPublish: true });
      }
      let adopted: RefreshOutcome | null = null;
      if (repository) {
        const latest = await repository.latest();
        if (latest && latest.seq !== this.#adoptedSeq && latest.seq !== this.#unusableSeq) {
          try {
            adopted = await this.#adopt(latest);
          } catch (error) {
            this.#unusableSeq = latest.seq;
            this.#log(
              `catalog snapshot: cannot load published snapshot ${latest.version}: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
      }

      const now = this.#clock.now();
      if (!force && this.#current && now - this.#lastPollAt < this.#pollIntervalMs)
        return adopted ?? { action: 'unchanged', version: this.#current.version };
      this.#lastPollAt = now;
      const grocerVersion = await this.#grocer.catalogVersion();
      if (!this.#isStale(this.#current, grocerVersion.version, now))
        return adopted ?? { action: 'unchanged', version: this.#current?.version ?? null };

      if (!repository) return await this.#buildAndSwap(null, grocerVersion);
      if (!(await repository.claimBuild(this.#instanceId, now, this.#leaseTtlMs))) return adopted ?? { action: 'busy' };
      try {
        // Another instance may have published while this one was deciding.
        const latest = await repository.latest();
        if (latest && latest.seq !== this.#unusableSeq && !this.#isStale(null, grocerVersion.version, now, latest)) {
          return latest.seq !== this.#adoptedSeq
            ? await this.#adopt(latest)
            : { action: 'unchanged', version: this.#current?.version ?? null };
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

  #isStale(
    snapshot: CatalogSnapshot | null,
    grocerVersion: string,
    now: number,
    published?: PublishedSnapshot,
  ): boolean {
    const manifest = published?.manifest ?? snapshot?.manifest;
    if (!manifest) return true;
    // Served but never published (publishing failed): build again, so that it gets published.
    if (!published && snapshot && snapshot.version === this.#unpublished) return true;
    return manifest.sourceCatalogVersion !== grocerVersion || now - Date.parse(manifest.builtAt) >= this.#maxAgeMs;
  }

  /** Builds and serves a snapshot, then publishes it; the caller holds the build lease, or with `claimToPublish` it is claimed (and released) for publishing only. */
  async #buildAndSwap(
    repository: SnapshotRepository | null,
    grocerVersion: CatalogVersion,
    options: { claimToPublish?: boolean } = {},
  ): Promise<RefreshOutcome> {
    const started = performance.now();
    // The version read before the export: a change during the export shows up at the next poll.
    const snapshot = await buildCatalogSnapshot(
      this.#grocer.exportCatalog({ batchSize: this.#exportBatchSize ?? 1000 }),
      {
        ...this.#build,
        publicBaseUrl: this.#publicBaseUrl,
        clock: this.#clock,
        log: this.#log,
        source: {
          version: grocerVersion.version,
          updatedAt: grocerVersion.updatedAt,
          productCount: grocerVersion.productCount,
        },
      },
    );
    const ms = performance.now() - started;
    // Served at once, then published (compressing and storing the files takes seconds): a first
    // start is ready without waiting for it; `refresh()` still resolves once it is published.
    this.#swap(snapshot);
    if (repository) {
      this.#unpublished = snapshot.version;
      await Promise.race([this.#publishAfter, this.#stopping]);
      let seq: number | null = null;
      if (
        !options.claimToPublish ||
        (await repository.claimBuild(this.#instanceId, this.#clock.now(), this.#leaseTtlMs))
      ) {
        try {
          seq = await repository.publish(this.#instanceId, snapshot.manifest, snapshot.files, this.#clock.now());
        } finally {
          if (options.claimToPublish) await repository.releaseBuild(this.#instanceId);
        }
      }
      this.#unpublished = null;
      if (seq === null) {
        this.#log(`catalog snapshot: lost the build lease while building ${snapshot.version}; not publishing it`);
      } else {
        this.#adoptedSeq = seq;
        this.#keepCopy(snapshot.file('all')!);
        this.#keepEncoded(snapshot);
        const pruned = await repository.prune(this.#keep);
        if (pruned > 0) this.#log(`catalog snapshot: pruned ${pruned} old published snapshot(s)`);
      }
    }
    this.#log(
      `catalog snapshot: ${snapshot.version} built from grocer catalog ${snapshot.manifest.sourceCatalogVersion}, ${snapshot.size} products in ${(ms / 1000).toFixed(2)} s`,
    );
    return { action: 'built', version: snapshot.version, sourceVersion: snapshot.manifest.sourceCatalogVersion, ms };
  }

  /** Serves a snapshot another instance published: rebuilt in memory from its `all` file, its other files loaded on first download. */
  async #adopt(published: PublishedSnapshot): Promise<RefreshOutcome> {
    const manifest = published.manifest;
    const current = this.#current;
    if (current && current.version === manifest.version) {
      // Same content re-published (newer grocer version or daily rebuild): only the manifest changes.
      this.#swap(current.withManifest(manifest));
      this.#adoptedSeq = published.seq;
      this.#unpublished = null;
      return { action: 'loaded', version: manifest.version };
    }
    const decoded = await this.#decodeKept(manifest);
    if (decoded) {
      this.#adoptedSeq = published.seq;
      this.#unpublished = null;
      this.#swap(decoded);
      this.#log(`catalog snapshot: ${decoded.version} decoded from the local copy (${decoded.size} products)`);
      return { action: 'loaded', version: decoded.version };
    }
    // Only the `all` file: the products come from it; the language files load on first download.
    const all = await this.#publishedAllFile(manifest);
    // Arrow loads only here, when a snapshot is rebuilt from its file.
    const { readFeatherProductsAsync } = await import('./feather-reader.ts');
    const snapshot = await buildCatalogSnapshot(await readFeatherProductsAsync(all.body), {
      ...this.#build,
      publicBaseUrl: this.#publicBaseUrl,
      clock: this.#clock,
      log: this.#log,
      prebuiltFiles: [all],
      publishedFiles: manifest.files,
      builtAt: manifest.builtAt,
      source: { version: manifest.sourceCatalogVersion, updatedAt: manifest.sourceCatalogUpdatedAt },
    });
    if (snapshot.version !== manifest.version) {
      this.#log(
        `catalog snapshot: published ${manifest.version} rebuilds here as ${snapshot.version} (is PUBLIC_BASE_URL the same on every instance?)`,
      );
    }
    this.#adoptedSeq = published.seq;
    this.#unpublished = null;
    this.#swap(snapshot);
    if (snapshot.version === manifest.version) this.#keepEncoded(snapshot);
    this.#log(`catalog snapshot: ${snapshot.version} loaded from the database (${snapshot.size} products)`);
    return { action: 'loaded', version: snapshot.version };
  }

  #swap(snapshot: CatalogSnapshot): void {
    const previous = this.#current;
    if (!this.#repository && previous && previous.version !== snapshot.version) this.#previousFiles = previous.files;
    if (previous?.version !== snapshot.version) this.#loadedFiles = new Map();
    // One assignment: a request sees either the old snapshot or the new one, never a mix.
    this.#current = snapshot;
    if (!previous) this.#resolveReady(snapshot);
  }
}
