/**
 * The search index: build it once from the catalog's documents, then query it. It is immutable;
 * a new catalog snapshot means a new index, swapped in whole by the caller.
 *
 * Ranking, per query: BM25F impacts of the planned clauses are added up per document (each clause
 * counts its best-matching reading once), scaled by coordination (the share of the query the
 * document satisfies, squared) and normalised by the best document. `SEMANTIC` then fuses that
 * with the cosine between the query's vector and each candidate's vector (candidates: the lexical
 * top plus the documents of the shelves nearest the query in the semantic space), weighting the
 * semantic side more when the lexical side is weak or a concept was asked for. `AUTOCOMPLETE`
 * favours name matches and names that start with the first word, with little semantics.
 * An exact barcode or cprcode puts that product first.
 */
import type { SearchHitRecord, SearchLang, SearchMode, Suggestion } from '@grocery/core/ports';
import { NAME_MASK } from './bm25f.ts';
import { categoryKey } from './category-tree.ts';
import { buildIndexData, NO_TERM, type IndexBuildOptions, type IndexData } from './index-builder.ts';
import { parseQuery } from './query-parser.ts';
import type { SearchDocument } from './search-document.ts';
import type { SearchQuery, SuggestQuery } from './search-query.ts';
import { DEFAULT_MATCH_WEIGHTS, planQuery, type Clause, type MatchWeights } from './query-planner.ts';
import { buildSuggester } from './suggest.ts';
import { thaiCutter } from './thai-resegmenter.ts';
import { TopK } from './top-k.ts';
import { prefixRange } from './typo-matcher.ts';

/** What a suggestion completes to. */
export type SuggestionKind = 'name' | 'brand' | 'category' | 'barcode';

/** Figures about a built index. */
export interface SearchIndexStats {
  documents: number;
  /** Distinct index terms (stems, Thai words, sizes, numbers). */
  terms: number;
  /** Distinct surface words (prefix and typo matching run over these). */
  surfaceWords: number;
  postings: number;
  categories: number;
  concepts: number;
  dimensions: number;
  /** Rough size of the index's own data in bytes (typed arrays exactly, strings estimated). */
  memoryBytes: number;
  buildMs: number;
}

/** A built, immutable index. Queries are synchronous and never throw on any input text. */
export interface SearchIndex {
  search(query: SearchQuery): SearchHitRecord[];
  suggest(query: SuggestQuery): Suggestion[];
  stats(): SearchIndexStats;
}

/** Weights of the ranking; the defaults are tuned on the judged query set in eval/. */
export interface RankingWeights {
  match: MatchWeights;
  /** Coordination = (matched share of the query) ^ this. */
  coordinationExponent: number;
  /** AUTOCOMPLETE: weight of matches outside the names. */
  autocompleteOtherFields: number;
  /** Bonus when a name starts with the query's first word (AUTOCOMPLETE, SEMANTIC). */
  nameStartBonus: { autocomplete: number; semantic: number };
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
}

export const DEFAULT_RANKING: Readonly<RankingWeights> = {
  match: DEFAULT_MATCH_WEIGHTS,
  coordinationExponent: 2,
  autocompleteOtherFields: 0.5,
  nameStartBonus: { autocomplete: 0.3, semantic: 0.05 },
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
};

/** Options of {@link buildSearchIndex}. */
export interface SearchIndexOptions extends IndexBuildOptions {
  ranking?: Partial<Omit<RankingWeights, 'match'>> & { match?: Partial<MatchWeights> };
}

/** Largest `limit` the index honours (the HTTP layer allows 50 and 30). */
export const MAX_INDEX_LIMIT = 200;

/**
 * Builds an index from documents.
 *
 * @example
 * const index = buildSearchIndex(products.map((p) => documentFromProduct(p, null)));
 * index.search({ query: 'นมสด', lang: 'th', limit: 10, mode: 'SEMANTIC' });
 */
export function buildSearchIndex(docs: readonly SearchDocument[], options: SearchIndexOptions = {}): SearchIndex {
  const started = performance.now();
  return searchIndexFromData(buildIndexData(docs, options), options, started);
}

/**
 * The index over data built beforehand, e.g. by `buildIndexData` in a worker thread (the data is
 * plain: maps, arrays and typed arrays, so it crosses threads by structured clone).
 */
export function searchIndexFromData(data: IndexData, options: Pick<SearchIndexOptions, 'ranking'> = {}, started = performance.now()): SearchIndex {
  const ranking: RankingWeights = { ...DEFAULT_RANKING, ...options.ranking, match: { ...DEFAULT_MATCH_WEIGHTS, ...options.ranking?.match } };
  const engine = new SearchEngine(data, ranking);
  const suggester = buildSuggester(data, (query) => engine.search(query));
  const buildMs = performance.now() - started;
  const memoryBytes = estimateMemory(data);
  const index: SearchIndex = {
    search: (query) => engine.search(query),
    suggest: (query) => suggester(query),
    stats: () => ({
      documents: data.docCount,
      terms: data.termKinds.length,
      surfaceWords: data.surfaces.length,
      postings: data.postings.docs.length,
      categories: data.categories.nodes.length,
      concepts: data.concepts.length,
      dimensions: data.semantic.dimensions,
      memoryBytes,
      buildMs,
    }),
  };
  return Object.freeze(index);
}

/** Runs queries over one IndexData, reusing scratch arrays (queries are synchronous). */
class SearchEngine {
  /** Per-document: the stamp of the query that made it a candidate, and of its fusion pool. */
  private readonly candidateStamp: Uint32Array;
  private readonly poolStamp: Uint32Array;
  private readonly candidates: Uint32Array;
  private readonly lexicalScore: Float32Array;
  /** Per-term: the stamp of the query that uses it and its first expansion entry. */
  private readonly termStamp: Uint32Array;
  private readonly termEntry: Int32Array;
  private readonly nodeAllowed: Uint8Array;
  /** Per-document scratch of the clause intersection. */
  private readonly markStamp: Uint32Array;
  private mark = 0;
  /** Thai runs of queries are cut as the documents' were. */
  private readonly cutThai: (run: string) => readonly string[];
  private stamp = 0;

  constructor(
    private readonly data: IndexData,
    private readonly ranking: RankingWeights,
  ) {
    const n = data.docCount;
    this.candidateStamp = new Uint32Array(n);
    this.poolStamp = new Uint32Array(n);
    this.candidates = new Uint32Array(n);
    this.lexicalScore = new Float32Array(n);
    this.termStamp = new Uint32Array(data.termKinds.length);
    this.termEntry = new Int32Array(data.termKinds.length);
    this.nodeAllowed = new Uint8Array(data.categories.nodes.length);
    this.markStamp = new Uint32Array(n);
    this.cutThai = thaiCutter(data.thaiVocabulary);
  }

  search(input: SearchQuery): SearchHitRecord[] {
    const limit = Math.max(0, Math.min(MAX_INDEX_LIMIT, Math.floor(Number.isFinite(input.limit) ? input.limit : 0)));
    if (limit === 0 || typeof input.query !== 'string') return [];
    const parsed = parseQuery(input.query, { segmentThai: this.cutThai });
    if (parsed.tokens.length === 0 && parsed.digits === null) return [];
    const filter = this.makeFilter(input);
    if (filter === null) return [];
    const data = this.data;
    const lang = input.lang === 'th' ? 'th' : 'en';

    // Exact codes first, then barcodes starting with the digits typed.
    const pinned: number[] = [];
    if (parsed.digits !== null) {
      for (const doc of [data.barcodeDoc.get(parsed.digits), data.cprcodeDoc.get(parsed.digits)]) if (doc !== undefined && filter(doc) && !pinned.includes(doc)) pinned.push(doc);
      if (parsed.digits.length >= 4) {
        const [start, end] = prefixRange(data.sortedBarcodes, parsed.digits);
        for (let i = start; i < end && pinned.length < limit; i++) {
          const doc = data.sortedBarcodeDocs[i]!;
          if (filter(doc) && !pinned.includes(doc)) pinned.push(doc);
        }
      }
    }
    const ranked = this.rank(parsed.tokens.length > 0 ? planQuery(data, parsed, this.ranking.match) : [], input.mode, lang, filter, limit + pinned.length);
    const top = ranked.length > 0 ? ranked[0]!.score : 1;
    const hits: SearchHitRecord[] = pinned.map((doc, i) => this.hit(doc, lang, top + (i === 0 && this.isExactCode(doc, parsed.digits) ? 1 : 0.5) - i * 1e-3));
    for (const { doc, score } of ranked) {
      if (hits.length >= limit) break;
      if (!pinned.includes(doc)) hits.push(this.hit(doc, lang, score));
    }
    return hits.slice(0, limit);
  }

  private isExactCode(doc: number, digits: string | null): boolean {
    return digits !== null && (this.data.barcodeDoc.get(digits) === doc || this.data.cprcodeDoc.get(digits) === doc);
  }

  private hit(doc: number, lang: SearchLang, score: number): SearchHitRecord {
    const data = this.data;
    const node = data.categories.nodes[data.categories.docL3[doc]!]!;
    const en = data.nameEn[doc]!;
    const th = data.nameTh[doc]!;
    return {
      cprcode: data.cprcodes[doc]!,
      name: lang === 'th' ? th || en : en || th,
      barcode: data.barcodes[doc] ?? null,
      category: (lang === 'th' ? node.nameTh || node.nameEn : node.nameEn || node.nameTh) || null,
      imageUrl: data.imageUrls[doc] ?? null,
      score: Math.round(score * 10_000) / 10_000,
    };
  }

  /** The document filter of a request, or null when it can match nothing (an unknown category). */
  private makeFilter(input: SearchQuery): ((doc: number) => boolean) | null {
    const data = this.data;
    const active = input.active;
    let categoryNodes: number[] | null = null;
    if (input.category !== undefined && input.category !== null) {
      const key = categoryKey(String(input.category));
      categoryNodes = data.categories.keys.get(key) ?? null;
      if (categoryNodes === null) return null;
    }
    if (categoryNodes === null) {
      if (active === undefined) return () => true;
      const want = active ? 1 : 0;
      return (doc) => data.active[doc] === want;
    }
    const allowed = this.nodeAllowed;
    allowed.fill(0);
    for (const node of categoryNodes) allowed[node] = 1;
    const { docL1, docL2, docL3 } = data.categories;
    const want = active === undefined ? -1 : active ? 1 : 0;
    return (doc) => (allowed[docL1[doc]!] === 1 || allowed[docL2[doc]!] === 1 || allowed[docL3[doc]!] === 1) && (want < 0 || data.active[doc] === want);
  }

  private nextStamp(): number {
    if (this.stamp >= 0xfffffff0) {
      this.stamp = 0;
      this.candidateStamp.fill(0);
      this.poolStamp.fill(0);
      this.termStamp.fill(0);
    }
    return ++this.stamp;
  }

  /**
   * Ranks documents for the planned clauses. Work is bounded whatever the catalog size:
   * candidates are the heads (best documents) of every expansion, plus every document of the most
   * selective clause when it is cheap enough (so that documents matching all clauses are never
   * missed); each candidate is then scored exactly from the forward index.
   */
  private rank(clauses: Clause[], mode: SearchMode, lang: SearchLang, filter: (doc: number) => boolean, limit: number): { doc: number; score: number }[] {
    const data = this.data;
    const r = this.ranking;
    const autocomplete = mode === 'AUTOCOMPLETE';
    const stamp = this.nextStamp();

    // Expansion entries, chained per term (a term may serve two clauses).
    let entryCount = 0;
    for (const clause of clauses) entryCount += clause.expansions.length;
    const entryClause = new Uint8Array(entryCount);
    const entryWeight = new Float32Array(entryCount);
    const entryCoverage = new Uint8Array(entryCount);
    const entryNext = new Int32Array(entryCount);
    let span = 0;
    let e = 0;
    clauses.forEach((clause, c) => {
      span += clause.span;
      for (const x of clause.expansions) {
        entryClause[e] = c;
        entryWeight[e] = x.weight;
        entryCoverage[e] = x.coverage;
        entryNext[e] = this.termStamp[x.term] === stamp ? this.termEntry[x.term]! : -1;
        this.termStamp[x.term] = stamp;
        this.termEntry[x.term] = e;
        e++;
      }
    });

    const candidates = this.candidates;
    let count = 0;
    const add = (d: number) => {
      if (this.candidateStamp[d] === stamp) return;
      this.candidateStamp[d] = stamp;
      if (filter(d)) candidates[count++] = d;
    };
    const { offsets, docs } = data.postings;
    if (clauses.length >= 2) {
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
      if (cheapest >= 0 && cheapestCost <= r.fullScanBudget) {
        for (const x of clauses[cheapest]!.expansions) if (!x.target) for (let p = offsets[x.term]!; p < offsets[x.term + 1]!; p++) add(docs[p]!);
      } else this.addIntersection(clauses, add);
    }
    // Exact words first, then uncertain readings (prefixes, typos, concept goods), which bring fewer
    // candidates each and stop at the candidate budget.
    const heads = data.heads;
    for (const exactPass of [true, false]) {
      for (const clause of clauses) {
        for (const x of clause.expansions) {
          const exact = x.sure && !x.target;
          if (exact !== exactPass || (!exact && count >= r.maxCandidates)) continue;
          const end = Math.min(heads.offsets[x.term + 1]!, heads.offsets[x.term]! + (exact ? r.exactHead : r.softHead));
          for (let p = heads.offsets[x.term]!; p < end; p++) add(heads.docs[p]!);
        }
      }
    }

    // Exact lexical scores of the candidates.
    const clauseBest = new Float64Array(clauses.length);
    const clauseCoverage = new Uint8Array(clauses.length);
    const { offsets: fOffsets, terms: fTerms, impacts: fImpacts, masks: fMasks } = data.forward;
    const otherFields = autocomplete ? r.autocompleteOtherFields : 1;
    const exponent = r.coordinationExponent;
    const termStamp = this.termStamp;
    const termEntry = this.termEntry;
    const clauseCount = clauses.length;
    const { active, online } = data;
    const unavailable = r.unavailableFactor;
    const lexical = (d: number): number => {
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

    const lexTop = new TopK(r.lexicalCandidates);
    let maxLex = 0;
    const lexicalScore = this.lexicalScore;
    for (let i = 0; i < count; i++) {
      const d = candidates[i]!;
      const s = lexical(d);
      lexicalScore[d] = s;
      if (s > maxLex) maxLex = s;
      if (s > 0 && s >= lexTop.threshold()) lexTop.push(d, s);
    }
    // How completely the best lexical matches answer the query.
    let bestShare = 0;
    const lexicalDocs = lexTop.sorted();
    for (const { doc } of lexicalDocs.slice(0, 10)) {
      clauseCoverage.fill(0);
      let matched = 0;
      for (let q = fOffsets[doc]!; q < fOffsets[doc + 1]!; q++) {
        const t = fTerms[q]!;
        if (this.termStamp[t] !== stamp) continue;
        for (let x = this.termEntry[t]!; x >= 0; x = entryNext[x]!) if (entryCoverage[x]! > clauseCoverage[entryClause[x]!]!) clauseCoverage[entryClause[x]!] = entryCoverage[x]!;
      }
      for (let c = 0; c < clauses.length; c++) matched += clauseCoverage[c]!;
      bestShare = Math.max(bestShare, Math.min(matched, span) / Math.max(1, span));
    }

    const firstTerms = new Set<number>();
    for (const x of clauses[0]?.expansions ?? []) if (!x.target) firstTerms.add(x.term);
    const firstTermOf = lang === 'th' ? data.firstTermTh : data.firstTermEn;
    const startBonus = autocomplete ? r.nameStartBonus.autocomplete : r.nameStartBonus.semantic;

    const vector = this.queryVector(clauses);
    // A concept leans on the semantic side only when its words name few products themselves ("hangover");
    // "tom yum" names hundreds, and those literal matches should lead.
    const { offsets: tOffsets } = data.postings;
    const hasConcept = clauses.some((c) => c.concept >= 0 && c.expansions.every((x) => x.target || !x.sure || tOffsets[x.term + 1]! - tOffsets[x.term]! < r.literalConceptMatches));
    let semanticWeight = autocomplete ? r.semantic.autocomplete : hasConcept ? r.semantic.concept : bestShare < 1 ? r.semantic.weakLexical : r.semantic.base;
    if (vector === null) semanticWeight = 0;

    // The fusion pool: the lexical top, then the shelves nearest the query.
    const poolStamp = this.nextStamp();
    const pool: number[] = [];
    for (const { doc } of lexicalDocs) {
      this.poolStamp[doc] = poolStamp;
      pool.push(doc);
    }
    if (vector !== null && (!autocomplete || pool.length === 0)) {
      for (const node of this.nearestShelves(vector)) {
        const end = Math.min(data.leafOffsets[node + 1]!, data.leafOffsets[node]! + r.maxShelfCandidates);
        for (let i = data.leafOffsets[node]!; i < end && pool.length < r.maxSemanticCandidates; i++) {
          const d = data.leafDocs[i]!;
          if (this.poolStamp[d] === poolStamp) continue;
          this.poolStamp[d] = poolStamp;
          // A shelf document the words reached keeps its lexical score; the others have none.
          if (this.candidateStamp[d] !== stamp) {
            if (!filter(d)) continue;
            this.lexicalScore[d] = 0;
          } else if (!filter(d)) continue;
          pool.push(d);
        }
      }
      if (pool.length > 0 && maxLex === 0) semanticWeight = 1;
    }

    const k = data.semantic.dimensions;
    const docVectors = data.semantic.docVectors;
    const result = new TopK(limit);
    for (const d of pool) {
      let score = 0;
      if (maxLex > 0) {
        const first = firstTermOf[d]!;
        const bonus = first !== NO_TERM && firstTerms.has(first) ? 1 + startBonus : 1;
        score = (this.lexicalScore[d]! / maxLex) * bonus;
      }
      if (vector !== null && semanticWeight > 0) {
        let dot = 0;
        const base = d * k;
        for (let j = 0; j < k; j++) dot += vector[j]! * docVectors[base + j]!;
        const similarity = dot / 127;
        if (similarity > 0) score += semanticWeight * similarity * (data.active[d] === 1 && data.online[d] === 1 ? 1 : r.unavailableFactor);
      }
      if (score > 0) result.push(d, score);
    }
    const sorted = result.sorted();
    const floor = (sorted[0]?.score ?? 0) * r.minRelativeScore;
    return sorted.filter((x) => x.score >= floor);
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
    for (const x of clauses[order[0]!]!.expansions) if (x.sure && !x.target) for (let p = offsets[x.term]!; p < offsets[x.term + 1]!; p++) this.markStamp[docs[p]!] = mark;
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

  /** Unit vector of the query in the semantic space, or null when no word of it has one. */
  private queryVector(clauses: Clause[]): Float32Array | null {
    const model = this.data.semantic;
    const k = model.dimensions;
    const query = new Float32Array(k);
    const clauseVector = new Float32Array(k);
    let any = false;
    for (const clause of clauses) {
      clauseVector.fill(0);
      const readings = clause.expansions.filter((e) => !e.target && model.termHasVector[e.term] === 1);
      const exact = readings.filter((e) => e.sure);
      for (const e of exact.length > 0 ? exact : readings) {
        const df = this.data.postings.offsets[e.term + 1]! - this.data.postings.offsets[e.term]!;
        // Among uncertain readings (prefixes, typos) the common words are the likelier ones.
        const weight = exact.length > 0 ? e.weight : e.weight * Math.log1p(df);
        const base = e.term * k;
        for (let j = 0; j < k; j++) clauseVector[j]! += weight * model.termVectors[base + j]!;
      }
      let norm = 0;
      for (let j = 0; j < k; j++) norm += clauseVector[j]! ** 2;
      if (clause.concept >= 0) {
        const concept = this.data.concepts[clause.concept]!.vector;
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
  private nearestShelves(vector: Float32Array): number[] {
    const data = this.data;
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
      .filter((s) => s.score >= best * this.ranking.shelfRatio)
      .slice(0, this.ranking.semanticShelves)
      .map((s) => s.node);
  }
}

function estimateMemory(data: IndexData): number {
  let bytes = 0;
  const typed = [
    data.active,
    data.online,
    data.categories.docL1,
    data.categories.docL2,
    data.categories.docL3,
    data.leafOffsets,
    data.leafDocs,
    data.termKinds,
    data.postings.offsets,
    data.postings.docs,
    data.postings.idf,
    data.forward.offsets,
    data.forward.terms,
    data.forward.impacts,
    data.forward.masks,
    data.heads.offsets,
    data.heads.docs,
    data.surfaceTerms,
    data.firstTermEn,
    data.firstTermTh,
    data.sortedBarcodeDocs,
    data.semantic.termVectors,
    data.semantic.termHasVector,
    data.semantic.categoryVectors,
    data.semantic.docVectors,
    data.toneless.offsets,
    data.toneless.terms,
    data.romanised.offsets,
    data.romanised.terms,
  ];
  for (const array of typed) bytes += array.byteLength;
  const strings = (list: readonly (string | null)[]) => list.reduce((sum, s) => sum + (s === null ? 8 : 24 + s.length * 2), 0);
  bytes += strings(data.cprcodes) + strings(data.nameEn) + strings(data.nameTh) + strings(data.barcodes) + strings(data.imageUrls);
  bytes +=
    strings(data.surfaces) * 2 +
    strings(data.toneless.keys) +
    strings(data.romanised.keys) +
    strings(data.thaiVocabulary.words) +
    strings(data.thaiVocabulary.toneless) +
    data.termIds.size * 48 +
    data.barcodeDoc.size * 80 +
    data.cprcodeDoc.size * 80;
  // Scratch arrays of the engine: 20 bytes a document and 8 a term.
  bytes += data.docCount * 20 + data.termKinds.length * 8;
  return bytes;
}
