/**
 * Transport-neutral request and response, so that handlers in core and in packages are plain
 * functions (`(request) => response`) and each server adapter stays small.
 */
export interface HttpRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/products/100001`. */
  path: string;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The raw body, already read within the route's size limit (empty for GET). */
  body: Uint8Array;
  /** The caller's address, for rate limits and logs. */
  remoteAddress?: string | undefined;
  /** Request id, for logs and error masking. */
  requestId?: string | undefined;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

export type HttpHandler = (request: HttpRequest) => Promise<HttpResponse>;

/**
 * A JSON response with its content type; `headers` are added to it.
 *
 * @example
 * return jsonResponse(200, { ok: true }, { 'cache-control': 'no-store' });
 */
export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

/** The error body of REST-style surfaces: `{"error":{"code","message"}}` (DESIGN.md §4). */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): HttpResponse {
  return jsonResponse(status, { error: { code, message, ...extra } }, headers);
}
