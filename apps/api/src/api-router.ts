import { errorResponse, type HttpHandler, type HttpRequest, type HttpResponse } from '@grocery/core/http';

/** The handlers the API serves; absent ones answer 404. */
export interface ApiHandlers {
  graphql: HttpHandler;
  schema: HttpHandler;
  health: HttpHandler;
  pay: HttpHandler;
  admin: HttpHandler;
  images: HttpHandler;
  catalog: HttpHandler;
  idp?: HttpHandler | undefined;
  mcp?: HttpHandler | undefined;
  docs?: HttpHandler | undefined;
  shop?: HttpHandler | undefined;
  webhooks?: HttpHandler | undefined;
  /** The production payment provider's webhook, `POST /webhooks/stripe`. */
  providerWebhooks?: HttpHandler | undefined;
  metrics?: HttpHandler | undefined;
  /** Agent platforms' surfaces (UCP, ACP): answers the requests that are theirs, null for the others. */
  agents?: ((request: HttpRequest) => Promise<HttpResponse> | null) | undefined;
}

const KB = 1024;

/** Largest request body per route: small everywhere but where clients send documents. */
export function bodyLimit(path: string): number {
  if (path === '/graphql' || path === '/mcp') return 256 * KB;
  if (path === '/webhooks/stripe') return 256 * KB;
  if (path.startsWith('/webhooks/')) return 64 * KB;
  if (path.startsWith('/idp') || path.startsWith('/admin/')) return 64 * KB;
  if (path.startsWith('/pay/')) return 4 * KB;
  if (path.startsWith('/agents/') || path.startsWith('/ucp/') || path.startsWith('/acp/')) return 64 * KB;
  return 16 * KB;
}

const notFound = (): Promise<HttpResponse> =>
  Promise.resolve(errorResponse(404, 'NOT_FOUND', 'No such route. The guide is at /docs.'));

/** Routes a request to its surface by path (the spec's "Surfaces" table). */
export function createApiRouter(handlers: ApiHandlers): HttpHandler {
  const optional = (handler: HttpHandler | undefined, request: HttpRequest) =>
    handler ? handler(request) : notFound();
  return (request) => {
    const agents = handlers.agents?.(request);
    if (agents) return agents;
    const path = request.path;
    if (path === '/graphql') return handlers.graphql(request);
    if (path.startsWith('/v1/products')) return handlers.catalog(request);
    if (path.startsWith('/pay/')) return handlers.pay(request);
    if (path === '/mcp') return optional(handlers.mcp, request);
    if (path.startsWith('/images/products/')) return handlers.images(request);
    if (path === '/schema.graphql') return handlers.schema(request);
    if (path === '/health' || path.startsWith('/health/')) return handlers.health(request);
    if (path === '/metrics') return optional(handlers.metrics, request);
    if (path === '/idp' || path.startsWith('/idp/'))
      return optional(handlers.idp, { ...request, path: path.slice(4) || '/' });
    if (path.startsWith('/admin/')) return handlers.admin(request);
    if (path === '/webhooks/stripe') return optional(handlers.providerWebhooks, request);
    if (path.startsWith('/webhooks/')) return optional(handlers.webhooks, request);
    if (path === '/docs' || path.startsWith('/docs/')) return optional(handlers.docs, request);
    if (path === '/shop' || path.startsWith('/shop/')) return optional(handlers.shop, request);
    if (path === '/') return Promise.resolve({ status: 302, headers: { location: '/docs' }, body: null });
    return notFound();
  };
}
