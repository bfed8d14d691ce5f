import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { PostTransport, readMcpRequest } from '@grocery/mcp';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { internalError, protocolError, protocolErrorOfUcp, type UcpProtocolError } from './envelope.ts';
import { signedByPartner } from './response-signing.ts';
import { isJsonObject } from './fulfillment-mapping.ts';
import {
  authenticateUcpCaller,
  isProtocolError,
  NO_NEGOTIATION,
  type SignedCallerVerifier,
  type UcpNegotiation,
  type UcpNegotiator,
  type UcpPrincipal,
  type UcpTarget,
} from './ucp-caller.ts';
import { UCP_ERROR_CODES, ucpJsonRpcCodeOf, type UcpErrorCode } from './ucp-error.ts';
import { UCP_TOOL_SHAPES, ucpToolList } from './ucp-mcp-tools.ts';
import type { UcpCall, UcpContext, UcpOperationName, UcpOperationsOptions, UcpOutcome } from './ucp-operations.ts';

export interface UcpMcpHandlerOptions extends UcpOperationsOptions {
  /** The shared operations (the REST handler's); one is made from the options otherwise. */
  operations: (ctx: UcpContext, call: UcpCall) => Promise<UcpOutcome>;
  maxBodyBytes: number;
  verifySignedCaller?: SignedCallerVerifier | undefined;
  negotiate?: UcpNegotiator | undefined;
  /** Most JSON-RPC messages in one batch (default 10). */
  maxBatchSize?: number;
}

/** JSON-RPC codes (overview.md "Error Codes"): UCP's own codes have theirs, other protocol errors are -32000. */
const RPC = { server: -32000, internal: -32603 } as const;

const INSTRUCTIONS =
  'Universal Commerce Protocol (2026-04-08) shopping service of a grocery shop in Thailand: create_checkout with line_items, ' +
  'update_checkout with buyer, fulfillment (pickup at a branch or shipping to an address) and discounts, complete_checkout, ' +
  'get_order. Totals are integer satang (THB), VAT included. Every call takes meta["ucp-agent"].profile.';

/** An error the SDK sends as the JSON-RPC error object it describes (McpError would prefix its message). */
type JsonRpcError = Error & { code: number; data?: unknown };

function jsonRpcError(code: number, message: string, data?: unknown): JsonRpcError {
  return Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) });
}

/** The JSON-RPC code and data of a protocol error (data carries UCP's `{code, content}`). */
function rpcErrorOf(error: UcpProtocolError): JsonRpcError {
  const code = (UCP_ERROR_CODES as readonly string[]).includes(error.code)
    ? ucpJsonRpcCodeOf(error.code as UcpErrorCode)
    : error.status >= 500 && error.status !== 503
      ? RPC.internal
      : RPC.server;
  return jsonRpcError(code, error.content, {
    code: error.code,
    content: error.content,
    ...(error.path ? { path: error.path } : {}),
    ...(error.retryAfterSeconds !== undefined ? { retry_after: error.retryAfterSeconds } : {}),
  });
}

/** A JSON-RPC error object as an HTTP answer (a refusal before any message reaches the server). */
function rpcResponse(status: number, error: JsonRpcError, headers: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) },
    }),
  };
}

function refusal(error: UcpProtocolError): HttpResponse {
  const headers: Record<string, string> = { ...error.headers };
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  return rpcResponse(error.status, rpcErrorOf(error), headers);
}

const invalidParams = (message: string) => jsonRpcError(ErrorCode.InvalidParams, message);

/** A tool call's arguments as a UCP call, checked against the shape mcp.openrpc.json gives them. */
function callOf(name: string, args: Record<string, unknown>, headerKey: string | undefined): UcpCall {
  const shape = Object.hasOwn(UCP_TOOL_SHAPES, name) ? UCP_TOOL_SHAPES[name as UcpOperationName] : undefined;
  if (!shape) throw invalidParams(`Unknown tool "${name.slice(0, 100)}": tools/list names the UCP tools.`);
  const meta = args.meta ?? {};
  if (!isJsonObject(meta)) throw invalidParams('meta is an object.');
  const key = meta['idempotency-key'] ?? headerKey;
  if (key !== undefined && typeof key !== 'string') throw invalidParams('meta["idempotency-key"] is a string.');
  if (shape.needsIdempotencyKey && key === undefined)
    throw invalidParams(`${name} needs meta["idempotency-key"] (a UUID), for retry safety.`);
  if (shape.takesId && typeof args.id !== 'string') throw invalidParams(`${name} needs the id of the resource.`);
  const checkout = args.checkout ?? (shape.operation === 'complete_checkout' ? {} : undefined);
  if (shape.takesCheckout && !isJsonObject(checkout)) throw invalidParams(`${name} needs checkout, an object.`);
  return {
    operation: shape.operation,
    id: shape.takesId ? (args.id as string) : undefined,
    body: shape.takesCheckout ? (checkout as Record<string, unknown>) : undefined,
    idempotencyKey: key ?? null,
  };
}

/** The profile URL of `meta["ucp-agent"]`, when the call names one. */
function profileOf(args: Record<string, unknown>): string | undefined {
  const meta = isJsonObject(args.meta) ? args.meta : {};
  const agent = isJsonObject(meta['ucp-agent']) ? meta['ucp-agent'] : {};
  return typeof agent.profile === 'string' ? agent.profile : undefined;
}

/**
 * Negotiates with the caller's profile: the one a caller known by its profile (signed, or declared
 * in the sandbox) came as, else `meta["ucp-agent"].profile` or the header. A call whose meta names
 * another profile than the one the request came as is refused.
 */
async function negotiateCall(
  negotiate: UcpNegotiator | undefined,
  request: HttpRequest,
  principal: UcpPrincipal,
  target: UcpTarget,
  args: Record<string, unknown>,
): Promise<UcpNegotiation | UcpProtocolError> {
  const named = profileOf(args);
  const known = principal.profileUrl;
  if (known !== undefined && named !== undefined && (!URL.canParse(named) || new URL(named).href !== known))
    return protocolError(401, 'unauthorized', 'meta["ucp-agent"].profile is not the profile the request came as.');
  if (!negotiate) return NO_NEGOTIATION;
  return negotiate({ header: request.headers['ucp-agent'], profileUrl: known ?? named }, principal, target);
}

/**
 * The MCP binding of UCP (`{agent_base}/ucp/mcp`, checkout-mcp.md and order-mcp.md) as a function
 * of a request: MCP streamable HTTP, stateless, JSON responses, through the official SDK's `Server`
 * (a fresh one per request). Tools `create_checkout`, `get_checkout`, `update_checkout`,
 * `complete_checkout`, `cancel_checkout` and `get_order` take `{meta, id?, checkout?}` and run the
 * same operations as the REST binding; results are `structuredContent` with the same JSON as text.
 * Protocol errors are JSON-RPC errors (-32000, -32001 for discovery) whose `data` is UCP's
 * `{code, content}`; for a single request the HTTP status is the error's own.
 */
export function createUcpMcpHandler(
  options: UcpMcpHandlerOptions,
): (request: HttpRequest, target: UcpTarget) => Promise<HttpResponse> {
  const maxBatchSize = options.maxBatchSize ?? 10;
  const tools = { tools: ucpToolList() };
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const serverInfo = { name: 'partner-grocery-ucp', title: 'UCP shopping service', version: '0.1.0' };

  const serve = async (
    principal: UcpPrincipal,
    request: HttpRequest,
    target: UcpTarget,
    statuses: Map<RequestId, number>,
    completions: Set<RequestId>,
  ): Promise<Server> => {
    const server = new Server(serverInfo, {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator,
    });
    server.setRequestHandler(ListToolsRequestSchema, () => tools);
    server.setRequestHandler(CallToolRequestSchema, async (call, extra): Promise<CallToolResult> => {
      const args = call.params.arguments ?? {};
      const ucpCall = callOf(call.params.name, args, request.headers['idempotency-key']);
      let outcome: UcpOutcome;
      try {
        const negotiation = await negotiateCall(options.negotiate, request, principal, target, args);
        outcome = isProtocolError(negotiation)
          ? { ok: false, error: negotiation }
          : await options.operations({ principal, negotiation, target, requestId: request.requestId }, ucpCall);
      } catch (error) {
        const refused = protocolErrorOfUcp(error);
        // A fault's message never reaches the client: the SDK would send it as the JSON-RPC error.
        if (!refused) options.onInternalError?.(error, request.requestId);
        outcome = { ok: false, error: refused ?? internalError(request.requestId) };
      }
      if (!outcome.ok) {
        statuses.set(extra.requestId, outcome.error.status);
        throw rpcErrorOf(outcome.error);
      }
      if (ucpCall.operation === 'complete_checkout') completions.add(extra.requestId);
      return { structuredContent: outcome.body, content: [{ type: 'text', text: JSON.stringify(outcome.body) }] };
    });
    return server;
  };

  return async (request, target) => {
    if (request.method !== 'POST')
      return rpcResponse(
        405,
        jsonRpcError(RPC.server, 'Send JSON-RPC messages with POST; this server keeps no sessions.'),
        {
          allow: 'POST',
        },
      );
    const principal = await authenticateUcpCaller(options.commerce, request, target, options.verifySignedCaller);
    if (isProtocolError(principal)) return refusal(principal);
    const read = readMcpRequest(request, { maxBodyBytes: options.maxBodyBytes, maxBatchSize });
    if ('refusal' in read) return read.refusal;
    const statuses = new Map<RequestId, number>();
    const completions = new Set<RequestId>();
    const server = await serve(principal, request, target, statuses, completions);
    const transport = new PostTransport();
    await server.connect(transport);
    const responses = await transport.exchange(read.messages);
    if (responses.length === 0) return { status: 202, headers: {}, body: null };
    const first = responses[0]!;
    const id = !read.batch && 'id' in first ? first.id : undefined;
    const response: HttpResponse = {
      status: (id !== undefined ? statuses.get(id) : undefined) ?? 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      body: read.batch ? JSON.stringify(responses) : JSON.stringify(first),
    };
    // A single complete_checkout answer is signed with the business's key, as over REST.
    return id !== undefined && completions.has(id)
      ? signedByPartner(options.commerce, target.partnerId, response)
      : response;
  };
}
