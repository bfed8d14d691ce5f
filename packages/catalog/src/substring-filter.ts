import { grow, sealBuffer } from './byte-buffers.ts';

const SEPARATOR = 0x01;
const EMPTY = new Uint8Array(0);

/**
 * The catalog's word filter (`GET /v1/products?q=`): which products' search text contains a
 * word, by substring, with no ranking (ranked search is packages/search). Every product's folded
 * search text is UTF-8 in one buffer, each followed by a separator byte (which also separates
 * fields), so a word is found with native `indexOf` scans. One off-heap buffer instead of a string
 * per product keeps the garbage collector out of it.
 */
export class SubstringFilter {
  readonly #bytes: Buffer;
  readonly #offsets: Uint32Array;

  constructor(bytes: Buffer, offsets: Uint32Array) {
    this.#bytes = bytes;
    this.#offsets = offsets;
  }

  get size(): number {
    return this.#offsets.length - 1;
  }

  /** The texts, each followed by a separator byte (for persisting the index). */
  get bytes(): Buffer {
    return this.#bytes;
  }

  /** Where each product's text starts, and one more entry for the end. */
  get offsets(): Uint32Array {
    return this.#offsets;
  }

  get byteLength(): number {
    return this.#bytes.byteLength;
  }

  /** The folded search text of product `index`. */
  textOf(index: number): string {
    return this.#bytes.toString('utf8', this.#offsets[index]!, this.#offsets[index + 1]! - 1);
  }

  /** Indexes (ascending) of the products whose text contains `word`. */
  containing(word: string): number[] {
    const needle = Buffer.from(word, 'utf8');
    const out: number[] = [];
    if (needle.length === 0) return out;
    const bytes = this.#bytes;
    const offsets = this.#offsets;
    let position = bytes.indexOf(needle, 0);
    while (position !== -1) {
      const index = this.#productAt(position);
      out.push(index);
      // One hit is enough; carry on from the next product.
      position = bytes.indexOf(needle, offsets[index + 1]!);
    }
    return out;
  }

  /** True when product `index`'s text contains every word. */
  matches(index: number, words: readonly string[]): boolean {
    const text = this.#bytes.subarray(this.#offsets[index]!, this.#offsets[index + 1]!);
    for (const word of words) if (text.indexOf(word, 0, 'utf8') === -1) return false;
    return true;
  }

  #productAt(position: number): number {
    const offsets = this.#offsets;
    let lo = 0;
    let hi = offsets.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (offsets[mid]! <= position) lo = mid;
      else hi = mid;
    }
    return lo;
  }
}

/** Collects products' search texts into a `SubstringFilter`. */
export class SubstringFilterWriter {
  #bytes: Buffer;
  #offsets: Uint32Array;
  readonly #rows: number;
  #position = 0;
  #count = 0;

  /** `rows` and `bytesPerRow` size the buffers ahead; more rows are fine. */
  constructor(rows: number, bytesPerRow = 1024) {
    this.#rows = rows;
    this.#bytes = Buffer.allocUnsafeSlow(Math.max(1024, rows * bytesPerRow));
    this.#offsets = new Uint32Array(rows + 1);
  }

  /** Adds one product's text: `text`, then `tail` (already UTF-8, e.g. its shared keywords). */
  add(text: string, tail: Uint8Array = EMPTY): void {
    // UTF-8 needs at most 3 bytes per UTF-16 unit, plus the separator.
    const need = this.#position + text.length * 3 + tail.length + 1;
    if (need > this.#bytes.length) this.#bytes = grow(this.#bytes, this.#position, need, this.#count, this.#rows);
    this.#position += this.#bytes.write(text, this.#position, 'utf8');
    this.#bytes.set(tail, this.#position);
    this.#position += tail.length;
    this.#bytes[this.#position++] = SEPARATOR;
    if (this.#count + 1 === this.#offsets.length) {
      const offsets = new Uint32Array(this.#offsets.length * 2);
      offsets.set(this.#offsets);
      this.#offsets = offsets;
    }
    this.#offsets[++this.#count] = this.#position;
  }

  seal(): SubstringFilter {
    return new SubstringFilter(sealBuffer(this.#bytes, this.#position), this.#offsets.slice(0, this.#count + 1));
  }
}
