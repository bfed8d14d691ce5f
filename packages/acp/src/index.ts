/**
 * @grocery/acp: the Agentic Commerce Protocol binding of shared/DESIGN.md §6 — every partner's shop
 * as an ACP 2026-04-17 merchant over core's checkout sessions (which hold the checkout rules):
 * discovery, the checkout-session REST and MCP surfaces with ACP's headers, errors and strict
 * idempotency, the mappings to and from ACP's shapes, and signed order webhooks.
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { ACP_SUPPORTED_VERSIONS, ACP_VERSION } from './acp-version.ts';

// The surfaces: discovery, REST and MCP as one function of a request relative to the agent base.
export { createAcpHandler, type AcpHandler, type AcpHandlerOptions } from './acp-rest-handler.ts';
export type { AcpTarget } from './acp-caller.ts';
export type { AcpOperationsOptions } from './acp-operations.ts';
export { buildAcpDiscovery } from './acp-discovery.ts';
export { acpErrorBody, type AcpProtocolError } from './acp-error.ts';

// The mappings between core's sessions and orders and ACP's shapes.
export {
  acpStatus,
  checkoutTotals,
  couponReasonCode,
  shopLinks,
  toAcpCheckoutSession,
  type AcpSessionView,
  type ProductFacts,
} from './acp-checkout-mapping.ts';
export { fromAcpCreateRequest, fromAcpUpdateRequest, type AcpSessionRequest } from './acp-request-mapping.ts';
export { toAcpOrder, type AcpOrderView } from './acp-order-mapping.ts';
export { PAYMENT_PAGE_HANDLER_ID, SANDBOX_HANDLER_ID, paymentHandlers } from './acp-payment-handlers.ts';

// Order events to agents: the outbox's renderer and the signature receivers check.
export {
  ACP_WEBHOOK_TOLERANCE_SECONDS,
  acpWebhookRenderer,
  signAcpWebhook,
  verifyAcpWebhookSignature,
  type AcpWebhookRendererOptions,
} from './acp-webhook.ts';

export type {
  AcpCheckoutSession,
  AcpCheckoutSessionWithOrder,
  AcpDiscoveryResponse,
  AcpErrorBody,
  AcpOrder,
  AcpWebhookEvent,
} from './acp-types.ts';
