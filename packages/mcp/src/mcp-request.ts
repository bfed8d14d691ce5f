import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { JSON_RPC, rpcError } from './json-rpc-errors.ts';

/** The JSON-RPC messages of a POST to `/mcp`, and whether they came as a batch; or why the body was refused. */
export type McpRequestBody = { messages: JSONRPCMessage[]; batch: boolean } | { refusal: HttpResponse };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a POST's messages with the transport's own checks as the SDK makes them (Accept 406,
 * Content-Type 415, valid JSON-RPC 400, protocol version 400), the size limit (413) and a bounded
 * batch (400); every refusal is a JSON-RPC error object.
 */
export function readMcpRequest(
  request: HttpRequest,
  limits: { maxBodyBytes: number; maxBatchSize: number },
): McpRequestBody {
  const accept = request.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return {
      refusal: rpcError(
        406,
        JSON_RPC.server,
        'Not Acceptable: the client must accept both application/json and text/event-stream.',
      ),
    };
  }
  if (!isJsonContentType(request.headers['content-type'])) {
    return {
      refusal: rpcError(
        415,
        JSON_RPC.server,
        'Unsupported Media Type: send the JSON-RPC message with Content-Type: application/json.',
        'INVALID_INPUT',
      ),
    };
  }
  const { maxBodyBytes, maxBatchSize } = limits;
  if (request.body.length > maxBodyBytes)
    return {
      refusal: rpcError(
        413,
        JSON_RPC.server,
        `The request body is larger than ${maxBodyBytes} bytes.`,
        'PAYLOAD_TOO_LARGE',
      ),
    };
  const body = parseJson(request.body);
  if (body === INVALID)
    return {
      refusal: rpcError(400, JSON_RPC.parseError, 'Parse error: the body is not valid UTF-8 JSON.', 'INVALID_INPUT'),
    };
  const batch = Array.isArray(body);
  if (batch && (body.length === 0 || body.length > maxBatchSize)) {
    return {
      refusal: rpcError(
        400,
        JSON_RPC.invalidRequest,
        `Invalid Request: a JSON-RPC batch holds 1 to ${maxBatchSize} messages.`,
        'INVALID_INPUT',
      ),
    };
  }
  const messages = toMessages(batch ? body : [body], request.headers['mcp-protocol-version']);
  return Array.isArray(messages) ? { messages, batch } : { refusal: messages };
}

const INVALID = Symbol('invalid JSON');

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(body)) as unknown;
  } catch {
    // Bad UTF-8, bad JSON, or nesting deep enough to exhaust the stack: all a parse error.
    return INVALID;
  }
}
/**
 * The body's messages, checked as the SDK's streamable HTTP transport checks them (JSON-RPC shape,
 * one initialize alone, a supported MCP-Protocol-Version after initialization), plus unique ids;
 * cancellations are dropped, since a stateless server has nothing else in flight to cancel.
 */
function toMessages(items: readonly unknown[], protocolVersion: string | undefined): JSONRPCMessage[] | HttpResponse {
  const messages: JSONRPCMessage[] = [];
  for (const item of items) {
    const parsed = JSONRPCMessageSchema.safeParse(item);
    if (!parsed.success)
      return rpcError(
        400,
        JSON_RPC.invalidRequest,
        'Invalid Request: not a JSON-RPC 2.0 request, notification or response.',
        'INVALID_INPUT',
      );
    // A cancellation can only name a request of this same POST, which would then never be answered.
    if ('method' in parsed.data && parsed.data.method === 'notifications/cancelled') continue;
    messages.push(parsed.data);
  }
  const requests = messages.filter((m) => 'method' in m && 'id' in m);
  const initialize = requests.some((m) => 'method' in m && m.method === 'initialize');
  if (initialize && messages.length > 1)
    return rpcError(
      400,
      JSON_RPC.invalidRequest,
      'Invalid Request: only one initialization request is allowed, alone.',
      'INVALID_INPUT',
    );
  if (!initialize && protocolVersion !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersion)) {
    return rpcError(
      400,
      JSON_RPC.server,
      `Bad Request: Unsupported protocol version ${protocolVersion.slice(0, 40)} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}).`,
    );
  }
  const ids = new Set(requests.map((m) => ('id' in m ? m.id : null)));
  if (ids.size !== requests.length)
    return rpcError(
      400,
      JSON_RPC.invalidRequest,
      'Invalid Request: requests in one batch need distinct ids.',
      'INVALID_INPUT',
    );
  return messages;
}
