/**
 * The semantic side of the ranking: the query as a unit vector in the semantic space (its words'
 * vectors, a concept's goods louder than its trigger word), and the shelves nearest it, whose
 * products join the fusion pool.
 */
import type { IndexData } from './index-builder.ts';
import type { Clause } from './query-clauses.ts';
import type { RankingWeights } from './ranking-weights.ts';

/** Unit vector of the query in the semantic space, or null when no word of it has one. */
export function queryVector(data: IndexData, clauses: readonly Clause[]): Float32Array | null {
  const model = data.semantic;
  const k = model.dimensions;
  const query = new Float32Array(k);
  const clauseVector = new Float32Array(k);
  let any = false;
  for (const clause of clauses) {
    clauseVector.fill(0);
    const readings = clause.expansions.filter((e) => !e.target && model.termHasVector[e.term] === 1);
    const exact = readings.filter((e) => e.sure);
    for (const e of exact.length > 0 ? exact : readings) {
      const df = data.postings.offsets[e.term + 1]! - data.postings.offsets[e.term]!;
      // Among readings the common words are the likelier ones: a prefix's common completion, and of the
      // sure readings the Thai word a romanisation spells (มะม่วง) before the rare literal (a dish's keyword "mamuang").
      const weight = e.weight * Math.log1p(df);
      const base = e.term * k;
      for (let j = 0; j < k; j++) clauseVector[j]! += weight * model.termVectors[base + j]!;
    }
    let norm = 0;
    for (let j = 0; j < k; j++) norm += clauseVector[j]! ** 2;
    if (clause.concept >= 0) {
      const concept = data.concepts[clause.concept]!.vector;
      if (concept !== null) {
        // The concept's goods speak louder than the trigger word itself.
        const scale = norm > 0 ? 0.5 / Math.sqrt(norm) : 0;
        for (let j = 0; j < k; j++) clauseVector[j] = clauseVector[j]! * scale + concept[j]!;
        norm = 0;
        for (let j = 0; j < k; j++) norm += clauseVector[j]! ** 2;
      }
    }
    if (norm === 0) continue;
    any = true;
    const scale = 1 / Math.sqrt(norm);
    for (let j = 0; j < k; j++) query[j]! += clauseVector[j]! * scale;
  }
  if (!any) return null;
  let norm = 0;
  for (let j = 0; j < k; j++) norm += query[j]! ** 2;
  if (norm === 0) return null;
  const scale = 1 / Math.sqrt(norm);
  for (let j = 0; j < k; j++) query[j]! *= scale;
  return query;
}

/** Level-3 shelves nearest the query vector, best first. */
export function nearestShelves(data: IndexData, ranking: RankingWeights, vector: Float32Array): number[] {
  const k = data.semantic.dimensions;
  const vectors = data.semantic.categoryVectors;
  const scored: { node: number; score: number }[] = [];
  for (const node of data.categories.nodes) {
    if (node.level !== 3) continue;
    let dot = 0;
    const base = node.id * k;
    for (let j = 0; j < k; j++) dot += vector[j]! * vectors[base + j]!;
    scored.push({ node: node.id, score: dot });
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0]?.score ?? 0;
  if (best <= 0.2) return [];
  return scored
    .filter((s) => s.score >= best * ranking.shelfRatio)
    .slice(0, ranking.semanticShelves)
    .map((s) => s.node);
}
