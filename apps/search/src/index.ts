/**
 * @grocery/app-search: the ranked search service ({search_url}): its HTTP handler and the service that
 * keeps its index built from the published catalog. The request rules live in @grocery/search, which
 * knows no HTTP, and the client the API reaches the service with in @grocery/search-client (shared/DESIGN.md §3).
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { createSearchHandler } from './search-handler.ts';
export type { LoadedSearchIndex, SearchHandlerOptions } from './search-handler.ts';
export {
  startSearchService,
  type SearchCatalogSource,
  type SearchService,
  type SearchServiceOptions,
  type SearchServiceStatus,
} from './search-service.ts';
export {
  createDatabaseIndexStore,
  createFileIndexStore,
  SEARCH_MIGRATIONS,
  type SearchIndexKey,
  type SearchIndexStore,
} from './search-index-store.ts';
export { startDatabaseSearch, type DatabaseSearchOptions } from './database-search.ts';
