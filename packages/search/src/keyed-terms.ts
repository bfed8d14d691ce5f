/**
 * Other spellings that lead to index terms: a sorted list of keys, each with the terms it stands
 * for (CSR, typed arrays) and the word each term is, e.g. a Thai word without its tone marks, or
 * its romanisation. Plain data, so it crosses a worker boundary by structured clone with the rest
 * of the index.
 */
import { lowerBound } from './typo-matcher.ts';

/** `keys` in code-unit order; the terms of `keys[i]` are `terms[offsets[i]..offsets[i+1])`, their words at the same places of `words`. */
export interface KeyedTerms {
  keys: string[];
  offsets: Uint32Array;
  terms: Uint32Array;
  words: string[];
}

/** Builds the table from (key, term, word) entries; a term under one key counts once. */
export function buildKeyedTerms(entries: Iterable<readonly [key: string, term: number, word: string]>): KeyedTerms {
  const byKey = new Map<string, Map<number, string>>();
  for (const [key, term, word] of entries) {
    if (key.length === 0) continue;
    const terms = byKey.get(key);
    if (terms === undefined) byKey.set(key, new Map([[term, word]]));
    else terms.set(term, word);
  }
  const keys = [...byKey.keys()].sort();
  const offsets = new Uint32Array(keys.length + 1);
  const terms = new Uint32Array([...byKey.values()].reduce((sum, m) => sum + m.size, 0));
  const words: string[] = [];
  keys.forEach((key, i) => {
    const entries = [...byKey.get(key)!].sort((a, b) => a[0] - b[0]);
    offsets[i + 1] = offsets[i]! + entries.length;
    entries.forEach(([term, word], j) => {
      terms[offsets[i]! + j] = term;
      words.push(word);
    });
  });
  return { keys, offsets, terms, words };
}

/** The range [start, end) of `table.terms` (and `table.words`) under `key`; empty when it is not a key. */
export function keyRange(table: KeyedTerms, key: string): [number, number] {
  const i = lowerBound(table.keys, key);
  return table.keys[i] === key ? [table.offsets[i]!, table.offsets[i + 1]!] : [0, 0];
}
