/**
 * What {base_url} serves, over the parts system-parts.ts opened: every surface behind one router
 * (GraphQL, MCP, REST catalog, pay pages, shop, guide, admin, health, webhooks), the node listener
 * that answers with it, and the background work of every instance.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createEventRuntime,
  createGraphQLSchema,
  GraphQLExecutor,
  WebhookEndpoints,
  type Commerce,
  type EventRuntime,
} from '@grocery/core';
import type { GrocerControl, PaymentProvider } from '@grocery/core/ports';
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
import { createCatalogHandler } from '@grocery/catalog';
import type { Docs } from '@grocery/docs';
import { createNodeListener, type RunningServer } from '@grocery/http-node';
import { createMcpHandler } from '@grocery/mcp';
import {
  createGuardedGet,
  createProfileFetcher,
  createProfileNegotiator,
  createSignedCallerVerifier,
  createUcpHandler,
  createUcpWebhookRenderer,
} from '@grocery/ucp';
import { acpWebhookRenderer, createAcpHandler } from '@grocery/acp';
import {
  cognitoEndpointForIssuer,
  createShopHandler,
  shopPublicConfig,
  type ShopPublicConfig,
} from '@grocery/app-shop';
import { createAgentRouter } from './agent-router.ts';
import { bodyLimit, createApiRouter } from './api-router.ts';
import type { DevCredentials } from './dev-credentials.ts';
import { createHealthHandler } from './health-handler.ts';
import type { Logger } from './logger.ts';
import { schemaHandler } from './schema-handler.ts';
import { webhookSenderOf, type StartContext, type SystemParts } from './system-parts.ts';

export interface Surfaces {
  handler: HttpHandler;
  events: EventRuntime;
  /** The guide, rendered on first use. */
  docs: () => Promise<Docs>;
  /** The demo shop uses the development partner's keys unless others are configured. */
  devPartnerCreated: (credentials: DevCredentials) => void;
}

/** Every surface of {base_url} behind one router. */
export function createSurfaces(
  context: StartContext,
  parts: SystemParts & { productionProvider: PaymentProvider | null; draining: () => boolean },
): Surfaces {
  const { config, clock, log, publicBaseUrl, shopUrl, startup } = context;
  const { commerce, catalog, search, productionProvider } = parts;
  const { userPool: pool } = parts.identity;
  const events = createEvents(context, commerce);
  const shop = createShopSettings(context, parts.identity);
  const docs = createDocsLoader(context, parts.searchUrl, shop.idpEndpoint ?? parts.identity.issuer);
  const executor = new GraphQLExecutor(createGraphQLSchema());
  const ownOrigins = new Set([new URL(publicBaseUrl).origin, new URL(shopUrl).origin, ...config.corsOrigins]);
  const cors = {
    isAllowed: async (origin: string) => ownOrigins.has(origin) || commerce.partners.isPartnerOrigin(origin),
  };
  const handler = createApiRouter({
    graphql: withCors(
      createGraphQLHandler({
        commerce,
        executor,
        onInternalError: (error, request) => log.error({ err: error, requestId: request.requestId }, 'graphql fault'),
      }),
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
    metrics: parts.metrics.handler,
    docs: async (request) => (await docs()).handler(request),
    pay: createPayPageHandler(commerce),
    admin: createAdminHandler({
      commerce,
      adminToken: config.adminToken,
      grocerControl: parts.grocerControl,
      webhooks: events.endpoints,
    }),
    images: createImageHandler(parts.grocer),
    catalog: withCors(
      withPartnerRateLimit(
        commerce,
        createCatalogHandler({
          snapshots: catalog,
          verifyPartnerKey: commerce.partners.verifyKey,
          publicBaseUrl,
          downloadSecret: config.downloadSecret,
          clock,
        }),
        // The signed file links are the credential themselves (no partner key).
        { exempt: (request) => request.path.startsWith('/v1/products/files/') },
      ),
      cors,
    ),
    idp: pool ? (request) => pool.handle(request) : undefined,
    webhooks: events.inbound,
    providerWebhooks: productionProvider?.parseWebhook
      ? createProviderWebhookHandler({ commerce, provider: productionProvider })
      : undefined,
    shop: createShopHandler({
      config: shop.settings,
      production: config.env === 'production',
      onError: (error) => log.error({ err: error }, 'shop build failed'),
    }),
    // /mcp charges the partner's budget itself: what each tool call costs, summed over a batch.
    mcp: createMcpHandler({
      commerce,
      executor,
      allowedOrigins: [publicBaseUrl, shopUrl, ...config.corsOrigins],
      docsMarkdown: async () => (await docs()).markdown(),
      onInternalError: (error, requestId) => log.error({ err: error, requestId }, 'mcp fault'),
    }),
    agents: createAgentSurfaces(context, commerce, parts.grocerControl),
  });
  return { handler, events: events.runtime, docs, devPartnerCreated: shop.devPartnerCreated };
}

/** Agent platforms' surfaces (UCP, ACP) of every partner, under /agents/{partnerId} and on partners' domains. */
function createAgentSurfaces(
  { publicBaseUrl, config, log }: StartContext,
  commerce: Commerce,
  control: GrocerControl | null,
) {
  const secret = config.simulationSecret;
  // Callers' UCP-Agent profiles, fetched through the SSRF guard (loopback only for sandbox partners outside
  // production) and cached: one fetcher negotiates and verifies signed callers' keys.
  const profiles = createProfileFetcher({
    fetchDocument: createGuardedGet({ sandboxLoopback: config.env !== 'production' }),
  });
  return createAgentRouter({
    publicBaseUrl,
    ucp: createUcpHandler({
      commerce,
      negotiate: createProfileNegotiator(profiles),
      verifySignedCaller: createSignedCallerVerifier({ commerce, fetcher: profiles }),
      onInternalError: (error, requestId) => log.error({ err: error, requestId }, 'ucp fault'),
      testing: control && secret ? { control, simulationSecret: secret } : undefined,
    }),
    acp: createAcpHandler({
      commerce,
      onInternalError: (error, requestId) => log.error({ err: error, requestId }, 'acp fault'),
    }),
    partnerOfHost: (host) => commerce.agents.partnerOfHost(host),
    partnerExists: (partnerId) => commerce.agents.partnerExists(partnerId),
  });
}

/** Events to partners: the workers (dispatcher, order poller, recovery), partners' endpoints for the admin API, and the grocer's notifications. */
function createEvents(
  { config, options, clock, log }: StartContext,
  commerce: Commerce,
): { runtime: EventRuntime; endpoints: WebhookEndpoints; inbound: HttpHandler } {
  const onEventError = (error: unknown) => log.error({ err: error }, 'events fault');
  const sender = webhookSenderOf({ config, options });
  const runtime = createEventRuntime({
    commerce,
    sender,
    dispatcher: {
      onError: onEventError,
      agentRenderers: { ucp: createUcpWebhookRenderer({ commerce }), acp: acpWebhookRenderer(commerce) },
    },
    poller: { onError: onEventError },
    recovery: { onError: onEventError, idleMs: config.recoveryIdleMs },
  });
  return {
    runtime,
    endpoints: new WebhookEndpoints({ store: commerce.store, sender, clock }),
    inbound: createInboundWebhookHandler({
      store: commerce.store,
      poller: runtime.poller,
      secret: config.grocerWebhookSecret,
      clock,
    }),
  };
}

/** The demo shop's public settings: its keys configured (production), else the development partner's once it exists. */
function createShopSettings({ config, publicBaseUrl, shopUrl }: StartContext, identity: SystemParts['identity']) {
  const pool = identity.userPool;
  // Where shoppers' apps call the identity provider: the embedded pool, or a Cognito pool's endpoint.
  const idpEndpoint = pool ? identity.issuer : config.oidcIssuer ? cognitoEndpointForIssuer(config.oidcIssuer) : null;
  let settings: ShopPublicConfig | null = null;
  const setKeys = (partnerKey: string | null | undefined, clientId: string | null | undefined) => {
    const shopIdp = config.shopIdpUrl ?? idpEndpoint;
    const devMailbox = Boolean(pool) && config.env !== 'production' && !config.smtpUrl;
    if (partnerKey && clientId && shopIdp)
      settings = shopPublicConfig({ publicBaseUrl, shopUrl, partnerKey, clientId, idpEndpoint: shopIdp, devMailbox });
  };
  setKeys(config.shopPartnerKey, config.shopClientId);
  return {
    idpEndpoint,
    settings: () => settings,
    devPartnerCreated: (credentials: DevCredentials) => {
      if (!settings) setKeys(credentials.partnerKey, credentials.clientId);
    },
  };
}

/**
 * The guide at /docs and shop://docs: written pages plus references generated from what is served.
 * Rendering it (a second at start) waits for its first reader or the end of the start.
 */
function createDocsLoader(
  { publicBaseUrl, shopUrl }: StartContext,
  searchUrl: string | null,
  idpUrl: string,
): () => Promise<Docs> {
  let loading: Promise<Docs> | null = null;
  return () =>
    (loading ??= import('@grocery/docs').then(
      ({ createDocs }) => createDocs({ publicBaseUrl, searchUrl: searchUrl ?? publicBaseUrl, shopUrl, idpUrl }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
}

/** Answers every request with the surfaces from now on (instead of "starting"), one log line and metric per request. */
export function serveSurfaces(
  api: RunningServer,
  handler: HttpHandler,
  parts: Pick<SystemParts, 'metrics'>,
  log: Logger,
): void {
  api.server.off('request', answerStarting);
  api.server.on(
    'request',
    createNodeListener(handler, {
      maxBodyBytes: bodyLimit,
      onError: (error, request) => log.error({ err: error, requestId: request?.requestId }, 'unhandled fault'),
      onResponse: (request, path, response, ms) => {
        const method = request?.method ?? 'UNKNOWN';
        parts.metrics.observeRequest(method, path, response, ms);
        // One line per request; paths only (query strings may carry search text), never headers.
        log[path.startsWith('/health') ? 'debug' : 'info'](
          { requestId: request?.requestId, method, path, status: response.status, ms: Math.round(ms * 10) / 10 },
          'request',
        );
      },
    }),
  );
}

/** The answer while the system starts: alive, not ready. */
export function answerStarting(request: IncomingMessage, response: ServerResponse): void {
  const live = request.url === '/health/live';
  response.writeHead(live ? 200 : 503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...(live ? {} : { 'retry-after': '1' }),
  });
  response.end(JSON.stringify({ status: live ? 'ok' : 'starting' }));
}

/** Event dispatch, order polling and (when configured) reconciliation, in every instance. */
export function startBackgroundWork(
  { config, log, closers, drainLeftMs }: StartContext,
  commerce: Commerce,
  events: EventRuntime,
): void {
  events.start();
  closers.push(() => events.stop({ drainMs: drainLeftMs() }));
  if (config.reconcileIntervalMs > 0) {
    const reconcile = setInterval(() => void reconcileOnce(commerce, log), config.reconcileIntervalMs);
    reconcile.unref();
    closers.push(async () => clearInterval(reconcile));
  }
}

/** Compares orders and payments with the grocer's and warns about every disagreement (the gauge shows the count). */
async function reconcileOnce(commerce: Commerce, log: Logger): Promise<void> {
  try {
    const report = await commerce.reconciliation.run();
    if (report.mismatches.length > 0)
      log.warn(
        { mismatches: report.mismatches.slice(0, 50), count: report.mismatches.length },
        'reconciliation found mismatches',
      );
  } catch (error) {
    log.warn({ err: error }, 'reconciliation could not run');
  }
}
