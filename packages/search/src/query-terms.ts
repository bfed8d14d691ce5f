/**
 * The planned clauses as the scorer reads them: each expansion is an entry (its clause, weight and
 * coverage), and the entries of one term are chained, so that a term met in a document's forward
 * index finds every clause it serves in one lookup (a term may serve two clauses).
 */
import type { Clause } from './query-clauses.ts';

/** The entries of one query; `termStamp`/`termEntry` are per-term scratch shared by queries. */
export interface QueryTerms {
  /** The query's stamp: a term is in the query when `termStamp[term] === stamp`. */
  stamp: number;
  termStamp: Uint32Array;
  /** First entry of each term of the query. */
  termEntry: Int32Array;
  entryClause: Uint8Array;
  entryWeight: Float32Array;
  entryCoverage: Uint8Array;
  /** Next entry of the same term, or -1. */
  entryNext: Int32Array;
  clauseCount: number;
  /** Query tokens the clauses stand for together. */
  span: number;
}

/** Chains the expansions of `clauses` per term, stamping the terms with `stamp`. */
export function chainExpansions(
  clauses: readonly Clause[],
  termStamp: Uint32Array,
  termEntry: Int32Array,
  stamp: number,
): QueryTerms {
  let entryCount = 0;
  for (const clause of clauses) entryCount += clause.expansions.length;
  const terms: QueryTerms = {
    stamp,
    termStamp,
    termEntry,
    entryClause: new Uint8Array(entryCount),
    entryWeight: new Float32Array(entryCount),
    entryCoverage: new Uint8Array(entryCount),
    entryNext: new Int32Array(entryCount),
    clauseCount: clauses.length,
    span: 0,
  };
  let e = 0;
  clauses.forEach((clause, c) => {
    terms.span += clause.span;
    for (const x of clause.expansions) {
      terms.entryClause[e] = c;
      terms.entryWeight[e] = x.weight;
      terms.entryCoverage[e] = x.coverage;
      terms.entryNext[e] = termStamp[x.term] === stamp ? termEntry[x.term]! : -1;
      termStamp[x.term] = stamp;
      termEntry[x.term] = e;
      e++;
    }
  });
  return terms;
}
