import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { HttpHandler, HttpRequest, HttpResponse } from '@grocery/core/http';

/** Past the limit the rest is read and dropped (so the client sees the 413) up to this factor, then the socket is cut. */
const DRAIN_FACTOR = 16;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Reads a node request into an `HttpRequest`. At most `maxBodyBytes + 1` bytes are kept, so an
 * oversized body is recognisable by its length; `path` has `mountPath` removed.
 */
export async function toHttpRequest(
  req: IncomingMessage,
  options: { mountPath?: string; maxBodyBytes: number },
): Promise<HttpRequest> {
  const limit = options.maxBodyBytes;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const mount = (options.mountPath ?? '').replace(/\/+$/, '');
  const path = mount && url.pathname.startsWith(mount) ? url.pathname.slice(mount.length) || '/' : url.pathname;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  let body: Uint8Array = EMPTY;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const chunks: Buffer[] = [];
    let kept = 0;
    let seen = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (kept <= limit) {
        const part = chunk.subarray(0, limit + 1 - kept);
        chunks.push(part);
        kept += part.length;
      }
      if (seen > limit * DRAIN_FACTOR) {
        req.destroy();
        break;
      }
    }
    body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  } else {
    req.resume();
  }
  const given = headers['x-request-id'];
  return {
    method: req.method ?? 'GET',
    path,
    query: url.searchParams,
    headers,
    body,
    remoteAddress: req.socket.remoteAddress,
    requestId: given && REQUEST_ID.test(given) ? given : randomUUID(),
  };
}

const EMPTY = new Uint8Array(0);

/** Writes an `HttpResponse` to a node response. */
export function writeHttpResponse(res: ServerResponse, response: HttpResponse): void {
  res.writeHead(response.status, response.headers);
  res.end(response.body ?? undefined);
}

export interface NodeListenerOptions {
  /** Largest body accepted for a path; larger ones answer 413 before the handler runs. */
  maxBodyBytes: (path: string) => number;
  /** A fault escaped the handler: log it; the client gets a masked 500 with the request id. */
  onError?: (error: unknown, request: HttpRequest | null) => void;
  /** Headers added to every response (e.g. the request id is always added). */
  headers?: Record<string, string>;
  /** Called once per answered request, for logs and metrics. */
  onResponse?: (request: HttpRequest | null, path: string, response: HttpResponse, durationMs: number) => void;
}

/**
 * A node:http request listener for a handler: reads the body within its limit, answers 413 past
 * it, adds `X-Request-Id`, and turns escaped faults into a masked 500 (never a crash).
 */
export function createNodeListener(
  handler: HttpHandler,
  options: NodeListenerOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let request: HttpRequest | null = null;
    const started = performance.now();
    const path = (req.url ?? '/').split('?', 1)[0]!;
    const limit = options.maxBodyBytes(path);
    const declared = Number(req.headers['content-length'] ?? 0);
    const respond = (response: HttpResponse) => {
      // A stopping server answered it already (503 at its drain deadline).
      if (res.headersSent) return;
      response.headers['x-request-id'] = request?.requestId ?? '';
      if (options.headers) for (const [k, v] of Object.entries(options.headers)) response.headers[k] ??= v;
      writeHttpResponse(res, response);
      options.onResponse?.(request, path, response, performance.now() - started);
    };
    if (declared > limit) {
      respond(tooLarge(limit));
      req.resume();
      return;
    }
    toHttpRequest(req, { maxBodyBytes: limit })
      .then((read) => {
        request = read;
        return read.body.length > limit ? tooLarge(limit) : handler(read);
      })
      .then(respond, (error: unknown) => {
        options.onError?.(error, request);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        respond({
          status: 500,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({
            error: {
              code: 'INTERNAL',
              message: `Internal error. Quote request id ${request?.requestId ?? 'unknown'} to support.`,
            },
          }),
        });
      });
  };
}

function tooLarge(limit: number): HttpResponse {
  return {
    status: 413,
    headers: { 'content-type': 'application/json; charset=utf-8', connection: 'close' },
    body: JSON.stringify({
      error: { code: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than ${limit} bytes.` },
    }),
  };
}

/** A running node:http server. */
export interface RunningServer {
  server: Server;
  /** `http://host:port` */
  origin: string;
  port: number;
  /**
   * Stops accepting connections and lets the requests it accepted finish for up to `drainMs`
   * (default 10 s); those still unanswered then get 503 `SHUTTING_DOWN` with `Retry-After`, and
   * every connection is closed.
   */
  close(drainMs?: number): Promise<void>;
}

/** The answer to a request a stopping server cannot finish within its drain deadline: another instance can. */
function shuttingDown(res: ServerResponse): void {
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': '1',
    connection: 'close',
  });
  res.end(
    JSON.stringify({
      error: {
        code: 'SHUTTING_DOWN',
        message: 'This instance is shutting down and could not finish the request in time; retry it.',
      },
    }),
  );
}

/** Starts a node:http server on `host:port` (port 0 picks a free one), with timeouts against slow clients. */
export async function listen(
  options: { port?: number; host?: string } = {},
  listener?: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<RunningServer> {
  const server = createServer({ keepAliveTimeout: 5_000, requestTimeout: 30_000, headersTimeout: 10_000 });
  // Every response until it is written, so that a drain can answer what is left at its deadline.
  const unanswered = new Set<ServerResponse>();
  let draining = false;
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
    // While draining, clients are told not to send more on this connection.
    if (draining) res.setHeader('connection', 'close');
  });
  // A listener may also be attached later, once the origin is known (issuers, public URLs).
  if (listener) server.on('request', listener);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: (drainMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        draining = true;
        for (const res of unanswered) if (!res.headersSent) res.setHeader('connection', 'close');
        // Stop accepting, let requests in flight finish, shut idle keep-alive connections as they free up.
        server.close((error) => {
          clearInterval(sweep);
          clearTimeout(deadline);
          if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
          else resolve();
        });
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        const deadline = setTimeout(() => {
          for (const res of unanswered) {
            if (res.headersSent) res.destroy();
            else shuttingDown(res);
          }
          // The 503s go out before the connections are cut, unless a client does not read them.
          setTimeout(() => server.closeAllConnections(), 200).unref();
        }, drainMs);
      }),
  };
}
