import { CommerceError } from '@grocery/core';
import type { HttpResponse } from '@grocery/core/http';
import type { AcpErrorBody } from './acp-types.ts';

/**
 * A protocol error (rfc.agentic_checkout.md §3.1): an HTTP status and the flat `{type, code,
 * message, param?}`, `param` an RFC 9535 JSONPath into the request. `retryAfterSeconds` marks an
 * error that a retry can get past (never kept under an idempotency key).
 */
export interface AcpProtocolError {
  status: number;
  type: AcpErrorBody['type'];
  code: string;
  message: string;
  param?: string | undefined;
  /** Version errors list the versions the shop answers. */
  supportedVersions?: readonly string[] | undefined;
  retryAfterSeconds?: number | undefined;
  /** Extra response headers (`WWW-Authenticate`, `Allow`). */
  headers?: Record<string, string> | undefined;
}

/** Builds a protocol error of type `invalid_request` unless `extra.type` says otherwise. */
export function acpError(
  status: number,
  code: string,
  message: string,
  extra: Partial<Omit<AcpProtocolError, 'status' | 'code' | 'message'>> = {},
): AcpProtocolError {
  return { status, type: 'invalid_request', code, message, ...extra };
}

/** The body of a protocol error, with no field ACP's `Error` does not define. */
export function acpErrorBody(error: AcpProtocolError): AcpErrorBody {
  return {
    type: error.type,
    code: error.code,
    message: error.message,
    ...(error.param ? { param: error.param } : {}),
    ...(error.supportedVersions ? { supported_versions: [...error.supportedVersions] } : {}),
  };
}

/** The HTTP answer of a protocol error: its status, the flat body, `Retry-After` when a retry can succeed. */
export function acpErrorResponse(error: AcpProtocolError): HttpResponse {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...error.headers,
  };
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  return { status: error.status, headers, body: JSON.stringify(acpErrorBody(error)) };
}

/** The masked answer to a fault: the caller quotes the request id to support. */
export function internalError(requestId: string | undefined): AcpProtocolError {
  return acpError(500, 'internal_error', `Internal error. Quote request id ${requestId ?? 'unknown'} to support.`, {
    type: 'processing_error',
  });
}

/** Core's refusals of a request's content, answered 400 with the field's JSONPath. */
const INPUT_CODES = new Set([
  'INVALID_INPUT',
  'INVALID_CPRCODE',
  'INVALID_QUANTITY',
  'INVALID_BRANCH',
  'EMPTY_BASKET',
  'PAYLOAD_TOO_LARGE',
]);

/** What a session operation was doing, for the error a closed session gets. */
export type SessionOperation = 'create' | 'get' | 'update' | 'complete' | 'cancel';

/**
 * Translates core's errors at the edge: input refusals are 400 with the field's JSONPath (`pathOf`
 * turns core's field into the request's), an unknown session 404, a closed session 405 to cancel
 * (rfc §4.5) and 409 to anything else, a session another request is changing 409 with Retry-After,
 * an unreachable grocer or provider 503. Anything else is not an error the caller can act on: null
 * (the caller masks it as a 500).
 */
export function acpErrorOf(
  error: unknown,
  pathOf: (field: string) => string | undefined,
  operation: SessionOperation,
): AcpProtocolError | null {
  if (!(error instanceof CommerceError)) return null;
  const param = error.field === undefined ? undefined : pathOf(error.field);
  if (INPUT_CODES.has(error.code))
    return acpError(400, error.code === 'EMPTY_BASKET' ? 'empty_cart' : 'invalid', error.message, { param });
  switch (error.code) {
    case 'NOT_FOUND':
      return acpError(404, 'session_not_found', error.message);
    case 'CHECKOUT_SESSION_CLOSED':
      return operation === 'cancel'
        ? acpError(405, 'session_not_cancelable', error.message, { headers: { allow: 'GET' } })
        : acpError(409, 'session_not_modifiable', error.message);
    case 'CHECKOUT_SESSION_BUSY':
      // A patch merged again and again over a session that kept changing: the caller sends it again (nothing was written).
      return acpError(
        409,
        'session_busy',
        error.details?.reason === 'changed'
          ? 'Other requests kept changing the checkout session while this one was applied; nothing was changed, send it again.'
          : error.message,
        { retryAfterSeconds: 1 },
      );
    case 'RATE_LIMITED':
      return acpError(429, 'rate_limited', error.message, { retryAfterSeconds: 1 });
    case 'GROCER_UNAVAILABLE':
    case 'ORDER_PENDING':
    case 'PAYMENT_PROVIDER_UNAVAILABLE':
    case 'PAYMENT_IN_PROGRESS':
    case 'CATALOG_UNAVAILABLE':
      return acpError(503, 'service_unavailable', error.message, { type: 'service_unavailable', retryAfterSeconds: 2 });
    default:
      return null;
  }
}
