/**
 * Every failure the domain knows about, with a stable code. Codes are part of the public contract
 * (spec "Errors" plus the ones DESIGN.md and docs/errors add); never rename one.
 */
export const ERROR_CODES = [
  // From the specification.
  'UNAUTHENTICATED',
  'EMPTY_BASKET',
  'INVALID_CPRCODE',
  'INVALID_QUANTITY',
  'ADDRESS_REQUIRED',
  'PRICE_UNAVAILABLE',
  'NOT_FOUND',
  'ALREADY_PAID',
  'PRICE_CHANGED',
  // Decided by the design and the docs where the spec is silent.
  'PARTNER_KEY_INVALID',
  'INVALID_BRANCH',
  'INVALID_INPUT',
  'ALCOHOL_NOT_LICENSED',
  'DELIVERY_UNAVAILABLE',
  'OUT_OF_SERVICE_AREA',
  'PRODUCT_UNAVAILABLE',
  'PAYMENT_LINK_INVALID',
  'PAYMENT_LINK_EXPIRED',
  'PAYMENT_DECLINED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'DOWNLOAD_LINK_INVALID',
  'DOWNLOAD_LINK_EXPIRED',
  'METHOD_NOT_ALLOWED',
  'CATALOG_UNAVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'CLIENT_ID_TAKEN',
  // The order and payment sagas (docs "Failures and recovery").
  'ORDER_PENDING',
  'ORDER_CANCELLED',
  // One charge at a time per order, and money that does not match its order (docs "Production payments").
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_MISMATCH',
  // Going live (admin API).
  'GO_LIVE_NOT_READY',
  'RATE_LIMITED',
  'QUERY_TOO_COMPLEX',
  'RESPONSE_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'FORBIDDEN',
  'ADMIN_TOKEN_INVALID',
  'GROCER_UNAVAILABLE',
  'SEARCH_UNAVAILABLE',
  // Inbound grocer notifications (openapi/webhooks.yaml).
  'SIGNATURE_INVALID',
  'NOTIFICATION_REPLAYED',
  'CHECKOUT_SESSION_CLOSED',
  'CHECKOUT_SESSION_BUSY',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface CommerceErrorOptions {
  /** The input field the error is about, as a path like `input.lines.0.quantity`. */
  field?: string | undefined;
  /** Extra machine-readable facts (e.g. `{ cprcode }`); never secrets. */
  details?: Record<string, unknown> | undefined;
  cause?: unknown;
}

/**
 * The one error base of the project. Throw it anywhere in the domain; the edges (GraphQL
 * userErrors, MCP results, HTTP problems) translate it.
 *
 * @example
 * throw new CommerceError('INVALID_QUANTITY', 'Quantity must be between 1 and 999.', { field: 'quantity' });
 */
export class CommerceError extends Error {
  override readonly name = 'CommerceError';
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: CommerceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.details = options.details;
  }

  /** A copy of this error that names `field` (used when an input path is known only at the edge). */
  withField(field: string): CommerceError {
    return new CommerceError(this.code, this.message, { field, details: this.details, cause: this.cause });
  }
}

/**
 * Narrows a caught value to a CommerceError, so an edge can answer with its `code` and anything
 * else becomes an internal error.
 *
 * @example
 * catch (error) { if (isCommerceError(error) && error.code === 'PRICE_CHANGED') … }
 */
export function isCommerceError(value: unknown): value is CommerceError {
  return value instanceof CommerceError;
}

/**
 * True when a string is one of ERROR_CODES, for codes that arrive as text (a grocer's answer, a
 * stored record) and are trusted only once checked.
 *
 * @example
 * isErrorCode('PRICE_CHANGED'); // true
 */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The HTTP status each code maps to on REST-style surfaces (pay pages, catalog, search, admin). */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'UNAUTHENTICATED':
    case 'PARTNER_KEY_INVALID':
    case 'ADMIN_TOKEN_INVALID':
    case 'SIGNATURE_INVALID':
      return 401;
    case 'FORBIDDEN':
    case 'DOWNLOAD_LINK_INVALID':
      return 403;
    case 'NOT_FOUND':
    case 'PAYMENT_LINK_INVALID':
      return 404;
    case 'PAYMENT_LINK_EXPIRED':
    case 'DOWNLOAD_LINK_EXPIRED':
      return 410;
    case 'METHOD_NOT_ALLOWED':
      return 405;
    case 'ALREADY_PAID':
    case 'PRICE_CHANGED':
    case 'IDEMPOTENCY_KEY_REUSED':
    case 'CLIENT_ID_TAKEN':
    case 'NOTIFICATION_REPLAYED':
    case 'ORDER_CANCELLED':
    case 'PAYMENT_IN_PROGRESS':
    case 'PAYMENT_MISMATCH':
    case 'GO_LIVE_NOT_READY':
    case 'CHECKOUT_SESSION_CLOSED':
    case 'CHECKOUT_SESSION_BUSY':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'RATE_LIMITED':
      return 429;
    case 'GROCER_UNAVAILABLE':
    case 'SEARCH_UNAVAILABLE':
    case 'PAYMENT_PROVIDER_UNAVAILABLE':
    case 'CATALOG_UNAVAILABLE':
    case 'ORDER_PENDING':
      return 503;
    case 'INTERNAL':
      return 500;
    case 'EMPTY_BASKET':
    case 'INVALID_CPRCODE':
    case 'INVALID_QUANTITY':
    case 'ADDRESS_REQUIRED':
    case 'PRICE_UNAVAILABLE':
    case 'INVALID_BRANCH':
    case 'INVALID_INPUT':
    case 'ALCOHOL_NOT_LICENSED':
    case 'DELIVERY_UNAVAILABLE':
    case 'OUT_OF_SERVICE_AREA':
    case 'PRODUCT_UNAVAILABLE':
    case 'PAYMENT_DECLINED':
    case 'QUERY_TOO_COMPLEX':
    case 'RESPONSE_TOO_LARGE':
      return 400;
  }
}
