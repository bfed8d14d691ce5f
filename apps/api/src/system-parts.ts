/**
 * The parts of {base_url} in the order the start opens them: the database, the grocer, the catalog
 * snapshot, the search service, the identity provider, and the domain over them all. The surfaces
 * that serve them are system-surfaces.ts; the start and the stop are system.ts.
 */
import { join } from 'node:path';
import { createCommerce, createJwtIdentityVerifier, type Commerce } from '@grocery/core';
import type { Clock, GrocerControl, GrocerGateway, PaymentProvider, Store, WebhookSender } from '@grocery/core/ports';
import { withPartnerRateLimit, type HttpHandler } from '@grocery/core/http';
import {
  CatalogSnapshots,
  createDirectorySnapshotCache,
  featherFileName,
  SnapshotRepository,
  snapshotCatalogReader,
} from '@grocery/catalog';
import { createGrocerSimulator, createHttpGrocer } from '@grocery/grocer';
import { createMailer, createUserPool, type UserPool } from '@grocery/idp';
import { thaiPostcodeDirectory } from '@grocery/postcodes';
import { createHttpSearchClient } from '@grocery/search-client';
import { createHttpWebhookSender } from '@grocery/webhooks';
import { createSqlStore, databaseOnFirstUse, isNewPgliteDataDir, openDatabase, type Db } from '@grocery/store';
import {
  createDatabaseIndexStore,
  createFileIndexStore,
  startSearchService,
  type SearchService,
} from '@grocery/app-search';
import type { ApiConfig } from './config.ts';
import type { Logger } from './logger.ts';
import { createApiMetrics, type ApiMetrics } from './metrics.ts';
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

/** What the start's steps share: the options, and what the steps before them opened. */
export interface StartContext {
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

export interface IdentityParts {
  /** The embedded user pool; null when OIDC_ISSUER names another provider. */
  userPool: UserPool | null;
  /** The issuer shoppers' id tokens come from. */
  issuer: string;
}

/** Every part, opened and wired. */
export interface SystemParts {
  db: Db;
  store: Store;
  grocer: GrocerGateway;
  grocerControl: GrocerControl | null;
  catalog: CatalogSnapshots;
  search: SearchService | null;
  searchUrl: string | null;
  identity: IdentityParts;
  commerce: Commerce;
  metrics: ApiMetrics;
}

/**
 * Opens the parts in start order. A first start on embedded PGlite builds the catalog snapshot before
 * the database is created and starts the search index build (a worker) before it, so that PGlite's
 * initdb (seconds, on this thread) runs while the index builds; the snapshot is published once the
 * start is over.
 */
export async function openParts(
  context: StartContext,
  productionProvider: PaymentProvider | null,
  tokenProvider: PaymentProvider | null = null,
): Promise<SystemParts> {
  const { config, options, startup, closers } = context;
  const newDatabase = !options.db && !config.databaseUrl && isNewPgliteDataDir(join(config.dataDir, 'pgdata'));
  // A database being created is opened after the snapshot and the index build are under way (see above).
  const database = newDatabase ? null : await openStore(context);
  let stores: Promise<{ db: Db; store: Store }> | null = database ? Promise.resolve(database) : null;
  const openStoreOnce = () => (stores ??= openStore(context));
  // Closed last, whenever it opened: the other parts' stops (a snapshot being published) still use it.
  closers.push(async () => (await stores?.catch(() => null))?.db.close());
  if (database) startup?.end('database');
  let commerce: Commerce | null = null;
  let search: SearchService | null = null;
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

  const catalog = await startCatalog(
    context,
    grocer,
    database ? database.db : databaseOnFirstUse('pglite', async () => (await openStoreOnce()).db),
    newDatabase,
  );
  startup?.end('catalogSnapshot');

  // Partner keys are checked by commerce, which exists once the database is open; a search request before that waits for it.
  const wiring = commerceToCome();
  const searchStarting = config.searchEmbedded
    ? startEmbeddedSearch(context, catalog, database?.db ?? null, wiring.commerce)
    : null;
  // A start given up (or stopped) releases search requests still waiting for commerce, before the search service drains; after the start this does nothing.
  closers.push(async () => wiring.abandon(new Error('the system stopped before it was wired')));

  const { db, store } = await openStoreOnce();
  if (!database) startup?.end('database');
  const identity = await startIdentityProvider(context, db);
  if (searchStarting) search = await searchStarting;
  const searchUrl = config.searchUrl ?? search?.origin ?? null;
  startup?.end('searchIndex');

  commerce = wireCommerce(context, { store, grocer, catalog, searchUrl, identity, productionProvider, tokenProvider });
  wiring.wired(commerce);
  return { db, store, grocer, grocerControl: opened.control, catalog, search, searchUrl, identity, commerce, metrics };
}

/** Commerce before it exists: a promise of it, settled when it is wired or the start is abandoned. */
function commerceToCome(): {
  commerce: Promise<Commerce>;
  wired: (commerce: Commerce) => void;
  abandon: (error: Error) => void;
} {
  let wired!: (commerce: Commerce) => void;
  let abandon!: (error: Error) => void;
  const commerce = new Promise<Commerce>((resolve, reject) => {
    wired = resolve;
    abandon = reject;
  });
  commerce.catch(() => {});
  return { commerce, wired, abandon };
}

/** The production payment provider: given, or Stripe when configured (its SDK, a second of loading, only then). */
export async function loadProductionProvider(
  config: ApiConfig,
  options: SystemOptions,
): Promise<PaymentProvider | null> {
  const provider =
    options.productionPaymentProvider ??
    (config.stripe ? (await import('@grocery/stripe')).createStripePaymentProvider(config.stripe) : null);
  if (config.env === 'production' && !provider) {
    throw new Error(
      'Production needs a payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (README "Production payments"). ' +
        'The sandbox provider only records sandbox payments and moves no money.',
    );
  }
  return provider;
}

/** Production's provider of Stripe shared payment tokens, when STRIPE_SHARED_PAYMENT_TOKENS=on (the SDK loads only then). */
export async function loadSharedTokenProvider(config: ApiConfig): Promise<PaymentProvider | null> {
  if (!config.stripeSharedPaymentTokens || !config.stripe) return null;
  const { secretKey, apiUrl } = config.stripe;
  return (await import('@grocery/stripe')).createStripeSharedTokenProvider({ secretKey, apiUrl });
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

/** The grocer: over HTTP when GROCER_URL is set, else the simulator in this process (generated from its seed). */
async function openGrocer({
  config,
  options,
  clock,
  publicBaseUrl,
  log,
  closers,
}: StartContext): Promise<{ grocer: GrocerGateway; control: GrocerControl | null }> {
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

/** Starts the catalog snapshots and waits for the first one served (adopted, decoded or built). */
async function startCatalog(
  context: StartContext,
  grocer: GrocerGateway,
  db: Db,
  newDatabase: boolean,
): Promise<CatalogSnapshots> {
  const { config, clock, log, publicBaseUrl } = context;
  const catalog = new CatalogSnapshots({
    grocer,
    publicBaseUrl,
    repository: new SnapshotRepository(db),
    // Beside PGlite a local copy of the snapshot (encoded) and its `all` file spares a restart rebuilding it.
    fileCache:
      db.kind === 'pglite' ? createDirectorySnapshotCache(join(config.dataDir, 'catalog-snapshot')) : undefined,
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
function startEmbeddedSearch(
  context: StartContext,
  catalog: CatalogSnapshots,
  db: Db | null,
  commerceWired: Promise<Commerce>,
): Promise<SearchService> {
  const { config, log, publicBaseUrl } = context;
  const starting = startSearchService({
    port: config.searchPort,
    host: config.host,
    publicBaseUrl,
    // In one process the search service reads the same Feather file the snapshot publishes.
    catalog: {
      latestVersion: async () => catalog.current()?.version ?? null,
      // A decoded snapshot holds no file: `findFile` loads it (local copy or database, checked) when a build needs it.
      feather: async (version) =>
        catalog.current()?.version === version
          ? ((await catalog.findFile(featherFileName(version, 'all')))?.body ?? null)
          : null,
    },
    // Built indexes are kept next to the snapshot: in PostgreSQL (shared with search instances), or in the data directory beside PGlite.
    indexStore:
      db?.kind === 'postgres'
        ? createDatabaseIndexStore(db)
        : createFileIndexStore(join(config.dataDir, 'search-index')),
    verifyPartnerKey: async (key) => (await commerceWired).partners.verifyKey(key),
    // The search service spends the same partner budget.
    wrapHandler: (inner) => {
      let limited: Promise<HttpHandler> | null = null;
      return async (request) =>
        (await (limited ??= commerceWired.then((commerce) => withPartnerRateLimit(commerce, inner))))(request);
    },
    log: { info: (message) => log.info(message), error: (details, message) => log.error(details, message) },
  });
  context.closers.push(async () => (await starting.catch(() => null))?.close(context.drainLeftMs()));
  return starting;
}

/** The embedded identity provider (unless OIDC_ISSUER names another), and the issuer tokens come from. */
async function startIdentityProvider(
  { config, clock, closers, publicBaseUrl }: StartContext,
  db: Db,
): Promise<IdentityParts> {
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
  { config, clock, publicBaseUrl, shopUrl, options, log }: StartContext,
  parts: {
    store: Store;
    grocer: GrocerGateway;
    catalog: CatalogSnapshots;
    searchUrl: string | null;
    identity: IdentityParts;
    productionProvider: PaymentProvider | null;
    tokenProvider: PaymentProvider | null;
  },
): Commerce {
  const pool = parts.identity.userPool;
  return createCommerce({
    store: parts.store,
    grocer: parts.grocer,
    catalog: snapshotCatalogReader(parts.catalog),
    identity: createJwtIdentityVerifier({
      issuer: parts.identity.issuer,
      clock,
      maxLifetimeSeconds: config.idTokenMaxLifetimeSeconds,
    }),
    search: parts.searchUrl ? createHttpSearchClient({ baseUrl: parts.searchUrl }) : null,
    publicBaseUrl,
    shopUrl,
    clock,
    defaultBranchCode: config.defaultBranchCode,
    postcodes: thaiPostcodeDirectory,
    rateLimits: config.rateLimits,
    sagas: config.sagas,
    paymentProviders: { production: parts.productionProvider },
    tokenPaymentProviders: { production: parts.tokenProvider },
    issueAppClient: pool ? async (input) => ({ clientId: (await pool.createAppClient(input)).clientId }) : undefined,
    webhookSender: webhookSenderOf({ config, options }),
    // Buyers' order confirmations go where the pool's codes go: SMTP, else the development mailbox.
    mailer: createMailer(
      config.smtpUrl ? { smtpUrl: config.smtpUrl, clock } : { mailboxDir: join(config.dataDir, 'mailbox'), clock },
    ),
    onMailError: (error) => log.error({ err: error }, 'order confirmation not sent'),
  });
}

/** Sends webhooks for partners and agent platforms; loopback endpoints are a development convenience that production refuses. */
export function webhookSenderOf({ config, options }: Pick<StartContext, 'config' | 'options'>): WebhookSender {
  return options.webhookSender ?? createHttpWebhookSender({ sandboxLoopback: config.env !== 'production' });
}
