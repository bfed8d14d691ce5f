/**
 * The lexical side of the ranking, read from the forward index: BM25F impacts of the query's terms
 * in a document, each clause counting its best-matching reading once, scaled by coordination (the
 * share of the query the document satisfies, to a power).
 */
import { NAME_MASK } from './bm25f.ts';
import type { IndexData } from './index-builder.ts';
import type { QueryTerms } from './query-terms.ts';
import type { RankingWeights } from './ranking-weights.ts';

/** The lexical score of a document for the query (0 when no term of it is in the document). */
export function lexicalScorer(
  data: IndexData,
  ranking: RankingWeights,
  terms: QueryTerms,
  autocomplete: boolean,
): (doc: number) => number {
  const { clauseCount, span, termStamp, termEntry, entryClause, entryWeight, entryCoverage, entryNext, stamp } = terms;
  const clauseBest = new Float64Array(clauseCount);
  const clauseCoverage = new Uint8Array(clauseCount);
  const { offsets: fOffsets, terms: fTerms, impacts: fImpacts, masks: fMasks } = data.forward;
  const otherFields = autocomplete ? ranking.autocompleteOtherFields : 1;
  const exponent = ranking.coordinationExponent;
  const { active, online } = data;
  const unavailable = ranking.unavailableFactor;
  return (d) => {
    if (span === 0) return 0;
    for (let c = 0; c < clauseCount; c++) {
      clauseBest[c] = 0;
      clauseCoverage[c] = 0;
    }
    let any = false;
    const end = fOffsets[d + 1]!;
    for (let q = fOffsets[d]!; q < end; q++) {
      const t = fTerms[q]!;
      if (termStamp[t] !== stamp) continue;
      const impact = (fMasks[q]! & NAME_MASK) === 0 ? fImpacts[q]! * otherFields : fImpacts[q]!;
      for (let x = termEntry[t]!; x >= 0; x = entryNext[x]!) {
        const c = entryClause[x]!;
        const s = impact * entryWeight[x]!;
        if (s > clauseBest[c]!) clauseBest[c] = s;
        if (entryCoverage[x]! > clauseCoverage[c]!) clauseCoverage[c] = entryCoverage[x]!;
        any = true;
      }
    }
    if (!any) return 0;
    let total = 0;
    let matched = 0;
    for (let c = 0; c < clauseCount; c++) {
      total += clauseBest[c]!;
      matched += clauseCoverage[c]!;
    }
    const share = matched >= span ? 1 : matched / span;
    const score = share === 1 ? total : total * share ** exponent;
    return active[d] === 1 && online[d] === 1 ? score : score * unavailable;
  };
}

/** How completely the best of `docs` answers the query: the largest share of its tokens one of them matches. */
export function matchedShare(data: IndexData, terms: QueryTerms, docs: readonly { doc: number }[]): number {
  const { offsets, terms: forwardTerms } = data.forward;
  const { termStamp, termEntry, entryClause, entryCoverage, entryNext, stamp, span } = terms;
  const clauseCoverage = new Uint8Array(terms.clauseCount);
  let bestShare = 0;
  for (const { doc } of docs) {
    clauseCoverage.fill(0);
    let matched = 0;
    for (let q = offsets[doc]!; q < offsets[doc + 1]!; q++) {
      const t = forwardTerms[q]!;
      if (termStamp[t] !== stamp) continue;
      for (let x = termEntry[t]!; x >= 0; x = entryNext[x]!)
        if (entryCoverage[x]! > clauseCoverage[entryClause[x]!]!) clauseCoverage[entryClause[x]!] = entryCoverage[x]!;
    }
    for (let c = 0; c < terms.clauseCount; c++) matched += clauseCoverage[c]!;
    bestShare = Math.max(bestShare, Math.min(matched, span) / Math.max(1, span));
  }
  return bestShare;
}
