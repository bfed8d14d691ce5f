/**
 * The composition root of {base_url}: starts the parts in order (system-parts.ts), serves every
 * surface over them (system-surfaces.ts), and stops it all gracefully.
 */
import type { Commerce } from '@grocery/core';
import { systemClock, type GrocerControl, type GrocerGateway } from '@grocery/core/ports';
import type { CatalogSnapshots } from '@grocery/catalog';
import { listen, type RunningServer } from '@grocery/http-node';
import type { UserPool } from '@grocery/idp';
import type { Db } from '@grocery/store';
import type { SearchService } from '@grocery/app-search';
import type { ApiConfig } from './config.ts';
import { ensureDevPartner, type DevCredentials } from './dev-credentials.ts';
import { createLogger, type Logger } from './logger.ts';
import {
  loadProductionProvider,
  loadSharedTokenProvider,
  openParts,
  type StartContext,
  type SystemOptions,
} from './system-parts.ts';
import { answerStarting, createSurfaces, serveSurfaces, startBackgroundWork } from './system-surfaces.ts';

export type { DevCredentials } from './dev-credentials.ts';
export type { SystemOptions } from './system-parts.ts';

export interface System {
  config: ApiConfig & { publicBaseUrl: string; searchUrl: string; shopUrl: string };
  db: Db;
  commerce: Commerce;
  grocer: GrocerGateway;
  grocerControl: GrocerControl | null;
  catalog: CatalogSnapshots;
  userPool: UserPool | null;
  search: SearchService | null;
  api: RunningServer;
  /** The development partner (outside production). */
  credentials: DevCredentials | null;
  close(): Promise<void>;
}

/**
 * Starts {base_url}: listens first (answering "starting" until every surface is wired), opens the
 * parts in start order, serves the surfaces, starts the background work and, outside production,
 * makes sure the development partner exists.
 */
export async function startSystem(options: SystemOptions): Promise<System> {
  const { config } = options;
  const productionProvider = await loadProductionProvider(config, options);
  const tokenProvider = await loadSharedTokenProvider(config);
  const log = options.logger ?? createLogger(config.logLevel);
  const lifecycle = createLifecycle(config, log);
  try {
    // Listen first: with PORT=0 the public URL is only known once the port is.
    const api = await listen({ port: config.port, host: config.host });
    lifecycle.serving(api);
    // Until every surface is wired, requests get an immediate 503 (liveness: 200) rather than no answer.
    api.server.on('request', answerStarting);
    options.startup?.end('listening');
    const publicBaseUrl = config.publicBaseUrl ?? api.origin;
    const context: StartContext = {
      config,
      options,
      clock: options.clock ?? systemClock,
      log,
      startup: options.startup,
      publicBaseUrl,
      shopUrl: config.shopUrl ?? publicBaseUrl,
      closers: lifecycle.closers,
      started: lifecycle.started,
      drainLeftMs: lifecycle.drainLeftMs,
    };
    const parts = await openParts(context, productionProvider, tokenProvider);
    const { commerce, search } = parts;
    const surfaces = createSurfaces(context, { ...parts, productionProvider, draining: lifecycle.draining });
    serveSurfaces(api, surfaces.handler, parts, log);
    startBackgroundWork(context, commerce, surfaces.events);

    const searchUrl = parts.searchUrl ?? '';
    const idpUrl = parts.identity.issuer;
    const credentials =
      config.env === 'production'
        ? null
        : await ensureDevPartner(commerce, { config, publicBaseUrl, searchUrl, shopUrl: context.shopUrl, idpUrl });
    if (credentials) surfaces.devPartnerCreated(credentials);
    options.startup?.finish(search ? search.status().source : null);
    lifecycle.startOver();
    // The guide renders now, off the start, so that its first reader does not wait for it.
    setImmediate(
      () =>
        void surfaces.docs().catch((error: unknown) => log.error({ err: error }, 'the guide could not be rendered')),
    );

    return {
      config: { ...config, publicBaseUrl, searchUrl, shopUrl: context.shopUrl },
      db: parts.db,
      commerce,
      grocer: parts.grocer,
      grocerControl: parts.grocerControl,
      catalog: parts.catalog,
      userPool: parts.identity.userPool,
      search,
      api,
      credentials,
      close: lifecycle.close,
    };
  } catch (error) {
    await lifecycle.close();
    throw error;
  }
}

/**
 * The system's stop, and what the start shares with it. Graceful stop: refuse new work (the port
 * closes, readiness answers 503), let accepted requests finish until the drain deadline (what is
 * left then is answered 503), stop background work (which releases its claims) and close the parts
 * in reverse order. Whatever a part does meanwhile (a database lock, a data directory gone), the
 * stop is over a second after the deadline.
 */
function createLifecycle(config: ApiConfig, log: Logger) {
  const closers: (() => Promise<void>)[] = [];
  let api: RunningServer | null = null;
  let draining = false;
  let drainUntil: number | null = null;
  let startOver!: () => void;
  const started = new Promise<void>((resolve) => (startOver = resolve));
  return {
    closers,
    /** Resolved when the start is over or given up. */
    started,
    startOver: () => startOver(),
    serving: (server: RunningServer) => void (api = server),
    draining: () => draining,
    drainLeftMs: () => (drainUntil === null ? config.drainTimeoutMs : Math.max(0, drainUntil - performance.now())),
    close: async () => {
      draining = true;
      startOver();
      drainUntil = performance.now() + config.drainTimeoutMs;
      const stopping = (async () => {
        await api?.close(config.drainTimeoutMs).catch((error: unknown) => log.error({ err: error }, 'close failed'));
        for (const closer of closers.reverse())
          await closer().catch((error: unknown) => log.error({ err: error }, 'close failed'));
      })();
      if (await outlasts(stopping, drainUntil + STOP_GRACE_MS))
        log.warn('stopped with parts still closing a second after the drain deadline');
    },
  };
}

/** How long after the drain deadline a stop waits for parts still closing before it gives up on them: the process exits within a second of the deadline. */
const STOP_GRACE_MS = 800;

/** Waits for `work` until `untilMs` (`performance.now()` time); true when the time ran out first. */
async function outlasts(work: Promise<unknown>, untilMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    work.then(() => false),
    new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(0, untilMs - performance.now())))),
  ]);
  clearTimeout(timer);
  return late;
}
