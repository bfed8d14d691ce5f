/**
 * @grocery/app-search: the ranked search service ({search_url}): its HTTP handler, the service that
 * keeps its index built from the published catalog, and the HTTP client the API uses.
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { createSearchHandler, SEARCH_DEFAULTS } from './search-handler.ts';
export type { LoadedSearchIndex, SearchHandlerOptions } from './search-handler.ts';
export { createHttpSearchClient } from './search-http-client.ts';
export type { HttpSearchClientOptions } from './search-http-client.ts';
export { startSearchService, type SearchCatalogSource, type SearchService, type SearchServiceOptions, type SearchServiceStatus } from './search-service.ts';
export { createDatabaseIndexStore, createFileIndexStore, SEARCH_MIGRATIONS, type SearchIndexKey, type SearchIndexStore } from './search-index-store.ts';
export { startDatabaseSearch, type DatabaseSearchOptions } from './database-search.ts';
