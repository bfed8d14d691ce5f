/**
 * @grocery/core: the commerce domain for the code that uses it: errors, money, products, branches
 * and partners, `createCommerce` and the services it wires, the workers and the event runtime, and
 * the GraphQL schema with its executor.
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 * The ports and the records they store and exchange (for code that implements a port) are in
 * `@grocery/core/ports`, the HTTP handlers in `@grocery/core/http`, fakes of the ports and their
 * contract suites in `@grocery/core/testing`, and the GraphQL schema's TypeScript types in
 * `@grocery/core/graphql-types`.
 */

// Errors
export {
  CommerceError,
  ERROR_CODES,
  isCommerceError,
  isErrorCode,
  type CommerceErrorOptions,
  type ErrorCode,
} from './errors.ts';

// Money
export { CURRENCY, percentOf, toBaht, type Satang } from './money.ts';

// Products, branches and partners
export {
  CPRCODE_PATTERN,
  isCprcode,
  type CatalogVersion,
  type Product,
  type ProductCategory,
  type ProductImage,
} from './model/product.ts';
export { BRANCH_CODE_PATTERN, isBranchCode, type Branch } from './model/branch.ts';
export type { Environment, Partner, PartnerContext, PartnerKeyVerifier } from './model/partner.ts';
export { LIMITS } from './model/limits.ts';
export { sameDigest, sha256Hex } from './model/ids.ts';

// Services
export {
  createCommerce,
  ratePolicies,
  type Commerce,
  type CommerceOptions,
  type RateLimitSettings,
} from './services/commerce.ts';
export { PartnerService, type AppClientIssuer, type NewPartner } from './services/partner-service.ts';
export { haversineKm } from './services/branch-service.ts';
export { SandboxPaymentProvider, type SandboxPaymentOptions } from './services/sandbox-payment-provider.ts';
export { QUOTE_TTL_SECONDS } from './services/quote-service.ts';
export type { CreatedOrder, OrderCreateInput } from './services/order-service.ts';
export type { Checkout, PaymentOutcome } from './services/payment-service.ts';
export type { SagaSettings } from './services/saga-settings.ts';
export { RecoveryWorker, type RecoveryRound, type RecoveryWorkerOptions } from './services/recovery-worker.ts';
export { requireSafeText } from './services/input-validation.ts';
export { shopperContext, type ShopperContext } from './services/shopper-context.ts';
export { RateLimiter, type RateDecision, type RatePolicy } from './services/rate-limiter.ts';
export { createJwtIdentityVerifier, type JwtIdentityVerifierOptions } from './identity/jwt-identity-verifier.ts';

// Agent platforms: checkout sessions (protocol-neutral; UCP and ACP translate them), agents and their keys
export {
  CHECKOUT_SESSION_TTL_MS,
  CheckoutSessionService,
  SANDBOX_PAYMENT_TOKENS,
  type SessionCaller,
  type SessionPayment,
  type SessionUpdateOptions,
} from './services/checkout-session-service.ts';
export { AgentService, SIGNING_KEY_GRACE_MS, type IssuedAgent } from './services/agent-service.ts';
export {
  AGENT_IDEMPOTENCY_RETENTION_MS,
  agentIdempotent,
  canonicalJson,
  isIdempotencyKey,
  type AgentIdempotencyDeps,
  type AgentIdempotencyOutcome,
  type AgentIdempotentRequest,
} from './services/agent-idempotency.ts';
export { simulateShipping } from './services/simulate-shipping.ts';
export type { AgentContext, AgentRecord, ShopSettings, SigningKeyRecord } from './model/agent.ts';
export {
  TERMINAL_SESSION_STATUSES,
  type AgentProtocol,
  type CheckoutAddress,
  type CheckoutBuyer,
  type CheckoutFulfilment,
  type CheckoutFulfilmentOption,
  type CheckoutLine,
  type CheckoutMessage,
  type CheckoutMessageCode,
  type CheckoutSessionInput,
  type CheckoutSessionOrder,
  type CheckoutSessionRecord,
  type CheckoutSessionStatus,
} from './model/checkout-session.ts';

// Events to partners: the outbox runtime, webhook deliveries and order-status polling
export { createEventRuntime, type EventRuntime, type EventRuntimeOptions } from './services/event-runtime.ts';
export {
  WebhookDispatcher,
  WEBHOOK_RETRY_DELAYS_MS,
  type DispatchRound,
  type AgentWebhookMessage,
  type AgentWebhookRenderer,
  type PartnerEventBody,
  type WebhookDispatcherOptions,
} from './services/webhook-dispatcher.ts';
export {
  OrderPoller,
  type DerivedOrder,
  type OrderPollerOptions,
  type PollRound,
  type PollSchedule,
} from './services/order-poller.ts';
export { WebhookEndpoints } from './services/webhook-endpoints.ts';
export { signWebhookBody } from './services/webhook-signature.ts';

// GraphQL
export { createGraphQLSchema, schemaSdl } from './graphql/graphql-schema.ts';
export { DEFAULT_QUERY_LIMITS, GraphQLExecutor, type QueryLimits } from './graphql/graphql-executor.ts';
export { createGraphQLContext, type GraphQLContext, type GraphQLContextInput } from './graphql/graphql-context.ts';
export { DEFAULT_RESOLVED_TYPES } from './graphql/resolvers/index.ts';
