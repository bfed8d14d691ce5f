import type { Product } from '@grocery/core';

/**
 * Products in columns, the form in which a build hands them to the thread that writes the search
 * text and the download files. Structured clone of product objects costs ~5 µs each (200 ms for
 * 40k, on the event loop); a few arrays of strings and typed arrays cost a few milliseconds. The
 * texts that repeat across a catalog (brands, sizes, countries, category names and codes, update
 * times) travel as ids into a dictionary that grows with the build, and each distinct string list
 * (keywords, stores) travels once.
 */
export interface ProductRows {
  count: number;
  cprcode: string[];
  nameEn: string[];
  nameTh: string[];
  barcode: (string | null)[];
  /** `TEXT_STRIDE` dictionary ids per row (see `TEXT`), row after row; `NO_TEXT` is null. */
  texts: Int32Array;
  /** List ids per row: keywords, then stores. */
  lists: Int32Array;
  /** `ROW_*` bits per row. */
  flags: Uint8Array;
  /** Product-detail price in satang; meaningful where the row has `ROW_PRICE`. */
  priceSatang: Float64Array;
  /** Dictionary texts first used by these rows, in id order (ids continue from earlier rows). */
  newTexts: string[];
  /** Lists first used by these rows, in id order. */
  newLists: string[][];
}

/** Positions of the repeated texts in `ProductRows.texts`. */
export const TEXT = {
  brandEn: 0,
  brandTh: 1,
  sizeDesc: 2,
  countryEn: 3,
  l1: 4,
  l2: 5,
  l3: 6,
  l1Th: 7,
  l2Th: 8,
  l3Th: 9,
  code1: 10,
  code2: 11,
  code3: 12,
  updatedAt: 13,
} as const;
export const TEXT_STRIDE = 14;
/** The id of a null text. */
export const NO_TEXT = -1;

export const LIST_KEYWORDS = 0;
export const LIST_STORES = 1;

// The first three bits are the snapshot's own flags (`CatalogSnapshot.select`), so a row's flags
// serve the snapshot as they are once masked with `SNAPSHOT_FLAGS`.
export const FLAG_ACTIVE = 1;
export const FLAG_ONLINE = 2;
export const FLAG_ALCOHOL = 4;
export const SNAPSHOT_FLAGS = FLAG_ACTIVE | FLAG_ONLINE | FLAG_ALCOHOL;
export const ROW_IMAGE = 8;
export const ROW_PRICE = 16;

/**
 * The build's dictionary of repeated texts (main thread): one id per distinct string, and what
 * the build derives from each (its category key) computed once per id.
 */
class TextDictionary {
  readonly #ids = new Map<string, number>();
  readonly #texts: string[] = [];
  readonly #derived: (string | undefined)[] = [];
  #sent = 0;

  id(text: string | null): number {
    if (text === null) return NO_TEXT;
    let id = this.#ids.get(text);
    if (id === undefined) {
      id = this.#texts.length;
      this.#ids.set(text, id);
      this.#texts.push(text);
    }
    return id;
  }

  /** `derive(text)`, computed once per id; one derivation per dictionary. */
  derived(id: number, derive: (text: string) => string): string {
    let value = this.#derived[id];
    if (value === undefined) this.#derived[id] = value = derive(this.#texts[id]!);
    return value;
  }

  /** The texts added since the last call. */
  takeNew(): string[] {
    const added = this.#texts.slice(this.#sent);
    this.#sent = this.#texts.length;
    return added;
  }
}

/** Ids of the build's interned lists (main thread), each list's content sent once. */
class ListDictionary {
  readonly #ids = new Map<readonly string[], number>();
  readonly #lists: (readonly string[])[] = [];
  #sent = 0;

  /** The id of an interned list (`StringLists.intern`): equal lists are one array, so identity is content. */
  id(list: readonly string[]): number {
    let id = this.#ids.get(list);
    if (id === undefined) {
      id = this.#lists.length;
      this.#ids.set(list, id);
      this.#lists.push(list);
    }
    return id;
  }

  takeNew(): string[][] {
    const added = this.#lists.slice(this.#sent).map((list) => [...list]);
    this.#sent = this.#lists.length;
    return added;
  }
}

/** Collects products into `ProductRows`, up to `capacity` rows at a time. */
export class ProductRowsWriter {
  readonly texts = new TextDictionary();
  readonly lists = new ListDictionary();
  readonly #capacity: number;
  #rows: ProductRows;

  constructor(capacity: number) {
    this.#capacity = capacity;
    this.#rows = emptyRows(capacity);
  }

  get count(): number {
    return this.#rows.count;
  }

  /** Appends a product and returns its row in the `current*` arrays. */
  add(p: Product): number {
    const rows = this.#rows;
    const row = rows.count++;
    const texts = this.texts;
    const ids = rows.texts;
    const t = row * TEXT_STRIDE;
    const c = p.category;
    const [code1, code2, code3] = p.grocerCategoryCodes;
    ids[t + TEXT.brandEn] = texts.id(p.brandEn);
    ids[t + TEXT.brandTh] = texts.id(p.brandTh);
    ids[t + TEXT.sizeDesc] = texts.id(p.sizeDesc);
    ids[t + TEXT.countryEn] = texts.id(p.countryEn);
    ids[t + TEXT.l1] = texts.id(c.l1);
    ids[t + TEXT.l2] = texts.id(c.l2);
    ids[t + TEXT.l3] = texts.id(c.l3);
    ids[t + TEXT.l1Th] = texts.id(c.l1Th);
    ids[t + TEXT.l2Th] = texts.id(c.l2Th);
    ids[t + TEXT.l3Th] = texts.id(c.l3Th);
    ids[t + TEXT.code1] = texts.id(code1);
    ids[t + TEXT.code2] = texts.id(code2);
    ids[t + TEXT.code3] = texts.id(code3);
    ids[t + TEXT.updatedAt] = texts.id(p.updatedAt);
    rows.lists[2 * row + LIST_KEYWORDS] = this.lists.id(p.keywords);
    rows.lists[2 * row + LIST_STORES] = this.lists.id(p.availStore);
    const price = p.detailPriceSatang;
    rows.flags[row] =
      (p.active ? FLAG_ACTIVE : 0) |
      (p.online ? FLAG_ONLINE : 0) |
      (p.alcohol ? FLAG_ALCOHOL : 0) |
      (p.hasImage ? ROW_IMAGE : 0) |
      (price === null ? 0 : ROW_PRICE);
    if (price !== null) rows.priceSatang[row] = price;
    rows.cprcode.push(p.cprcode);
    rows.nameEn.push(p.nameEn);
    rows.nameTh.push(p.nameTh);
    rows.barcode.push(p.barcode);
    return row;
  }

  // The rows added since the last `take`, valid until the next one.

  /** Text ids, `TEXT_STRIDE` per row. */
  get currentTexts(): Int32Array {
    return this.#rows.texts;
  }

  /** List ids, two per row (`LIST_KEYWORDS`, `LIST_STORES`). */
  get currentLists(): Int32Array {
    return this.#rows.lists;
  }

  /** `FLAG_*` and `ROW_*` bits, one per row. */
  get currentFlags(): Uint8Array {
    return this.#rows.flags;
  }

  /** The rows added since the last call, trimmed, with the dictionary entries they introduced. */
  take(): ProductRows {
    const rows = this.#rows;
    const n = rows.count;
    this.#rows = emptyRows(this.#capacity);
    return {
      ...rows,
      texts: rows.texts.slice(0, n * TEXT_STRIDE),
      lists: rows.lists.slice(0, n * 2),
      flags: rows.flags.slice(0, n),
      priceSatang: rows.priceSatang.slice(0, n),
      newTexts: this.texts.takeNew(),
      newLists: this.lists.takeNew(),
    };
  }
}

function emptyRows(capacity: number): ProductRows {
  return {
    count: 0,
    cprcode: [],
    nameEn: [],
    nameTh: [],
    barcode: [],
    texts: new Int32Array(capacity * TEXT_STRIDE),
    lists: new Int32Array(capacity * 2),
    flags: new Uint8Array(capacity),
    priceSatang: new Float64Array(capacity),
    newTexts: [],
    newLists: [],
  };
}

/**
 * The dictionaries as the receiving thread rebuilds them from the rows' `newTexts` and
 * `newLists`, with each entry's UTF-8 encoded once (copying bytes beats encoding them again).
 */
export class ReceivedDictionary {
  readonly #textBytes: Buffer[] = [];
  readonly #listBytes: Buffer[] = [];
  readonly #itemBytes: Int32Array[] = [];

  receive(rows: ProductRows): void {
    for (const text of rows.newTexts) this.#textBytes.push(Buffer.from(text, 'utf8'));
    for (const list of rows.newLists) {
      // Each item is encoded on its own, as a value of its own.
      const items = list.map((item) => Buffer.from(item, 'utf8'));
      this.#listBytes.push(Buffer.concat(items));
      this.#itemBytes.push(Int32Array.from(items, (item) => item.length));
    }
  }

  /** The UTF-8 of a text (not `NO_TEXT`). */
  textBytes(id: number): Buffer {
    return this.#textBytes[id]!;
  }

  /** The list's items' UTF-8, back to back. */
  listBytes(id: number): Buffer {
    return this.#listBytes[id]!;
  }

  /** The byte length of each of the list's items. */
  listItemBytes(id: number): Int32Array {
    return this.#itemBytes[id]!;
  }
}
