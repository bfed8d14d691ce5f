/**
 * The clauses a query is planned into (see query-planner.ts): each is one thing the shopper asked
 * for, with the readings of it, each an index term with a weight (exact 1; prefixes, compounds and
 * typos less). Shared by the planner, the modules that read words (word-, thai- and
 * latin-readings.ts) and the ranking that scores clauses.
 */
import type { IndexData } from './index-builder.ts';

/** One way of satisfying a clause. */
export interface Expansion {
  term: number;
  weight: number;
  /** How many query tokens a match of this term accounts for (a whole Thai run or compound: more than one). */
  coverage: number;
  /** The expansion is a concept target, not a reading of the typed words. */
  target: boolean;
  /**
   * The reading is the typed words themselves, written another way (exactly, as a compound, in
   * Thai for a romanisation, with tone marks, a synonym), not a guess (a prefix, a typo).
   */
  sure: boolean;
}

export interface Clause {
  expansions: Expansion[];
  /** Query tokens the clause stands for. */
  span: number;
  /** Index of the concept the clause calls, or -1. */
  concept: number;
}

/** Weights of the ways a word can match; tuned on the judged query sets (eval/). */
export interface MatchWeights {
  exact: number;
  prefix: number;
  thaiPrefix: number;
  compound: number;
  typo1: number;
  typo2: number;
  prefixTypoFactor: number;
  /** Typo readings of a word that is itself in the catalog count for this much less (exact first). */
  typoBesideExact: number;
  /** A Thai word read without tone marks ("กุง" → กุ้ง), and the same when the typed word is a word too ("ขาว" → ข้าว). */
  toneless: number;
  tonelessBesideExact: number;
  /** A Thai word typed in Latin letters, and the same as a second thought (an English reading competes, or the aspiration differs). */
  romanised: number;
  romanisedBesideExact: number;
  /** Another phrase of a synonym set. */
  synonym: number;
  /** A count of cans, bottles or sachets read as a pack count, or the reverse. */
  packCount: number;
  conceptTarget: number;
  /** Other trigger words of a concept ("barbecue" for "bbq"). */
  conceptSynonym: number;
  maxPrefixExpansions: number;
  /** Completions of a Thai word that is not the last (Thai compounds put the head first). */
  maxThaiPrefixExpansions: number;
  maxTypoExpansions: number;
}

export const DEFAULT_MATCH_WEIGHTS: Readonly<MatchWeights> = {
  exact: 1,
  prefix: 0.8,
  thaiPrefix: 0.7,
  compound: 1,
  typo1: 0.6,
  typo2: 0.4,
  prefixTypoFactor: 0.8,
  typoBesideExact: 0.25,
  toneless: 0.95,
  tonelessBesideExact: 0.5,
  romanised: 1,
  romanisedBesideExact: 0.5,
  synonym: 0.95,
  packCount: 0.9,
  conceptTarget: 0.15,
  conceptSynonym: 0.35,
  maxPrefixExpansions: 24,
  maxThaiPrefixExpansions: 8,
  maxTypoExpansions: 10,
};

/** Adds a reading to a clause, keeping the stronger of two readings of one term. */
export function put(map: Map<number, Expansion>, expansion: Expansion): void {
  const current = map.get(expansion.term);
  if (
    current === undefined ||
    expansion.weight > current.weight ||
    (expansion.weight === current.weight && expansion.coverage > current.coverage)
  )
    map.set(expansion.term, expansion);
}

/** Documents holding `term`. */
export function df(index: IndexData, term: number): number {
  return index.postings.offsets[term + 1]! - index.postings.offsets[term]!;
}
