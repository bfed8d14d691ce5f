/**
 * Typo tolerance as Meilisearch and Typesense define it: no typo below 5 characters, one from 5,
 * two from 9, counted as Damerau-Levenshtein edits (optimal string alignment, so a swap of two
 * neighbours is one typo). Candidates come from a walk over the sorted word list that acts as an
 * implicit trie: words sharing a prefix share the DP rows of that prefix, and a prefix whose best
 * row already exceeds the budget skips every word below it with one binary search.
 */

/**
 * Words of `sorted` within the typo budget of `query`, the way Meilisearch counts: a typo on the
 * first letter counts as two, so the first letter must match, except for a swap of the first two
 * letters ("mlik" for "milk" costs one). Both walks stay inside a prefix range, which keeps typo
 * matching fast on large vocabularies.
 *
 * @example
 * typoCandidates(['chocolate', 'cocoa'], 'chocolte', 1).map((m) => m.index) // [0]
 */
export function typoCandidates(
  sorted: readonly string[],
  query: string,
  maxEdits: number,
  options: FuzzyScanOptions = {},
): FuzzyMatch[] {
  if (query.length < 2 || maxEdits <= 0) return [];
  const [start, end] = prefixRange(sorted, query[0]!);
  const matches = fuzzyScan(sorted, query, maxEdits, { ...options, range: [start, end] });
  if (query[0] !== query[1]) {
    // "mlik": the first two letters swapped, one typo; the rest must then fit in the remaining budget.
    const swapped = query[1]! + query[0]! + query.slice(2);
    const [s2, e2] = prefixRange(sorted, swapped.slice(0, 2));
    for (const m of fuzzyScan(sorted, swapped.slice(2), maxEdits - 1, { ...options, range: [s2, e2], skip: 2 })) {
      matches.push({ index: m.index, distance: m.distance + 1, prefixDistance: m.prefixDistance + 1 });
    }
  }
  return matches;
}

/**
 * Words of `sorted` that are `query` with two neighbouring letters swapped ("mlik" → milk): the
 * commonest slip on a keyboard, and one that keeps every letter, so it is allowed one edit even in
 * words shorter than the typo budget's five letters (from 4 letters; in 3 a swap is another word
 * too often: "tea", "eat").
 *
 * @example
 * transposedCandidates(['milk', 'mint'], 'mlik').map((m) => m.index) // [0]
 */
export function transposedCandidates(sorted: readonly string[], query: string): FuzzyMatch[] {
  const matches: FuzzyMatch[] = [];
  if (query.length < MIN_TRANSPOSED_LENGTH || query.length > MAX_FUZZY_LENGTH) return matches;
  for (let i = 0; i + 1 < query.length; i++) {
    if (query[i] === query[i + 1]) continue;
    const swapped = query.slice(0, i) + query[i + 1]! + query[i]! + query.slice(i + 2);
    const at = lowerBound(sorted, swapped);
    if (sorted[at] === swapped && !matches.some((m) => m.index === at))
      matches.push({ index: at, distance: 1, prefixDistance: 1 });
  }
  return matches;
}

/** Shortest word that a swap of two letters may correct. */
const MIN_TRANSPOSED_LENGTH = 4;

/** Typos allowed for a query word of `length` characters: 0 below 5, 1 from 5, 2 from 9 (a swap of neighbours counts as one). */
export function typoBudget(length: number): 0 | 1 | 2 {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/** One dictionary word within the budget. */
export interface FuzzyMatch {
  /** Index of the word in the sorted list. */
  index: number;
  /** Edits between the query and the whole word, or Infinity when only a prefix is close. */
  distance: number;
  /** Edits between the query and the closest prefix of the word (≤ distance). */
  prefixDistance: number;
}

/** Options of {@link fuzzyScan}. */
export interface FuzzyScanOptions {
  /** Also accept words of which some prefix is within the budget (the query's last word). */
  prefix?: boolean;
  /** Stop after this many matches; the walk is in word order. */
  maxMatches?: number;
  /** Walk only `sorted[range[0]..range[1])`. */
  range?: readonly [number, number];
  /** Compare the query with each word from this offset on (the words share their first `skip` letters). */
  skip?: number;
}

/** Longest query word the walk accepts; longer words are not typo-matched at all. */
const MAX_FUZZY_LENGTH = 32;

/**
 * Words of `sorted` within `maxEdits` of `query` (whole word, or prefix when `options.prefix`).
 * `sorted` must be in code-unit order (the default `Array.prototype.sort`).
 *
 * @example
 * fuzzyScan(['chocolate', 'cocoa', 'milk'], 'chocolte', 1).map((m) => m.index) // [0]
 */
export function fuzzyScan(
  sorted: readonly string[],
  query: string,
  maxEdits: number,
  options: FuzzyScanOptions = {},
): FuzzyMatch[] {
  const matches: FuzzyMatch[] = [];
  const m = query.length;
  if (m === 0 || m > MAX_FUZZY_LENGTH || sorted.length === 0) return matches;
  const prefixMode = options.prefix ?? false;
  const maxMatches = options.maxMatches ?? Number.MAX_SAFE_INTEGER;
  const k = maxEdits;
  const width = m + 1;
  const maxDepth = m + k;
  const rows = new Int32Array((maxDepth + 1) * width);
  // Closest prefix distance along the current path, by depth.
  const bestPrefix = new Int32Array(maxDepth + 1);
  const q = new Uint16Array(m);
  for (let j = 0; j < m; j++) q[j] = query.charCodeAt(j);
  for (let j = 0; j <= m; j++) rows[j] = j;
  bestPrefix[0] = m;

  const skip = options.skip ?? 0;
  let previous = '';
  let validDepth = 0;
  let i = options.range?.[0] ?? 0;
  const n = Math.min(sorted.length, options.range?.[1] ?? sorted.length);
  while (i < n) {
    const full = sorted[i]!;
    const word = skip > 0 ? full.slice(skip) : full;
    let d = 0;
    const shared = Math.min(validDepth, word.length, previous.length);
    while (d < shared && word.charCodeAt(d) === previous.charCodeAt(d)) d++;
    const limit = Math.min(word.length, maxDepth);
    let pruned = false;
    while (d < limit) {
      d++;
      const rowMin = fillRow(rows, q, d, word.charCodeAt(d - 1), d > 1 ? word.charCodeAt(d - 2) : -1);
      const last = rows[d * width + m]!;
      bestPrefix[d] = last < bestPrefix[d - 1]! ? last : bestPrefix[d - 1]!;
      if (rowMin > k) {
        pruned = true;
        break;
      }
    }
    if (pruned) {
      // No word that starts with word[0, d) can match: skip them all.
      const end = Math.min(n, upperBoundOfPrefix(sorted, full.slice(0, skip + d), i));
      previous = word;
      validDepth = d - 1;
      i = end;
      continue;
    }
    const distance = d === word.length ? rows[d * width + m]! : Number.POSITIVE_INFINITY;
    const prefixDistance = bestPrefix[d]!;
    if (distance <= k || (prefixMode && prefixDistance <= k)) {
      matches.push({ index: i, distance: distance <= k ? distance : Number.POSITIVE_INFINITY, prefixDistance });
      if (matches.length >= maxMatches) break;
    }
    previous = word;
    validDepth = d;
    i++;
  }
  return matches;
}

/**
 * Row `d` of the edit-distance table between the query `q` and a word whose letter `d` is `c`
 * (`cPrev` the one before, -1 for none), from the rows above it: substitution, deletion,
 * insertion and a swap of two neighbours each cost one. Returns the row's smallest value.
 */
function fillRow(rows: Int32Array, q: Uint16Array, d: number, c: number, cPrev: number): number {
  const m = q.length;
  const row = d * (m + 1);
  const up = row - (m + 1);
  const up2 = up - (m + 1);
  rows[row] = d;
  let rowMin = d;
  for (let j = 1; j <= m; j++) {
    const cost = q[j - 1] === c ? 0 : 1;
    let v = rows[up + j - 1]! + cost;
    const del = rows[up + j]! + 1;
    if (del < v) v = del;
    const ins = rows[row + j - 1]! + 1;
    if (ins < v) v = ins;
    if (d > 1 && j > 1 && c === q[j - 2] && cPrev === q[j - 1]) {
      const swap = rows[up2 + j - 2]! + 1;
      if (swap < v) v = swap;
    }
    rows[row + j] = v;
    if (v < rowMin) rowMin = v;
  }
  return rowMin;
}

/** First index at or after `from` whose word does not start with `prefix` (words are sorted). */
export function upperBoundOfPrefix(sorted: readonly string[], prefix: string, from: number): number {
  const bound = `${prefix}\uffff`;
  let lo = from;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose word is ≥ `value`. */
export function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The range [start, end) of words that start with `prefix`. */
export function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  const start = lowerBound(sorted, prefix);
  return [start, upperBoundOfPrefix(sorted, prefix, start)];
}
