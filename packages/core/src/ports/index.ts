/**
 * @grocery/core/ports: what an implementation of one of core's ports needs: the port interfaces
 * (the store and its sub-interfaces, the event store, the grocer, the catalog reader, the identity
 * verifier, the search client, the payment provider, the webhook sender, the clock), the records
 * they store and exchange, and the few helpers that keep implementations alike. Code that only
 * uses the domain imports `@grocery/core`; the contract suites that every implementation passes
 * are in `@grocery/core/testing`.
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 */

// The store: one interface per concern, and Store, all of them in one place
export type {
  AgentStore,
  BackgroundJob,
  CheckoutSessionStore,
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
} from './store.ts';
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
  type WebhookEndpointKind,
  type WebhookEndpointStatus,
} from './event-store.ts';

// The records the store keeps
export type { BasketContent, BasketLineRecord, BasketRecord, ShopperScope } from '../model/basket.ts';
export type {
  EventRecord,
  EventType,
  IssuedPaymentLink,
  OrderIntentRecord,
  OrderIntentState,
  OrderRecord,
  PaymentAttemptRecord,
  PaymentAttemptState,
  PaymentLinkRecord,
  PaymentRecord,
  PaymentSession,
  QuoteRecord,
  RefundRecord,
  RefundState,
} from '../model/checkout.ts';
export type { AppClient, PartnerKeyRecord } from '../model/partner.ts';
export type { AgentContext, AgentRecord, ShopSettings, SigningKeyRecord } from '../model/agent.ts';
export type {
  AgentProtocol,
  CheckoutAddress,
  CheckoutBuyer,
  CheckoutFulfilment,
  CheckoutFulfilmentOption,
  CheckoutLine,
  CheckoutMessage,
  CheckoutMessageCode,
  CheckoutSessionOrder,
  CheckoutSessionRecord,
  CheckoutSessionStatus,
} from '../model/checkout-session.ts';
export { startedPaymentAttempt, type StartedPaymentAttemptFields } from '../model/payment-attempt.ts';

// The grocer, and what its calculator, orders and payments exchange
export type { GrocerControl, GrocerGateway } from './grocer-gateway.ts';
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
} from '../model/pricing.ts';
export {
  FINAL_ORDER_STATUSES,
  type CreateOrderRequest,
  type GrocerOrder,
  type OrderLine,
  type OrderSchedule,
  type PaymentStatus,
  type RecordPaymentRequest,
} from '../model/order.ts';

// The other ports
export type { CatalogReader, CategoryTotal, ProductListFilter, ProductPage } from './catalog-reader.ts';
export type { IdentityVerifier, VerifiedShopper } from './identity-verifier.ts';
export type { SearchClient, SearchHitRecord, SearchLang, SearchMode, Suggestion } from './search-client.ts';
export type { GeoPoint, PostcodeDirectory } from './postcode-directory.ts';
export type {
  PaymentProvider,
  PaymentRequest,
  ProviderEvent,
  ProviderPayment,
  ProviderRefund,
  RefundRequest,
  StartedPayment,
} from './payment-provider.ts';
export type {
  WebhookSender,
  WebhookSendRequest,
  WebhookSendResult,
  WebhookUrlCheck,
  WebhookUrlPolicy,
} from './webhook-sender.ts';
export type { Mailer, OutgoingMail } from './mailer.ts';
export { systemClock, type Clock } from './clock.ts';
