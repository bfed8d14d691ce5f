import type { Commerce } from '@grocery/core';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { PostTransport, readMcpRequest } from '@grocery/mcp';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { authenticateAcpCaller, checkApiVersion, isAcpError, type AcpPrincipal, type AcpTarget } from './acp-caller.ts';
import { acpErrorBody, internalError, type AcpProtocolError } from './acp-error.ts';
import { ACP_TOOL_SHAPES, acpToolList } from './acp-mcp-tools.ts';
import type { AcpCall, AcpContext, AcpOperationName, AcpOutcome } from './acp-operations.ts';
import { isJsonObject, type JsonObject } from './acp-types.ts';

export interface AcpMcpHandlerOptions {
  commerce: Commerce;
  /** The operations the REST binding runs. */
  operations: (ctx: AcpContext, call: AcpCall) => Promise<AcpOutcome>;
  maxBodyBytes: number;
  onInternalError?: ((error: unknown, requestId: string | undefined) => void) | undefined;
  /** Most JSON-RPC messages in one batch (default 10). */
  maxBatchSize?: number;
}

/** JSON-RPC codes (docs/mcp-binding.md "Error Handling"): every ACP error is -32000; malformed arguments -32602. */
const RPC = { server: -32000 } as const;

const INSTRUCTIONS =
  'Agentic Commerce Protocol (2026-04-17) checkout of a grocery shop in Thailand: create_checkout_session with line_items, ' +
  'update_checkout_session with fulfillment_details and selected_fulfillment_options (pickup at a branch or local delivery), ' +
  'complete_checkout_session with payment_data. Totals are integer satang (thb), VAT included. Every call takes meta.api_version.';

/** An error the SDK sends as the JSON-RPC error object it describes (McpError would prefix its message). */
type JsonRpcError = Error & { code: number; data?: unknown };

function jsonRpcError(code: number, message: string, data?: unknown): JsonRpcError {
  return Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) });
}

/** An ACP protocol error as JSON-RPC: -32000 with ACP's `Error` in `data`. */
const rpcErrorOf = (error: AcpProtocolError): JsonRpcError =>
  jsonRpcError(RPC.server, error.message, acpErrorBody(error));

/** A JSON-RPC error object as an HTTP answer (a refusal before any message reaches the server). */
function rpcResponse(status: number, error: JsonRpcError, headers: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) },
    }),
  };
}

const invalidParams = (message: string) => jsonRpcError(ErrorCode.InvalidParams, message);

/** A tool call's arguments as an ACP call: `meta` (with the API version checked), `id`, `payload`. */
function callOf(name: string, args: JsonObject): AcpCall | AcpProtocolError {
  const shape = Object.hasOwn(ACP_TOOL_SHAPES, name) ? ACP_TOOL_SHAPES[name as AcpOperationName] : undefined;
  if (!shape) throw invalidParams(`Unknown tool "${name.slice(0, 100)}": tools/list names the ACP tools.`);
  const meta = args.meta;
  if (!isJsonObject(meta)) throw invalidParams('meta is an object with api_version.');
  if (shape.takesId && typeof args.id !== 'string') throw invalidParams(`${name} needs id, the checkout session id.`);
  const payload = args.payload;
  if (shape.payload === 'required' && !isJsonObject(payload)) throw invalidParams(`${name} needs payload, an object.`);
  if (shape.payload === 'optional' && payload !== undefined && payload !== null && !isJsonObject(payload))
    throw invalidParams(`${name} takes payload, an object.`);
  const key = meta.idempotency_key;
  if (key !== undefined && typeof key !== 'string') throw invalidParams('meta.idempotency_key is a string.');
  const version = checkApiVersion(meta.api_version);
  if (version) return version;
  return {
    operation: shape.operation,
    id: shape.takesId ? (args.id as string) : undefined,
    body: shape.payload === 'none' ? undefined : (payload ?? undefined),
    idempotencyKey: key ?? null,
    requireIdempotencyKey: false,
  };
}

/**
 * The MCP binding of ACP (`{agent_base}/acp/mcp`, docs/mcp-binding.md) as a function of a request:
 * MCP streamable HTTP, stateless, JSON responses, through the official SDK's `Server` (a fresh one
 * per request). Tools `create_checkout_session` … `cancel_checkout_session` take `{meta, id?,
 * payload?}` and run the same operations as REST (so one idempotency key is one request on either
 * transport). Results are `structuredContent` with the same JSON as text; ACP errors are JSON-RPC
 * errors -32000 with ACP's `Error` in `data`; malformed arguments -32602. The credential is the
 * connection's (`Authorization: Bearer`): without a valid one the POST is refused with 401.
 */
export function createAcpMcpHandler(
  options: AcpMcpHandlerOptions,
): (request: HttpRequest, target: AcpTarget) => Promise<HttpResponse> {
  const maxBatchSize = options.maxBatchSize ?? 10;
  const tools = { tools: acpToolList() };
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const serverInfo = { name: 'partner-grocery-acp', title: 'ACP checkout', version: '0.1.0' };

  const serve = (principal: AcpPrincipal, request: HttpRequest, target: AcpTarget): Server => {
    const server = new Server(serverInfo, {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator,
    });
    server.setRequestHandler(ListToolsRequestSchema, () => tools);
    server.setRequestHandler(CallToolRequestSchema, async (call): Promise<CallToolResult> => {
      const args = call.params.arguments ?? {};
      const acpCall = callOf(call.params.name, args);
      if (isAcpError(acpCall)) throw rpcErrorOf(acpCall);
      const meta = args.meta as JsonObject;
      const requestId = typeof meta.request_id === 'string' ? meta.request_id : request.requestId;
      let outcome: AcpOutcome;
      try {
        outcome = await options.operations({ principal, target, requestId }, acpCall);
      } catch (error) {
        // A fault's message never reaches the client: the SDK would send it as the JSON-RPC error.
        options.onInternalError?.(error, requestId);
        outcome = { ok: false, error: internalError(requestId) };
      }
      if (!outcome.ok) throw rpcErrorOf(outcome.error);
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
    const principal = await authenticateAcpCaller(options.commerce, request.headers.authorization, target);
    if (isAcpError(principal)) {
      const headers: Record<string, string> = { ...principal.headers };
      if (principal.retryAfterSeconds !== undefined) headers['retry-after'] = String(principal.retryAfterSeconds);
      return rpcResponse(principal.status, rpcErrorOf(principal), headers);
    }
    const read = readMcpRequest(request, { maxBodyBytes: options.maxBodyBytes, maxBatchSize });
    if ('refusal' in read) return read.refusal;
    const server = serve(principal, request, target);
    const transport = new PostTransport();
    await server.connect(transport);
    const responses = await transport.exchange(read.messages);
    if (responses.length === 0) return { status: 202, headers: {}, body: null };
    return {
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      body: read.batch ? JSON.stringify(responses) : JSON.stringify(responses[0]),
    };
  };
}
