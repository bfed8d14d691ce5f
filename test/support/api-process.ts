/**
 * The API (`apps/api/src/main.ts`, what `npm start` runs, with the start script's Node.js flags) as
 * a child process of a test, so that it can be killed with SIGKILL between two steps of a checkout
 * and started again on the same data: PGlite under its DATA_DIR, or a fresh PostgreSQL schema.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '@grocery/store';
import { serviceNodeFlags } from '../../bench/lib.ts';
import { createApiClient, type ApiClient, type ApiCredentials } from './api-client.ts';
import { TEST_GROCER_CONTROL_TOKEN } from './grocer-process.ts';
import { spawnNodeChild, type ChildExit, type NodeChild } from './node-child.ts';

/** Where the API keeps its data: PGlite in DATA_DIR/pgdata, a fresh schema on TEST_DATABASE_URL, or a given URL. */
export type ApiDatabase = 'pglite' | 'postgres' | { url: string };

export interface ApiProcessOptions {
  /** GROCER_URL: the grocer, usually through a fault proxy. */
  grocerUrl: string;
  /** GROCER_CONTROL_TOKEN. Default TEST_GROCER_CONTROL_TOKEN. */
  grocerControlToken?: string;
  /** GROCER_TOKEN, when the grocer requires one. */
  grocerToken?: string;
  /** Default 'pglite'. 'postgres' makes a schema on TEST_DATABASE_URL that `close()` drops. */
  database?: ApiDatabase;
  /** DATA_DIR. Default: a fresh temporary directory that `close()` removes. */
  dataDir?: string;
  /** ADMIN_TOKEN. Default: a random one, kept across restarts. */
  adminToken?: string;
  /** Run the embedded search service (on a free port). Default false: checkout needs none. */
  search?: boolean;
  /** PORT. Default: a free one (learned from the banner, or found beforehand when env sets PUBLIC_BASE_URL), kept across restarts. */
  port?: number;
  /** LOG_LEVEL. Default 'warn': the output stays short and a failure's cause stands out. */
  logLevel?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Any other setting (CATALOG_POLL_MS, RATE_LIMIT_…, timeouts); wins over the above. */
  env?: Record<string, string>;
  /** How long a start may take until /health/ready answers 200. Default 240 s: a first PGlite start took 105 s on an overloaded 2-core machine (18 s of CPU). */
  readyTimeoutMs?: number;
}

export interface ApiProcess extends Omit<ApiClient, 'close'> {
  /** `http://127.0.0.1:<port>`; the same after a restart. */
  readonly origin: string;
  readonly dataDir: string;
  /** DATABASE_URL, or undefined on PGlite. */
  readonly databaseUrl: string | undefined;
  /** The current (or last) child's process id. */
  readonly pid: number;
  readonly running: boolean;
  /** The development partner's key and app client (from DATA_DIR/dev-credentials.json), and the admin token. */
  readonly credentials: ApiCredentials;
  /** Milliseconds from spawning the last start to /health/ready answering 200. */
  readonly startMs: number;
  /** The current child's recent stdout and stderr. */
  output(): string;
  /** Sends `signal` (default SIGKILL: no drain, no cleanup, as `kill -9`) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<ChildExit>;
  /** Stops gracefully (SIGTERM: drain, release claims, close the database) and waits for the exit. */
  stop(): Promise<ChildExit>;
  /** Starts the API again on the same port, DATA_DIR, database and settings (stopping it first when it runs). */
  restart(): Promise<void>;
  /** Stops it and removes what `startApiProcess` made (temporary DATA_DIR, PostgreSQL schema). */
  close(): Promise<void>;
}

/** A fresh, empty PostgreSQL schema and a DATABASE_URL that selects it. */
export interface PostgresSchema {
  readonly schema: string;
  /** The server URL with `options=-c search_path=<schema>` (libpq's way, which `pg` reads too). */
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * Creates a schema on the PostgreSQL server at `serverUrl` and returns a DATABASE_URL naming it, so
 * that several API processes (or a test and its API) can share it.
 *
 * @example
 * const database = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
 * const a = await startApiProcess({ grocerUrl, database: { url: database.url } });
 * const b = await startApiProcess({ grocerUrl, database: { url: database.url } });
 * // … a.close(), b.close()
 * await database.drop();
 */
export async function createPostgresSchema(serverUrl: string): Promise<PostgresSchema> {
  const schema = `fault_${randomBytes(6).toString('hex')}`;
  // openDatabase creates the schema it is given.
  await (await openDatabase({ url: serverUrl, schema, maxConnections: 1 })).close();
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    url: url.href,
    async drop() {
      const db = await openDatabase({ url: serverUrl, maxConnections: 1 });
      try {
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await db.close();
      }
    },
  };
}

/** The banner main.ts prints once the system is up. */
const API_LINE = /API \(GraphQL, MCP, REST catalog\)\s+(http:\/\/\S+)\/graphql/;
const SEARCH_LINE = /Search service\s+(http:\/\/\S+)/;

/**
 * Starts the API as a child process and resolves once `/health/ready` answers 200.
 *
 * @example
 * const api = await startApiProcess({ grocerUrl: proxy.origin, database: 'pglite' });
 * const { idToken } = await api.signUpShopper();
 * await api.graphql('mutation { orderCreate { order { orderId } userErrors { code } } }', {}, { token: idToken });
 * await api.kill();     // kill -9 between two steps
 * await api.restart();  // same port, same data
 * await api.close();
 */
export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'api-process-'));
  let schema: PostgresSchema | null = null;
  let databaseUrl: string | undefined;
  const database = options.database ?? 'pglite';
  if (database === 'postgres') {
    const server = process.env.TEST_DATABASE_URL;
    if (!server) throw new Error("database 'postgres' needs TEST_DATABASE_URL");
    schema = await createPostgresSchema(server);
    databaseUrl = schema.url;
  } else if (database !== 'pglite') databaseUrl = database.url;

  const adminToken = options.adminToken ?? `adm_test_${randomBytes(16).toString('hex')}`;
  // The banner names PUBLIC_BASE_URL when it is set, so then the port must be known beforehand.
  let port = options.port ?? (options.env?.PUBLIC_BASE_URL ? await freePort() : 0);
  const fixedPort = port !== 0;
  let searchPort = 0;
  const environment = (): Record<string, string> => ({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(options.search ? { SEARCH_PORT: String(searchPort) } : { SEARCH_EMBEDDED: 'false' }),
    GROCER_URL: options.grocerUrl,
    GROCER_CONTROL_TOKEN: options.grocerControlToken ?? TEST_GROCER_CONTROL_TOKEN,
    ...(options.grocerToken ? { GROCER_TOKEN: options.grocerToken } : {}),
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: options.logLevel ?? 'warn',
    ...options.env,
  });

  let child: NodeChild;
  let origin = '';
  let startMs = 0;
  const start = async () => {
    const started = performance.now();
    child = spawnNodeChild({
      name: 'api',
      script: 'apps/api/src/main.ts',
      env: environment(),
      nodeFlags: serviceNodeFlags(),
    });
    const deadline = Date.now() + (options.readyTimeoutMs ?? 240_000);
    try {
      const [, printed = ''] = await child.waitForOutput(API_LINE, deadline - Date.now());
      origin = fixedPort ? `http://127.0.0.1:${port}` : printed;
      port = Number(new URL(origin).port);
      if (options.search)
        searchPort = Number(new URL((await child.waitForOutput(SEARCH_LINE, deadline - Date.now()))[1]!).port);
      await ready(child, origin, deadline);
    } catch (error) {
      await child.stop('SIGKILL');
      throw error;
    }
    startMs = performance.now() - started;
  };
  try {
    await start();
  } catch (error) {
    await schema?.drop();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const saved = JSON.parse(readFileSync(join(dataDir, 'dev-credentials.json'), 'utf8')) as {
    partnerKey: string;
    clientId: string | null;
  };
  const credentials: ApiCredentials = { partnerKey: saved.partnerKey, clientId: saved.clientId ?? '', adminToken };
  const { close: closeClient, ...calls } = createApiClient(origin, credentials);

  return {
    ...calls,
    get origin() {
      return origin;
    },
    dataDir,
    databaseUrl,
    get pid() {
      return child.pid;
    },
    get running() {
      return child.running;
    },
    credentials,
    get startMs() {
      return startMs;
    },
    output: () => child.output(),
    kill: (signal = 'SIGKILL') => child.stop(signal),
    stop: () => child.stop('SIGTERM'),
    async restart() {
      if (child.running) await child.stop('SIGTERM');
      await start();
    },
    async close() {
      await child.stop('SIGTERM', 5_000);
      closeClient();
      await schema?.drop();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nobody listens on now (there is a small window until the API binds it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls /health/ready until it answers 200; fails when the child exits or the deadline passes. */
async function ready(child: NodeChild, origin: string, deadline: number): Promise<void> {
  let last = '';
  while (Date.now() < deadline) {
    if (!child.running) throw new Error(`the API exited before it was ready; its output:\n${child.output()}`);
    try {
      const response = await fetch(`${origin}/health/ready`, { signal: AbortSignal.timeout(5_000) });
      last = `${response.status} ${await response.text()}`;
      if (response.status === 200) return;
    } catch (error) {
      last = String(error);
    }
    await sleep(100);
  }
  throw new Error(`the API at ${origin} was not ready in time (last answer: ${last}); its output:\n${child.output()}`);
}
