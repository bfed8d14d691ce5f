import { performance } from 'node:perf_hooks';
import { isCprcode, type Product } from '@grocery/core';
import { systemClock, type Clock, type GrocerGateway } from '@grocery/core/ports';
import { BuildClock } from './build-clock.ts';
import type { CatalogLogger } from './catalog-logger.ts';
import { CATALOG_RECORD_SCHEMA_VERSION, trimTrailingSlash } from './catalog-record.ts';
import { CatalogSnapshot, compareCprcode, type CatalogManifest } from './catalog-snapshot.ts';
import type { FeatherFile, Pause } from './feather-writer.ts';
import { fileInfoOf, usablePrebuiltFiles } from './prebuilt-files.ts';
import { RecordJsonStore } from './record-json.ts';
import { SnapshotIndexer } from './snapshot-indexer.ts';
import { StringLists } from './string-lists.ts';

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

type ProductSource = Iterable<Product> | AsyncIterable<readonly Product[]>;

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
