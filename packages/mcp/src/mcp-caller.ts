import type { PartnerContext } from '@grocery/core';

/** Who is calling, as the transport learnt it from the HTTP request. */
export interface McpCaller {
  partner: PartnerContext;
  /** The caller's key, forwarded to the search service; never logged. */
  partnerKey: string;
  requestId: string;
  /** The `Authorization` header value: the shopper's id token for shopper-scoped tools. */
  authorization: string | undefined;
  /** From the `Idempotency-Key` header, for create_order. */
  idempotencyKey: string | null;
}
