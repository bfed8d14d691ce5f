import { performance } from 'node:perf_hooks';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { isCprcode, systemClock, type CategoryTotal, type Clock, type GrocerGateway, type Product } from '@grocery/core';
import { CATALOG_RECORD_SCHEMA_VERSION, FEATHER_LANGS, localisedRecordPart, sharedRecordPart, sharedScalarPart, trimTrailingSlash, type CatalogLang } from './catalog-record.ts';
import { CatalogSnapshot, compareCprcode, FLAG_ACTIVE, FLAG_ALCOHOL, FLAG_ONLINE, type CatalogManifest, type RecordJson } from './catalog-snapshot.ts';
import { readFeatherInfo } from './feather-reader.ts';
import { FeatherAssembler, snapshotVersionOf, type FeatherFile, type Pause } from './feather-writer.ts';
import { grow, SearchTextWriter, sealBuffer } from './search-index.ts';
import { identitySearchText, keywordSearchText, normalizeSearchText, productSearchText } from './search-text.ts';
import { StringLists } from './string-lists.ts';

/** How a build spent its time, in ms (for logs, metrics and the benchmark). */
export interface BuildStats {
  totalMs: number;
  /** Total minus the time the build waited while the event loop ran other work. */
  workMs: number;
  /** Longest stretch the build held the event loop, and the stage it was in. */
  longestSliceMs: number;
  longestSliceStage: string;
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
  /** Rows per Arrow record batch of the download files (fixed, so equal content gives equal bytes). Default 16384. */
  batchRows?: number | undefined;
  /** Longest stretch of work before the event loop gets a turn, in ms. Default 10. */
  sliceMs?: number | undefined;
  /** Builds running longer than this log a progress line about every second. Default 1000 ms. */
  progressAfterMs?: number | undefined;
  /** Download files of a published snapshot, served as they are instead of writing new ones (when they fit, see `usablePrebuiltFiles`). */
  prebuiltFiles?: readonly FeatherFile[] | undefined;
  /** Build time to record (a published snapshot keeps its own); defaults to the clock's now. */
  builtAt?: string | undefined;
}

type ProductSource = Iterable<Product> | AsyncIterable<readonly Product[]>;

/** Folds a category name or code into the key the category indexes use. */
export function categoryKey(value: string): string {
  return normalizeSearchText(value);
}

const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;
const AVAIL_STORE_KEY = Buffer.from(',"avail_store":');

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

/** Growing byte buffers of both languages' records, each record followed by a comma. */
class RecordJsonWriter {
  readonly #publicBaseUrl: string;
  readonly #buffers: Record<CatalogLang, Buffer>;
  readonly #offsets: Record<CatalogLang, Uint32Array>;
  readonly #position: Record<CatalogLang, number> = { en: 0, th: 0 };
  readonly #rows: number;
  #count = 0;

  readonly #lists: StringLists;

  constructor(products: readonly Product[], publicBaseUrl: string, lists: StringLists) {
    const rows = products.length;
    this.#publicBaseUrl = publicBaseUrl;
    this.#lists = lists;
    this.#rows = rows;
    // Sized from a sample so that the buffers rarely grow (each growth copies everything so far).
    const sample = sampleOf(products);
    const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
    const tail = average(sample, (p) => bytes(JSON.stringify(sharedRecordPart(p, publicBaseUrl))));
    const perRow = (lang: CatalogLang) => Math.ceil((average(sample, (p) => bytes(JSON.stringify(localisedRecordPart(p, lang)))) + tail) * 1.06) + 8;
    this.#buffers = { en: Buffer.allocUnsafeSlow(Math.max(4096, rows * perRow('en'))), th: Buffer.allocUnsafeSlow(Math.max(4096, rows * perRow('th'))) };
    this.#offsets = { en: new Uint32Array(rows + 1), th: new Uint32Array(rows + 1) };
  }

  /**
   * Appends the product's record in both languages. Equal to `JSON.stringify(toCatalogRecord(...))`;
   * the language-neutral tail is serialised and encoded once, then copied into the other language.
   */
  add(product: Product): void {
    // The lists close the record; each distinct list is serialised and encoded once.
    const lists = this.#lists;
    const scalars = `${JSON.stringify(sharedScalarPart(product, this.#publicBaseUrl)).slice(1, -1)},"keywords":`;
    const keywords = lists.jsonBytes(product.keywords);
    const stores = lists.jsonBytes(product.availStore);
    const enHead = JSON.stringify(localisedRecordPart(product, 'en')).slice(0, -1);
    const thHead = JSON.stringify(localisedRecordPart(product, 'th')).slice(0, -1);

    const en = this.#reserve('en', (enHead.length + scalars.length) * 3 + keywords.length + stores.length + AVAIL_STORE_KEY.length + 3);
    let p = this.#position.en;
    p += en.write(enHead, p, 'utf8');
    en[p++] = COMMA;
    const tailStart = p;
    p += en.write(scalars, p, 'utf8');
    en.set(keywords, p);
    p += keywords.length;
    en.set(AVAIL_STORE_KEY, p);
    p += AVAIL_STORE_KEY.length;
    en.set(stores, p);
    p += stores.length;
    en[p++] = CLOSE_BRACE;
    const tailEnd = p;
    en[p++] = COMMA;
    this.#position.en = p;

    const th = this.#reserve('th', thHead.length * 3 + (tailEnd - tailStart) + 2);
    let q = this.#position.th;
    q += th.write(thHead, q, 'utf8');
    th[q++] = COMMA;
    th.set(en.subarray(tailStart, tailEnd), q);
    q += tailEnd - tailStart;
    th[q++] = COMMA;
    this.#position.th = q;

    this.#count++;
    this.#offsets.en[this.#count] = p;
    this.#offsets.th[this.#count] = q;
  }

  /** The language's buffer with room for `bytes` more (UTF-8 needs at most 3 bytes per UTF-16 unit). */
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
  const batchRows = options.batchRows ?? 16_384;
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
  const json = new RecordJsonWriter(products, publicBaseUrl, lists);
  const top = new Map<string, CategoryTotal>();
  const prebuilt = usablePrebuiltFiles(options.prebuiltFiles, publicBaseUrl, log);
  const assembler = prebuilt ? null : new FeatherAssembler(publicBaseUrl, lists);
  const search = new SearchTextWriter(n, Math.ceil(average(sampleOf(products), (p) => Buffer.byteLength(productSearchText(p), 'utf8')) * 1.06) + 8);

  // Category names repeat across thousands of products; fold each distinct one once.
  const folded = new Map<string, string>();
  const keyOf = (value: string) => {
    let key = folded.get(value);
    if (key === undefined) folded.set(value, (key = categoryKey(value)));
    return key;
  };
  const push = (map: Map<string, number[]>, key: string, index: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [index]);
    // Each product appears once per key even when several of its names fold to the same key.
    else if (list[list.length - 1] !== index) list.push(index);
  };

  progress.enter('indexing');
  for (let batchStart = 0; batchStart < n; batchStart += batchRows) {
    const batchEnd = Math.min(n, batchStart + batchRows);
    for (let i = batchStart; i < batchEnd; i++) {
      const p = products[i]!;
      indexByCprcode.set(p.cprcode, i);
      search.add(identitySearchText(p), lists.derivedBytes(p.keywords, keywordSearchText));
      flags[i] = (p.active ? FLAG_ACTIVE : 0) | (p.online ? FLAG_ONLINE : 0) | (p.alcohol ? FLAG_ALCOHOL : 0);
      const c = p.category;
      const names: [string, string][] = [
        [c.l1, c.l1Th],
        [c.l2, c.l2Th],
        [c.l3, c.l3Th],
      ];
      for (let level = 0; level < 3; level++) {
        const [en, th] = names[level]!;
        const enKey = keyOf(en);
        const thKey = keyOf(th);
        if (enKey) push(levelLists[level]!, enKey, i), push(anyLists, enKey, i);
        if (thKey) push(levelLists[level]!, thKey, i), push(anyLists, thKey, i);
        const codeKey = keyOf(p.grocerCategoryCodes[level]);
        if (codeKey) push(anyLists, codeKey, i);
      }
      if (p.active && p.online && c.l1) {
        const entry = top.get(c.l1);
        if (entry) entry.count++;
        else top.set(c.l1, { name: c.l1, nameTh: c.l1Th, count: 1 });
      }
      json.add(p);
      progress.done = i + 1;
      if ((i & 255) === 255) await pause();
    }
    if (assembler) {
      progress.enter('columns');
      await assembler.addBatch(products, batchStart, batchEnd, pause);
      progress.enter('indexing');
    }
  }

  const sealed = { en: json.seal('en'), th: json.seal('th') };
  let files: readonly FeatherFile[];
  let version: string;
  if (prebuilt) {
    files = prebuilt;
    version = prebuilt[0]!.version;
  } else {
    progress.enter('files');
    ({ version, files } = await assembler!.finish(pause));
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
    searchText: search.seal(),
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
