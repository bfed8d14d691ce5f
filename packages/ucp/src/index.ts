/**
 * @grocery/ucp: the Universal Commerce Protocol binding of shared/DESIGN.md §6 — what a UCP business
 * needs besides core's checkout sessions (which hold the checkout rules): the caller's profile and
 * capability negotiation, the `UCP-Agent` header, RFC 9421 message signatures, RFC 9530 digests.
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { UCP_VERSION } from './ucp-version.ts';
export {
  UCP_ERROR_CODES,
  UcpError,
  isUcpError,
  ucpHttpStatusOf,
  ucpJsonRpcCodeOf,
  type UcpErrorBody,
  type UcpErrorCode,
} from './ucp-error.ts';
export { createContentDigest, verifyContentDigest } from './content-digest.ts';
export { parseUcpAgent, type ParseUcpAgentOptions, type UcpAgent } from './ucp-agent.ts';
export type { HeaderFields, SignableRequest, SignableResponse } from './signatures/signature-base.ts';
export {
  generateSigningKey,
  publicJwkOf,
  signatureAlgorithmOf,
  type PrivateSigningJwk,
  type SignatureAlgorithm,
  type SigningCurve,
  type SigningJwk,
} from './signatures/signing-keys.ts';
export { signRequest, signResponse, type SignMessageOptions, type SignatureFields } from './signatures/sign-message.ts';
export {
  verifyRequestSignature,
  verifyResponseSignature,
  type VerifiedSignature,
  type VerifyMessageOptions,
} from './signatures/verify-message.ts';
export type {
  ProfileFetchPolicy,
  FetchDocument,
  FetchDocumentOptions,
  FetchedDocument,
  GuardedGetOptions,
} from './guarded-get.ts';
export { createGuardedGet } from './guarded-get.ts';
export {
  createProfileFetcher,
  type FetchProfileOptions,
  type ProfileFetcher,
  type ProfileFetcherOptions,
} from './profile-fetcher.ts';
export {
  profileSchema,
  type UcpCapability,
  type UcpEntity,
  type UcpPaymentHandler,
  type UcpProfile,
  type UcpService,
} from './profile-schema.ts';
export {
  capabilitiesForResponse,
  checkProtocolVersion,
  negotiateCapabilities,
  type CapabilityRegistry,
} from './negotiation.ts';

// The binding: profile, REST and MCP surfaces over core's checkout sessions.
export { createUcpHandler, type UcpHandler, type UcpHandlerOptions } from './ucp-rest-handler.ts';
export { createUcpWebhookRenderer } from './ucp-webhook-renderer.ts';
export type { SignedCallerVerifier, UcpNegotiation, UcpNegotiator, UcpPrincipal, UcpTarget } from './ucp-caller.ts';
export type { UcpOperationsOptions } from './ucp-operations.ts';
export type { UcpTestingHookOptions } from './testing-hook.ts';
export { createProfileNegotiator } from './profile-negotiator.ts';
export { createSignedCallerVerifier, type SignedCallerOptions } from './signed-caller.ts';
export {
  buildUcpProfile,
  mcpEndpointOf,
  restEndpointOf,
  type UcpBusinessProfile,
  type UcpProfileInput,
} from './profile.ts';
export {
  MOCK_PAYMENT_HANDLER_ID,
  MOCK_PAYMENT_TOKENS,
  protocolErrorResponse,
  UCP_CAPABILITIES,
  ucpEnvelope,
  type UcpCapabilityName,
  type UcpEnvelope,
  type UcpProtocolError,
  type UcpResource,
} from './envelope.ts';
export {
  toUcpCheckout,
  type CheckoutView,
  type ProductFacts,
  type UcpCheckout,
  type UcpLineItem,
  type UcpMessage,
  type UcpTotal,
} from './checkout-mapping.ts';
export { toUcpOrder, type OrderView, type UcpOrder } from './order-mapping.ts';
