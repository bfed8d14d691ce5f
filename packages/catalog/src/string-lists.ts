/**
 * Interns the catalog's string lists (store codes, keywords): grocery catalogs repeat the same
 * lists across thousands of products, so each distinct list is held once in memory, and what is
 * derived from a list (its JSON, its search text) can be computed once per array.
 */
export class StringLists {
  // Lists bucketed by their first and last items; equal lists from one grocer share their string
  // objects, so comparing candidates item by item is cheap. Nested maps look the ends up without
  // building a key string per list (which cost twice as much).
  readonly #buckets = new Map<string, Map<string, (readonly string[])[]>>();

  /** The one shared array with this content. */
  intern(list: readonly string[]): readonly string[] {
    if (list.length === 0) return EMPTY;
    const first = list[0]!;
    let byLast = this.#buckets.get(first);
    if (!byLast) this.#buckets.set(first, (byLast = new Map<string, (readonly string[])[]>()));
    const last = list[list.length - 1]!;
    const bucket = byLast.get(last);
    if (!bucket) {
      byLast.set(last, [list]);
      return list;
    }
    for (const known of bucket) if (sameItems(known, list)) return known;
    bucket.push(list);
    return list;
  }
}

const EMPTY: readonly string[] = Object.freeze([]);

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
