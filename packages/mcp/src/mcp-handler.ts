import { createGraphQLContext, type ErrorCode, type RateDecision } from '@grocery/core';
import { rateLimitedMessage, rateLimitHeaders, type HttpHandler, type HttpResponse } from '@grocery/core/http';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { toolCatalog } from './generated/tool-catalog.ts';
import { type McpCaller, createMcpServerFactory, type McpServerFactoryOptions } from './mcp-server-factory.ts';
import { createOriginPolicy } from './origin-policy.ts';
import { PostTransport } from './post-transport.ts';
import { createMessageCharges } from './tool-charges.ts';

export interface McpHandlerOptions extends McpServerFactoryOptions {
  /**
   * Origins whose browsers may call `/mcp`: the service's own public origin(s) and any the operator
   * adds. Requests without `Origin` (non-browser clients) are always allowed.
   */
  allowedOrigins?: readonly string[];
  /** Most JSON-RPC messages in one batch (default 10). */
  maxBatchSize?: number;
  /** Largest request body (default 256 KiB; the API's node adapter enforces the same bound). */
  maxBodyBytes?: number;
}

/** JSON-RPC codes of errors answered before a message reaches the MCP server. */
const JSON_RPC = { parseError: -32700, invalidRequest: -32600, server: -32000 } as const;

const PREFLIGHT = {
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers':
    'accept, authorization, content-type, idempotency-key, mcp-protocol-version, x-partner-key, x-request-id',
  'access-control-max-age': '600',
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * `/mcp` as a function of a request: MCP streamable HTTP, stateless, with a fresh server and
 * transport for every request (so nothing leaks between clients) and JSON responses.
 *
 * Before the server sees a message: Origin validation (403), POST only (405), `X-Partner-Key` (401
 * with `error.data.code` `PARTNER_KEY_INVALID`), the transport's own checks as the SDK makes them
 * (Accept 406, Content-Type 415, valid JSON-RPC 400, protocol version 400), the size limit (413),
 * a bounded batch (400) and the rate limits (429): the partner's budget is charged what the
 * request's tool calls cost on `/graphql`, summed over a batch, and every shopper-scoped mutation
 * call counts against the shopper's own limit. Every such answer is a JSON-RPC error object.
 *
 * @example
 * const mcp = createMcpHandler({ commerce, executor, allowedOrigins: [publicBaseUrl] });
 * const response = await mcp(request); // HttpRequest → HttpResponse
 */
export function createMcpHandler(options: McpHandlerOptions): HttpHandler {
  const serverFor = createMcpServerFactory(options);
  const originVerdict = createOriginPolicy(options.allowedOrigins ?? []);
  const maxBatchSize = options.maxBatchSize ?? 10;
  const maxBodyBytes = options.maxBodyBytes ?? 256 * 1024;
  const charge = createMessageCharges(options.catalog ?? toolCatalog, options.executor);
  const { rateLimiter, ratePolicies } = options.commerce;

  return async (request) => {
    const origin = request.headers.origin;
    const verdict = originVerdict(origin);
    if (verdict === 'refused')
      return rpcError(403, JSON_RPC.server, `Origin ${origin!.slice(0, 200)} may not call this server.`, 'FORBIDDEN');
    const cors: Record<string, string> =
      verdict === 'allowed'
        ? {
            'access-control-allow-origin': origin!,
            'access-control-expose-headers': 'mcp-protocol-version, x-request-id',
            vary: 'Origin',
          }
        : {};
    const answer = (response: HttpResponse): HttpResponse => ({
      ...response,
      headers: { ...response.headers, ...cors },
    });

    if (request.method === 'OPTIONS')
      return answer({ status: 204, headers: { ...PREFLIGHT, allow: 'POST, OPTIONS' }, body: null });
    if (request.method !== 'POST') {
      // Stateless: no standalone SSE stream to GET and no session to DELETE (the spec allows 405).
      return answer(
        rpcError(
          405,
          JSON_RPC.server,
          'Method not allowed: send JSON-RPC messages with POST. This server keeps no sessions and opens no SSE stream.',
          undefined,
          {
            allow: 'POST, OPTIONS',
          },
        ),
      );
    }
    const partnerKey = request.headers['x-partner-key'];
    const partner = await options.commerce.partners.verifyKey(partnerKey);
    if (!partner) {
      return answer(
        rpcError(401, JSON_RPC.server, 'Send a valid partner key in the X-Partner-Key header.', 'PARTNER_KEY_INVALID', {
          'www-authenticate': 'PartnerKey realm="mcp"',
        }),
      );
    }
    const spend = (units: number) =>
      rateLimiter.take(partner.keyPrefix, ratePolicies.partner[partner.environment], units);
    const charged = (response: HttpResponse, decision: RateDecision): HttpResponse =>
      answer(
        decision.allowed
          ? { ...response, headers: { ...response.headers, ...rateLimitHeaders(decision) } }
          : mcpRateLimitedResponse(decision),
      );
    // A request refused before its messages are read costs one unit, as on every other surface.
    const refuse = async (response: HttpResponse) => charged(response, await spend(1));

    const accept = request.headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return refuse(
        rpcError(
          406,
          JSON_RPC.server,
          'Not Acceptable: the client must accept both application/json and text/event-stream.',
        ),
      );
    }
    if (!isJsonContentType(request.headers['content-type'])) {
      return refuse(
        rpcError(
          415,
          JSON_RPC.server,
          'Unsupported Media Type: send the JSON-RPC message with Content-Type: application/json.',
          'INVALID_INPUT',
        ),
      );
    }
    if (request.body.length > maxBodyBytes)
      return refuse(
        rpcError(413, JSON_RPC.server, `The request body is larger than ${maxBodyBytes} bytes.`, 'PAYLOAD_TOO_LARGE'),
      );
    const body = parseJson(request.body);
    if (body === INVALID)
      return refuse(
        rpcError(400, JSON_RPC.parseError, 'Parse error: the body is not valid UTF-8 JSON.', 'INVALID_INPUT'),
      );
    const batch = Array.isArray(body);
    if (batch && (body.length === 0 || body.length > maxBatchSize)) {
      return refuse(
        rpcError(
          400,
          JSON_RPC.invalidRequest,
          `Invalid Request: a JSON-RPC batch holds 1 to ${maxBatchSize} messages.`,
          'INVALID_INPUT',
        ),
      );
    }
    const messages = toMessages(batch ? body : [body], request.headers['mcp-protocol-version']);
    if (!Array.isArray(messages)) return refuse(messages);

    const caller: McpCaller = {
      partner,
      partnerKey: partnerKey ?? '',
      requestId: request.requestId ?? '',
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] ?? null,
    };
    // Charged in full before anything runs: the whole batch is refused, or all of it is served.
    const charges = charge(messages);
    const decision = await spend(charges.units);
    if (!decision.allowed) return answer(mcpRateLimitedResponse(decision));
    const perShopper = await createGraphQLContext({ commerce: options.commerce, ...caller }).takeShopperMutations(
      charges.shopperMutations,
    );
    if (perShopper && !perShopper.allowed) return answer(mcpRateLimitedResponse(perShopper));

    const toolTexts = new Set<string>();
    const server = serverFor(caller, toolTexts);
    const transport = new PostTransport();
    await server.connect(transport);
    const responses = await transport.exchange(messages);
    // No close(): nothing outlives the answer (no stream, no timer, no pending request), so server
    // and transport are garbage now; close() would only build a ConnectionClosed error per call.
    if (responses.length === 0) return charged({ status: 202, headers: {}, body: null }, decision);
    const json = responses.map((response) => responseJson(response, toolTexts));
    return charged(
      { status: 200, headers: { 'content-type': 'application/json' }, body: batch ? `[${json.join(',')}]` : json[0]! },
      decision,
    );
  };
}

/**
 * `JSON.stringify(response)`, with a tool result's `structuredContent` written as its text block
 * (the same JSON, made by the tool) instead of serialising the data a second time: a list of
 * products is most of a call's answer.
 */
function responseJson(response: JSONRPCMessage, toolTexts: ReadonlySet<string>): string {
  const result =
    'result' in response ? (response.result as { content?: unknown; structuredContent?: unknown }) : undefined;
  const block =
    Array.isArray(result?.content) && result.content.length === 1
      ? (result.content[0] as { type?: unknown; text?: unknown })
      : undefined;
  if (
    !result ||
    result.structuredContent === undefined ||
    block?.type !== 'text' ||
    typeof block.text !== 'string' ||
    !toolTexts.has(block.text)
  )
    return JSON.stringify(response);
  const { structuredContent: _, ...rest } = result;
  // rest holds the text block, so its JSON is an object with members; the data closes it.
  const restJson = JSON.stringify(rest);
  return `{"jsonrpc":"2.0","id":${JSON.stringify((response as { id: unknown }).id)},"result":${restJson.slice(0, -1)},"structuredContent":${block.text}}}`;
}

/** The 429 of `/mcp`: Retry-After and the RateLimit headers, with a JSON-RPC error object as every other refusal here. */
export function mcpRateLimitedResponse(decision: RateDecision): HttpResponse {
  return rpcError(429, JSON_RPC.server, rateLimitedMessage(decision), 'RATE_LIMITED', rateLimitHeaders(decision));
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

/** A JSON-RPC error object as an HTTP answer; `data.code` carries the API's stable error code. */
function rpcError(
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
