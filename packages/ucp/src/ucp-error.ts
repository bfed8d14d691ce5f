/**
 * The protocol error codes of UCP 2026-04-08 that this package raises (overview.md "Error Codes",
 * signatures.md "Error Handling"). They are UCP's own lower-case codes, not core's: the REST binding
 * answers them as `{code, content}` and the MCP binding as JSON-RPC errors, so they are never renamed.
 */
export const UCP_ERROR_CODES = [
  // Discovery and negotiation.
  'invalid_profile_url',
  'profile_unreachable',
  'profile_malformed',
  'version_unsupported',
  // Message signatures.
  'signature_missing',
  'signature_invalid',
  'key_not_found',
  'digest_mismatch',
  'algorithm_unsupported',
] as const;

export type UcpErrorCode = (typeof UCP_ERROR_CODES)[number];

/**
 * The HTTP status of each code on the REST binding, as the spec's tables give it.
 *
 * @example
 * ucpHttpStatusOf('profile_unreachable'); // 424
 */
export function ucpHttpStatusOf(code: UcpErrorCode): 400 | 401 | 422 | 424 {
  switch (code) {
    case 'invalid_profile_url':
    case 'digest_mismatch':
    case 'algorithm_unsupported':
      return 400;
    case 'signature_missing':
    case 'signature_invalid':
    case 'key_not_found':
      return 401;
    case 'profile_malformed':
    case 'version_unsupported':
      return 422;
    case 'profile_unreachable':
      return 424;
  }
}

/**
 * The JSON-RPC error code of each code on the MCP binding: -32001 for discovery, -32000 for
 * authentication, -32600 for a malformed signed request (overview.md "Error Codes").
 *
 * @example
 * ucpJsonRpcCodeOf('version_unsupported'); // -32001
 */
export function ucpJsonRpcCodeOf(code: UcpErrorCode): -32000 | -32001 | -32600 {
  switch (code) {
    case 'invalid_profile_url':
    case 'profile_unreachable':
    case 'profile_malformed':
    case 'version_unsupported':
      return -32001;
    case 'signature_missing':
    case 'signature_invalid':
    case 'key_not_found':
      return -32000;
    case 'digest_mismatch':
    case 'algorithm_unsupported':
      return -32600;
  }
}

/** The body of a UCP protocol error on the REST binding (and `error.data` on MCP). */
export interface UcpErrorBody {
  code: UcpErrorCode;
  content: string;
}

/**
 * The one error class of @grocery/ucp: a literal `code` that narrows in a `switch`, the HTTP
 * `status` it maps to, and `content`, the sentence the spec's `{code, content}` body carries.
 *
 * @example
 * try { parseUcpAgent(header); } catch (error) {
 *   if (isUcpError(error)) return [error.status, error.toBody()];
 * }
 */
export class UcpError extends Error {
  override readonly name = 'UcpError';
  readonly code: UcpErrorCode;

  constructor(code: UcpErrorCode, content: string, options: { cause?: unknown } = {}) {
    super(content, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }

  /** The HTTP status of the code on the REST binding. */
  get status(): 400 | 401 | 422 | 424 {
    return ucpHttpStatusOf(this.code);
  }

  /** `{code, content}`, the spec's error body. */
  toBody(): UcpErrorBody {
    return { code: this.code, content: this.message };
  }
}

/**
 * Narrows a caught value to a UcpError.
 *
 * @example
 * if (isUcpError(error) && error.code === 'key_not_found') refreshProfile();
 */
export function isUcpError(value: unknown): value is UcpError {
  return value instanceof UcpError;
}
