/** The simulator's own HTTP server: the grocer handler on node:http through the project's adapter. */
import { createNodeListener, listen, type RunningServer } from '@grocery/http-node';
import { createGrocerHandler, type GrocerHandlerOptions } from './grocer-handler.ts';
import type { GrocerSimulator } from './simulator-contract.ts';

/** Largest request body the grocer accepts (a full calculate request is a few kilobytes). */
export const GROCER_MAX_BODY_BYTES = 256 * 1024;

export interface GrocerServerOptions extends GrocerHandlerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  maxBodyBytes?: number;
  log?: (message: string) => void;
}

/**
 * Serves the simulator over HTTP and resolves once it listens; `close()` stops the server (the
 * simulator is the caller's to close).
 *
 * @example
 * const server = await createGrocerServer(simulator, { port: 4002, controlToken: 'secret' });
 * const grocer = createHttpGrocer({ url: server.origin, controlToken: 'secret' });
 */
export async function createGrocerServer(
  simulator: GrocerSimulator,
  options: GrocerServerOptions = {},
): Promise<RunningServer> {
  const log = options.log ?? ((message: string) => console.error(message));
  const onError = (error: unknown) =>
    log(`[grocer] internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  const handler = createGrocerHandler(simulator, {
    apiToken: options.apiToken,
    controlToken: options.controlToken,
    onError: options.onError ?? onError,
  });
  const limit = options.maxBodyBytes ?? GROCER_MAX_BODY_BYTES;
  return listen(
    { host: options.host ?? '127.0.0.1', port: options.port ?? 0 },
    createNodeListener(handler, { maxBodyBytes: () => limit, onError }),
  );
}
