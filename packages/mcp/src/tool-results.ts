import { isCommerceError } from '@grocery/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type ExecutionResult, GraphQLError } from 'graphql';

/** An error as a tool reports it, in `structuredContent.errors` and in the text block. */
export interface ToolError {
  code: string;
  message: string;
  field?: string | null;
  path?: (string | number)[];
  requestId?: string;
}

export interface ToolResultOptions {
  requestId: string;
  /** Largest text a result may carry; a larger one becomes a `RESPONSE_TOO_LARGE` error. */
  maxBytes: number;
  /** Called with every fault that was masked, for logs. */
  onInternalError?: ((error: unknown, requestId: string) => void) | undefined;
}

/**
 * An operation's result as a tool result: `structuredContent` is the operation's data (plus
 * `errors` when it failed) and one text block holds the same JSON. GraphQL errors and non-empty
 * `userErrors` make `isError: true`; faults are masked like /graphql masks them.
 */
export function toToolResult(result: ExecutionResult, options: ToolResultOptions): CallToolResult {
  const data = (result.data ?? null) as Record<string, unknown> | null;
  if (result.errors?.length) {
    return errorResult(
      result.errors.map((error) => toToolError(error, options)),
      data,
    );
  }
  const structured = data ?? {};
  const text = JSON.stringify(structured);
  if (text.length * 3 > options.maxBytes && Buffer.byteLength(text) > options.maxBytes) {
    return errorResult([
      {
        code: 'RESPONSE_TOO_LARGE',
        message: `The result would be ${Buffer.byteLength(text)} bytes, more than the limit of ${options.maxBytes}. Ask for smaller pages.`,
      },
    ]);
  }
  return {
    content: [{ type: 'text', text }],
    structuredContent: structured,
    ...(hasUserErrors(structured) ? { isError: true } : {}),
  };
}

/** A failed call: the errors (and any partial data) as structured content and as text. */
export function errorResult(errors: ToolError[], data: Record<string, unknown> | null = null): CallToolResult {
  const structured = { ...(data ?? {}), errors };
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }],
    structuredContent: structured,
    isError: true,
  };
}

/** Mutation payloads report refusals in `userErrors` (spec "Errors"). */
function hasUserErrors(data: Record<string, unknown>): boolean {
  return Object.values(data).some((payload) => {
    const userErrors =
      payload !== null && typeof payload === 'object' ? (payload as { userErrors?: unknown }).userErrors : undefined;
    return Array.isArray(userErrors) && userErrors.length > 0;
  });
}

/** The same translation as /graphql: domain errors keep their code, faults are masked. */
function toToolError(error: GraphQLError, options: ToolResultOptions): ToolError {
  const original = error.originalError;
  const path = error.path ? { path: [...error.path] } : {};
  if (isCommerceError(original) && original.code !== 'INTERNAL') {
    return {
      code: original.code,
      message: original.message,
      ...(original.field ? { field: original.field } : {}),
      ...path,
    };
  }
  const code = error.extensions?.code;
  if (typeof code === 'string' && code !== 'INTERNAL') return { code, message: error.message, ...path };
  if (!original || original instanceof GraphQLError) {
    // Syntax, validation and variable errors: the operation or the arguments were refused.
    return {
      code: error.message.startsWith('Syntax Error') ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED',
      message: error.message,
      ...path,
    };
  }
  options.onInternalError?.(original, options.requestId);
  return {
    code: 'INTERNAL',
    message: `Internal error. Quote request id ${options.requestId} to support.`,
    requestId: options.requestId,
    ...path,
  };
}
