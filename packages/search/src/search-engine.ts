/**
 * Runs queries over one IndexData, reusing scratch arrays (queries are synchronous).
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
import type { SearchHitRecord, SearchLang, SearchMode } from '@grocery/core/ports';
import { CandidateSet } from './candidate-set.ts';
import { categoryKey } from './category-tree.ts';
import { NO_TERM } from './field-tokenizer.ts';
import type { IndexData } from './index-builder.ts';
import { lexicalScorer, matchedShare } from './lexical-scorer.ts';
import { parseQuery, type ParsedQuery } from './query-parser.ts';
import type { Clause } from './query-clauses.ts';
import { planQuery } from './query-planner.ts';
import { chainExpansions, type QueryTerms } from './query-terms.ts';
import type { RankingWeights } from './ranking-weights.ts';
import type { SearchQuery } from './search-query.ts';
import { nearestShelves, queryVector } from './semantic-fusion.ts';
import { buildShelfHeads, type ShelfHeads } from './shelf-heads.ts';
import { correctSpelling } from './spelling-corrector.ts';
import { thaiCutter } from './thai-resegmenter.ts';
import { alignLastRun } from './thai-runs.ts';
import { TopK } from './top-k.ts';
import { prefixRange } from './typo-matcher.ts';

/** Largest `limit` the index honours (the HTTP layer allows 50 and 30). */
export const MAX_INDEX_LIMIT = 200;

/** A ranked document. */
interface Scored {
  doc: number;
  score: number;
}

/** Runs queries over one IndexData, reusing scratch arrays (queries are synchronous). */
export class SearchEngine {
  /** Per-document: the stamp of the query's fusion pool, and the lexical score of a candidate. */
  private readonly poolStamp: Uint32Array;
  private readonly lexicalScore: Float32Array;
  private readonly candidates: CandidateSet;
  /** Per-term: the stamp of the query that uses it and its first expansion entry. */
  private readonly termStamp: Uint32Array;
  private readonly termEntry: Int32Array;
  private readonly nodeAllowed: Uint8Array;
  /** Thai runs of queries are cut as the documents' were. */
  private readonly cutThai: (run: string) => readonly string[];
  /** The words each shelf is named for, and per shelf the stamp of the query whose head word names it. */
  private readonly shelfHeads: ShelfHeads;
  private readonly shelfStamp: Uint32Array;
  private readonly shelfStrength: Float32Array;
  private stamp = 0;

  constructor(
    private readonly data: IndexData,
    private readonly ranking: RankingWeights,
  ) {
    const n = data.docCount;
    this.poolStamp = new Uint32Array(n);
    this.lexicalScore = new Float32Array(n);
    this.candidates = new CandidateSet(data, ranking);
    this.termStamp = new Uint32Array(data.termKinds.length);
    this.termEntry = new Int32Array(data.termKinds.length);
    this.nodeAllowed = new Uint8Array(data.categories.nodes.length);
    this.cutThai = thaiCutter(data.thaiVocabulary);
    this.shelfHeads = buildShelfHeads(data, this.cutThai);
    this.shelfStamp = new Uint32Array(data.categories.nodes.length);
    this.shelfStrength = new Float32Array(data.categories.nodes.length);
  }

  search(input: SearchQuery): SearchHitRecord[] {
    const limit = Math.max(0, Math.min(MAX_INDEX_LIMIT, Math.floor(Number.isFinite(input.limit) ? input.limit : 0)));
    if (limit === 0 || typeof input.query !== 'string') return [];
    let parsed = parseQuery(input.query, { segmentThai: this.cutThai });
    // A Thai run the catalog cannot read (a mark on the wrong letter) is read as cut again by its words' skeletons.
    const recut = correctSpelling(this.data, parsed, true);
    if (recut !== null)
      parsed = { ...parseQuery(recut, { segmentThai: this.cutThai }), completeLastWord: parsed.completeLastWord };
    // A Thai run typed so far is cut as the catalog's commonest run that starts with it ("มายอ" → มา|ยอ of มายองเนส).
    parsed = { ...parsed, tokens: [...alignLastRun(this.data.thaiRuns, parsed.tokens, parsed.completeLastWord)] };
    if (parsed.tokens.length === 0 && parsed.digits === null) return [];
    const filter = this.makeFilter(input);
    if (filter === null) return [];
    const data = this.data;
    const lang = input.lang === 'th' ? 'th' : 'en';

    // Exact codes first, then barcodes starting with the digits typed.
    const pinned: number[] = [];
    if (parsed.digits !== null) {
      for (const doc of [data.barcodeDoc.get(parsed.digits), data.cprcodeDoc.get(parsed.digits)])
        if (doc !== undefined && filter(doc) && !pinned.includes(doc)) pinned.push(doc);
      if (parsed.digits.length >= 4) {
        const [start, end] = prefixRange(data.sortedBarcodes, parsed.digits);
        for (let i = start; i < end && pinned.length < limit; i++) {
          const doc = data.sortedBarcodeDocs[i]!;
          if (filter(doc) && !pinned.includes(doc)) pinned.push(doc);
        }
      }
    }
    const clauses = parsed.tokens.length > 0 ? planQuery(data, parsed, this.ranking.match) : [];
    const ranked = this.rank(
      clauses,
      { mode: input.mode, lang, phrase: namePhrase(parsed), head: headClause(parsed) },
      filter,
      limit + pinned.length,
    );
    const top = ranked.length > 0 ? ranked[0]!.score : 1;
    const hits: SearchHitRecord[] = pinned.map((doc, i) =>
      this.hit(doc, lang, top + (i === 0 && this.isExactCode(doc, parsed.digits) ? 1 : 0.5) - i * 1e-3),
    );
    for (const { doc, score } of ranked) {
      if (hits.length >= limit) break;
      if (!pinned.includes(doc)) hits.push(this.hit(doc, lang, score));
    }
    return hits.slice(0, limit);
  }

  /** The query spelt as the catalog spells it, or null (see {@link correctSpelling}). */
  correctedText(query: string): string | null {
    if (typeof query !== 'string') return null;
    return correctSpelling(this.data, parseQuery(query, { segmentThai: this.cutThai }));
  }

  /** The corrected query and its hits, or null when there is no correction or it finds nothing. */
  correct(input: SearchQuery): { query: string; hits: SearchHitRecord[] } | null {
    const corrected = this.correctedText(input.query);
    if (corrected === null) return null;
    const hits = this.search({ ...input, query: corrected });
    return hits.length > 0 ? { query: corrected, hits } : null;
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
    return (doc) =>
      (allowed[docL1[doc]!] === 1 || allowed[docL2[doc]!] === 1 || allowed[docL3[doc]!] === 1) &&
      (want < 0 || data.active[doc] === want);
  }

  private nextStamp(): number {
    if (this.stamp >= 0xfffffff0) {
      this.stamp = 0;
      this.candidates.clearStamps();
      this.poolStamp.fill(0);
      this.termStamp.fill(0);
    }
    return ++this.stamp;
  }

  /**
   * Ranks documents for the planned clauses: the candidates are scored exactly from the forward
   * index, and the lexical top is fused with the semantic side.
   */
  private rank(
    clauses: Clause[],
    query: { mode: SearchMode; lang: SearchLang; phrase: string | null; head: 'first' | 'last' | null },
    filter: (doc: number) => boolean,
    limit: number,
  ): Scored[] {
    const { lang } = query;
    const autocomplete = query.mode === 'AUTOCOMPLETE';
    const stamp = this.nextStamp();
    const terms = chainExpansions(clauses, this.termStamp, this.termEntry, stamp);
    const count = this.candidates.collect(clauses, filter, stamp);
    const { lexicalDocs, maxLex } = this.lexicalTop(terms, count, autocomplete, query.phrase);
    // How completely the best lexical matches answer the query.
    const bestShare = matchedShare(this.data, terms, lexicalDocs.slice(0, 10));
    const vector = queryVector(this.data, clauses);
    let semanticWeight = vector === null ? 0 : this.semanticWeight(clauses, autocomplete, bestShare);
    // The fusion pool: the lexical top, then the shelves nearest the query.
    const withShelves = vector !== null && (!autocomplete || lexicalDocs.length === 0);
    const pool = this.fusionPool(lexicalDocs, withShelves ? vector : null, filter, stamp);
    if (withShelves && pool.length > 0 && maxLex === 0) semanticWeight = 1;
    const shelves = query.head === null ? 0 : this.markNamedShelves(clauses, query.head, stamp);
    return this.fuse(pool, { clauses, lang, autocomplete, maxLex, vector, semanticWeight, limit, shelves });
  }

  /**
   * Stamps the shelves named for the query's head word: its last clause in English ("chilli
   * sauce" is sauce), its first in Thai (ซอสพริก is ซอส); the words as typed or spelt another way,
   * never a guess or a concept's goods. Returns the stamp, or 0 when no shelf is named.
   */
  private markNamedShelves(clauses: readonly Clause[], which: 'first' | 'last', stamp: number): number {
    const head = which === 'first' ? clauses[0] : clauses[clauses.length - 1];
    if (head === undefined) return 0;
    const { offsets, terms, strengths } = this.shelfHeads;
    let any = false;
    for (let node = 0; node + 1 < offsets.length; node++)
      for (let i = offsets[node]!; i < offsets[node + 1]!; i++)
        if (head.expansions.some((x) => x.sure && !x.target && x.term === terms[i])) {
          if (this.shelfStamp[node] !== stamp) this.shelfStrength[node] = 0;
          this.shelfStamp[node] = stamp;
          this.shelfStrength[node] = Math.max(this.shelfStrength[node]!, strengths[i]!);
          any = true;
        }
    return any ? stamp : 0;
  }

  /** Scores the candidates lexically; the best of them, and the best score. */
  private lexicalTop(
    terms: QueryTerms,
    count: number,
    autocomplete: boolean,
    phrase: string | null,
  ): { lexicalDocs: Scored[]; maxLex: number } {
    const { nameEn, nameTh } = this.data;
    const phraseFactor = 1 + this.ranking.phraseBonus;
    const { brandEn, brandTh } = this.data;
    const { nodes, docL3 } = this.data.categories;
    const shelfPhrase = new Uint8Array(nodes.length);
    if (phrase !== null)
      for (const node of nodes)
        if (node.level === 3 && (node.nameEn.toLowerCase().includes(phrase) || node.nameTh.includes(phrase)))
          shelfPhrase[node.id] = 1;
    const lexical = lexicalScorer(this.data, this.ranking, terms, autocomplete);
    const lexTop = new TopK(this.ranking.lexicalCandidates);
    let maxLex = 0;
    const lexicalScore = this.lexicalScore;
    const candidates = this.candidates.docs;
    for (let i = 0; i < count; i++) {
      const d = candidates[i]!;
      let s = lexical(d);
      // A name that holds the words as typed, side by side ("Nam Prik Noom" for "nam prik"), is the phrase itself, not its parts;
      // so is a product of a shelf named so ("fresh mi": Fresh Milk), but not a name where the words run from the brand on ("Daily Fresh Mixed Salad").
      if (
        phrase !== null &&
        s > 0 &&
        (shelfPhrase[docL3[d]!] === 1 ||
          holdsPhrase(nameEn[d]!.toLowerCase(), phrase, brandEn[d]) ||
          holdsPhrase(nameTh[d]!, phrase, brandTh[d]))
      )
        s *= phraseFactor;
      lexicalScore[d] = s;
      if (s > maxLex) maxLex = s;
      if (s > 0 && s >= lexTop.threshold()) lexTop.push(d, s);
    }
    return { lexicalDocs: lexTop.sorted(), maxLex };
  }

  /** The weight of the semantic side: more when a concept was asked for or the words match incompletely. */
  private semanticWeight(clauses: readonly Clause[], autocomplete: boolean, bestShare: number): number {
    const r = this.ranking;
    // A concept leans on the semantic side only when its words name few products themselves ("hangover");
    // "tom yum" names hundreds, and those literal matches should lead.
    const { offsets } = this.data.postings;
    const hasConcept = clauses.some(
      (c) =>
        c.concept >= 0 &&
        c.expansions.every(
          (x) => x.target || !x.sure || offsets[x.term + 1]! - offsets[x.term]! < r.literalConceptMatches,
        ),
    );
    return autocomplete
      ? r.semantic.autocomplete
      : hasConcept
        ? r.semantic.concept
        : bestShare < 1
          ? r.semantic.weakLexical
          : r.semantic.base;
  }

  /** The lexical top, then (with a vector) the documents of the shelves nearest it. */
  private fusionPool(
    lexicalDocs: readonly Scored[],
    vector: Float32Array | null,
    filter: (doc: number) => boolean,
    stamp: number,
  ): number[] {
    const data = this.data;
    const r = this.ranking;
    const poolStamp = this.nextStamp();
    const pool: number[] = [];
    for (const { doc } of lexicalDocs) {
      this.poolStamp[doc] = poolStamp;
      pool.push(doc);
    }
    if (vector === null) return pool;
    for (const node of nearestShelves(data, r, vector)) {
      const end = Math.min(data.leafOffsets[node + 1]!, data.leafOffsets[node]! + r.maxShelfCandidates);
      for (let i = data.leafOffsets[node]!; i < end && pool.length < r.maxSemanticCandidates; i++) {
        const d = data.leafDocs[i]!;
        if (this.poolStamp[d] === poolStamp) continue;
        this.poolStamp[d] = poolStamp;
        // A shelf document the words reached keeps its lexical score; the others have none.
        if (!this.candidates.has(d, stamp)) {
          if (!filter(d)) continue;
          this.lexicalScore[d] = 0;
        } else if (!filter(d)) continue;
        pool.push(d);
      }
    }
    return pool;
  }

  /** Fuses each pooled document's normalised lexical score with its semantic similarity; the best `limit`, noise dropped. */
  private fuse(
    pool: readonly number[],
    query: {
      clauses: readonly Clause[];
      lang: SearchLang;
      autocomplete: boolean;
      maxLex: number;
      vector: Float32Array | null;
      semanticWeight: number;
      limit: number;
      /** Stamp of the shelves named for the query's head word (0: none). */
      shelves: number;
    },
  ): Scored[] {
    const data = this.data;
    const r = this.ranking;
    const { maxLex, vector, semanticWeight } = query;
    const firstTerms = new Set<number>();
    for (const x of query.clauses[0]?.expansions ?? []) if (!x.target) firstTerms.add(x.term);
    const firstTermOf = query.lang === 'th' ? data.firstTermTh : data.firstTermEn;
    const headTermTh = data.headTermTh;
    const startBonus = query.autocomplete ? r.nameStartBonus.autocomplete : r.nameStartBonus.semantic;
    const shelfBonus = r.shelfHeadBonus;
    const k = data.semantic.dimensions;
    const docVectors = data.semantic.docVectors;
    const result = new TopK(query.limit);
    for (const d of pool) {
      let score = 0;
      if (maxLex > 0) {
        // A name that starts with the first word, or whose Thai name (after the brand) does: what the product is, not its flavour.
        const first = firstTermOf[d]!;
        const head = headTermTh[d]!;
        const leads = (first !== NO_TERM && firstTerms.has(first)) || (head !== NO_TERM && firstTerms.has(head));
        const bonus = leads ? 1 + startBonus : 1;
        const shelf = data.categories.docL3[d]!;
        const named = query.shelves !== 0 && this.shelfStamp[shelf] === query.shelves;
        score = (this.lexicalScore[d]! / maxLex) * bonus * (named ? 1 + shelfBonus * this.shelfStrength[shelf]! : 1);
      }
      if (vector !== null && semanticWeight > 0) {
        let dot = 0;
        const base = d * k;
        for (let j = 0; j < k; j++) dot += vector[j]! * docVectors[base + j]!;
        const similarity = dot / 127;
        if (similarity > 0)
          score +=
            semanticWeight * similarity * (data.active[d] === 1 && data.online[d] === 1 ? 1 : r.unavailableFactor);
      }
      if (score > 0) result.push(d, score);
    }
    const sorted = result.sorted();
    const floor = (sorted[0]?.score ?? 0) * r.minRelativeScore;
    return sorted.filter((x) => x.score >= floor);
  }
}

/**
 * Which clause holds the query's head word: the first when the query starts with a Thai word that
 * is a run of its own (Thai puts the head first), the last for Latin words (English puts it last);
 * none when the query starts with a Thai run of several words (เนื้อหมู: its first word, เนื้อ, is too
 * general to name a shelf) or with a number or size.
 */
function headClause(parsed: ParsedQuery): 'first' | 'last' | null {
  const first = parsed.tokens[0];
  if (first === undefined) return null;
  if (first.kind === 'thai')
    return parsed.tokens[1]?.run === first.run && parsed.tokens[1]?.kind === 'thai' ? null : 'first';
  return first.kind === 'word' ? 'last' : null;
}

/** Whether `name` holds `phrase`, not counting an occurrence that starts inside the brand the name begins with and runs past it. */
function holdsPhrase(name: string, phrase: string, brand: string | null | undefined): boolean {
  const at = name.indexOf(phrase);
  if (at < 0) return false;
  const brandLength = brand != null && name.startsWith(brand.toLowerCase()) ? brand.length : 0;
  if (at >= brandLength || at + phrase.length <= brandLength) return true;
  return name.indexOf(phrase, at + 1) >= 0;
}

/** Shortest phrase looked for in names. */
const MIN_PHRASE_LENGTH = 5;

/**
 * The words of a query of two or more words, as a name would hold them side by side (Thai words of
 * one run written together), or null: a single word, or one with numbers or sizes.
 */
function namePhrase(parsed: ParsedQuery): string | null {
  const { tokens } = parsed;
  if (tokens.length < 2 || tokens.some((t) => t.kind !== 'word' && t.kind !== 'thai')) return null;
  let phrase = tokens[0]!.surface;
  for (let i = 1; i < tokens.length; i++)
    phrase += (tokens[i]!.run === tokens[i - 1]!.run && tokens[i]!.kind === 'thai' ? '' : ' ') + tokens[i]!.surface;
  return phrase.length >= MIN_PHRASE_LENGTH ? phrase : null;
}
