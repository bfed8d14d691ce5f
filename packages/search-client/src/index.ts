/**
 * @grocery/search-client: core's `SearchClient` port over the ranked search service's HTTP API
 * (`openapi/search.yaml`). The service itself is `apps/search`; a client lives apart from it so that
 * the API reaches the service without importing another app (shared/DESIGN.md §3).
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { createHttpSearchClient, type HttpSearchClientOptions } from './search-http-client.ts';
