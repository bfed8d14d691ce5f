/**
 * @grocery/core: the domain, its ports and the services that implement the checkout rules, the
 * GraphQL schema and resolvers, and the HTTP handlers as functions of a request.
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export * from './errors.ts';
export * from './money.ts';
export * from './model/product.ts';
export * from './model/branch.ts';
export * from './model/pricing.ts';
export * from './model/order.ts';
export * from './model/partner.ts';
export * from './model/limits.ts';
export * from './model/basket.ts';
export * from './model/checkout.ts';
export * from './model/ids.ts';
export * from './http/http-types.ts';
export * from './ports/clock.ts';
export * from './ports/grocer-gateway.ts';
export * from './ports/identity-verifier.ts';
export * from './ports/search-client.ts';
export * from './ports/catalog-reader.ts';
export * from './ports/store.ts';
export * from './ports/payment-provider.ts';
export * from './identity/jwt-identity-verifier.ts';
export { createCommerce, type Commerce, type CommerceOptions } from './services/commerce.ts';
export { PartnerService, type AppClientIssuer, type NewPartner } from './services/partner-service.ts';
export { BranchService, haversineKm } from './services/branch-service.ts';
export { paymentEnvironment } from './services/payment-links.ts';
export { SandboxPaymentProvider } from './services/sandbox-payment-provider.ts';
export { QUOTE_TTL_SECONDS } from './services/quote-service.ts';
export { markComment, type CreatedOrder, type OrderCreateInput } from './services/order-service.ts';
export type { Checkout, PaymentOutcome } from './services/payment-service.ts';
export { DEFAULT_SAGA_SETTINGS, type SagaSettings } from './services/saga-settings.ts';
export { RecoveryWorker, type RecoveryWorkerOptions, type RecoveryRound } from './services/recovery-worker.ts';
export { Reconciliation, type ReconciliationOptions, type ReconciliationReport, type ReconciliationMismatch, type MismatchKind } from './services/reconciliation.ts';
export { requireSafeText, requireSafeInput } from './services/input-validation.ts';
export { shopperContext, type ShopperContext } from './services/shopper-context.ts';
export { createGraphQLSchema, schemaSdl } from './graphql/graphql-schema.ts';
export { GraphQLExecutor, DEFAULT_QUERY_LIMITS, type QueryLimits } from './graphql/graphql-executor.ts';
export { createGraphQLHandler, type GraphQLHandlerOptions } from './graphql/graphql-handler.ts';
export { createGraphQLContext, type GraphQLContext } from './graphql/graphql-context.ts';
export { DEFAULT_RESOLVED_TYPES } from './graphql/resolvers/index.ts';
export { createPayPageHandler, checkoutJson, PAY_BODY_LIMIT, type CheckoutJson } from './http/pay-page.ts';
export { createAdminHandler, type AdminHandlerOptions } from './http/admin-handler.ts';
export { createProviderWebhookHandler, PROVIDER_WEBHOOK_BODY_LIMIT, type ProviderWebhookHandlerOptions } from './http/provider-webhook-handler.ts';
export { createImageHandler } from './http/image-handler.ts';
export { escapeHtml, pickLang, pageHeaders, PAGE_STYLES, type PageLang } from './http/page-kit.ts';
export * from './ports/event-store.ts';
export * from './ports/webhook-sender.ts';
export { signWebhookBody, verifyWebhookSignature } from './services/webhook-signature.ts';
export {
  WebhookDispatcher,
  partnerEventBody,
  deliveryOutcome,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_USER_AGENT,
  type WebhookDispatcherOptions,
  type DispatchRound,
  type PartnerEventBody,
} from './services/webhook-dispatcher.ts';
export { OrderPoller, DEFAULT_POLL_SCHEDULE, pollDelayMs, type OrderPollerOptions, type PollSchedule, type PollRound, type DerivedOrder } from './services/order-poller.ts';
export { WebhookEndpoints, newWebhookSecret, WEBHOOK_EVENT_TYPES, SECRET_ROTATION_OVERLAP_MS, MAX_ACTIVE_ENDPOINTS, type RegisteredEndpoint } from './services/webhook-endpoints.ts';
export { createEventRuntime, type EventRuntime, type EventRuntimeOptions } from './services/event-runtime.ts';
export { createInboundWebhookHandler, INBOUND_WEBHOOK_PATHS, type InboundWebhookHandlerOptions } from './http/inbound-webhook-handler.ts';
export { RateLimiter, rateLimitHeaders, type RateDecision, type RatePolicy } from './services/rate-limiter.ts';
export { DEFAULT_RATE_LIMITS, ratePolicies, type RateLimitSettings } from './services/commerce.ts';
export { withPartnerRateLimit, takePartnerUnits, rateLimitedMessage, rateLimitedResponse, type PartnerRateLimiting, type PartnerRateLimitOptions } from './http/rate-limit.ts';
export { goLiveCheck, type GoLiveGap, type GoLiveReport } from './services/go-live-check.ts';
export { withCors, type CorsOptions } from './http/cors.ts';
