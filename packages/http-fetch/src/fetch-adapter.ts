import type { HttpHandler, HttpRequest, HttpResponse } from '@grocery/core/http';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Statuses whose responses have no body: `new Response(body, …)` throws for them. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export interface FetchHandlerOptions {
  /** Largest body accepted for a path; larger ones answer 413 before the handler runs. Default 64 KiB. */
  maxBodyBytes?: (path: string) => number;
  /** A fault escaped the handler: log it; the client gets a masked 500 with the request id. */
  onError?: (error: unknown, request: HttpRequest | null) => void;
  /** Headers added to every response that does not set them. */
  headers?: Record<string, string>;
}

/** What the runtime knows beside the request (e.g. Deno's `info.remoteAddr.hostname`). */
export interface FetchRequestInfo {
  remoteAddress?: string | undefined;
}

/** A handler of the fetch API, as Deno.serve, Bun.serve and workers' `fetch` take it. */
export type FetchHandler = (request: Request, info?: FetchRequestInfo) => Promise<Response>;

/**
 * Serves an `HttpHandler` in a fetch runtime: reads the body within its limit (413 past it), adds
 * `X-Request-Id`, and turns escaped faults into a masked 500.
 *
 * @example
 * const fetchHandler = toFetchHandler(createGraphQLHandler({ commerce, executor }));
 * Deno.serve((request, info) => fetchHandler(request, { remoteAddress: info.remoteAddr.hostname }));
 */
export function toFetchHandler(handler: HttpHandler, options: FetchHandlerOptions = {}): FetchHandler {
  const maxBodyBytes = options.maxBodyBytes ?? (() => 64 * 1024);
  return async (request, info = {}) => {
    const given = request.headers.get('x-request-id');
    const requestId = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    let read: HttpRequest | null = null;
    let response: HttpResponse;
    try {
      const url = new URL(request.url);
      const limit = maxBodyBytes(url.pathname);
      const body = Number(request.headers.get('content-length') ?? 0) > limit ? null : await readBody(request, limit);
      if (body === null) {
        response = tooLarge(limit);
      } else {
        const headers: Record<string, string> = {};
        request.headers.forEach((value, name) => (headers[name] = value));
        read = {
          method: request.method,
          path: url.pathname,
          query: url.searchParams,
          headers,
          body,
          remoteAddress: info.remoteAddress,
          requestId,
        };
        response = await handler(read);
      }
    } catch (error) {
      options.onError?.(error, read);
      response = {
        status: 500,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({
          error: { code: 'INTERNAL', message: `Internal error. Quote request id ${requestId} to support.` },
        }),
      };
    }
    return toResponse(response, { ...options.headers, 'x-request-id': requestId });
  };
}

/** The body, or null when it is longer than `limit` bytes (the rest is not read). */
async function readBody(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body || request.method === 'GET' || request.method === 'HEAD') return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    length += chunk.value.length;
    if (length > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(chunk.value);
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/** A fetch `Response` for an `HttpResponse`; `extra` headers fill in what the response does not set. */
export function toResponse(response: HttpResponse, extra: Record<string, string> = {}): Response {
  const headers = new Headers(extra);
  for (const [name, value] of Object.entries(response.headers)) headers.set(name, value);
  // Handlers' bytes are views of plain ArrayBuffers, never of a SharedArrayBuffer, which BodyInit refuses.
  const body = response.body as string | Uint8Array<ArrayBuffer> | null;
  return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, { status: response.status, headers });
}

function tooLarge(limit: number): HttpResponse {
  return {
    status: 413,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      error: { code: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than ${limit} bytes.` },
    }),
  };
}
