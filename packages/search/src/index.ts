/**
 * @grocery/search: bilingual (English/Thai) ranked search, suggest and their building blocks.
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { buildSearchIndex, searchIndexFromData } from './ranked-search-index.ts';
export { DEFAULT_RANKING, type RankingWeights } from './ranking-weights.ts';
export { MAX_INDEX_LIMIT } from './search-engine.ts';
export { buildIndexData, type IndexData, type IndexBuildOptions } from './index-builder.ts';
export type {
  SearchIndex,
  SearchIndexOptions,
  SearchIndexStats,
  SpellingSuggestion,
  SuggestionKind,
} from './ranked-search-index.ts';
export type { SearchQuery, SuggestQuery } from './search-query.ts';
export { documentFromProduct } from './search-document.ts';
export type { SearchDocument } from './search-document.ts';
export { MAX_SUGGEST_LIMIT } from './suggest.ts';
export { normalizeText } from './normalizer.ts';
export { categoryKey } from './category-tree.ts';
export { tokenize } from './tokenizer.ts';
export type { Token, TokenKind, TokenizeOptions } from './tokenizer.ts';
export { stemWord } from './stemmer.ts';
export { segmentThai } from './thai-segmenter.ts';
export { sizeTerm } from './unit-normalizer.ts';
export { typoBudget, typoCandidates, fuzzyScan } from './typo-matcher.ts';
export type { FuzzyMatch, FuzzyScanOptions } from './typo-matcher.ts';
export { parseQuery, QUERY_BOUNDS } from './query-parser.ts';
export type { ParsedQuery } from './query-parser.ts';
export { defaultConceptLexicon, parseConceptLexicon } from './concept-lexicon.ts';
export type { ConceptDefinition } from './concept-lexicon.ts';
export { DEFAULT_FIELD_CONFIG, DEFAULT_K1, FIELDS } from './bm25f.ts';
export type { FieldConfig, FieldName } from './bm25f.ts';
export { DEFAULT_MATCH_WEIGHTS } from './query-clauses.ts';
export type { MatchWeights } from './query-clauses.ts';
export {
  decodeIndexData,
  encodeIndexData,
  readIndexFileHeader,
  IndexFileError,
  INDEX_CODEC_VERSION,
} from './index-codec.ts';
export type { IndexFileErrorCode, IndexFileHeader } from './index-codec.ts';
export { searchIndexFormat } from './index-format.ts';
export {
  parseSearchRequest,
  parseSuggestRequest,
  parseManifestRequest,
  SEARCH_DEFAULTS,
  SEARCH_ROUTES,
} from './search-request.ts';
export type { SearchRoute } from './search-request.ts';
