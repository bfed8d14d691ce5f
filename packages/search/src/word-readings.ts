/**
 * Readings of one typed word, whatever its script: its completions when it is typed as a prefix
 * (the commonest first), its typos within the typo budget (typo-matcher.ts) (a swap of two letters is one typo
 * from four letters), its letter-order slips (a shared spelling skeleton), and a count of cans,
 * bottles or sachets as a pack count.
 */
import type { IndexData } from './index-builder.ts';
import { keyRange } from './keyed-terms.ts';
import { df, put, type Expansion, type MatchWeights } from './query-clauses.ts';
import { MIN_SKELETON_LENGTH, spellingSkeleton } from './spelling-skeleton.ts';
import { prefixRange, transposedCandidates, typoCandidates } from './typo-matcher.ts';

/** Words starting with `prefix`: the most frequent first when there are too many. */
export function addPrefix(
  index: IndexData,
  expansions: Map<number, Expansion>,
  prefix: string,
  weight: number,
  coverage: number,
  max: number,
): void {
  const [start, end] = prefixRange(index.surfaces, prefix);
  if (start === end) return;
  let candidates: number[] = [];
  for (let s = start; s < end; s++) candidates.push(s);
  if (candidates.length > max) {
    // Scanning a short prefix's range is bounded by the vocabulary; keep the commonest words.
    candidates.sort((a, b) => df(index, index.surfaceTerms[b]!) - df(index, index.surfaceTerms[a]!));
    candidates = candidates.slice(0, max);
  }
  let maxDf = 1;
  let minIdf = Number.POSITIVE_INFINITY;
  for (const s of candidates) {
    maxDf = Math.max(maxDf, df(index, index.surfaceTerms[s]!));
    minIdf = Math.min(minIdf, index.postings.idf[index.surfaceTerms[s]!]!);
  }
  for (const s of candidates) {
    const term = index.surfaceTerms[s]!;
    const surface = index.surfaces[s]!;
    // A common completion is the likelier one ("fresh mi" → milk before mint), so a rare one must not
    // win on its idf alone: completions are scored at the idf of the commonest; a long one is less certain.
    const completion = prefix.length / surface.length;
    const popularity = Math.log1p(df(index, term)) / Math.log1p(maxDf);
    const idfScale = minIdf / Math.max(1e-6, index.postings.idf[term]!);
    put(expansions, {
      term,
      weight: weight * (0.85 + 0.15 * completion) * (0.6 + 0.4 * popularity) * idfScale,
      coverage,
      target: false,
      sure: false,
    });
  }
}

export function addTypos(
  index: IndexData,
  expansions: Map<number, Expansion>,
  surface: string,
  budget: number,
  prefix: boolean,
  weights: Readonly<MatchWeights>,
  coverage = 1,
  exact?: number,
): void {
  const matches = typoCandidates(index.surfaces, surface, budget, { prefix, maxMatches: 200 });
  // Exact matches rank before typo matches (Meilisearch's "typo" rule); a rare neighbour's idf must not beat them.
  const besideExact = exact === undefined ? 1 : weights.typoBesideExact;
  const referenceIdf = exact === undefined ? Number.POSITIVE_INFINITY : index.postings.idf[exact]!;
  const scored = matches
    .map((m) => {
      const whole =
        m.distance === 0 ? weights.exact : m.distance === 1 ? weights.typo1 : m.distance === 2 ? weights.typo2 : 0;
      const partial = prefix
        ? (m.prefixDistance === 0 ? weights.prefix : m.prefixDistance === 1 ? weights.typo1 : weights.typo2) *
          weights.prefixTypoFactor
        : 0;
      return { term: index.surfaceTerms[m.index]!, weight: Math.max(whole, partial) };
    })
    .filter((m) => m.weight > 0)
    .sort((a, b) => b.weight - a.weight || df(index, b.term) - df(index, a.term))
    .slice(0, weights.maxTypoExpansions);
  let minIdf = referenceIdf;
  for (const m of scored) minIdf = Math.min(minIdf, index.postings.idf[m.term]!);
  for (const m of scored) {
    const idfScale = Math.min(1, minIdf / Math.max(1e-6, index.postings.idf[m.term]!));
    put(expansions, { term: m.term, weight: m.weight * besideExact * idfScale, coverage, target: false, sure: false });
  }
}

/** A word too short for the typo budget, with two neighbouring letters swapped ("mlik" → milk). */
export function addTransposed(
  index: IndexData,
  expansions: Map<number, Expansion>,
  surface: string,
  weights: Readonly<MatchWeights>,
): void {
  const matches = transposedCandidates(index.surfaces, surface);
  let minIdf = Number.POSITIVE_INFINITY;
  for (const m of matches) minIdf = Math.min(minIdf, index.postings.idf[index.surfaceTerms[m.index]!]!);
  for (const m of matches) {
    const term = index.surfaceTerms[m.index]!;
    put(expansions, {
      term,
      weight: weights.typo1 * Math.min(1, minIdf / Math.max(1e-6, index.postings.idf[term]!)),
      coverage: 1,
      target: false,
      sure: false,
    });
  }
}

/** Completions of `surface` at least this many times commoner than the word itself make it a completion too. */
export const COMMONER_COMPLETION = 4;

export function commonerCompletion(index: IndexData, surface: string, exact: number): boolean {
  const [start, end] = prefixRange(index.surfaces, surface);
  const own = df(index, exact);
  for (let s = start; s < end && s < start + 200; s++)
    if (df(index, index.surfaceTerms[s]!) >= COMMONER_COMPLETION * Math.max(1, own)) return true;
  return false;
}

/** The catalog's words that share `text`'s spelling skeleton: a letter-order slip, read as one typo. */
export function addSkeleton(
  index: IndexData,
  expansions: Map<number, Expansion>,
  text: string,
  coverage: number,
  weights: Readonly<MatchWeights>,
): void {
  if (text.length < MIN_SKELETON_LENGTH) return;
  const [start, end] = keyRange(index.skeletons, spellingSkeleton(text));
  let minIdf = Number.POSITIVE_INFINITY;
  for (let e = start; e < end; e++) minIdf = Math.min(minIdf, index.postings.idf[index.skeletons.terms[e]!]!);
  for (let e = start; e < end; e++) {
    const term = index.skeletons.terms[e]!;
    put(expansions, {
      term,
      weight: weights.typo1 * Math.min(1, minIdf / Math.max(1e-6, index.postings.idf[term]!)),
      coverage,
      target: false,
      sure: false,
    });
  }
}

/** "6 กระป๋อง", "30 ซอง": a count of containers is the pack count of a multipack ("320 ml x 6"), and the reverse. */
export function addPackCounts(
  index: IndexData,
  expansions: Map<number, Expansion>,
  term: string,
  weights: Readonly<MatchWeights>,
): void {
  const match = /^(\d+)(can|bottle|bag|box|pack)$/.exec(term);
  if (match === null) return;
  const others = match[2] === 'pack' ? ['can', 'bottle', 'bag', 'box'] : ['pack'];
  for (const unit of others) {
    const id = index.termIds.get(match[1]! + unit);
    if (id !== undefined)
      put(expansions, { term: id, weight: weights.packCount, coverage: 1, target: false, sure: true });
  }
}
