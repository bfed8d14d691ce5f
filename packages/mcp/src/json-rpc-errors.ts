import type { ErrorCode, RateDecision } from '@grocery/core';
import { rateLimitedMessage, rateLimitHeaders, type HttpResponse } from '@grocery/core/http';

/** JSON-RPC codes of errors answered before a message reaches the MCP server. */
export const JSON_RPC = { parseError: -32700, invalidRequest: -32600, server: -32000 } as const;

/** A JSON-RPC error object as an HTTP answer; `data.code` carries the API's stable error code. */
export function rpcError(
  status: number,
  code: number,
  message: string,
  errorCode?: ErrorCode,
  headers: Record<string, string> = {},
): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code, message, ...(errorCode ? { data: { code: errorCode } } : {}) },
    }),
  };
}

/** The 429 of `/mcp`: Retry-After and the RateLimit headers, with a JSON-RPC error object as every other refusal here. */
export function mcpRateLimitedResponse(decision: RateDecision): HttpResponse {
  return rpcError(429, JSON_RPC.server, rateLimitedMessage(decision), 'RATE_LIMITED', rateLimitHeaders(decision));
}
