import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { authenticateAcpCaller, checkApiVersion, isAcpError, type AcpTarget } from './acp-caller.ts';
import { buildAcpDiscovery, discoveryResponse } from './acp-discovery.ts';
import { acpError, acpErrorResponse, internalError, type AcpProtocolError } from './acp-error.ts';
import { createAcpMcpHandler } from './acp-mcp-server.ts';
import {
  createAcpOperations,
  type AcpCall,
  type AcpOperationName,
  type AcpOperationsOptions,
  type AcpOutcome,
} from './acp-operations.ts';
import { handlerSchema } from './acp-payment-handlers.ts';

export interface AcpHandlerOptions extends AcpOperationsOptions {
  /** Largest request body (default 64 KiB); larger ones are refused with 413. */
  maxBodyBytes?: number;
}

/** The ACP surfaces of one merchant: `request.path` is relative to its agent base. */
export type AcpHandler = (request: HttpRequest, target: AcpTarget) => Promise<HttpResponse>;

interface Route {
  operation: AcpOperationName;
  id?: string;
}

const SEGMENT = '([^/]{1,200})';
const ROUTES: { pattern: RegExp; methods: Record<string, AcpOperationName> }[] = [
  { pattern: /^\/acp\/checkout_sessions$/, methods: { POST: 'create_checkout_session' } },
  {
    pattern: new RegExp(`^/acp/checkout_sessions/${SEGMENT}$`),
    methods: { GET: 'get_checkout_session', POST: 'update_checkout_session' },
  },
  {
    pattern: new RegExp(`^/acp/checkout_sessions/${SEGMENT}/complete$`),
    methods: { POST: 'complete_checkout_session' },
  },
  { pattern: new RegExp(`^/acp/checkout_sessions/${SEGMENT}/cancel$`), methods: { POST: 'cancel_checkout_session' } },
];
const HANDLER_SCHEMA = /^\/acp\/handlers\/([a-z_]{1,40})\/(config|instrument)\.schema\.json$/;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The route of a request, or the protocol error for an unknown path (404) or method (405). */
function routeOf(request: HttpRequest): Route | AcpProtocolError {
  for (const { pattern, methods } of ROUTES) {
    const match = pattern.exec(request.path);
    if (!match) continue;
    const operation = methods[request.method];
    if (!operation)
      return acpError(405, 'method_not_allowed', `${request.method.slice(0, 10)} is not allowed here.`, {
        headers: { allow: Object.keys(methods).join(', ') },
      });
    return { operation, ...(match[1] === undefined ? {} : { id: safeDecode(match[1]) }) };
  }
  return acpError(404, 'not_found', 'There is no such ACP endpoint.');
}

type BodyRead = { body: unknown; unparsable?: boolean } | AcpProtocolError;

/** The body: size (413) and media type (415) checked; JSON parsed, or kept raw when it is not JSON (refused after the key check). */
function readBody(request: HttpRequest, maxBodyBytes: number): BodyRead {
  if (request.body.length > maxBodyBytes)
    return acpError(413, 'payload_too_large', `The request body is larger than ${maxBodyBytes} bytes.`);
  if (request.body.length === 0) return { body: undefined };
  const type = request.headers['content-type'];
  if (type !== undefined && !isJsonContentType(type))
    return acpError(415, 'unsupported_media_type', 'Send the body as application/json.');
  try {
    return { body: JSON.parse(utf8.decode(request.body)) as unknown };
  } catch {
    // Bad UTF-8, bad JSON, or nesting deep enough to exhaust the stack: all unreadable.
    return { body: undefined, unparsable: true };
  }
}

/** Headers every answer echoes: `Request-Id`, and `Idempotency-Key` on POST (rfc §3.1). */
function echoes(request: HttpRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  const requestId = request.headers['request-id'];
  const key = request.headers['idempotency-key'];
  if (requestId !== undefined && requestId.length <= 255) headers['request-id'] = requestId;
  if (request.method === 'POST' && key !== undefined && key.length <= 255) headers['idempotency-key'] = key;
  return headers;
}

/** An ACP outcome as HTTP: the body as JSON (never cached), or the protocol error; replays say so. */
function outcomeResponse(outcome: AcpOutcome, extra: Record<string, string>): HttpResponse {
  const headers = { ...extra, ...(outcome.replayed ? { 'idempotent-replayed': 'true' } : {}) };
  if (!outcome.ok) {
    const response = acpErrorResponse(outcome.error);
    return { ...response, headers: { ...response.headers, ...headers } };
  }
  return {
    status: outcome.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(outcome.body),
  };
}

function schemaResponse(request: HttpRequest): HttpResponse | null {
  const match = HANDLER_SCHEMA.exec(request.path);
  const schema = match ? handlerSchema(match[1]!, match[2]!) : null;
  if (!schema || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  return {
    status: 200,
    headers: { 'content-type': 'application/schema+json', 'cache-control': 'public, max-age=3600' },
    body: JSON.stringify(schema),
  };
}

/**
 * The ACP 2026-04-17 surfaces of a partner's shop as one function of a request, `request.path`
 * relative to the agent base: `GET /.well-known/acp.json` (discovery, no credential), the REST
 * binding under `/acp` (checkout sessions: create 201, get, update as a patch, complete, cancel;
 * the payment handlers' schemas) and the MCP binding at `/acp/mcp`. Calls authenticate with the
 * agent credential (`Authorization: Bearer`), send `API-Version` and, on POST, `Idempotency-Key`.
 * Every answer is JSON; protocol errors are ACP's flat `Error`; bad input is never a 5xx.
 *
 * @example
 * const acp = createAcpHandler({ commerce });
 * const response = await acp(request, { partnerId, agentBase: `${publicBaseUrl}/agents/${partnerId}` });
 */
export function createAcpHandler(options: AcpHandlerOptions): AcpHandler {
  const { commerce } = options;
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const docsUrl = options.docsUrl ?? `${commerce.publicBaseUrl}/docs`;
  const operations = createAcpOperations({ ...options, docsUrl });
  const mcp = createAcpMcpHandler({ commerce, operations, maxBodyBytes, onInternalError: options.onInternalError });

  const rest = async (request: HttpRequest, target: AcpTarget): Promise<HttpResponse> => {
    const echoed = echoes(request);
    const refuse = (error: AcpProtocolError) => outcomeResponse({ ok: false, error }, echoed);
    const route = routeOf(request);
    if (isAcpError(route)) return refuse(route);
    const principal = await authenticateAcpCaller(commerce, request.headers.authorization, target);
    if (isAcpError(principal)) return refuse(principal);
    const version = checkApiVersion(request.headers['api-version']);
    if (version) return refuse(version);
    const read = route.operation === 'get_checkout_session' ? { body: undefined } : readBody(request, maxBodyBytes);
    if (isAcpError(read)) return refuse(read);
    const call: AcpCall = {
      operation: route.operation,
      id: route.id,
      body: read.body,
      rawBody: request.body,
      unparsable: 'unparsable' in read ? read.unparsable : undefined,
      idempotencyKey: request.method === 'POST' ? (request.headers['idempotency-key'] ?? null) : null,
      requireIdempotencyKey: request.method === 'POST',
    };
    const requestId = request.headers['request-id'] ?? request.requestId;
    return outcomeResponse(await operations({ principal, target, requestId }, call), echoed);
  };

  const dispatch = (request: HttpRequest, target: AcpTarget): Promise<HttpResponse> => {
    if (request.path === '/.well-known/acp.json') {
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return Promise.resolve(
          acpErrorResponse(
            acpError(405, 'method_not_allowed', 'Discovery is read with GET.', { headers: { allow: 'GET, HEAD' } }),
          ),
        );
      return Promise.resolve(discoveryResponse(buildAcpDiscovery({ agentBase: target.agentBase, docsUrl })));
    }
    if (request.path === '/acp/mcp') return mcp(request, target);
    const schema = schemaResponse(request);
    return schema ? Promise.resolve(schema) : rest(request, target);
  };

  return async (request, target) => {
    try {
      return await dispatch(request, target);
    } catch (error) {
      // A fault (the store, the grocer) is masked: the caller quotes the request id to support.
      options.onInternalError?.(error, request.requestId);
      return acpErrorResponse(internalError(request.requestId));
    }
  };
}
