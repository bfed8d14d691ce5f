import { performance } from 'node:perf_hooks';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { isCprcode, type Product } from '@grocery/core';
import { systemClock, type CategoryTotal, type Clock, type GrocerGateway } from '@grocery/core/ports';
import { categoryKey } from '@grocery/search';
import { CATALOG_RECORD_SCHEMA_VERSION, FEATHER_LANGS, trimTrailingSlash } from './catalog-record.ts';
import {
  CatalogSnapshot,
  compareCprcode,
  type BuildStats,
  type CatalogManifest,
  type SnapshotParts,
} from './catalog-snapshot.ts';
import { featherFileName } from './feather-columns.ts';
import { snapshotVersionOf } from './file-digest.ts';
import type { FeatherFile, Pause } from './feather-writer.ts';
import { NO_TEXT, ProductRowsWriter, SNAPSHOT_FLAGS, TEXT, TEXT_STRIDE } from './product-rows.ts';
import { RecordJsonStore } from './record-json.ts';
import { SubstringFilterWriter } from './substring-filter.ts';
import { identitySearchText, keywordSearchText } from './search-text.ts';
import { startSnapshotWork, type SnapshotWorkRunner } from './snapshot-worker-client.ts';
import type { SnapshotWorkResult } from './snapshot-work.ts';
import { StringLists } from './string-lists.ts';

/** Logs one line; the composition root decides where it goes. */
export type CatalogLogger = (line: string) => void;

export interface BuildSnapshotOptions {
  /** Base of every absolute URL in the records (image URLs). */
  publicBaseUrl: string;
  /**
   * The grocer catalog version the products came from, and how many products it holds when known
   * (sizes the build's buffers and picks the worker before the first product arrives).
   */
  source?: { version: string; updatedAt: string | null; productCount?: number | undefined } | undefined;
  clock?: Clock | undefined;
  log?: CatalogLogger | undefined;
  /** Rows per Arrow record batch of the download files (fixed, so equal content gives equal bytes). Default 8192. */
  batchRows?: number | undefined;
  /** Longest stretch of work before the event loop gets a turn, in ms. Default 10. */
  sliceMs?: number | undefined;
  /** Builds running longer than this log a progress line about every second. Default 1000 ms. */
  progressAfterMs?: number | undefined;
  /** Download files of a published snapshot, served as they are instead of writing new ones (when they fit, see `usablePrebuiltFiles`). */
  prebuiltFiles?: readonly FeatherFile[] | undefined;
  /**
   * The published manifest's entries for the files `prebuiltFiles` leaves out: an adopting
   * instance holds only the `all` file, and loads the others on their first download.
   */
  publishedFiles?: CatalogManifest['files'] | undefined;
  /** Build time to record (a published snapshot keeps its own); defaults to the clock's now. */
  builtAt?: string | undefined;
  /**
   * Write the files in the shared build worker thread (true) or on this thread (false). Default:
   * in the worker from `WORKER_MIN_ROWS` products on, where it pays for its start-up, and when
   * the number is not known ahead (`source.productCount`, or an array's length); the outputs are
   * the same either way.
   */
  worker?: boolean | undefined;
}

/** From this many products a build hands its files to the build worker by default. */
const WORKER_MIN_ROWS = 10_000;

/** Rows handed to the file writer at a time. */
const CHUNK_ROWS = 2048;

type ProductSource = Iterable<Product> | AsyncIterable<readonly Product[]>;

type Stage = BuildStats['stages'] extends Record<infer K, number> ? K : never;

/** Tracks the stage a build is in, the time spent working in each, and the progress line. */
class BuildClock {
  readonly #log: CatalogLogger;
  readonly #after: number;
  readonly #start = performance.now();
  readonly #stages: Record<Stage, number> = { reading: 0, indexing: 0, columns: 0, files: 0 };
  #stage: Stage = 'reading';
  #stageSince = performance.now();
  #lastLine = 0;
  #waited = 0;
  #longestSlice = 0;
  #longestSliceStage = '';
  done = 0;
  total = 0;

  constructor(log: CatalogLogger, after: number) {
    this.#log = log;
    this.#after = after;
  }

  enter(stage: Stage): void {
    const now = performance.now();
    this.#stages[this.#stage] += now - this.#stageSince;
    this.#stage = stage;
    this.#stageSince = now;
  }

  /** Records a slice of work that just ended and a wait for the event loop that follows it. */
  async yieldAfter(sliceMs: number): Promise<void> {
    if (sliceMs > this.#longestSlice) {
      this.#longestSlice = sliceMs;
      this.#longestSliceStage = this.#stage;
    }
    const now = performance.now();
    if (now - this.#start >= this.#after && now - this.#lastLine >= 1000) {
      this.#lastLine = now;
      this.#log(
        `catalog snapshot: ${this.#stage} ${this.done}/${this.total} products after ${((now - this.#start) / 1000).toFixed(1)} s`,
      );
    }
    await nextMacrotask();
    const waited = performance.now() - now;
    this.#waited += waited;
    // Time spent waiting is not work of the stage.
    this.#stageSince += waited;
  }

  finish(): BuildStats {
    this.enter(this.#stage);
    const totalMs = performance.now() - this.#start;
    return {
      totalMs,
      workMs: totalMs - this.#waited,
      longestSliceMs: this.#longestSlice,
      longestSliceStage: this.#longestSliceStage,
      stages: { ...this.#stages },
    };
  }
}

/** What a build's indexer hands over once the last product is in: its parts of the snapshot, and what the file writer wrote. */
interface IndexedProducts {
  parts: Pick<
    SnapshotParts,
    'indexByCprcode' | 'flags' | 'searchText' | 'categoryAny' | 'categoryLevels' | 'topCategories'
  >;
  /** The files and version the work wrote; null when the build serves files it was handed. */
  written: SnapshotWorkResult | null;
}

const LEVELS = [
  [TEXT.l1, TEXT.l1Th, TEXT.code1],
  [TEXT.l2, TEXT.l2Th, TEXT.code2],
  [TEXT.l3, TEXT.l3Th, TEXT.code3],
] as const;

/**
 * Indexes products in cprcode order as they arrive (lookup, flags, search text, category indexes,
 * top categories) and feeds them as columns to the file writer (`SnapshotWork`), in chunks that
 * never straddle a record batch, so the files do not depend on how the products came.
 */
class SnapshotIndexer {
  readonly #indexByCprcode = new Map<string, number>();
  #flags: Uint8Array;
  readonly #anyLists = new Map<string, number[]>();
  readonly #levelLists: [Map<string, number[]>, Map<string, number[]>, Map<string, number[]>] = [
    new Map<string, number[]>(),
    new Map<string, number[]>(),
    new Map<string, number[]>(),
  ];
  readonly #top = new Map<string, CategoryTotal>();
  readonly #rows = new ProductRowsWriter(CHUNK_ROWS);
  #search: SubstringFilterWriter | null = null;
  /** The folded search text of each distinct keyword list, as UTF-8. */
  readonly #keywordText = new Map<readonly string[], Buffer>();
  readonly #expectedRows: number;
  readonly #work: SnapshotWorkRunner | null;
  readonly #batchRows: number;
  readonly #pause: Pause;
  readonly #progress: BuildClock;
  // Category names and codes repeat across thousands of products; each distinct one is folded once.
  readonly #keyOf = (id: number) => (id === NO_TEXT ? '' : this.#rows.texts.derived(id, categoryKey));
  #count = 0;

  /** `expectedRows` sizes buffers (more or fewer rows are fine). */
  constructor(options: {
    publicBaseUrl: string;
    expectedRows: number;
    writeFiles: boolean;
    inWorker: boolean;
    batchRows: number;
    pause: Pause;
    log: CatalogLogger;
    progress: BuildClock;
  }) {
    this.#flags = new Uint8Array(options.expectedRows);
    this.#expectedRows = options.expectedRows;
    this.#batchRows = options.batchRows;
    this.#pause = options.pause;
    this.#progress = options.progress;
    this.#work = options.writeFiles
      ? startSnapshotWork(
          { publicBaseUrl: options.publicBaseUrl, rows: options.expectedRows },
          { inWorker: options.inWorker, pause: options.pause, log: options.log },
        )
      : null;
  }

  /** Indexes `products[from..]`, which follow the products indexed so far in cprcode order. */
  async index(products: readonly Product[], from: number): Promise<void> {
    if (from === products.length) return;
    const rows = this.#rows;
    const keyOf = this.#keyOf;
    this.#progress.enter('indexing');
    const search = (this.#search ??= this.#searchTextWriter(products.slice(from, from + 256)));
    for (let i = from; i < products.length; i++) {
      const p = products[i]!;
      this.#indexByCprcode.set(p.cprcode, i);
      search.add(identitySearchText(p), this.#keywordBytes(p.keywords));
      const row = rows.add(p);
      const ids = rows.currentTexts;
      const t = row * TEXT_STRIDE;
      if (i === this.#flags.length) this.#flags = growFlags(this.#flags);
      this.#flags[i] = rows.currentFlags[row]! & SNAPSHOT_FLAGS;
      for (let level = 0; level < 3; level++) {
        const [en, th, code] = LEVELS[level]!;
        const enKey = keyOf(ids[t + en]!);
        const thKey = keyOf(ids[t + th]!);
        for (const key of [enKey, thKey]) {
          if (!key) continue;
          pushIndex(this.#levelLists[level]!, key, i);
          pushIndex(this.#anyLists, key, i);
        }
        const codeKey = keyOf(ids[t + code]!);
        if (codeKey) pushIndex(this.#anyLists, codeKey, i);
      }
      const c = p.category;
      if (p.active && p.online && c.l1) {
        const entry = this.#top.get(c.l1);
        if (entry) entry.count++;
        else this.#top.set(c.l1, { name: c.l1, nameTh: c.l1Th, count: 1 });
      }
      this.#count = i + 1;
      this.#progress.done = i + 1;
      const endsBatch = (i + 1) % this.#batchRows === 0;
      if (endsBatch || rows.count === CHUNK_ROWS) await this.#send(endsBatch);
      if ((i & 255) === 255) await this.#pause();
    }
    this.#progress.enter('reading');
  }

  /** A writer sized from a sample of the first products, so that its buffer rarely grows (each growth copies everything so far). */
  #searchTextWriter(sample: readonly Product[]): SubstringFilterWriter {
    let bytes = 0;
    for (const p of sample)
      bytes += Buffer.byteLength(identitySearchText(p), 'utf8') + this.#keywordBytes(p.keywords).length;
    return new SubstringFilterWriter(this.#expectedRows, Math.ceil((bytes / Math.max(1, sample.length)) * 1.06) + 8);
  }

  #keywordBytes(keywords: readonly string[]): Buffer {
    let bytes = this.#keywordText.get(keywords);
    if (bytes === undefined)
      this.#keywordText.set(keywords, (bytes = Buffer.from(keywordSearchText(keywords), 'utf8')));
    return bytes;
  }

  async #send(endsBatch: boolean): Promise<void> {
    this.#progress.enter('columns');
    const rows = this.#rows.take();
    await this.#work?.add(rows, endsBatch);
    this.#progress.enter('indexing');
  }

  /** Closes the last record batch and waits for the files. */
  async finish(): Promise<IndexedProducts> {
    this.#progress.enter('indexing');
    if (this.#rows.count > 0) await this.#send(true);
    this.#progress.enter('files');
    const written = this.#work ? await this.#work.finish() : null;
    this.#progress.enter('indexing');
    const toInt32 = (map: Map<string, number[]>) =>
      new Map([...map].map(([key, list]) => [key, Int32Array.from(list)] as const));
    return {
      parts: {
        indexByCprcode: this.#indexByCprcode,
        flags: this.#flags.slice(0, this.#count),
        searchText: (this.#search ?? new SubstringFilterWriter(0)).seal(),
        categoryAny: toInt32(this.#anyLists),
        categoryLevels: [toInt32(this.#levelLists[0]), toInt32(this.#levelLists[1]), toInt32(this.#levelLists[2])],
        topCategories: [...this.#top.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      },
      written,
    };
  }

  abort(): void {
    this.#work?.abort();
  }
}

function pushIndex(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [index]);
  // Each product appears once per key even when several of its names fold to the same key.
  else if (list[list.length - 1] !== index) list.push(index);
}

function growFlags(flags: Uint8Array): Uint8Array {
  const grown = new Uint8Array(Math.max(1024, flags.length * 2));
  grown.set(flags);
  return grown;
}

/**
 * Builds an immutable snapshot from grocer products, in slices that give the event loop back
 * (nothing blocks for much longer than `sliceMs`), so serving goes on during a build. Products
 * are indexed and handed to the build worker while later ones are still being read, as long as
 * they come in cprcode order (the grocer exports them so); otherwise the build sorts them once all
 * are read and starts over. The snapshot keeps the product objects it is given: the caller hands
 * them over and must not change them afterwards (the grocer's `exportCatalog` hands out copies of
 * its own).
 *
 * @example
 * const snapshot = await buildCatalogSnapshot(grocer.exportCatalog(), { publicBaseUrl, source: await grocer.catalogVersion() });
 */
export async function buildCatalogSnapshot(
  source: ProductSource,
  options: BuildSnapshotOptions,
): Promise<CatalogSnapshot> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? (() => {});
  const sliceMs = options.sliceMs ?? 10;
  const publicBaseUrl = trimTrailingSlash(options.publicBaseUrl);
  const progress = new BuildClock(log, options.progressAfterMs ?? 1000);
  let sliceStart = performance.now();
  const pause: Pause = async () => {
    const slice = performance.now() - sliceStart;
    if (slice < sliceMs) return;
    await progress.yieldAfter(slice);
    sliceStart = performance.now();
  };
  const prebuilt = await usablePrebuiltFiles(options.prebuiltFiles, options.publishedFiles, publicBaseUrl, log);
  const expected = options.source?.productCount ?? (Array.isArray(source) ? source.length : undefined);
  const startIndexer = (expectedRows: number) =>
    new SnapshotIndexer({
      publicBaseUrl,
      expectedRows,
      writeFiles: !prebuilt,
      inWorker: options.worker ?? expectedRows >= WORKER_MIN_ROWS,
      batchRows: options.batchRows ?? 8192,
      pause,
      log,
      progress,
    });

  const lists = new StringLists();
  let products: Product[] = [];
  // Unknown size: a catalog worth building in the worker is the likelier case.
  let indexer: SnapshotIndexer | null = startIndexer(expected ?? WORKER_MIN_ROWS);
  try {
    for await (const batch of batchesOf(source)) {
      const from = products.length;
      for (const product of batch) products.push(sharingLists(product, lists));
      progress.total = Math.max(expected ?? 0, products.length);
      if (indexer && !inCprcodeOrder(products, from)) {
        indexer.abort();
        indexer = null;
      }
      if (indexer) await indexer.index(products, from);
      await pause();
    }
    if (!indexer) {
      progress.enter('indexing');
      products = sortedUnique(products, log);
      progress.total = products.length;
      indexer = startIndexer(products.length);
      await indexer.index(products, 0);
    }
  } catch (error) {
    indexer?.abort();
    throw error;
  }
  const indexed = await indexer.finish();

  const { version, files, infos } = prebuilt ?? { ...indexed.written!, infos: indexed.written!.files.map(fileInfoOf) };
  const manifest: CatalogManifest = {
    version,
    builtAt: options.builtAt ?? new Date(clock.now()).toISOString(),
    rowCount: products.length,
    recordSchemaVersion: CATALOG_RECORD_SCHEMA_VERSION,
    sourceCatalogVersion: options.source?.version ?? 'unknown',
    sourceCatalogUpdatedAt: options.source?.updatedAt ?? null,
    files: infos,
  };
  const stats = progress.finish();
  const snapshot = new CatalogSnapshot({
    ...indexed.parts,
    stats,
    products,
    records: new RecordJsonStore(products, publicBaseUrl),
    files,
    publicBaseUrl,
    manifest,
  });
  if (stats.totalMs >= (options.progressAfterMs ?? 1000))
    log(`catalog snapshot: ${version} ready, ${products.length} products in ${(stats.totalMs / 1000).toFixed(1)} s`);
  return snapshot;
}

/**
 * A shallow copy of the product that shares the interned lists; the caller's object is left as it
 * was. Field by field rather than by spreading, which took 1 µs a product.
 */
function sharingLists(p: Product, lists: StringLists): Product {
  return {
    cprcode: p.cprcode,
    nameEn: p.nameEn,
    nameTh: p.nameTh,
    brandEn: p.brandEn,
    brandTh: p.brandTh,
    sizeDesc: p.sizeDesc,
    countryEn: p.countryEn,
    barcode: p.barcode,
    category: p.category,
    grocerCategoryCodes: p.grocerCategoryCodes,
    keywords: lists.intern(p.keywords) as string[],
    active: p.active,
    online: p.online,
    alcohol: p.alcohol,
    availStore: lists.intern(p.availStore) as string[],
    detailPriceSatang: p.detailPriceSatang,
    hasImage: p.hasImage,
    updatedAt: p.updatedAt,
  };
}

/** The source's products in the batches they come in (a plain iterable is one batch). */
function batchesOf(source: ProductSource): AsyncIterable<readonly Product[]> | Iterable<readonly Product[]> {
  if (Symbol.asyncIterator in source) return source;
  return [Array.isArray(source) ? (source as readonly Product[]) : [...source]];
}

/** Whether `products[from..]` have well-formed cprcodes, each greater than the one before. */
function inCprcodeOrder(products: readonly Product[], from: number): boolean {
  for (let i = from; i < products.length; i++) {
    const cprcode = products[i]!.cprcode;
    if (!isCprcode(cprcode) || (i > 0 && compareCprcode(products[i - 1]!.cprcode, cprcode) >= 0)) return false;
  }
  return true;
}

/** The products in cprcode order, without malformed or repeated cprcodes (logged). */
function sortedUnique(products: readonly Product[], log: CatalogLogger): Product[] {
  const valid = products.filter((p) => isCprcode(p.cprcode));
  if (valid.length !== products.length)
    log(`catalog snapshot: skipped ${products.length - valid.length} products with a malformed cprcode`);
  valid.sort((a, b) => compareCprcode(a.cprcode, b.cprcode));
  const unique = valid.filter((p, i) => i === 0 || valid[i - 1]!.cprcode !== p.cprcode);
  if (unique.length !== valid.length)
    log(`catalog snapshot: skipped ${valid.length - unique.length} products with a repeated cprcode`);
  return unique;
}

type PublishedFileInfo = CatalogManifest['files'][number];

function fileInfoOf(file: FeatherFile): PublishedFileInfo {
  return {
    name: file.name,
    lang: file.lang,
    bytes: file.body.byteLength,
    sha256: file.sha256,
    rows: file.rows,
    contentType: file.contentType,
  };
}

/**
 * The published files, when they can be served as they are: the `all` file in hand, and each
 * language of the same version either in hand or listed (`published`, loaded on first download),
 * written for this instance's public base URL (the `image_url` values must match its records).
 */
async function usablePrebuiltFiles(
  files: readonly FeatherFile[] | undefined,
  published: readonly PublishedFileInfo[] | undefined,
  publicBaseUrl: string,
  log: CatalogLogger,
): Promise<{ version: string; files: readonly FeatherFile[]; infos: PublishedFileInfo[] } | null> {
  if (!files) return null;
  const all = files.find((file) => file.lang === 'all');
  const infos = FEATHER_LANGS.map((lang) => {
    const file = files.find((f) => f.lang === lang);
    return file
      ? file.version === all?.version
        ? fileInfoOf(file)
        : undefined
      : published?.find((info) => info.lang === lang);
  });
  const complete =
    all !== undefined &&
    infos.every((info) => info !== undefined && info.name === featherFileName(all.version, info.lang));
  if (!complete || snapshotVersionOf(all.sha256) !== all.version) {
    log('catalog snapshot: the published files are incomplete or inconsistent; writing them anew');
    return null;
  }
  // Arrow loads when files are in hand, not with the catalog.
  const { readFeatherInfo } = await import('./feather-reader.ts');
  const writtenFor = readFeatherInfo(all.body).publicBaseUrl;
  if (writtenFor !== publicBaseUrl) {
    log(
      `catalog snapshot: the published files link images on ${writtenFor}, this instance on ${publicBaseUrl}; writing them anew`,
    );
    return null;
  }
  const held = FEATHER_LANGS.flatMap((lang) => files.filter((file) => file.lang === lang));
  return { version: all.version, files: held, infos: infos as PublishedFileInfo[] };
}

/**
 * Builds a snapshot straight from the grocer: reads its catalog version, then exports the whole
 * catalog (inactive and offline products included).
 */
export async function buildSnapshotFromGrocer(
  grocer: Pick<GrocerGateway, 'catalogVersion' | 'exportCatalog'>,
  options: BuildSnapshotOptions & { exportBatchSize?: number | undefined },
): Promise<CatalogSnapshot> {
  const version = await grocer.catalogVersion();
  return buildCatalogSnapshot(grocer.exportCatalog({ batchSize: options.exportBatchSize ?? 1000 }), {
    ...options,
    source: { version: version.version, updatedAt: version.updatedAt, productCount: version.productCount },
  });
}
