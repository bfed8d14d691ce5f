/**
 * Synonym sets (data/synonyms.json): words that name the same goods in other Englishes
 * ("courgette", "zucchini"; "kitchen roll", "paper towel"), other spellings, and Thai everyday
 * words for the catalog's formal ones. At build time each phrase is resolved against the index
 * (a phrase of several words becomes the synthetic term of the documents holding all of them); at
 * query time a phrase found in the query also reads as every other phrase of its set.
 */
import { readFileSync } from 'node:fs';

/** Phrases by their first term: each is a term sequence, the term it is itself (or -1), and what else it reads as. */
export type SynonymIndex = Map<string, { terms: string[]; own: number; alternatives: number[] }[]>;

const DEFAULT_LEXICON_URL = new URL('../data/synonyms.json', import.meta.url);
let defaultSets: string[][] | null = null;

/** The synonym sets shipped with the package (read once). */
export function defaultSynonymSets(): string[][] {
  defaultSets ??= parseSynonymSets(JSON.parse(readFileSync(DEFAULT_LEXICON_URL, 'utf8')) as unknown);
  return defaultSets;
}

/** Checks the shape of a synonym document (`{ sets: [[...], ...] }` or a bare list of sets) and returns its sets. */
export function parseSynonymSets(value: unknown): string[][] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null && Array.isArray((value as { sets?: unknown }).sets)
      ? (value as { sets: unknown[] }).sets
      : null;
  if (list === null) throw new TypeError('synonyms: expected { sets: [[...], ...] }');
  return list.map((set: unknown, i: number) => {
    if (!Array.isArray(set) || set.length < 2 || !set.every((p) => typeof p === 'string'))
      throw new TypeError(`synonyms: set ${i} must list at least two phrases`);
    return set as string[];
  });
}

/** How the compiler sees the index it compiles for. */
export interface SynonymCompileContext {
  /** The index terms of a phrase, cut as a query is. */
  terms(phrase: string): string[];
  termId(term: string): number | undefined;
  /** A synthetic term for documents holding all of `terms`, or undefined when none does. */
  phraseTerm(terms: readonly number[]): number | undefined;
}

/** Resolves the sets against one index; phrases no document holds read as the others but add nothing. */
export function compileSynonyms(sets: readonly (readonly string[])[], context: SynonymCompileContext): SynonymIndex {
  const index: SynonymIndex = new Map();
  for (const set of sets) {
    const phrases = set.map((phrase) => {
      const terms = context.terms(phrase);
      const ids = terms.map((t) => context.termId(t));
      let own: number | undefined;
      if (terms.length > 0 && ids.every((id) => id !== undefined))
        own = ids.length === 1 ? ids[0] : context.phraseTerm(ids as number[]);
      return { terms, own: own ?? -1 };
    });
    for (const phrase of phrases) {
      if (phrase.terms.length === 0) continue;
      const alternatives = [
        ...new Set(phrases.filter((other) => other.own >= 0 && other.own !== phrase.own).map((other) => other.own)),
      ];
      if (alternatives.length === 0) continue;
      const first = phrase.terms[0]!;
      const entry = { terms: phrase.terms, own: phrase.own, alternatives };
      const list = index.get(first);
      if (list === undefined) index.set(first, [entry]);
      else {
        const same = list.find((e) => e.terms.join(' ') === entry.terms.join(' '));
        if (same === undefined) list.push(entry);
        else same.alternatives = [...new Set([...same.alternatives, ...alternatives])];
      }
    }
  }
  // Longest phrase first, so that "ice lolly" wins over "lolly".
  for (const list of index.values()) list.sort((a, b) => b.terms.length - a.terms.length);
  return index;
}
