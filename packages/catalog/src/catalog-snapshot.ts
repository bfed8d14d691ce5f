import type { components } from './generated/catalog-api.ts';
import type { CategoryTotal } from '@grocery/core/ports';
import type { Product } from '@grocery/core';
import { LRUCache } from 'lru-cache';
import { toCatalogRecord, type CatalogLang, type CatalogRecord, type FeatherLang } from './catalog-record.ts';
import type { FeatherFile } from './feather-writer.ts';
import type { RecordJsonStore } from './record-json.ts';
import type { SubstringFilter } from './substring-filter.ts';

/** One download file as the manifest lists it. */
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
   * search text, category indexes); columns (handing rows to the file writer, and, without the
   * worker, writing them); files (finishing the files, or
   * waiting for the worker to finish them).
   */
  stages: { reading: number; indexing: number; columns: number; files: number };
}

export interface CatalogFileInfo {
  /** `catalog-<version>-<lang>.feather`. */
  name: string;
  lang: FeatherLang;
  /** Size of the file in bytes. */
  bytes: number;
  /** Lowercase hex SHA-256 of the file. */
  sha256: string;
  rows: number;
  contentType: string;
}

/** `GET /v1/products/manifest`: what partners poll to detect catalog change. */
/** The manifest partners poll (GET /v1/products/manifest), typed from openapi/catalog.yaml. */
export type CatalogManifest = components['schemas']['Manifest'];

/** Which products a selection keeps; every set condition must hold. Texts are already folded. */
export interface SnapshotFilter {
  /** Words that must all occur in the product's search text. */
  words?: readonly string[] | undefined;
  /** A category at any level: online name (en or th) or grocer category code. */
  category?: string | null | undefined;
  /** Online category names per level (en or th). */
  l1?: string | null | undefined;
  l2?: string | null | undefined;
  l3?: string | null | undefined;
  active?: boolean | null | undefined;
  online?: boolean | null | undefined;
  alcohol?: boolean | null | undefined;
}

const FLAG_ACTIVE = 1;
const FLAG_ONLINE = 2;
const FLAG_ALCOHOL = 4;

/** The parts a builder assembles; a snapshot never changes after construction. */
export interface SnapshotParts {
  products: readonly Product[];
  indexByCprcode: ReadonlyMap<string, number>;
  searchText: SubstringFilter;
  flags: Uint8Array;
  categoryAny: ReadonlyMap<string, Int32Array>;
  categoryLevels: readonly [
    ReadonlyMap<string, Int32Array>,
    ReadonlyMap<string, Int32Array>,
    ReadonlyMap<string, Int32Array>,
  ];
  records: RecordJsonStore;
  /** The download files held in memory: all three when built here, the `all` file when adopted. */
  files: readonly FeatherFile[];
  topCategories: readonly CategoryTotal[];
  publicBaseUrl: string;
  manifest: CatalogManifest;
  stats: BuildStats;
}

/** Orders cprcodes numerically (shorter first, then by digits), the order of every listing and cursor. */
export function compareCprcode(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

const EMPTY = new Int32Array(0);

/** The common members of two ascending lists. */
function intersectSorted(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out;
}

/**
 * An immutable in-memory catalog snapshot: products in cprcode order, lookups, search text,
 * category indexes, the REST records' JSON per language (written on first read) and the prebuilt
 * download files. Built by `buildCatalogSnapshot`; read synchronously on the request path.
 */
export class CatalogSnapshot {
  readonly #parts: SnapshotParts;
  // Walkers page through the same filter many times; remembering its matches makes each page O(size).
  readonly #selections = new LRUCache<string, Int32Array>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (value) => value.byteLength + 64,
  });
  readonly #filesByName: ReadonlyMap<string, FeatherFile>;

  constructor(parts: SnapshotParts) {
    this.#parts = parts;
    this.#filesByName = new Map(parts.files.map((file) => [file.name, file]));
  }

  get version(): string {
    return this.#parts.manifest.version;
  }

  get builtAt(): string {
    return this.#parts.manifest.builtAt;
  }

  get manifest(): CatalogManifest {
    return this.#parts.manifest;
  }

  get size(): number {
    return this.#parts.products.length;
  }

  get publicBaseUrl(): string {
    return this.#parts.publicBaseUrl;
  }

  /** What the snapshot is made of, for the codec that persists it (`encodeSnapshot`). */
  get parts(): Readonly<SnapshotParts> {
    return this.#parts;
  }

  /** How the build that made this snapshot spent its time. */
  get stats(): BuildStats {
    return this.#parts.stats;
  }

  /**
   * The download files held in memory: all three of a snapshot built here; only `all` of one
   * adopted from the database (`CatalogSnapshots.findFile` loads the others on first download).
   * The manifest lists every file.
   */
  get files(): readonly FeatherFile[] {
    return this.#parts.files;
  }

  /** The same snapshot under a new manifest (same content re-published from a newer grocer version). */
  withManifest(manifest: CatalogManifest): CatalogSnapshot {
    if (manifest.version !== this.version)
      throw new Error('withManifest keeps the content, so the version must not change');
    return new CatalogSnapshot({ ...this.#parts, manifest });
  }

  /** Products in cprcode order. */
  products(): readonly Product[] {
    return this.#parts.products;
  }

  at(index: number): Product {
    return this.#parts.products[index]!;
  }

  indexOf(cprcode: string): number {
    return this.#parts.indexByCprcode.get(cprcode) ?? -1;
  }

  get(cprcode: string): Product | undefined {
    const index = this.#parts.indexByCprcode.get(cprcode);
    return index === undefined ? undefined : this.#parts.products[index];
  }

  record(lang: CatalogLang, index: number): CatalogRecord {
    return toCatalogRecord(this.at(index), lang, this.#parts.publicBaseUrl);
  }

  /** The JSON of one record. */
  recordJson(lang: CatalogLang, index: number): Uint8Array {
    return this.#parts.records.record(lang, index);
  }

  /**
   * The JSON of the records at `indexes[start..end)` (at `start..end` when `indexes` is null),
   * comma-separated, as pieces to concatenate.
   */
  recordJsonPieces(lang: CatalogLang, indexes: ArrayLike<number> | null, start: number, end: number): Uint8Array[] {
    return this.#parts.records.pieces(lang, indexes, start, end);
  }

  /**
   * Indexes (ascending, so in cprcode order) of the products the filter keeps, or null when it
   * keeps every product.
   */
  select(filter: SnapshotFilter): Int32Array | null {
    const words = filter.words ?? [];
    const { category, l1, l2, l3 } = filter;
    const active = filter.active ?? null;
    const online = filter.online ?? null;
    const alcohol = filter.alcohol ?? null;
    if (words.length === 0 && !category && !l1 && !l2 && !l3 && active === null && online === null && alcohol === null)
      return null;
    const key = JSON.stringify([words, category ?? null, l1 ?? null, l2 ?? null, l3 ?? null, active, online, alcohol]);
    const cached = this.#selections.get(key);
    if (cached) return cached;

    const { categoryAny, categoryLevels, flags, searchText } = this.#parts;
    const lists: Int32Array[] = [];
    if (category) lists.push(categoryAny.get(category) ?? EMPTY);
    if (l1) lists.push(categoryLevels[0].get(l1) ?? EMPTY);
    if (l2) lists.push(categoryLevels[1].get(l2) ?? EMPTY);
    if (l3) lists.push(categoryLevels[2].get(l3) ?? EMPTY);
    // null stands for "every product" until some condition narrows it.
    let kept: ArrayLike<number> | null = null;
    if (lists.length > 0) {
      lists.sort((a, b) => a.length - b.length);
      kept = lists.slice(1).reduce<ArrayLike<number>>((acc, list) => intersectSorted(acc, list), lists[0]!);
    }
    if (words.length > 0) {
      if (kept !== null && kept.length < this.size / 16) {
        // A few candidates: look inside each of them rather than scanning the whole catalog.
        const candidates: ArrayLike<number> = kept;
        const out: number[] = [];
        for (let k = 0; k < candidates.length; k++)
          if (searchText.matches(candidates[k]!, words)) out.push(candidates[k]!);
        kept = out;
      } else {
        for (const word of words) {
          const hits = searchText.containing(word);
          kept = kept === null ? hits : intersectSorted(kept, hits);
          if (kept.length === 0) break;
        }
      }
    }
    let mask = 0;
    let want = 0;
    if (active !== null) {
      mask |= FLAG_ACTIVE;
      want |= active ? FLAG_ACTIVE : 0;
    }
    if (online !== null) {
      mask |= FLAG_ONLINE;
      want |= online ? FLAG_ONLINE : 0;
    }
    if (alcohol !== null) {
      mask |= FLAG_ALCOHOL;
      want |= alcohol ? FLAG_ALCOHOL : 0;
    }
    let selection: Int32Array;
    if (mask === 0) {
      selection = Int32Array.from(kept ?? []);
    } else if (kept === null) {
      const out: number[] = [];
      for (let i = 0; i < flags.length; i++) if ((flags[i]! & mask) === want) out.push(i);
      selection = Int32Array.from(out);
    } else {
      const out: number[] = [];
      for (let k = 0; k < kept.length; k++) if ((flags[kept[k]!]! & mask) === want) out.push(kept[k]!);
      selection = Int32Array.from(out);
    }
    this.#selections.set(key, selection);
    return selection;
  }

  /** Position in `selection` (or in all products when null) of the first product after `cursor`. */
  positionAfter(selection: Int32Array | null, cursor: string): number {
    const products = this.#parts.products;
    let lo = 0;
    let hi = selection ? selection.length : products.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const index = selection ? selection[mid]! : mid;
      if (compareCprcode(products[index]!.cprcode, cursor) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Top-level online categories that hold at least one active online product, by English name. */
  categories(): readonly CategoryTotal[] {
    return this.#parts.topCategories;
  }

  /** A download file held in memory (see `files`), or undefined. */
  file(lang: FeatherLang): FeatherFile | undefined {
    return this.#parts.files.find((file) => file.lang === lang);
  }

  /** The manifest's entry for a download file (every snapshot lists all three). */
  fileInfo(lang: FeatherLang): CatalogManifest['files'][number] {
    return this.#parts.manifest.files.find((file) => file.lang === lang)!;
  }

  fileByName(name: string): FeatherFile | undefined {
    return this.#filesByName.get(name);
  }
}
