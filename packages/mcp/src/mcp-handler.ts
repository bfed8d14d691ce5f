import { createGraphQLContext, type PartnerContext, type RateDecision } from '@grocery/core';
import { rateLimitHeaders, type HttpHandler, type HttpRequest, type HttpResponse } from '@grocery/core/http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { toolCatalog } from './generated/tool-catalog.ts';
import { JSON_RPC, mcpRateLimitedResponse, rpcError } from './json-rpc-errors.ts';
import { readMcpRequest } from './mcp-request.ts';
import type { McpCaller } from './mcp-caller.ts';
import { createMcpServerFactory, type McpServerFactory, type McpServerFactoryOptions } from './mcp-server-factory.ts';
import { createOriginPolicy, type OriginVerdict } from './origin-policy.ts';
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

const PREFLIGHT = {
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers':
    'accept, authorization, content-type, idempotency-key, mcp-protocol-version, x-partner-key, x-request-id',
  'access-control-max-age': '600',
};

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
  const limits = { maxBatchSize: options.maxBatchSize ?? 10, maxBodyBytes: options.maxBodyBytes ?? 256 * 1024 };
  const charge = createMessageCharges(options.catalog ?? toolCatalog, options.executor);
  const { rateLimiter, ratePolicies } = options.commerce;

  return async (request) => {
    const origin = request.headers.origin;
    const verdict = originVerdict(origin);
    if (verdict === 'refused')
      return rpcError(403, JSON_RPC.server, `Origin ${origin!.slice(0, 200)} may not call this server.`, 'FORBIDDEN');
    const answer = withCors(verdict, origin);
    if (request.method !== 'POST') return answer(notPost(request.method));
    const partner = await options.commerce.partners.verifyKey(request.headers['x-partner-key']);
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

    const body = readMcpRequest(request, limits);
    // A request refused before its messages are read costs one unit, as on every other surface.
    if ('refusal' in body) return charged(body.refusal, await spend(1));
    const caller = callerOf(request, partner);
    // Charged in full before anything runs: the whole batch is refused, or all of it is served.
    const charges = charge(body.messages);
    const decision = await spend(charges.units);
    if (!decision.allowed) return answer(mcpRateLimitedResponse(decision));
    const perShopper = await createGraphQLContext({ commerce: options.commerce, ...caller }).takeShopperMutations(
      charges.shopperMutations,
    );
    if (perShopper && !perShopper.allowed) return answer(mcpRateLimitedResponse(perShopper));
    return charged(await exchange(serverFor, caller, body.messages, body.batch), decision);
  };
}

/** Adds the CORS headers of an allowed browser origin to an answer (none without `Origin`). */
function withCors(verdict: OriginVerdict, origin: string | undefined): (response: HttpResponse) => HttpResponse {
  const cors: Record<string, string> =
    verdict === 'allowed'
      ? {
          'access-control-allow-origin': origin!,
          'access-control-expose-headers': 'mcp-protocol-version, x-request-id',
          vary: 'Origin',
        }
      : {};
  return (response) => ({ ...response, headers: { ...response.headers, ...cors } });
}

/** The answer to a method other than POST: the CORS preflight for OPTIONS, 405 for the rest. */
function notPost(method: string): HttpResponse {
  if (method === 'OPTIONS') return { status: 204, headers: { ...PREFLIGHT, allow: 'POST, OPTIONS' }, body: null };
  // Stateless: no standalone SSE stream to GET and no session to DELETE (the spec allows 405).
  return rpcError(
    405,
    JSON_RPC.server,
    'Method not allowed: send JSON-RPC messages with POST. This server keeps no sessions and opens no SSE stream.',
    undefined,
    {
      allow: 'POST, OPTIONS',
    },
  );
}

/** Who calls, as the server's tools see it: the partner, its key, the request id and the shopper's headers. */
function callerOf(request: HttpRequest, partner: PartnerContext): McpCaller {
  return {
    partner,
    partnerKey: request.headers['x-partner-key'] ?? '',
    requestId: request.requestId ?? '',
    authorization: request.headers.authorization,
    idempotencyKey: request.headers['idempotency-key'] ?? null,
  };
}

/** Runs the messages through a fresh server and transport: 202 for notifications only, else their responses as JSON. */
async function exchange(
  serverFor: McpServerFactory,
  caller: McpCaller,
  messages: JSONRPCMessage[],
  batch: boolean,
): Promise<HttpResponse> {
  const toolTexts = new Set<string>();
  const server = serverFor(caller, toolTexts);
  const transport = new PostTransport();
  await server.connect(transport);
  const responses = await transport.exchange(messages);
  // No close(): nothing outlives the answer (no stream, no timer, no pending request), so server
  // and transport are garbage now; close() would only build a ConnectionClosed error per call.
  if (responses.length === 0) return { status: 202, headers: {}, body: null };
  const json = responses.map((response) => responseJson(response, toolTexts));
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: batch ? `[${json.join(',')}]` : json[0]!,
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
