/**
 * @grocery/http-fetch: serves the API's handlers (`HttpRequest → HttpResponse`, from
 * @grocery/core/http and the other packages) in fetch runtimes (Deno, Bun, workers, any server that
 * calls `(request: Request) => Promise<Response>`), beside @grocery/http-node for node:http.
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export {
  toFetchHandler,
  toResponse,
  type FetchHandler,
  type FetchHandlerOptions,
  type FetchRequestInfo,
} from './fetch-adapter.ts';
