import { performance } from 'node:perf_hooks';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { isCprcode, systemClock, type CategoryTotal, type Clock, type GrocerGateway, type Product } from '@grocery/core';
import { CATALOG_RECORD_SCHEMA_VERSION, FEATHER_LANGS, satangToThb, toCatalogRecord, trimTrailingSlash, type CatalogLang } from './catalog-record.ts';
import { CatalogSnapshot, compareCprcode, type CatalogManifest, type RecordJson } from './catalog-snapshot.ts';
import { readFeatherInfo } from './feather-reader.ts';
import { snapshotVersionOf, type FeatherFile, type Pause } from './feather-writer.ts';
import { jsonString, LIST_KEYWORDS, LIST_STORES, NO_TEXT, ProductRowsWriter, SNAPSHOT_FLAGS, TEXT, TEXT_STRIDE, type TextDictionary } from './product-rows.ts';
import { grow, SearchTextIndex, sealBuffer } from './search-index.ts';
import { normalizeSearchText } from './search-text.ts';
import { startSnapshotWork } from './snapshot-worker-client.ts';
import { StringLists } from './string-lists.ts';

/** How a build spent its time, in ms (for logs, metrics and the benchmark). */
export interface BuildStats {
  totalMs: number;
  /** Total minus the time the build waited while the event loop ran other work. */
  workMs: number;
  /** Longest stretch the build held the event loop, and the stage it was in. */
  longestSliceMs: number;
  longestSliceStage: string;
  /**
   * Time on the building thread per stage: reading the products; indexing them (lookups,
   * category indexes, JSON records); columns (handing rows to the search text and file writer,
   * and, without the worker, writing them); files (finishing the search text and files, or
   * waiting for the worker to finish them).
   */
  stages: { reading: number; indexing: number; columns: number; files: number };
}

/** Logs one line; the composition root decides where it goes. */
export type CatalogLogger = (line: string) => void;

export interface BuildSnapshotOptions {
  /** Base of every absolute URL in the records (image URLs). */
  publicBaseUrl: string;
  /** The grocer catalog version the products came from. */
  source?: { version: string; updatedAt: string | null } | undefined;
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
  /** Build time to record (a published snapshot keeps its own); defaults to the clock's now. */
  builtAt?: string | undefined;
  /**
   * Write the search text and files in the shared build worker thread (true) or on this thread
   * (false). Default: in the worker from `WORKER_MIN_ROWS` products on, where it pays for its
   * start-up; the outputs are the same either way.
   */
  worker?: boolean | undefined;
}

/** From this many products a build hands its search text and files to the build worker by default. */
export const WORKER_MIN_ROWS = 10_000;

/** Rows handed to the search text and file writer at a time. */
const CHUNK_ROWS = 2048;

type ProductSource = Iterable<Product> | AsyncIterable<readonly Product[]>;

/** Folds a category name or code into the key the category indexes use. */
export function categoryKey(value: string): string {
  return normalizeSearchText(value);
}

const COMMA = 0x2c;

/** Up to 64 products spread over the catalog, to size buffers from. */
function sampleOf(products: readonly Product[]): Product[] {
  const step = Math.max(1, Math.floor(products.length / 64));
  const sample: Product[] = [];
  for (let i = 0; i < products.length; i += step) sample.push(products[i]!);
  return sample;
}

function average(sample: readonly Product[], measure: (product: Product) => number): number {
  if (sample.length === 0) return 0;
  let sum = 0;
  for (const product of sample) sum += measure(product);
  return sum / sample.length;
}

function jsonNumber(value: number | null): string {
  return value !== null && Number.isFinite(value) ? String(value) : 'null';
}

/** Growing byte buffers of both languages' records, each record followed by a comma. */
class RecordJsonWriter {
  readonly #texts: TextDictionary;
  /** `"https://…/images/products/` as JSON without its closing quote; the cprcode (digits) follows. */
  readonly #imageUrlStart: string;
  readonly #buffers: Record<CatalogLang, Buffer>;
  readonly #offsets: Record<CatalogLang, Uint32Array>;
  readonly #position: Record<CatalogLang, number> = { en: 0, th: 0 };
  readonly #rows: number;
  readonly #lists: StringLists;
  // What follows `"keywords":` in a record, per list id: the keywords' JSON and the stores' key,
  // then the stores' JSON and the closing brace (each distinct list is serialised and encoded once).
  readonly #keywordsPart: (Buffer | undefined)[] = [];
  readonly #storesPart: (Buffer | undefined)[] = [];
  #count = 0;

  constructor(products: readonly Product[], publicBaseUrl: string, texts: TextDictionary, lists: StringLists) {
    const rows = products.length;
    this.#texts = texts;
    this.#lists = lists;
    this.#imageUrlStart = jsonString(`${publicBaseUrl}/images/products/`).slice(0, -1);
    this.#rows = rows;
    // Sized from a sample so that the buffers rarely grow (each growth copies everything so far).
    const sample = sampleOf(products);
    const perRow = (lang: CatalogLang) => Math.ceil(average(sample, (p) => Buffer.byteLength(JSON.stringify(toCatalogRecord(p, lang, publicBaseUrl)), 'utf8')) * 1.06) + 8;
    this.#buffers = { en: Buffer.allocUnsafeSlow(Math.max(4096, rows * perRow('en'))), th: Buffer.allocUnsafeSlow(Math.max(4096, rows * perRow('th'))) };
    this.#offsets = { en: new Uint32Array(rows + 1), th: new Uint32Array(rows + 1) };
  }

  /**
   * Appends the product's record in both languages, equal to `JSON.stringify(toCatalogRecord(...))`.
   * The record is written from template strings rather than through an object and the generic
   * serialiser (twice as fast), with each repeated text's JSON taken from the dictionary; the
   * language-neutral tail is encoded once and its bytes copied into the other language.
   * `ids` and `t`: where the product's text ids are (`ProductRowsWriter`); `keywordsId`, `storesId`: its lists' ids.
   */
  add(p: Product, ids: Int32Array, t: number, keywordsId: number, storesId: number): void {
    const texts = this.#texts;
    const brandEn = ids[t + TEXT.brandEn]!;
    const brandTh = ids[t + TEXT.brandTh]!;
    const cprcode = jsonString(p.cprcode);
    const nameEn = jsonString(p.nameEn);
    const nameTh = jsonString(p.nameTh);
    const enHead = `{"cprcode":${cprcode},"name":${nameEn},"brand":${texts.json(brandEn !== NO_TEXT ? brandEn : brandTh)},"category_l1":${texts.json(ids[t + TEXT.l1]!)},"category_l2":${texts.json(ids[t + TEXT.l2]!)},"category_l3":${texts.json(ids[t + TEXT.l3]!)},`;
    const thHead = `{"cprcode":${cprcode},"name":${nameTh},"brand":${texts.json(brandTh !== NO_TEXT ? brandTh : brandEn)},"category_l1":${texts.json(ids[t + TEXT.l1Th]!)},"category_l2":${texts.json(ids[t + TEXT.l2Th]!)},"category_l3":${texts.json(ids[t + TEXT.l3Th]!)},`;
    const tail =
      `"name_en":${nameEn},"name_th":${nameTh},"brand_en":${texts.json(brandEn)},"brand_th":${texts.json(brandTh)},` +
      `"size_desc":${texts.json(ids[t + TEXT.sizeDesc]!)},"country":${texts.json(ids[t + TEXT.countryEn]!)},"barcode":${p.barcode === null ? 'null' : jsonString(p.barcode)},` +
      `"category_code_l1":${texts.json(ids[t + TEXT.code1]!)},"category_code_l2":${texts.json(ids[t + TEXT.code2]!)},"category_code_l3":${texts.json(ids[t + TEXT.code3]!)},` +
      // cprcodes are digits (checked on reading), so the URL's JSON is its prefix's and the digits.
      `"image_url":${p.hasImage ? `${this.#imageUrlStart}${p.cprcode}"` : 'null'},"pr_active":${p.active ? 'true' : 'false'},"online":${p.online ? 'true' : 'false'},` +
      `"alcohol":${p.alcohol ? 'true' : 'false'},"ba_nprice":${jsonNumber(satangToThb(p.detailPriceSatang))},"updated_at":${texts.json(ids[t + TEXT.updatedAt]!)},"keywords":`;
    const keywords = (this.#keywordsPart[keywordsId] ??= Buffer.from(`${this.#lists.json(p.keywords)},"avail_store":`, 'utf8'));
    const stores = (this.#storesPart[storesId] ??= Buffer.from(`${this.#lists.json(p.availStore)}}`, 'utf8'));

    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    const en = this.#reserve('en', (enHead.length + tail.length) * 3 + keywords.length + stores.length + 1);
    let p0 = this.#position.en;
    p0 += en.write(enHead, p0, 'utf8');
    const tailStart = p0;
    p0 += en.write(tail, p0, 'utf8');
    en.set(keywords, p0);
    p0 += keywords.length;
    en.set(stores, p0);
    p0 += stores.length;
    const tailEnd = p0;
    en[p0++] = COMMA;
    this.#position.en = p0;

    const th = this.#reserve('th', thHead.length * 3 + (tailEnd - tailStart) + 1);
    let q = this.#position.th;
    q += th.write(thHead, q, 'utf8');
    th.set(en.subarray(tailStart, tailEnd), q);
    q += tailEnd - tailStart;
    th[q++] = COMMA;
    this.#position.th = q;

    this.#count++;
    this.#offsets.en[this.#count] = p0;
    this.#offsets.th[this.#count] = q;
  }

  /** The language's buffer with room for `bytes` more. */
  #reserve(lang: CatalogLang, bytes: number): Buffer {
    const need = this.#position[lang] + bytes;
    if (need > this.#buffers[lang].length) this.#buffers[lang] = grow(this.#buffers[lang], this.#position[lang], need, this.#count, this.#rows);
    return this.#buffers[lang];
  }

  seal(lang: CatalogLang): RecordJson {
    return { bytes: sealBuffer(this.#buffers[lang], this.#position[lang]), offsets: this.#offsets[lang] };
  }
}

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
      this.#log(`catalog snapshot: ${this.#stage} ${this.done}/${this.total} products after ${((now - this.#start) / 1000).toFixed(1)} s`);
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
    return { totalMs, workMs: totalMs - this.#waited, longestSliceMs: this.#longestSlice, longestSliceStage: this.#longestSliceStage, stages: { ...this.#stages } };
  }

  get elapsedMs(): number {
    return performance.now() - this.#start;
  }
}

/**
 * Builds an immutable snapshot from grocer products, in slices that give the event loop back
 * (nothing blocks for much longer than `sliceMs`), so serving goes on during a build. The
 * snapshot keeps the product objects it is given: the caller hands them over and must not change
 * them afterwards (the grocer's `exportCatalog` hands out copies of its own).
 *
 * @example
 * const snapshot = await buildCatalogSnapshot(grocer.exportCatalog(), { publicBaseUrl, source: await grocer.catalogVersion() });
 */
export async function buildCatalogSnapshot(source: ProductSource, options: BuildSnapshotOptions): Promise<CatalogSnapshot> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? (() => {});
  const batchRows = options.batchRows ?? 8192;
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

  const lists = new StringLists();
  const products = await collect(source, lists, log, pause);
  const n = products.length;
  progress.total = n;

  const indexByCprcode = new Map<string, number>();
  const flags = new Uint8Array(n);
  const anyLists = new Map<string, number[]>();
  const levelLists: [Map<string, number[]>, Map<string, number[]>, Map<string, number[]>] = [new Map(), new Map(), new Map()];
  const rows = new ProductRowsWriter(CHUNK_ROWS);
  const texts = rows.texts;
  const json = new RecordJsonWriter(products, publicBaseUrl, texts, lists);
  const top = new Map<string, CategoryTotal>();
  const prebuilt = usablePrebuiltFiles(options.prebuiltFiles, publicBaseUrl, log);
  const work = startSnapshotWork({ publicBaseUrl, rows: n, writeFiles: !prebuilt }, { inWorker: options.worker ?? n >= WORKER_MIN_ROWS, pause, log });

  const push = (map: Map<string, number[]>, key: string, index: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [index]);
    // Each product appears once per key even when several of its names fold to the same key.
    else if (list[list.length - 1] !== index) list.push(index);
  };
  // Category names and codes repeat across thousands of products; each distinct one is folded once.
  const keyOf = (id: number) => (id === NO_TEXT ? '' : texts.derived(id, categoryKey));
  const LEVELS = [
    [TEXT.l1, TEXT.l1Th, TEXT.code1],
    [TEXT.l2, TEXT.l2Th, TEXT.code2],
    [TEXT.l3, TEXT.l3Th, TEXT.code3],
  ] as const;

  progress.enter('indexing');
  try {
    for (let i = 0; i < n; i++) {
      const p = products[i]!;
      indexByCprcode.set(p.cprcode, i);
      const row = rows.add(p);
      const ids = rows.currentTexts;
      const t = row * TEXT_STRIDE;
      flags[i] = rows.currentFlags[row]! & SNAPSHOT_FLAGS;
      for (let level = 0; level < 3; level++) {
        const [en, th, code] = LEVELS[level]!;
        const enKey = keyOf(ids[t + en]!);
        const thKey = keyOf(ids[t + th]!);
        if (enKey) push(levelLists[level]!, enKey, i), push(anyLists, enKey, i);
        if (thKey) push(levelLists[level]!, thKey, i), push(anyLists, thKey, i);
        const codeKey = keyOf(ids[t + code]!);
        if (codeKey) push(anyLists, codeKey, i);
      }
      const c = p.category;
      if (p.active && p.online && c.l1) {
        const entry = top.get(c.l1);
        if (entry) entry.count++;
        else top.set(c.l1, { name: c.l1, nameTh: c.l1Th, count: 1 });
      }
      json.add(p, ids, t, rows.currentLists[2 * row + LIST_KEYWORDS]!, rows.currentLists[2 * row + LIST_STORES]!);
      progress.done = i + 1;
      // Rows go on in chunks that never straddle a record batch, so the files do not depend on the chunking.
      const endsBatch = (i + 1) % batchRows === 0 || i + 1 === n;
      if (endsBatch || rows.count === CHUNK_ROWS) {
        progress.enter('columns');
        await work.add(rows.take(), endsBatch);
        progress.enter('indexing');
      }
      if ((i & 255) === 255) await pause();
    }
  } catch (error) {
    work.abort();
    throw error;
  }

  const sealed = { en: json.seal('en'), th: json.seal('th') };
  progress.enter('files');
  const written = await work.finish();
  let files: readonly FeatherFile[];
  let version: string;
  if (prebuilt) {
    files = prebuilt;
    version = prebuilt[0]!.version;
  } else {
    ({ version, files } = written.files!);
  }

  progress.enter('indexing');
  const toInt32 = (map: Map<string, number[]>) => new Map([...map].map(([key, list]) => [key, Int32Array.from(list)] as const));
  const manifest: CatalogManifest = {
    version,
    builtAt: options.builtAt ?? new Date(clock.now()).toISOString(),
    rowCount: n,
    recordSchemaVersion: CATALOG_RECORD_SCHEMA_VERSION,
    sourceCatalogVersion: options.source?.version ?? 'unknown',
    sourceCatalogUpdatedAt: options.source?.updatedAt ?? null,
    files: files.map((file) => ({ name: file.name, lang: file.lang, bytes: file.body.byteLength, sha256: file.sha256, rows: file.rows, contentType: file.contentType })),
  };
  const stats = progress.finish();
  const snapshot = new CatalogSnapshot({
    stats,
    products,
    indexByCprcode,
    searchText: new SearchTextIndex(written.searchText.bytes, written.searchText.offsets),
    flags,
    categoryAny: toInt32(anyLists),
    categoryLevels: [toInt32(levelLists[0]), toInt32(levelLists[1]), toInt32(levelLists[2])],
    json: sealed,
    files,
    topCategories: [...top.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    publicBaseUrl,
    manifest,
  });
  if (stats.totalMs >= (options.progressAfterMs ?? 1000)) log(`catalog snapshot: ${version} ready, ${n} products in ${(stats.totalMs / 1000).toFixed(1)} s`);
  return snapshot;
}

/**
 * The published files, when they can be served as they are: all three languages of one version,
 * written for this instance's public base URL (the `image_url` values must match its records).
 */
function usablePrebuiltFiles(files: readonly FeatherFile[] | undefined, publicBaseUrl: string, log: CatalogLogger): readonly FeatherFile[] | null {
  if (!files) return null;
  const all = files.find((file) => file.lang === 'all');
  const complete = all !== undefined && FEATHER_LANGS.every((lang) => files.some((file) => file.lang === lang && file.version === all.version));
  if (!complete || snapshotVersionOf(all.sha256) !== all.version) {
    log('catalog snapshot: the published files are incomplete or inconsistent; writing them anew');
    return null;
  }
  const writtenFor = readFeatherInfo(all.body).publicBaseUrl;
  if (writtenFor !== publicBaseUrl) {
    log(`catalog snapshot: the published files link images on ${writtenFor}, this instance on ${publicBaseUrl}; writing them anew`);
    return null;
  }
  return FEATHER_LANGS.map((lang) => files.find((file) => file.lang === lang)!);
}

/** Reads every product, keeping cprcode order and dropping malformed or repeated cprcodes (logged). */
async function collect(source: ProductSource, lists: StringLists, log: CatalogLogger, pause: Pause): Promise<Product[]> {
  const products: Product[] = [];
  // A shallow copy that shares the interned lists; the caller's object is left as it was.
  const take = (p: Product): Product => ({ ...p, keywords: lists.intern(p.keywords) as string[], availStore: lists.intern(p.availStore) as string[] });
  if (Symbol.asyncIterator in source) {
    for await (const batch of source) {
      for (const product of batch) products.push(take(product));
      await pause();
    }
  } else {
    for (const product of source) products.push(take(product));
  }
  let sorted = true;
  for (let i = 1; i < products.length && sorted; i++) sorted = compareCprcode(products[i - 1]!.cprcode, products[i]!.cprcode) < 0;
  if (sorted && products.every((p) => isCprcode(p.cprcode))) return products;

  const valid = products.filter((p) => isCprcode(p.cprcode));
  if (valid.length !== products.length) log(`catalog snapshot: skipped ${products.length - valid.length} products with a malformed cprcode`);
  valid.sort((a, b) => compareCprcode(a.cprcode, b.cprcode));
  const unique = valid.filter((p, i) => i === 0 || valid[i - 1]!.cprcode !== p.cprcode);
  if (unique.length !== valid.length) log(`catalog snapshot: skipped ${valid.length - unique.length} products with a repeated cprcode`);
  return unique;
}

/**
 * Builds a snapshot straight from the grocer: reads its catalog version, then exports the whole
 * catalog (inactive and offline products included).
 */
export async function buildSnapshotFromGrocer(grocer: Pick<GrocerGateway, 'catalogVersion' | 'exportCatalog'>, options: BuildSnapshotOptions & { exportBatchSize?: number | undefined }): Promise<CatalogSnapshot> {
  const version = await grocer.catalogVersion();
  return buildCatalogSnapshot(grocer.exportCatalog({ batchSize: options.exportBatchSize ?? 1000 }), {
    ...options,
    source: { version: version.version, updatedAt: version.updatedAt },
  });
}
