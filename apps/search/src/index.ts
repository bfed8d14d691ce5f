/**
 * @grocery/app-search: the ranked search service's HTTP handler and the HTTP client for it.
 * Every export of this file is public API of the package; anything not exported here is internal.
 * (The entry point that wires the index to the catalog snapshot and a port lives in main.ts.)
 */
export { createSearchHandler, SEARCH_DEFAULTS } from './search-handler.ts';
export type { LoadedSearchIndex, SearchHandlerOptions } from './search-handler.ts';
export { createHttpSearchClient } from './search-http-client.ts';
export type { HttpSearchClientOptions } from './search-http-client.ts';
