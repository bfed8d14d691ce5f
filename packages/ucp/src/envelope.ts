import { CommerceError, type Environment } from '@grocery/core';
import { httpStatusOf, type HttpResponse } from '@grocery/core/http';
import { isUcpError } from './ucp-error.ts';
import type { UcpErrorResponseBody, UcpProtocolErrorBody } from './ucp-types.ts';
import { UCP_VERSION } from './ucp-version.ts';

/** Where ucp.dev publishes the specification and schemas of the release this package speaks. */
export const UCP_SPEC_BASE = `https://ucp.dev/${UCP_VERSION}`;

/** The capabilities every partner's shop offers as a UCP business, by their reverse-domain names. */
export const UCP_CAPABILITIES = {
  checkout: 'dev.ucp.shopping.checkout',
  fulfillment: 'dev.ucp.shopping.fulfillment',
  discount: 'dev.ucp.shopping.discount',
  order: 'dev.ucp.shopping.order',
} as const;

export type UcpCapabilityName = (typeof UCP_CAPABILITIES)[keyof typeof UCP_CAPABILITIES];

/** What a response carries: a checkout session, or an order (overview.md "Response Capability Selection"). */
export type UcpResource = 'checkout' | 'order';

const RELEVANT: Readonly<Record<UcpResource, readonly UcpCapabilityName[]>> = {
  checkout: [UCP_CAPABILITIES.checkout, UCP_CAPABILITIES.fulfillment, UCP_CAPABILITIES.discount],
  order: [UCP_CAPABILITIES.order],
};

/** The sandbox payment handler (UCP's own tests use it): its id, as instruments name it in `handler_id`. */
export const MOCK_PAYMENT_HANDLER_ID = 'mock_payment_handler';
/** The credential tokens the mock handler knows: the first pays, the second is declined. */
export const MOCK_PAYMENT_TOKENS = ['success_token', 'fail_token'] as const;

/** One entry of a `payment_handlers` registry (payment_handler.json). */
export interface UcpPaymentHandler {
  id: string;
  version: string;
  config: Record<string, unknown>;
}

/**
 * The payment handlers of a partner's shop: sandbox shops take the mock handler's tokens; production
 * shops declare none, and `complete` escalates to the order's payment page (`requires_escalation`).
 */
export function paymentHandlersFor(environment: Environment): Record<string, UcpPaymentHandler[]> {
  if (environment === 'production') return {};
  return {
    'dev.ucp.mock_payment': [
      { id: MOCK_PAYMENT_HANDLER_ID, version: UCP_VERSION, config: { supported_tokens: [...MOCK_PAYMENT_TOKENS] } },
    ],
  };
}

/** The `ucp` object of a response (ucp.json `response_checkout_schema` / `response_order_schema`). */
export interface UcpEnvelope<S extends 'success' | 'error' = 'success' | 'error'> {
  version: typeof UCP_VERSION;
  status: S;
  capabilities: Record<string, { version: string }[]>;
  payment_handlers?: Record<string, UcpPaymentHandler[]>;
}

/**
 * The `ucp` envelope of a response about `resource`: the capabilities relevant to it, of those the
 * negotiation left active (all of the business's when `active` is null), and for checkouts the
 * payment handlers of the session's environment.
 *
 * @example
 * ucpEnvelope('order', { environment: 'sandbox' });
 * // { version: '2026-04-08', status: 'success', capabilities: { 'dev.ucp.shopping.order': [{ version: '2026-04-08' }] } }
 */
export function ucpEnvelope<S extends 'success' | 'error' = 'success'>(
  resource: UcpResource,
  options: { environment: Environment; active?: readonly string[] | null; status?: S },
): UcpEnvelope<S> {
  const active = options.active ?? null;
  const names = RELEVANT[resource].filter((name) => active === null || active.includes(name));
  const envelope: UcpEnvelope<S> = {
    version: UCP_VERSION,
    // S is 'success' unless a status is given.
    status: options.status ?? ('success' as S),
    capabilities: Object.fromEntries(names.map((name) => [name, [{ version: UCP_VERSION }]])),
  };
  if (resource === 'checkout') envelope.payment_handlers = paymentHandlersFor(options.environment);
  return envelope;
}

/**
 * The body of a business outcome with no resource to show (error_response.json): the session or
 * order does not exist, or is not the caller's. HTTP 200, as the spec's "not found" examples answer.
 */
export function notFoundBody(
  resource: UcpResource,
  options: { environment: Environment; active?: readonly string[] | null; continueUrl?: string | null },
): UcpErrorResponseBody {
  const what = resource === 'checkout' ? 'Checkout session' : 'Order';
  return {
    ucp: ucpEnvelope(resource, { ...options, status: 'error' }),
    messages: [{ type: 'error', code: 'not_found', severity: 'unrecoverable', content: `${what} not found.` }],
    ...(options.continueUrl ? { continue_url: options.continueUrl } : {}),
  };
}

/**
 * The answer when negotiation left none of the capabilities an operation needs (overview.md
 * "Error Handling": a negotiation failure is a business outcome, HTTP 200 or an MCP result): no
 * capabilities in the envelope, `ucp.status` error, an unrecoverable `capabilities_incompatible`
 * message, and where the buyer can go on instead.
 */
export function capabilitiesIncompatibleBody(
  resource: UcpResource,
  options: { continueUrl?: string | null },
): UcpErrorResponseBody {
  const needed = RELEVANT[resource][0];
  return {
    ucp: { version: UCP_VERSION, status: 'error', capabilities: {} },
    messages: [
      {
        type: 'error',
        code: 'capabilities_incompatible',
        severity: 'unrecoverable',
        content: `This operation needs ${needed} ${UCP_VERSION}, which the platform's profile does not declare.`,
      },
    ],
    ...(options.continueUrl ? { continue_url: options.continueUrl } : {}),
  };
}

/**
 * A protocol error (checkout-rest.md "Error Responses"): an HTTP status with a `{code, content}`
 * body, `Retry-After` when trying again later can succeed. `path` names the request field (RFC 9535).
 */
export interface UcpProtocolError {
  status: number;
  code: string;
  content: string;
  path?: string | undefined;
  retryAfterSeconds?: number | undefined;
  /** Extra response headers (`WWW-Authenticate`, `Allow`). */
  headers?: Record<string, string> | undefined;
}

/** Builds a protocol error; `extra` adds `path`, `retryAfterSeconds` or headers. */
export function protocolError(
  status: number,
  code: string,
  content: string,
  extra: Omit<UcpProtocolError, 'status' | 'code' | 'content'> = {},
): UcpProtocolError {
  return { status, code, content, ...extra };
}

/** The HTTP answer of a protocol error: `{code, content}` (and `path`), with `Retry-After` when given. */
export function protocolErrorResponse(error: UcpProtocolError): HttpResponse {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...error.headers,
  };
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  return {
    status: error.status,
    headers,
    body: JSON.stringify({
      code: error.code,
      content: error.content,
      ...(error.path ? { path: error.path } : {}),
    } satisfies UcpProtocolErrorBody),
  };
}

/** Core's input refusals, which the bindings answer as 400 with the field's JSONPath. */
const INPUT_CODES = new Set(['INVALID_INPUT', 'INVALID_CPRCODE', 'INVALID_QUANTITY', 'INVALID_BRANCH', 'EMPTY_BASKET']);

/**
 * Translates core's errors at the edge: input refusals are 400 with the field's path (`pathOf` turns
 * core's field into the request's JSONPath), a closed session 409, a session another request is
 * changing 409 with Retry-After, an unreachable grocer or provider 503 with Retry-After, and any
 * other refusal core gives a 4xx status (a payment under way, an expired payment link …) that
 * status with core's code in lower case. A fault is not a protocol error: null (masked as a 500).
 */
export function protocolErrorOf(
  error: unknown,
  pathOf: (field: string) => string | undefined,
): UcpProtocolError | null {
  if (!(error instanceof CommerceError)) return null;
  if (INPUT_CODES.has(error.code))
    return protocolError(400, error.code.toLowerCase(), error.message, {
      path: error.field ? pathOf(error.field) : undefined,
    });
  switch (error.code) {
    case 'CHECKOUT_SESSION_CLOSED':
      return protocolError(409, 'checkout_not_modifiable', error.message);
    case 'CHECKOUT_SESSION_BUSY':
      return protocolError(409, 'checkout_busy', error.message, { retryAfterSeconds: 1 });
    case 'PAYMENT_IN_PROGRESS':
      return protocolError(409, 'payment_in_progress', error.message, { retryAfterSeconds: 2 });
    case 'RATE_LIMITED':
      return protocolError(429, 'rate_limited', error.message, { retryAfterSeconds: 1 });
    case 'INTERNAL':
      return null;
  }
  const status = httpStatusOf(error.code);
  if (status === 503) return protocolError(503, 'service_unavailable', error.message, { retryAfterSeconds: 2 });
  return status < 500 ? protocolError(status, error.code.toLowerCase(), error.message) : null;
}

/** The masked answer to a fault: the caller quotes the request id to support. */
export function internalError(requestId: string | undefined): UcpProtocolError {
  return protocolError(500, 'internal_error', `Internal error. Quote request id ${requestId ?? 'unknown'} to support.`);
}

/** A UcpError thrown by a hook (the negotiator, the signature verifier) as the protocol error it names. */
export function protocolErrorOfUcp(error: unknown): UcpProtocolError | null {
  return isUcpError(error) ? protocolError(error.status, error.code, error.message) : null;
}
