/**
 * @grocery/core/http: the API's HTTP surfaces as plain functions of a request
 * (`HttpRequest → Promise<HttpResponse>`), free of any server: GraphQL, the payment-link pages,
 * the admin API, product images, the grocer's inbound webhooks and the payment provider's webhook, with CORS, rate limits and the
 * page kit they share. @grocery/http-node serves them on node:http, @grocery/http-fetch in fetch
 * runtimes.
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { errorResponse, jsonResponse, type HttpHandler, type HttpRequest, type HttpResponse } from './http-types.ts';
export { bearerCredential } from '../identity/bearer-credential.ts';
export { httpStatusOf } from '../errors.ts';
export { createGraphQLHandler, type GraphQLHandlerOptions } from './graphql-handler.ts';
export { createPayPageHandler } from './pay-page.ts';
export { createAdminHandler, type AdminHandlerOptions } from './admin-handler.ts';
export { createImageHandler } from './image-handler.ts';
export { createInboundWebhookHandler, type InboundWebhookHandlerOptions } from './inbound-webhook-handler.ts';
export { createProviderWebhookHandler, type ProviderWebhookHandlerOptions } from './provider-webhook-handler.ts';
export { withCors, type CorsOptions } from './cors.ts';
export { cachedDependencyCheck, checkDependency, type DependencyCheck } from './dependency-check.ts';
export {
  rateLimitedMessage,
  withPartnerRateLimit,
  type PartnerRateLimiting,
  type PartnerRateLimitOptions,
} from './rate-limit.ts';
export { rateLimitHeaders } from '../services/rate-limiter.ts';
export { escapeHtml, htmlPage, pageHeaders, pickLang, type PageLang } from './page-kit.ts';
