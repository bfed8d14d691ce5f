import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpRequest, HttpResponse } from '@grocery/core';
import { DEFAULT_POOL_LIMITS } from './pool-settings.ts';

/** Anything that serves plain requests, such as a `UserPool`. */
export interface RequestHandler {
  handle(request: HttpRequest): Promise<HttpResponse>;
}

// Past the limit the rest is read and dropped (so the client sees the 413) up to this many bytes, then the socket is cut.
const DRAIN_FACTOR = 16;

/**
 * Reads a node request into an `HttpRequest`. At most `maxBodyBytes + 1` bytes are kept, so a
 * handler can tell an oversized body by its length; `path` has `mountPath` removed.
 */
export async function toHttpRequest(req: IncomingMessage, options: { mountPath?: string; maxBodyBytes?: number } = {}): Promise<HttpRequest> {
  const limit = options.maxBodyBytes ?? DEFAULT_POOL_LIMITS.maxBodyBytes;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const mount = (options.mountPath ?? '').replace(/\/+$/, '');
  const path = mount && url.pathname.startsWith(mount) ? url.pathname.slice(mount.length) || '/' : url.pathname;
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
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { method: req.method ?? 'GET', path, query: url.searchParams, headers, body: Buffer.concat(chunks), remoteAddress: req.socket.remoteAddress };
}

/** Writes an `HttpResponse` to a node response. */
export function writeHttpResponse(res: ServerResponse, response: HttpResponse): void {
  res.writeHead(response.status, response.headers);
  res.end(response.body ?? undefined);
}

/**
 * A node:http request listener serving `handler` under `mountPath` (default `/idp`); other paths answer 404.
 *
 * @example
 * http.createServer(createNodeHandler(pool)).listen(4000);
 */
export function createNodeHandler(handler: RequestHandler, options: { mountPath?: string; maxBodyBytes?: number } = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const mount = (options.mountPath ?? '/idp').replace(/\/+$/, '');
  return (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (mount && pathname !== mount && !pathname.startsWith(`${mount}/`)) {
      writeHttpResponse(res, { status: 404, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"message":"Not found."}' });
      req.resume();
      return;
    }
    toHttpRequest(req, { mountPath: mount, ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }) })
      .then((request) => handler.handle(request))
      .then(
        (response) => writeHttpResponse(res, response),
        (error: unknown) => {
          console.error('idp: unhandled error', error);
          if (!res.headersSent) writeHttpResponse(res, { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"message":"Internal error."}' });
          else res.destroy();
        },
      );
  };
}

/** A running node:http server. */
export interface RunningServer {
  server: Server;
  /** `http://host:port` */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Starts a node:http server on `host:port` (port 0 picks a free one); `handler` may be attached later with `server.on('request', ...)`. */
export async function listen(options: { port?: number; host?: string } = {}, listener?: (req: IncomingMessage, res: ServerResponse) => void): Promise<RunningServer> {
  const server = listener ? createServer(listener) : createServer();
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * Serves a pool on its own port under `mountPath` (default `/idp`). The pool's issuer must be
 * `<origin><mountPath>`; when the port is only known after listening, use `listen()` and then
 * `server.on('request', createNodeHandler(pool))`.
 *
 * @example
 * const running = await serveUserPool(pool, { port: 4100 });
 */
export async function serveUserPool(pool: RequestHandler, options: { port?: number; host?: string; mountPath?: string; maxBodyBytes?: number } = {}): Promise<RunningServer> {
  return listen(options, createNodeHandler(pool, options));
}
