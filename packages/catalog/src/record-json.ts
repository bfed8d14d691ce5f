import type { Product } from '@grocery/core';
import { satangToThb, type CatalogLang } from './catalog-record.ts';

const COMMA = 0x2c;
const NOT_WRITTEN = -1;

// JSON.stringify escapes exactly these: quote, backslash, control characters and lone surrogates
// (a string with surrogate pairs takes the slow path too, where they come out unchanged).
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `JSON.stringify(text)`: most catalog texts need no escaping, and quoting them directly is
 * several times faster than the generic serialiser.
 */
export function jsonString(text: string): string {
  return NEEDS_ESCAPING.test(text) ? JSON.stringify(text) : `"${text}"`;
}

function jsonText(text: string | null): string {
  return text === null ? 'null' : jsonString(text);
}

function jsonNumber(value: number | null): string {
  return value !== null && Number.isFinite(value) ? String(value) : 'null';
}

/** One language's records: serialised on first use into append-only slabs, each followed by a comma. */
class LanguageRecords {
  readonly slabs: Buffer[] = [];
  /** Per record: its slab, or `NOT_WRITTEN`; then where it starts and where its comma ends. */
  readonly slabOf: Int32Array;
  readonly start: Uint32Array;
  readonly end: Uint32Array;
  readonly #slabBytes: number;
  #position = 0;

  constructor(size: number, slabBytes: number) {
    this.#slabBytes = slabBytes;
    this.slabOf = new Int32Array(size).fill(NOT_WRITTEN);
    this.start = new Uint32Array(size);
    this.end = new Uint32Array(size);
  }

  append(index: number, json: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 unit, and the comma one more.
    const room = json.length * 3 + 1;
    let slab = this.slabs[this.slabs.length - 1];
    if (!slab || this.#position + room > slab.length) {
      slab = Buffer.allocUnsafeSlow(Math.max(this.#slabBytes, room));
      this.slabs.push(slab);
      this.#position = 0;
    }
    const start = this.#position;
    const end = start + slab.write(json, start, 'utf8');
    slab[end] = COMMA;
    this.slabOf[index] = this.slabs.length - 1;
    this.start[index] = start;
    this.end[index] = this.#position = end + 1;
  }
}

/**
 * The REST records of a snapshot as JSON bytes, equal to `JSON.stringify(toCatalogRecord(...))`.
 * A record is serialised the first time a request needs it and kept for the snapshot's life, so a
 * build does no serialising (most of a 40k build's time when it did) and memory holds only the
 * records partners have read. Records are appended to slabs in the order they are first read, so
 * a walk through the catalog leaves each page's records side by side and serves a page as one or
 * two slices. A record is written from templates rather than through an object and the generic
 * serialiser (twice as fast); about 5 µs a record in all (1 ms for a page of 200), most of it the
 * first touch of the slab's fresh memory.
 */
export class RecordJsonStore {
  readonly #products: readonly Product[];
  /** Each list's JSON; a build interns equal lists into one array, so each distinct one is serialised once. */
  readonly #listJson = new WeakMap<readonly string[], string>();
  /** `"https://…/images/products/` as JSON without its closing quote; the cprcode (digits) follows. */
  readonly #imageUrlStart: string;
  readonly #slabBytes: number;
  readonly #languages: Partial<Record<CatalogLang, LanguageRecords>> = {};

  /** `slabBytes`: size of the slabs records are written to (1 MiB: a page of 200 records rarely straddles two). */
  constructor(products: readonly Product[], publicBaseUrl: string, slabBytes = 1 << 20) {
    this.#products = products;
    this.#slabBytes = slabBytes;
    this.#imageUrlStart = jsonString(`${publicBaseUrl}/images/products/`).slice(0, -1);
  }

  /** The JSON of record `index`. */
  record(lang: CatalogLang, index: number): Uint8Array {
    const records = this.#written(lang, index);
    return records.slabs[records.slabOf[index]!]!.subarray(records.start[index]!, records.end[index]! - 1);
  }

  /**
   * The records at `indexes[start..end)` (or at `start..end` when `indexes` is null), comma-separated,
   * as pieces to concatenate: records lying side by side in a slab share one piece.
   */
  pieces(lang: CatalogLang, indexes: ArrayLike<number> | null, start: number, end: number): Uint8Array[] {
    const pieces: Uint8Array[] = [];
    let records: LanguageRecords | undefined;
    let slab = NOT_WRITTEN;
    let runStart = 0;
    let runEnd = 0;
    for (let k = start; k < end; k++) {
      const index = indexes ? indexes[k]! : k;
      records = this.#written(lang, index);
      const at = records.slabOf[index]!;
      if (at === slab && records.start[index] === runEnd) {
        runEnd = records.end[index]!;
        continue;
      }
      if (slab !== NOT_WRITTEN) pieces.push(records.slabs[slab]!.subarray(runStart, runEnd));
      slab = at;
      runStart = records.start[index]!;
      runEnd = records.end[index]!;
    }
    if (slab === NOT_WRITTEN) return pieces;
    // Every record ends in its separating comma; the last one's is dropped.
    pieces.push(records!.slabs[slab]!.subarray(runStart, runEnd - 1));
    return pieces;
  }

  #written(lang: CatalogLang, index: number): LanguageRecords {
    const records = (this.#languages[lang] ??= new LanguageRecords(this.#products.length, this.#slabBytes));
    if (records.slabOf[index] === NOT_WRITTEN) records.append(index, this.#json(this.#products[index]!, lang));
    return records;
  }

  #json(p: Product, lang: CatalogLang): string {
    const c = p.category;
    const [code1, code2, code3] = p.grocerCategoryCodes;
    const nameEn = jsonString(p.nameEn);
    const nameTh = jsonString(p.nameTh);
    const brandEn = jsonText(p.brandEn);
    const brandTh = jsonText(p.brandTh);
    const head =
      lang === 'en'
        ? `{"cprcode":"${p.cprcode}","name":${nameEn},"brand":${p.brandEn !== null ? brandEn : brandTh},"category_l1":${jsonString(c.l1)},"category_l2":${jsonString(c.l2)},"category_l3":${jsonString(c.l3)},`
        : `{"cprcode":"${p.cprcode}","name":${nameTh},"brand":${p.brandTh !== null ? brandTh : brandEn},"category_l1":${jsonString(c.l1Th)},"category_l2":${jsonString(c.l2Th)},"category_l3":${jsonString(c.l3Th)},`;
    // cprcodes are digits (checked when the snapshot is built), so they and the image URL need no escaping.
    return (
      `${head}"name_en":${nameEn},"name_th":${nameTh},"brand_en":${brandEn},"brand_th":${brandTh},` +
      `"size_desc":${jsonText(p.sizeDesc)},"country":${jsonText(p.countryEn)},"barcode":${jsonText(p.barcode)},` +
      `"category_code_l1":${jsonString(code1)},"category_code_l2":${jsonString(code2)},"category_code_l3":${jsonString(code3)},` +
      `"image_url":${p.hasImage ? `${this.#imageUrlStart}${p.cprcode}"` : 'null'},"pr_active":${p.active},"online":${p.online},` +
      `"alcohol":${p.alcohol},"ba_nprice":${jsonNumber(satangToThb(p.detailPriceSatang))},"updated_at":${jsonString(p.updatedAt)},` +
      `"keywords":${this.#jsonOf(p.keywords)},"avail_store":${this.#jsonOf(p.availStore)}}`
    );
  }

  #jsonOf(list: readonly string[]): string {
    let json = this.#listJson.get(list);
    if (json === undefined) this.#listJson.set(list, (json = JSON.stringify(list)));
    return json;
  }
}
