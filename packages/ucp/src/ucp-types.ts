import type { components } from './generated/ucp-api.ts';

type Schemas = components['schemas'];

/** A checkout session as openapi/ucp.yaml describes it (the mapping's `UcpCheckout` is checked against it). */
export type UcpCheckoutBody = Schemas['Checkout'];
/** An order as openapi/ucp.yaml describes it, in answers and webhook bodies. */
export type UcpOrderBody = Schemas['Order'];
/** A business outcome with no resource: not found, capabilities_incompatible. */
export type UcpErrorResponseBody = Schemas['ErrorResponse'];
/** A protocol error's `{code, content, path?}`. */
export type UcpProtocolErrorBody = Schemas['Error'];
/** Any 2xx body an operation answers. */
export type UcpAnswerBody = UcpCheckoutBody | UcpOrderBody | UcpErrorResponseBody;
