/**
 * The ranked search index: build it once from the catalog's documents, then query it (the ranking
 * is in search-engine.ts, suggest in suggest.ts). It is immutable; a new catalog snapshot means a
 * new index, swapped in whole by the caller.
 */
import type { SearchHitRecord, Suggestion } from '@grocery/core/ports';
import { buildIndexData, type IndexBuildOptions, type IndexData } from './index-builder.ts';
import { DEFAULT_MATCH_WEIGHTS, type MatchWeights } from './query-clauses.ts';
import { DEFAULT_RANKING, type RankingWeights } from './ranking-weights.ts';
import type { SearchDocument } from './search-document.ts';
import { SearchEngine } from './search-engine.ts';
import type { SearchQuery, SuggestQuery } from './search-query.ts';
import { buildSuggester } from './suggest.ts';

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

/** The query as the catalog spells it, with its hits: "did you mean". */
export interface SpellingSuggestion {
  /** The corrected query, normalised (lower case, single spaces). */
  query: string;
  hits: SearchHitRecord[];
}

/** A built, immutable index. Queries are synchronous and never throw on any input text. */
export interface SearchIndex {
  search(query: SearchQuery): SearchHitRecord[];
  /**
   * The query with its words the catalog does not hold spelt as the catalog's closest words, and
   * the hits of that; null when every word is the catalog's, none has a close word, or the
   * correction finds nothing.
   */
  correct(query: SearchQuery): SpellingSuggestion | null;
  suggest(query: SuggestQuery): Suggestion[];
  stats(): SearchIndexStats;
}

/** Options of {@link buildSearchIndex}. */
export interface SearchIndexOptions extends IndexBuildOptions {
  ranking?: Partial<Omit<RankingWeights, 'match'>> & { match?: Partial<MatchWeights> };
}

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
export function searchIndexFromData(
  data: IndexData,
  options: Pick<SearchIndexOptions, 'ranking'> = {},
  started = performance.now(),
): SearchIndex {
  const ranking: RankingWeights = {
    ...DEFAULT_RANKING,
    ...options.ranking,
    match: { ...DEFAULT_MATCH_WEIGHTS, ...options.ranking?.match },
  };
  const engine = new SearchEngine(data, ranking);
  const suggester = buildSuggester(
    data,
    (query) => engine.search(query),
    (text) => engine.correctedText(text),
  );
  const buildMs = performance.now() - started;
  const memoryBytes = estimateMemory(data);
  const index: SearchIndex = {
    search: (query) => engine.search(query),
    correct: (query) => engine.correct(query),
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
    data.headTermTh,
    data.sortedBarcodeDocs,
    data.semantic.termVectors,
    data.semantic.termHasVector,
    data.semantic.categoryVectors,
    data.semantic.docVectors,
    data.toneless.offsets,
    data.toneless.terms,
    data.romanised.offsets,
    data.romanised.terms,
    data.skeletons.offsets,
    data.skeletons.terms,
    data.thaiRuns.counts,
    data.thaiRuns.offsets,
    data.thaiRuns.terms,
  ];
  for (const array of typed) bytes += array.byteLength;
  const strings = (list: readonly (string | null)[]) =>
    list.reduce((sum, s) => sum + (s === null ? 8 : 24 + s.length * 2), 0);
  bytes +=
    strings(data.cprcodes) +
    strings(data.nameEn) +
    strings(data.nameTh) +
    strings(data.barcodes) +
    strings(data.imageUrls);
  bytes +=
    strings(data.surfaces) * 2 +
    strings(data.toneless.keys) +
    strings(data.romanised.keys) +
    strings(data.skeletons.keys) +
    strings(data.thaiRuns.keys) +
    strings(data.thaiRuns.texts) +
    strings(data.thaiRuns.words) +
    strings(data.thaiVocabulary.words) +
    strings(data.thaiVocabulary.toneless) +
    data.termIds.size * 48 +
    data.barcodeDoc.size * 80 +
    data.cprcodeDoc.size * 80;
  // Scratch arrays of the engine: 20 bytes a document and 8 a term.
  bytes += data.docCount * 20 + data.termKinds.length * 8;
  return bytes;
}
