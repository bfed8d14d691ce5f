import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { listen, toHttpRequest, writeHttpResponse, type RunningServer } from '@grocery/http-node';
import { DEFAULT_POOL_LIMITS } from './pool-settings.ts';

/** Anything that serves plain requests, such as a `UserPool`. */
export interface RequestHandler {
  handle(request: HttpRequest): Promise<HttpResponse>;
}

/**
 * A node:http request listener serving `handler` under `mountPath` (default `/idp`); other paths
 * answer 404. The API mounts the pool through its own router; this is for a pool on its own port.
 *
 * @example
 * http.createServer(createNodeHandler(pool)).listen(4000);
 */
export function createNodeHandler(
  handler: RequestHandler,
  options: { mountPath?: string; maxBodyBytes?: number } = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const mount = (options.mountPath ?? '/idp').replace(/\/+$/, '');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_POOL_LIMITS.maxBodyBytes;
  return (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (mount && pathname !== mount && !pathname.startsWith(`${mount}/`)) {
      writeHttpResponse(res, {
        status: 404,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: '{"message":"Not found."}',
      });
      req.resume();
      return;
    }
    toHttpRequest(req, { mountPath: mount, maxBodyBytes })
      .then((request) => handler.handle(request))
      .then(
        (response) => writeHttpResponse(res, response),
        (error: unknown) => {
          console.error('idp: unhandled error', error);
          if (!res.headersSent)
            writeHttpResponse(res, {
              status: 500,
              headers: { 'content-type': 'application/json; charset=utf-8' },
              body: '{"message":"Internal error."}',
            });
          else res.destroy();
        },
      );
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
export async function serveUserPool(
  pool: RequestHandler,
  options: { port?: number; host?: string; mountPath?: string; maxBodyBytes?: number } = {},
): Promise<RunningServer> {
  return listen(options, createNodeHandler(pool, options));
}

export { listen, type RunningServer };
