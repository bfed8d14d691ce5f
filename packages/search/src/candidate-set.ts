/**
 * The candidates of a query: the documents scored exactly. Work is bounded whatever the catalog
 * size: the heads (best documents) of every expansion, plus every document of the most selective
 * clause when it is cheap enough (so that documents matching all clauses are never missed), or the
 * documents where the two most selective clauses meet.
 */
import type { IndexData } from './index-builder.ts';
import type { Clause } from './query-clauses.ts';
import type { RankingWeights } from './ranking-weights.ts';

/** Per-document scratch of the candidate collection, reused by queries (they are synchronous). */
export class CandidateSet {
  /** The candidates of the last collection; the first `count` are valid. */
  readonly docs: Uint32Array;
  count = 0;
  /** Per document: the stamp of the query that made it a candidate. */
  private readonly stampOf: Uint32Array;
  /** Per document scratch of the clause intersection. */
  private readonly markStamp: Uint32Array;
  private mark = 0;

  constructor(
    private readonly data: IndexData,
    private readonly ranking: RankingWeights,
  ) {
    this.docs = new Uint32Array(data.docCount);
    this.stampOf = new Uint32Array(data.docCount);
    this.markStamp = new Uint32Array(data.docCount);
  }

  /** Whether `doc` was met (filtered in or not) by the collection stamped `stamp`. */
  has(doc: number, stamp: number): boolean {
    return this.stampOf[doc] === stamp;
  }

  /** Forgets every stamp (when the stamps wrap around). */
  clearStamps(): void {
    this.stampOf.fill(0);
  }

  /** Collects the candidates of `clauses` that pass `filter`; returns how many. */
  collect(clauses: readonly Clause[], filter: (doc: number) => boolean, stamp: number): number {
    const r = this.ranking;
    this.count = 0;
    const add = (d: number) => {
      if (this.stampOf[d] === stamp) return;
      this.stampOf[d] = stamp;
      if (filter(d)) this.docs[this.count++] = d;
    };
    if (clauses.length >= 2) this.addSelective(clauses, add);
    // Exact words first, then uncertain readings (prefixes, typos, concept goods), which bring fewer
    // candidates each (more when they are few: a typo's one reading is as good as a word) and stop at
    // the candidate budget.
    const heads = this.data.heads;
    let uncertain = 0;
    for (const clause of clauses) for (const x of clause.expansions) if (!x.sure || x.target) uncertain++;
    const softHead = Math.max(r.softHead, Math.min(r.exactHead, Math.floor(r.maxCandidates / (4 * uncertain))));
    for (const exactPass of [true, false]) {
      for (const clause of clauses) {
        for (const x of clause.expansions) {
          const exact = x.sure && !x.target;
          if (exact !== exactPass || (!exact && this.count >= r.maxCandidates)) continue;
          const end = Math.min(heads.offsets[x.term + 1]!, heads.offsets[x.term]! + (exact ? r.exactHead : softHead));
          for (let p = heads.offsets[x.term]!; p < end; p++) add(heads.docs[p]!);
        }
      }
    }
    return this.count;
  }

  /** Every document of the most selective clause when it is cheap enough, else where the two most selective meet. */
  private addSelective(clauses: readonly Clause[], add: (doc: number) => void): void {
    const { offsets, docs } = this.data.postings;
    let cheapest = -1;
    let cheapestCost = Number.POSITIVE_INFINITY;
    // Only readings of the typed words count: concept goods never make a document match the words.
    clauses.forEach((clause, c) => {
      let cost = 0;
      for (const x of clause.expansions) if (!x.target) cost += offsets[x.term + 1]! - offsets[x.term]!;
      if (cost < cheapestCost) {
        cheapestCost = cost;
        cheapest = c;
      }
    });
    if (cheapest >= 0 && cheapestCost <= this.ranking.fullScanBudget) {
      for (const x of clauses[cheapest]!.expansions)
        if (!x.target) for (let p = offsets[x.term]!; p < offsets[x.term + 1]!; p++) add(docs[p]!);
    } else this.addIntersection(clauses, add);
  }

  /**
   * Documents holding sure readings of the two most selective clauses, when no clause is selective
   * enough to scan whole: two common words ("ปลา กระป๋อง") may meet in few documents, and in fields
   * whose impacts keep those documents out of every posting head.
   */
  private addIntersection(clauses: readonly Clause[], add: (doc: number) => void): void {
    const { offsets, docs } = this.data.postings;
    const r = this.ranking;
    const costs = clauses.map((clause) => {
      let cost = 0;
      for (const x of clause.expansions) if (x.sure && !x.target) cost += offsets[x.term + 1]! - offsets[x.term]!;
      return cost;
    });
    const order = costs
      .map((_, c) => c)
      .filter((c) => costs[c]! > 0)
      .sort((a, b) => costs[a]! - costs[b]!);
    if (order.length < 2 || costs[order[0]!]! + costs[order[1]!]! > r.intersectionBudget) return;
    const mark = this.nextMark();
    for (const x of clauses[order[0]!]!.expansions)
      if (x.sure && !x.target)
        for (let p = offsets[x.term]!; p < offsets[x.term + 1]!; p++) this.markStamp[docs[p]!] = mark;
    let added = 0;
    for (const x of clauses[order[1]!]!.expansions) {
      if (!x.sure || x.target) continue;
      for (let p = offsets[x.term]!; p < offsets[x.term + 1]! && added < r.fullScanBudget; p++) {
        const d = docs[p]!;
        if (this.markStamp[d] !== mark) continue;
        this.markStamp[d] = 0;
        add(d);
        added++;
      }
    }
  }

  private nextMark(): number {
    if (this.mark >= 0xfffffff0) {
      this.mark = 0;
      this.markStamp.fill(0);
    }
    return ++this.mark;
  }
}
