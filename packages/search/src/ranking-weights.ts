/**
 * The weights of the ranked search: how the lexical and semantic sides are fused and how much work
 * a query may do. The defaults are tuned on the judged query sets in eval/.
 */
import { DEFAULT_MATCH_WEIGHTS, type MatchWeights } from './query-clauses.ts';

/** Weights of the ranking; the defaults are tuned on the judged query set in eval/. */
export interface RankingWeights {
  match: MatchWeights;
  /** Coordination = (matched share of the query) ^ this. */
  coordinationExponent: number;
  /** AUTOCOMPLETE: weight of matches outside the names. */
  autocompleteOtherFields: number;
  /** Bonus when a name starts with the query's first word (AUTOCOMPLETE, SEMANTIC). */
  nameStartBonus: { autocomplete: number; semantic: number };
  /** Lexical bonus (a share) of a product on a shelf named for the query's head word ("chillies" → Chillies & Limes). */
  shelfHeadBonus: number;
  /** Semantic weight in SEMANTIC fusion: base, with a concept, with an incomplete lexical match. */
  semantic: { base: number; concept: number; weakLexical: number; autocomplete: number };
  /** Score factor of inactive or offline products when no `active` filter is given. */
  unavailableFactor: number;
  /** Lexical candidates carried into fusion. */
  lexicalCandidates: number;
  /** Shelves (level-3 categories) nearest the query whose products become candidates. */
  semanticShelves: number;
  /** A shelf qualifies when its similarity is at least this share of the best shelf's. */
  shelfRatio: number;
  maxSemanticCandidates: number;
  /** Most documents one shelf adds (its most typical first). */
  maxShelfCandidates: number;
  /** The most selective clause is scanned whole when it has at most this many postings. */
  fullScanBudget: number;
  /** Otherwise the two most selective clauses are intersected when they have at most this many postings together. */
  intersectionBudget: number;
  /** Candidates taken from the head of an exact word's postings, and of an uncertain reading's. */
  exactHead: number;
  softHead: number;
  /** Uncertain readings stop adding candidates past this many. */
  maxCandidates: number;
  /** A concept whose own words match at least this many products is ranked like an ordinary query. */
  literalConceptMatches: number;
  /** Results scoring below this share of the best are noise, not answers. */
  minRelativeScore: number;
  /** Lexical bonus (a share) of a name that holds a query of several words as typed, side by side. */
  phraseBonus: number;
}

export const DEFAULT_RANKING: Readonly<RankingWeights> = {
  match: DEFAULT_MATCH_WEIGHTS,
  coordinationExponent: 2,
  autocompleteOtherFields: 0.5,
  nameStartBonus: { autocomplete: 0.3, semantic: 0.2 },
  shelfHeadBonus: 0.2,
  semantic: { base: 0.5, concept: 0.9, weakLexical: 0.8, autocomplete: 0.15 },
  unavailableFactor: 0.9,
  lexicalCandidates: 150,
  semanticShelves: 6,
  shelfRatio: 0.75,
  maxSemanticCandidates: 800,
  maxShelfCandidates: 200,
  fullScanBudget: 1_500,
  intersectionBudget: 40_000,
  exactHead: 200,
  softHead: 32,
  maxCandidates: 1_500,
  literalConceptMatches: 20,
  minRelativeScore: 0.15,
  phraseBonus: 0.1,
};
