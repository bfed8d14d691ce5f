import { type ExecutionResult, GraphQLError } from 'graphql';
import { isCommerceError } from '../errors.ts';
import type { HttpRequest } from './http-types.ts';

/** A domain error as a GraphQL error: message and `extensions.code` (and `field`). */
function toGraphQLError(error: GraphQLError): GraphQLError {
  const original = error.originalError;
  if (isCommerceError(original) && original.code !== 'INTERNAL') {
    return new GraphQLError(original.message, {
      nodes: error.nodes,
      path: error.path,
      extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) },
    });
  }
  return error;
}

/**
 * A result with errors as a client may see them: domain errors keep their code, client errors get
 * one, faults are masked with the request id (and passed to `onInternalError`).
 */
export function withMaskedErrors(
  request: HttpRequest,
  result: ExecutionResult,
  onInternalError: ((error: unknown, request: HttpRequest) => void) | undefined,
): ExecutionResult {
  return {
    ...result,
    errors: result.errors!.map((error) => {
      const mapped = toGraphQLError(error);
      // Only a thrown non-GraphQL, non-domain error is a fault; everything else is the client's.
      if (mapped.extensions?.code || !mapped.originalError || mapped.originalError instanceof GraphQLError)
        return withCode(mapped);
      onInternalError?.(mapped.originalError, request);
      return new GraphQLError(`Internal error. Quote request id ${request.requestId ?? 'unknown'} to support.`, {
        path: mapped.path,
        extensions: { code: 'INTERNAL', requestId: request.requestId },
      });
    }),
  };
}

/** Every error a client sees names a code: validation and syntax errors included. */
export function withCode(error: GraphQLError): GraphQLError {
  if (error.extensions?.code) return error;
  const code = error.message.startsWith('Syntax Error') ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED';
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { ...error.extensions, code },
  });
}
