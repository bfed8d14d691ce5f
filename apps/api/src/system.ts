import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createCommerce, createEventRuntime, createGraphQLSchema, createJwtIdentityVerifier, GraphQLExecutor, type Commerce, WebhookEndpoints } from '@grocery/core';
import { systemClock, type Clock, type GrocerControl, type GrocerGateway, type PaymentProvider, type WebhookSender, type SearchClient, type Store } from '@grocery/core/ports';
import {
  createAdminHandler,
  createGraphQLHandler,
  createImageHandler,
  createInboundWebhookHandler,
  createPayPageHandler,
  createProviderWebhookHandler,
  withCors,
  withPartnerRateLimit,
  type HttpHandler,
} from '@grocery/core/http';
import { CatalogSnapshots, createCatalogHandler, createDirectorySnapshotCache, featherFileName, SnapshotRepository, snapshotCatalogReader } from '@grocery/catalog';
import { createGrocerSimulator, createHttpGrocer } from '@grocery/grocer';
import { thaiPostcodeDirectory } from '@grocery/postcodes';
import { createNodeListener, listen, type RunningServer } from '@grocery/http-node';
import { createUserPool, type UserPool } from '@grocery/idp';
import type { Docs } from '@grocery/docs';
import { createMcpHandler } from '@grocery/mcp';
import { createSqlStore, databaseOnFirstUse, isNewPgliteDataDir, openDatabase, type Db } from '@grocery/store';
import { createHttpWebhookSender } from '@grocery/webhooks';
import { createDatabaseIndexStore, createFileIndexStore, startSearchService, type SearchService } from '@grocery/app-search';
import { createHttpSearchClient } from '@grocery/search-client';
import { cognitoEndpointForIssuer, createShopHandler, shopPublicConfig, type ShopPublicConfig } from '@grocery/app-shop';
import { bodyLimit, createApiRouter } from './api-router.ts';
import type { ApiConfig } from './config.ts';
import { createHealthHandler } from './health-handler.ts';
import { createLogger, type Logger } from './logger.ts';
import { createApiMetrics } from './metrics.ts';
import { schemaHandler } from './schema-handler.ts';
import type { StartupTimeline } from './startup-timeline.ts';

export interface SystemOptions {
  config: ApiConfig;
  clock?: Clock;
  logger?: Logger;
  /** An open database to use instead of the configured one (tests pass a fresh one); closed by the system. */
  db?: Db;
  /**
   * The production payment provider instead of the configured one (Stripe, from STRIPE_*); production
   * refuses to start without one (the sandbox provider pays sandbox orders only).
   */
  productionPaymentProvider?: PaymentProvider;
  /** Sends partner webhooks; the guarded HTTP sender by default (tests give it a resolver, DNS being out of reach). */
  webhookSender?: WebhookSender;
  /** Records how long each phase of the start takes (shown on /health). */
  startup?: StartupTimeline;
  /** Grocer simulator settings for tests (e.g. a small catalog). */
  grocer?: { productCount?: number; seed?: number; pickingStepMs?: number };
}

/** What `dev-credentials.json` holds: everything a developer needs for a first request. */
export interface DevCredentials {
  baseUrl: string;
  searchUrl: string;
  shopUrl: string;
  idpUrl: string;
  partnerId: string;
  partnerKey: string;
  /** Null with an external identity provider until a client is registered for the partner. */
  clientId: string | null;
  adminToken: string;
}

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

/** What the start's steps share: the options, and what the steps before them opened. */
interface StartContext {
  config: ApiConfig;
  options: SystemOptions;
  clock: Clock;
  log: Logger;
  startup: StartupTimeline | undefined;
  publicBaseUrl: string;
  shopUrl: string;
  /** Closed in reverse order when the system stops. */
  closers: (() => Promise<void>)[];
  /** Resolved when the start is over (or given up): a first build publishes its snapshot then. */
  started: Promise<void>;
  /** What is left of the drain once the stop began (all of it before): how long closing parts may still wait. */
  drainLeftMs: () => number;
}

/**
 * The composition root of {base_url}: opens the database, the grocer, the catalog snapshot, the
 * identity provider and the search service, wires the domain, and serves every surface.
 *
 * A first start on embedded PGlite builds the catalog snapshot before the database is created and
 * starts the search index build (a worker) before it, so that PGlite's initdb (seconds, on this
 * thread) runs while the index builds; the snapshot is published once the start is over.
 */
export async function startSystem(options: SystemOptions): Promise<System> {
  const { config } = options;
  const productionProvider = await loadProductionProvider(config, options);
  const log = options.logger ?? createLogger(config.logLevel);
  const closers: (() => Promise<void>)[] = [];
  let api: RunningServer | null = null;
  let draining = false;
  let drainUntil: number | null = null;
  let startOver!: () => void;
  const started = new Promise<void>((resolve) => (startOver = resolve));
  // Graceful stop: refuse new work (the port closes, readiness answers 503), let accepted requests
  // finish until the drain deadline (what is left then is answered 503), stop background work
  // (which releases its claims) and close the parts in reverse order. Whatever a part does
  // meanwhile (a database lock, a data directory gone), the stop is over a second after the deadline.
  const close = async () => {
    draining = true;
    startOver();
    drainUntil = performance.now() + config.drainTimeoutMs;
    const stopping = (async () => {
      await api?.close(config.drainTimeoutMs).catch((error: unknown) => log.error({ err: error }, 'close failed'));
      for (const closer of closers.reverse()) await closer().catch((error: unknown) => log.error({ err: error }, 'close failed'));
    })();
    if (await outlasts(stopping, drainUntil + STOP_GRACE_MS)) log.warn('stopped with parts still closing a second after the drain deadline');
  };

  try {
    // Listen first: with PORT=0 the public URL is only known once the port is.
    api = await listen({ port: config.port, host: config.host });
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
      closers,
      started,
      drainLeftMs: () => (drainUntil === null ? config.drainTimeoutMs : Math.max(0, drainUntil - performance.now())),
    };
    const { startup } = context;

    const pgdata = join(config.dataDir, 'pgdata');
    const newDatabase = !options.db && !config.databaseUrl && isNewPgliteDataDir(pgdata);
    // A database being created is opened after the snapshot and the index build are under way (see above).
    const database = newDatabase ? null : await openStore(context);
    let stores: Promise<{ db: Db; store: Store }> | null = database ? Promise.resolve(database) : null;
    const openStoreOnce = () => (stores ??= openStore(context));
    // Closed last, whenever it opened: the other parts' stops (a snapshot being published) still use it.
    closers.push(async () => (await stores?.catch(() => null))?.db.close());
    if (database) startup?.end('database');
    const metrics = createApiMetrics({
      store: { deliveryCounts: async () => (await openStoreOnce()).store.deliveryCounts() },
      adminToken: config.adminToken,
      catalogVersion: () => catalog.current()?.version ?? null,
      searchIndexVersion: () => search?.current()?.version ?? null,
      reconciliationMismatches: () => commerce?.reconciliation.latest?.mismatches.length ?? null,
    });

    const opened = await openGrocer(context);
    const grocer = metrics.instrumentGrocer(opened.grocer);
    startup?.end('grocer');

    const catalog = await startCatalog(context, grocer, database ? database.db : databaseOnFirstUse('pglite', async () => (await openStoreOnce()).db), newDatabase);
    startup?.end('catalogSnapshot');

    // Partner keys are checked by commerce, which exists once the database is open; a search
    // request before that waits for it.
    let wired!: (commerce: Commerce) => void;
    let abandoned!: (error: Error) => void;
    const commerceWired = new Promise<Commerce>((resolve, reject) => {
      wired = resolve;
      abandoned = reject;
    });
    commerceWired.catch(() => {});
    let commerce: Commerce | null = null;
    const searchStarting = config.searchEmbedded ? startEmbeddedSearch(context, catalog, database?.db ?? null, commerceWired) : null;
    // A start given up (or stopped) releases search requests still waiting for commerce; after the start this does nothing.
    closers.push(async () => abandoned(new Error('the system stopped before it was wired')));

    const { db, store } = await openStoreOnce();
    if (!database) startup?.end('database');

    const identity = await startIdentityProvider(context, db);

    let search: SearchService | null = null;
    if (searchStarting) search = await searchStarting;
    const searchUrl = config.searchUrl ?? search?.origin ?? null;
    startup?.end('searchIndex');

    commerce = wireCommerce(context, { store, grocer, catalog, searchUrl, issuer: identity.issuer, pool: identity.userPool, productionProvider });
    wired(commerce);
    const surfaces = createSurfaces(context, {
      commerce,
      db,
      grocer,
      control: opened.control,
      catalog,
      search,
      searchUrl,
      identity,
      productionProvider,
      metricsHandler: metrics.handler,
      draining: () => draining,
    });
    api.server.off('request', answerStarting);
    api.server.on(
      'request',
      createNodeListener(surfaces.handler, {
        maxBodyBytes: bodyLimit,
        onError: (error, request) => log.error({ err: error, requestId: request?.requestId }, 'unhandled fault'),
        onResponse: (request, path, response, ms) => {
          const method = request?.method ?? 'UNKNOWN';
          metrics.observeRequest(method, path, response, ms);
          // One line per request; paths only (query strings may carry search text), never headers.
          log[path.startsWith('/health') ? 'debug' : 'info']({ requestId: request?.requestId, method, path, status: response.status, ms: Math.round(ms * 10) / 10 }, 'request');
        },
      }),
    );
    startBackgroundWork(context, commerce, surfaces.events);

    const credentials =
      config.env === 'production'
        ? null
        : await ensureDevPartner(commerce, { config, publicBaseUrl, searchUrl: searchUrl ?? '', shopUrl: context.shopUrl, idpUrl: identity.issuer });
    if (credentials) surfaces.devPartnerCreated(credentials);
    startup?.finish(search ? search.status().source : null);
    startOver();
    // The guide renders now, off the start, so that its first reader does not wait for it.
    setImmediate(() => void surfaces.docs().catch((error: unknown) => log.error({ err: error }, 'the guide could not be rendered')));

    return {
      config: { ...config, publicBaseUrl, searchUrl: searchUrl ?? '', shopUrl: context.shopUrl },
      db,
      commerce,
      grocer,
      grocerControl: opened.control,
      catalog,
      userPool: identity.userPool,
      search,
      api,
      credentials,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The production payment provider: given, or Stripe when configured (its SDK, a second of loading, only then). */
async function loadProductionProvider(config: ApiConfig, options: SystemOptions): Promise<PaymentProvider | null> {
  const provider = options.productionPaymentProvider ?? (config.stripe ? (await import('@grocery/stripe')).createStripePaymentProvider(config.stripe) : null);
  if (config.env === 'production' && !provider) {
    throw new Error(
      'Production needs a payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (README "Production payments"). ' +
        'The sandbox provider only records sandbox payments and moves no money.',
    );
  }
  return provider;
}

/** Opens the database (given, PostgreSQL, or PGlite under DATA_DIR/pgdata) and migrates the store; the caller closes it. */
async function openStore({ config, options }: StartContext): Promise<{ db: Db; store: Store }> {
  const db = options.db ?? (await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pgdata') }));
  try {
    return { db, store: await createSqlStore(db) };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/** Starts the catalog snapshots and waits for the first one served (adopted, decoded or built). */
async function startCatalog(context: StartContext, grocer: GrocerGateway, db: Db, newDatabase: boolean): Promise<CatalogSnapshots> {
  const { config, clock, log, publicBaseUrl } = context;
  const catalog = new CatalogSnapshots({
    grocer,
    publicBaseUrl,
    repository: new SnapshotRepository(db),
    // Beside PGlite a local copy of the snapshot (encoded) and its `all` file spares a restart rebuilding it.
    fileCache: db.kind === 'pglite' ? createDirectorySnapshotCache(join(config.dataDir, 'catalog-snapshot')) : undefined,
    clock,
    pollIntervalMs: config.catalogPollMs,
    // On a fresh database the build is served at once and published once the start is over.
    publishAfter: context.started,
    // A database this start creates holds no snapshot yet, and is not open while the build runs.
    buildFirst: newDatabase,
    log: (line) => log.info(line),
  });
  catalog.start();
  context.closers.push(() => catalog.stop());
  await catalog.ready();
  return catalog;
}

/** Starts the embedded search service, which loads its index (or builds it, in a worker) from the served snapshot. */
/** `db` is null while PGlite creates its database (the index store is a directory then anyway). */
function startEmbeddedSearch(context: StartContext, catalog: CatalogSnapshots, db: Db | null, commerceWired: Promise<Commerce>): Promise<SearchService> {
  const { config, log, publicBaseUrl } = context;
  const starting = startSearchService({
    port: config.searchPort,
    host: config.host,
    publicBaseUrl,
    // In one process the search service reads the same Feather file the snapshot publishes.
    catalog: {
      latestVersion: async () => catalog.current()?.version ?? null,
      // A decoded snapshot holds no file: `findFile` loads it (local copy or database, checked) when a build needs it.
      feather: async (version) => (catalog.current()?.version === version ? ((await catalog.findFile(featherFileName(version, 'all')))?.body ?? null) : null),
    },
    // Built indexes are kept next to the snapshot: in PostgreSQL (shared with search instances), or in the data directory beside PGlite.
    indexStore: db?.kind === 'postgres' ? createDatabaseIndexStore(db) : createFileIndexStore(join(config.dataDir, 'search-index')),
    verifyPartnerKey: async (key) => (await commerceWired).partners.verifyKey(key),
    // The search service spends the same partner budget.
    wrapHandler: (inner) => {
      let limited: Promise<HttpHandler> | null = null;
      return async (request) => (await (limited ??= commerceWired.then((commerce) => withPartnerRateLimit(commerce, inner))))(request);
    },
    log: { info: (message) => log.info(message), error: (details, message) => log.error(details, message) },
  });
  context.closers.push(async () => (await starting.catch(() => null))?.close(context.drainLeftMs()));
  return starting;
}

/** The embedded identity provider (unless OIDC_ISSUER names another), and the issuer tokens come from. */
async function startIdentityProvider({ config, clock, closers, publicBaseUrl }: StartContext, db: Db): Promise<{ userPool: UserPool | null; issuer: string }> {
  const issuer = config.oidcIssuer ?? `${publicBaseUrl}/idp`;
  if (config.oidcIssuer) return { userPool: null, issuer };
  const userPool = await createUserPool({
    db,
    issuer,
    clock,
    dev: config.env !== 'production',
    mail: config.smtpUrl ? { smtpUrl: config.smtpUrl } : { mailboxDir: join(config.dataDir, 'mailbox') },
  });
  closers.push(() => userPool.close());
  return { userPool, issuer };
}

/** The domain: every checkout rule over the store, the grocer, the catalog, identity and payments. */
function wireCommerce(
  { config, clock, publicBaseUrl, shopUrl }: StartContext,
  parts: {
    store: Store;
    grocer: GrocerGateway;
    catalog: CatalogSnapshots;
    searchUrl: string | null;
    issuer: string;
    pool: UserPool | null;
    productionProvider: PaymentProvider | null;
  },
): Commerce {
  const { pool } = parts;
  const searchClient: SearchClient | null = parts.searchUrl ? createHttpSearchClient({ baseUrl: parts.searchUrl }) : null;
  return createCommerce({
    store: parts.store,
    grocer: parts.grocer,
    catalog: snapshotCatalogReader(parts.catalog),
    identity: createJwtIdentityVerifier({ issuer: parts.issuer, clock, maxLifetimeSeconds: config.idTokenMaxLifetimeSeconds }),
    search: searchClient,
    publicBaseUrl,
    shopUrl,
    clock,
    defaultBranchCode: config.defaultBranchCode,
    postcodes: thaiPostcodeDirectory,
    rateLimits: config.rateLimits,
    sagas: config.sagas,
    paymentProviders: { production: parts.productionProvider },
    issueAppClient: pool ? async (input) => ({ clientId: (await pool.createAppClient(input)).clientId }) : undefined,
  });
}

/** Every surface of {base_url} behind one router: GraphQL, MCP, REST catalog, pay pages, shop, guide, admin, health. */
function createSurfaces(
  context: StartContext,
  parts: {
    commerce: Commerce;
    db: Db;
    grocer: GrocerGateway;
    control: GrocerControl | null;
    catalog: CatalogSnapshots;
    search: SearchService | null;
    searchUrl: string | null;
    identity: { userPool: UserPool | null; issuer: string };
    productionProvider: PaymentProvider | null;
    metricsHandler: HttpHandler;
    draining: () => boolean;
  },
) {
  const { config, clock, log, publicBaseUrl, shopUrl, startup } = context;
  const { commerce, catalog, search, productionProvider } = parts;
  const { userPool: pool, issuer } = parts.identity;
  // Events to partners: the outbox dispatcher and the order poller run in every instance.
  const onEventError = (error: unknown) => log.error({ err: error }, 'events fault');
  // Loopback endpoints are a development convenience: a production deployment refuses them for every partner.
  const sender = context.options.webhookSender ?? createHttpWebhookSender({ sandboxLoopback: config.env !== 'production' });
  const events = createEventRuntime({
    commerce,
    sender,
    dispatcher: { onError: onEventError },
    poller: { onError: onEventError },
    recovery: { onError: onEventError, idleMs: config.recoveryIdleMs },
  });

  // Where shoppers' apps call the identity provider: the embedded pool, or a Cognito pool's endpoint.
  const idpEndpoint = pool ? issuer : config.oidcIssuer ? cognitoEndpointForIssuer(config.oidcIssuer) : null;
  // The shop's keys: configured (production), else the development partner's once it exists.
  let shopSettings: ShopPublicConfig | null = null;
  const setShopKeys = (partnerKey: string | null | undefined, clientId: string | null | undefined) => {
    const shopIdp = config.shopIdpUrl ?? idpEndpoint;
    const devMailbox = Boolean(pool) && config.env !== 'production' && !config.smtpUrl;
    if (partnerKey && clientId && shopIdp) shopSettings = shopPublicConfig({ publicBaseUrl, shopUrl, partnerKey, clientId, idpEndpoint: shopIdp, devMailbox });
  };
  setShopKeys(config.shopPartnerKey, config.shopClientId);

  const executor = new GraphQLExecutor(createGraphQLSchema());
  const ownOrigins = new Set([new URL(publicBaseUrl).origin, new URL(shopUrl).origin, ...config.corsOrigins]);
  const cors = { isAllowed: async (origin: string) => ownOrigins.has(origin) || commerce.partners.isPartnerOrigin(origin) };
  // The guide at /docs and shop://docs: written pages plus references generated from what is served.
  // Rendering the guide (a second at start) waits for its first reader or the end of the start.
  let docsLoading: Promise<Docs> | null = null;
  const docs = () =>
    (docsLoading ??= import('@grocery/docs').then(
      ({ createDocs }) => createDocs({ publicBaseUrl, searchUrl: parts.searchUrl ?? publicBaseUrl, shopUrl, idpUrl: idpEndpoint ?? issuer }),
      (error: unknown) => {
        docsLoading = null;
        throw error;
      },
    ));
  const handler = createApiRouter({
    graphql: withCors(
      createGraphQLHandler({ commerce, executor, onInternalError: (error, request) => log.error({ err: error, requestId: request.requestId }, 'graphql fault') }),
      cors,
    ),
    schema: schemaHandler,
    health: createHealthHandler({
      database: () => parts.db.query('SELECT 1'),
      grocer: () => parts.grocer.catalogVersion(),
      catalogVersion: () => catalog.current()?.version ?? null,
      draining: parts.draining,
      search: search ? () => search.status() : undefined,
      startup: () => startup?.timings() ?? null,
    }),
    metrics: parts.metricsHandler,
    docs: async (request) => (await docs()).handler(request),
    pay: createPayPageHandler(commerce),
    admin: createAdminHandler({ commerce, adminToken: config.adminToken, grocerControl: parts.control, webhooks: new WebhookEndpoints({ store: commerce.store, sender, clock }) }),
    images: createImageHandler(parts.grocer),
    catalog: withCors(
      withPartnerRateLimit(
        commerce,
        createCatalogHandler({ snapshots: catalog, verifyPartnerKey: commerce.partners.verifyKey, publicBaseUrl, downloadSecret: config.downloadSecret, clock }),
        // The signed file links are the credential themselves (no partner key).
        { exempt: (request) => request.path.startsWith('/v1/products/files/') },
      ),
      cors,
    ),
    idp: pool ? (request) => pool.handle(request) : undefined,
    webhooks: createInboundWebhookHandler({ store: commerce.store, poller: events.poller, secret: config.grocerWebhookSecret, clock }),
    providerWebhooks: productionProvider?.parseWebhook ? createProviderWebhookHandler({ commerce, provider: productionProvider }) : undefined,
    shop: createShopHandler({ config: () => shopSettings, production: config.env === 'production', onError: (error) => log.error({ err: error }, 'shop build failed') }),
    // /mcp charges the partner's budget itself: what each tool call costs, summed over a batch.
    mcp: createMcpHandler({
      commerce,
      executor,
      allowedOrigins: [publicBaseUrl, shopUrl, ...config.corsOrigins],
      docsMarkdown: async () => (await docs()).markdown(),
      onInternalError: (error, requestId) => log.error({ err: error, requestId }, 'mcp fault'),
    }),
  });
  return {
    handler,
    events,
    docs,
    /** The demo shop uses the development partner's keys unless others are configured. */
    devPartnerCreated: (credentials: DevCredentials) => {
      if (!shopSettings) setShopKeys(credentials.partnerKey, credentials.clientId);
    },
  };
}

/** Event dispatch, order polling and (when configured) reconciliation, in every instance. */
function startBackgroundWork({ config, log, closers, drainLeftMs }: StartContext, commerce: Commerce, events: ReturnType<typeof createEventRuntime>): void {
  events.start();
  closers.push(() => events.stop({ drainMs: drainLeftMs() }));
  if (config.reconcileIntervalMs > 0) {
    const reconcile = setInterval(() => void reconcileOnce(commerce, log), config.reconcileIntervalMs);
    reconcile.unref();
    closers.push(async () => clearInterval(reconcile));
  }
}

/** How long after the drain deadline a stop waits for parts still closing before it gives up on them: the process exits within a second of the deadline. */
const STOP_GRACE_MS = 800;

/** Waits for `work` until `untilMs` (`performance.now()` time); true when the time ran out first. */
async function outlasts(work: Promise<unknown>, untilMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([work.then(() => false), new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(0, untilMs - performance.now()))))]);
  clearTimeout(timer);
  return late;
}

/** The answer while the system starts: alive, not ready. */
function answerStarting(request: IncomingMessage, response: ServerResponse): void {
  const live = request.url === '/health/live';
  response.writeHead(live ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...(live ? {} : { 'retry-after': '1' }) });
  response.end(JSON.stringify({ status: live ? 'ok' : 'starting' }));
}

/** The grocer: over HTTP when GROCER_URL is set, else the simulator in this process (generated from its seed). */
async function openGrocer({ config, options, clock, publicBaseUrl, log, closers }: StartContext): Promise<{ grocer: GrocerGateway; control: GrocerControl | null }> {
  if (config.grocerUrl) {
    const grocer = createHttpGrocer({
      url: config.grocerUrl,
      token: config.grocerToken,
      controlToken: config.grocerControlToken,
      timeoutMs: config.grocerTimeoutMs,
      retries: config.grocerRetries,
    });
    if ('close' in grocer) closers.push(() => (grocer as { close(): Promise<void> }).close());
    return { grocer, control: config.grocerControlToken ? grocer : null };
  }
  const simulator = createGrocerSimulator({
    seed: options.grocer?.seed ?? config.grocerSeed,
    productCount: options.grocer?.productCount ?? config.grocerProducts,
    pickingStepMs: options.grocer?.pickingStepMs ?? config.grocerPickingStepMs,
    clock,
    serviceWebhook: { url: publicBaseUrl, secret: config.grocerWebhookSecret },
    log: (message) => log.info({ component: 'grocer' }, message),
  });
  closers.push(() => simulator.close());
  return { grocer: simulator, control: simulator };
}

/** Compares orders and payments with the grocer's and warns about every disagreement (the gauge shows the count). */
async function reconcileOnce(commerce: Commerce, log: Logger): Promise<void> {
  try {
    const report = await commerce.reconciliation.run();
    if (report.mismatches.length > 0) log.warn({ mismatches: report.mismatches.slice(0, 50), count: report.mismatches.length }, 'reconciliation found mismatches');
  } catch (error) {
    log.warn({ err: error }, 'reconciliation could not run');
  }
}

/**
 * Outside production: a sandbox partner for the demo shop and first requests, created on first
 * start and kept in dev-credentials.json (its key is stored hashed, so the file is where it lives).
 */
async function ensureDevPartner(
  commerce: Commerce,
  urls: { config: ApiConfig; publicBaseUrl: string; searchUrl: string; shopUrl: string; idpUrl: string },
): Promise<DevCredentials> {
  const file = join(urls.config.dataDir, 'dev-credentials.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DevCredentials;
    if (await commerce.partners.verifyKey(saved.partnerKey)) {
      const current = { ...saved, baseUrl: urls.publicBaseUrl, searchUrl: urls.searchUrl, shopUrl: urls.shopUrl, idpUrl: urls.idpUrl, adminToken: urls.config.adminToken };
      writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`, { mode: 0o600 });
      return current;
    }
  }
  const created = await commerce.partners.createPartner({
    name: 'Demo Shop',
    environment: 'sandbox',
    redirectUris: [`${urls.shopUrl}/shop`],
  });
  const credentials: DevCredentials = {
    baseUrl: urls.publicBaseUrl,
    searchUrl: urls.searchUrl,
    shopUrl: urls.shopUrl,
    idpUrl: urls.idpUrl,
    partnerId: created.partner.partnerId,
    partnerKey: created.partnerKey,
    clientId: created.clientId,
    adminToken: urls.config.adminToken,
  };
  mkdirSync(urls.config.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}
