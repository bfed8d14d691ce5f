/**
 * Interns the catalog's string lists (store codes, keywords) and remembers what is derived from
 * each: grocery catalogs repeat the same lists across thousands of products, so each distinct list
 * is serialised once and held once in memory.
 */
export class StringLists {
  // Lists bucketed by length and ends; equal lists from one grocer share their string objects, so
  // comparing candidates item by item is cheap (joining every list into a key was not).
  readonly #buckets = new Map<string, (readonly string[])[]>();
  readonly #json = new WeakMap<readonly string[], string>();

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
}

const EMPTY: readonly string[] = Object.freeze([]);

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
