import type { Product } from '@grocery/core';
import type { CategoryTotal } from '@grocery/core/ports';
import { categoryKey } from '@grocery/search';
import type { BuildClock } from './build-clock.ts';
import type { CatalogLogger } from './catalog-logger.ts';
import type { SnapshotParts } from './catalog-snapshot.ts';
import type { Pause } from './feather-writer.ts';
import { NO_TEXT, ProductRowsWriter, SNAPSHOT_FLAGS, TEXT, TEXT_STRIDE } from './product-rows.ts';
import { identitySearchText, keywordSearchText } from './search-text.ts';
import { SubstringFilterWriter } from './substring-filter.ts';
import { startSnapshotWork, type SnapshotWorkRunner } from './snapshot-worker-client.ts';
import type { SnapshotWorkResult } from './snapshot-work.ts';

/** Rows handed to the file writer at a time. */
const CHUNK_ROWS = 2048;

/** What a build's indexer hands over once the last product is in: its parts of the snapshot, and what the file writer wrote. */
export interface IndexedProducts {
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
export class SnapshotIndexer {
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
