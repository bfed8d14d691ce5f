/**
 * Interns the catalog's string lists (store codes, keywords) and remembers what is derived from
 * each: grocery catalogs repeat the same lists across thousands of products, so each distinct list
 * is serialised, joined and folded once, and held once in memory.
 */
export class StringLists {
  // Lists bucketed by length and ends; equal lists from one grocer share their string objects, so
  // comparing candidates item by item is cheap (joining every list into a key was not).
  readonly #buckets = new Map<string, (readonly string[])[]>();
  readonly #json = new WeakMap<readonly string[], string>();
  readonly #jsonBytes = new WeakMap<readonly string[], Buffer>();
  readonly #joined = new WeakMap<readonly string[], string>();
  readonly #derived = new WeakMap<readonly string[], Buffer>();

  /** The one shared array with this content. */
  intern(list: readonly string[]): readonly string[] {
    if (list.length === 0) return EMPTY;
    const key = `${list.length}\u0001${list[0]}\u0001${list[list.length - 1]}`;
    const bucket = this.#buckets.get(key);
    if (!bucket) {
      this.#buckets.set(key, [list]);
      return list;
    }
    for (const known of bucket) if (sameItems(known, list)) return known;
    bucket.push(list);
    return list;
  }

  /** `JSON.stringify(list)`, computed once per list. */
  json(list: readonly string[]): string {
    let json = this.#json.get(list);
    if (json === undefined) this.#json.set(list, (json = JSON.stringify(list)));
    return json;
  }

  /** `JSON.stringify(list)` as UTF-8, encoded once per list (copying bytes beats encoding them again). */
  jsonBytes(list: readonly string[]): Buffer {
    let bytes = this.#jsonBytes.get(list);
    if (bytes === undefined) this.#jsonBytes.set(list, (bytes = Buffer.from(this.json(list), 'utf8')));
    return bytes;
  }

  /** `list.join('')`, computed once per list. */
  joined(list: readonly string[]): string {
    let joined = this.#joined.get(list);
    if (joined === undefined) this.#joined.set(list, (joined = list.join('')));
    return joined;
  }

  /** `derive(list)` as UTF-8, computed once per list (one derivation per instance). */
  derivedBytes(list: readonly string[], derive: (list: readonly string[]) => string): Buffer {
    let value = this.#derived.get(list);
    if (value === undefined) this.#derived.set(list, (value = Buffer.from(derive(list), 'utf8')));
    return value;
  }
}

const EMPTY: readonly string[] = Object.freeze([]);

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
