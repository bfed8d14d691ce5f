/**
 * The grocer simulator as its own HTTP server for the fault-injection suite: in this process
 * (createGrocerSimulator + createGrocerServer), or as a child process started the way
 * `npm run start:grocer` starts it, which is what running the grocer as its own server means.
 */
import {
  createGrocerServer,
  createGrocerSimulator,
  createHttpGrocer,
  type GrocerSimulator,
  type HttpGrocer,
  type HttpGrocerOptions,
} from '@grocery/grocer';
import type { RunningServer } from '@grocery/http-node';
import { spawnNodeChild, type ChildExit } from './node-child.ts';

/** The control token test grocers are started with (GROCER_CONTROL_TOKEN of the API too). */
export const TEST_GROCER_CONTROL_TOKEN = 'grocer-control-token-for-tests-0123456789';

export interface TestGrocerOptions {
  /** Default 500: enough priced, sellable products at every branch, quick to export. */
  productCount?: number;
  /** Default 1. */
  seed?: number;
  /** Simulated picking step after payment. Default 200 ms, so orders move within a test. */
  pickingStepMs?: number;
  /** Default TEST_GROCER_CONTROL_TOKEN. */
  controlToken?: string;
  /** Gateway calls need `Authorization: Bearer <apiToken>` when set (the API's GROCER_TOKEN). */
  apiToken?: string;
  /** Where the grocer notifies the service of payments and order moves; off when absent. */
  serviceWebhook?: { url: string; secret: string };
}

/** A grocer server that is running. */
export interface TestGrocer {
  readonly origin: string;
  readonly controlToken: string;
  readonly apiToken: string | undefined;
  /** An HTTP grocer client on this server (gateway and control), e.g. to look orders up. */
  client(options?: Omit<HttpGrocerOptions, 'url'>): HttpGrocer;
  close(): Promise<void>;
}

export interface InProcessGrocer extends TestGrocer {
  readonly simulator: GrocerSimulator;
  readonly server: RunningServer;
}

export interface GrocerProcess extends TestGrocer {
  readonly pid: number;
  readonly running: boolean;
  /** The child's recent output, for a failure message. */
  output(): string;
  /** Ends the child (SIGKILL: the grocer dies without a goodbye) and waits for its exit. */
  kill(signal?: NodeJS.Signals): Promise<ChildExit>;
}

const DEFAULTS = { productCount: 500, seed: 1, pickingStepMs: 200 };

function clientFor(origin: string, controlToken: string, apiToken: string | undefined) {
  return (options: Omit<HttpGrocerOptions, 'url'> = {}) =>
    createHttpGrocer({ url: origin, controlToken, token: apiToken, ...options });
}

/**
 * Serves a small simulator over HTTP on a free port of 127.0.0.1, in this process.
 *
 * @example
 * const grocer = await startGrocerInProcess({ productCount: 300 });
 * const orders = await grocer.client().orders(['ORDER-1']);
 * await grocer.close();
 */
export async function startGrocerInProcess(options: TestGrocerOptions = {}): Promise<InProcessGrocer> {
  const controlToken = options.controlToken ?? TEST_GROCER_CONTROL_TOKEN;
  const simulator = createGrocerSimulator({
    productCount: options.productCount ?? DEFAULTS.productCount,
    seed: options.seed ?? DEFAULTS.seed,
    pickingStepMs: options.pickingStepMs ?? DEFAULTS.pickingStepMs,
    serviceWebhook: options.serviceWebhook ?? null,
  });
  const server = await createGrocerServer(simulator, { controlToken, apiToken: options.apiToken });
  return {
    origin: server.origin,
    controlToken,
    apiToken: options.apiToken,
    simulator,
    server,
    client: clientFor(server.origin, controlToken, options.apiToken),
    async close() {
      await server.close(0);
      await simulator.close();
    },
  };
}

/**
 * Runs `packages/grocer/src/main.ts` (what `npm run start:grocer` runs) as a child process on a
 * free port, and resolves once it prints the origin it listens on.
 *
 * @example
 * const grocer = await startGrocerProcess({ productCount: 500 });
 * const proxy = await startFaultProxy(grocer.origin);
 * // … later: the grocer dies mid-checkout
 * await grocer.kill('SIGKILL');
 */
export async function startGrocerProcess(
  options: TestGrocerOptions & {
    /** Default 120 s (35 s seen on an overloaded machine). */ startTimeoutMs?: number;
  } = {},
): Promise<GrocerProcess> {
  const controlToken = options.controlToken ?? TEST_GROCER_CONTROL_TOKEN;
  const env: Record<string, string> = {
    GROCER_HOST: '127.0.0.1',
    GROCER_PORT: '0',
    GROCER_PRODUCTS: String(options.productCount ?? DEFAULTS.productCount),
    GROCER_SEED: String(options.seed ?? DEFAULTS.seed),
    GROCER_PICKING_STEP_MS: String(options.pickingStepMs ?? DEFAULTS.pickingStepMs),
    GROCER_CONTROL_TOKEN: controlToken,
  };
  if (options.apiToken) env.GROCER_API_TOKEN = options.apiToken;
  if (options.serviceWebhook) {
    env.SERVICE_WEBHOOK_URL = options.serviceWebhook.url;
    env.SERVICE_WEBHOOK_SECRET = options.serviceWebhook.secret;
  }
  const child = spawnNodeChild({ name: 'grocer', script: 'packages/grocer/src/main.ts', env });
  let origin: string;
  try {
    // main.ts prints "… ready in N ms at http://127.0.0.1:PORT; control on; …" once it listens.
    [, origin = ''] = await child.waitForOutput(
      /ready in \d+ ms at (http:\/\/[^\s;]+);/,
      options.startTimeoutMs ?? 120_000,
    );
  } catch (error) {
    await child.stop('SIGKILL');
    throw error;
  }
  return {
    origin,
    controlToken,
    apiToken: options.apiToken,
    pid: child.pid,
    get running() {
      return child.running;
    },
    output: () => child.output(),
    client: clientFor(origin, controlToken, options.apiToken),
    kill: (signal = 'SIGKILL') => child.stop(signal),
    async close() {
      await child.stop('SIGTERM', 5_000);
    },
  };
}
