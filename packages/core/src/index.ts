/**
 * @grocery/core: the domain (money in integer satang, products, branches, baskets, quotes, orders,
 * payment links, events, errors), the ports the other packages implement, the services that apply
 * the checkout rules, the event runtime, and the GraphQL schema with its executor.
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 * The HTTP handlers are in `@grocery/core/http`, fakes of the ports in `@grocery/core/testing`, and
 * the GraphQL schema's TypeScript types in `@grocery/core/graphql-types`.
 */

// Errors
export { CommerceError, ERROR_CODES, isCommerceError, isErrorCode, type CommerceErrorOptions, type ErrorCode } from './errors.ts';

// Money
export { CURRENCY, formatBaht, isSatang, percentOf, toBaht, toSatang, type Satang } from './money.ts';

// Domain records
export { CPRCODE_PATTERN, isCprcode, type CatalogVersion, type Product, type ProductCategory, type ProductImage } from './model/product.ts';
export { BRANCH_CODE_PATTERN, isBranchCode, type Branch } from './model/branch.ts';
export type {
  Address,
  BranchPrice,
  CalculatedLine,
  CalculateRequest,
  Calculation,
  FailedCoupon,
  FulfilmentType,
  InventoryLevel,
  InventoryQtySource,
  LineRequest,
  PriceLookup,
  PriceSource,
} from './model/pricing.ts';
export {
  FINAL_ORDER_STATUSES,
  type CreateOrderRequest,
  type GrocerOrder,
  type OrderLine,
  type OrderSchedule,
  type PaymentStatus,
  type RecordPaymentRequest,
} from './model/order.ts';
export { placesSandboxOrders, type AppClient, type Environment, type Partner, type PartnerContext, type PartnerKeyRecord, type PartnerKeyVerifier } from './model/partner.ts';
export { LIMITS } from './model/limits.ts';
export type { BasketContent, BasketLineRecord, BasketRecord, ShopperScope } from './model/basket.ts';
export {
  ACTIVE_PAYMENT_ATTEMPT_STATES,
  type EventRecord,
  type EventType,
  type IssuedPaymentLink,
  type OrderIntentRecord,
  type OrderIntentState,
  type OrderRecord,
  type PaymentAttemptRecord,
  type PaymentAttemptState,
  type PaymentLinkRecord,
  type PaymentRecord,
  type PaymentSession,
  type QuoteRecord,
  type RefundRecord,
  type RefundState,
} from './model/checkout.ts';
export { startedPaymentAttempt, type StartedPaymentAttemptFields } from './model/payment-attempt.ts';
export { ORDER_ID_PATTERN, PARTNER_KEY_PATTERN, SECRET_TOKEN_PATTERN, partnerKeyPrefix, sameDigest, sha256Hex } from './model/ids.ts';

// Ports
export { systemClock, type Clock } from './ports/clock.ts';
export type { GrocerControl, GrocerGateway } from './ports/grocer-gateway.ts';
export type { CatalogReader, CategoryTotal, ProductListFilter, ProductPage } from './ports/catalog-reader.ts';
export type { IdentityVerifier, VerifiedShopper } from './ports/identity-verifier.ts';
export type { SearchClient, SearchHitRecord, SearchLang, SearchMode, Suggestion } from './ports/search-client.ts';
export type { GeoPoint, PostcodeDirectory } from './ports/postcode-directory.ts';
export type { PaymentProvider, PaymentRequest, ProviderEvent, ProviderPayment, ProviderRefund, RefundRequest, StartedPayment } from './ports/payment-provider.ts';
export type {
  BackgroundJob,
  CommerceStore,
  DueWorkClaim,
  IdempotencyClaim,
  OperationsStore,
  PartnerStore,
  PaymentAttemptPatch,
  PaymentAttemptStart,
  RateLimitStore,
  RefundedAttempt,
  RefundPatch,
  SagaStore,
  Store,
} from './ports/store.ts';
export {
  RESPONSE_SNIPPET_MAX,
  storableText,
  type AttemptOutcome,
  type ClaimedDelivery,
  type ClaimedOrderPoll,
  type DeliveryAttemptRecord,
  type DeliveryAttemptReport,
  type DeliveryOutcome,
  type DeliveryRecord,
  type DeliveryStatus,
  type EventStore,
  type OrderPollReport,
  type RedeliverResult,
  type WebhookEndpointRecord,
  type WebhookEndpointStatus,
} from './ports/event-store.ts';
export type { WebhookSender, WebhookSendRequest, WebhookSendResult, WebhookUrlCheck, WebhookUrlPolicy } from './ports/webhook-sender.ts';

// Services
export { createCommerce, DEFAULT_RATE_LIMITS, ratePolicies, type Commerce, type CommerceOptions, type RateLimitSettings } from './services/commerce.ts';
export { paymentEnvironment } from './services/payment-links.ts';
export { PartnerService, type AppClientIssuer, type NewPartner } from './services/partner-service.ts';
export { BranchService, haversineKm } from './services/branch-service.ts';
export { SandboxPaymentProvider, type SandboxPaymentOptions } from './services/sandbox-payment-provider.ts';
export { QUOTE_TTL_SECONDS } from './services/quote-service.ts';
export type { CreatedOrder, OrderCreateInput } from './services/order-service.ts';
export type { Checkout, PaymentOutcome } from './services/payment-service.ts';
export { DEFAULT_SAGA_SETTINGS, type SagaSettings } from './services/saga-settings.ts';
export { RecoveryWorker, type RecoveryRound, type RecoveryWorkerOptions } from './services/recovery-worker.ts';
export { Reconciliation, type MismatchKind, type ReconciliationMismatch, type ReconciliationOptions, type ReconciliationReport } from './services/reconciliation.ts';
export { requireSafeInput, requireSafeText } from './services/input-validation.ts';
export { shopperContext, type ShopperContext } from './services/shopper-context.ts';
export { RateLimiter, type RateDecision, type RatePolicy } from './services/rate-limiter.ts';
export { goLiveCheck, type GoLiveGap, type GoLiveReport } from './services/go-live-check.ts';
export { createJwtIdentityVerifier, type JwtIdentityVerifierOptions } from './identity/jwt-identity-verifier.ts';

// Events to partners: the outbox runtime, webhook deliveries and order-status polling
export { createEventRuntime, type EventRuntime, type EventRuntimeOptions } from './services/event-runtime.ts';
export {
  WebhookDispatcher,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_USER_AGENT,
  type DispatchRound,
  type PartnerEventBody,
  type WebhookDispatcherOptions,
} from './services/webhook-dispatcher.ts';
export { DEFAULT_POLL_SCHEDULE, OrderPoller, type DerivedOrder, type OrderPollerOptions, type PollRound, type PollSchedule } from './services/order-poller.ts';
export { WEBHOOK_EVENT_TYPES, WebhookEndpoints, type RegisteredEndpoint } from './services/webhook-endpoints.ts';
export { signWebhookBody, verifyWebhookSignature } from './services/webhook-signature.ts';

// GraphQL
export { createGraphQLSchema, schemaSdl } from './graphql/graphql-schema.ts';
export { DEFAULT_QUERY_LIMITS, GraphQLExecutor, type QueryLimits } from './graphql/graphql-executor.ts';
export { createGraphQLContext, type GraphQLContext, type GraphQLContextInput } from './graphql/graphql-context.ts';
export { DEFAULT_RESOLVED_TYPES } from './graphql/resolvers/index.ts';
