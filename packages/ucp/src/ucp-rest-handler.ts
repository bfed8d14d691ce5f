import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import {
  internalError,
  protocolError,
  protocolErrorOfUcp,
  protocolErrorResponse,
  type UcpProtocolError,
} from './envelope.ts';
import { isJsonObject, type JsonObject } from './fulfillment-mapping.ts';
import { buildUcpProfile, profileResponse } from './profile.ts';
import { signedByPartner } from './response-signing.ts';
import { simulateShippingHook, type UcpTestingHookOptions } from './testing-hook.ts';
import {
  authenticateUcpCaller,
  isProtocolError,
  NO_NEGOTIATION,
  type SignedCallerVerifier,
  type UcpNegotiator,
  type UcpTarget,
} from './ucp-caller.ts';
import { createUcpMcpHandler } from './ucp-mcp-server.ts';
import {
  createUcpOperations,
  notAnObject,
  type UcpCall,
  type UcpOperationName,
  type UcpOperationsOptions,
  type UcpOutcome,
} from './ucp-operations.ts';

export interface UcpHandlerOptions extends UcpOperationsOptions {
  /** Largest request body (default 64 KiB); larger ones are refused with 413. */
  maxBodyBytes?: number;
  /**
   * Authenticates requests that carry no agent credential by their RFC 9421 signature against the
   * keys of their `UCP-Agent` profile (`createSignedCallerVerifier`); without it such requests are
   * refused with 401.
   */
  verifySignedCaller?: SignedCallerVerifier;
  /** Negotiates with the caller's `UCP-Agent` profile; without it every capability is active. */
  negotiate?: UcpNegotiator;
  /** The sandbox's `POST /testing/simulate-shipping/{orderId}` (the simulator's control); absent without it. */
  testing?: UcpTestingHookOptions;
}

/** The UCP surfaces of one business: `request.path` is relative to its agent base. */
export type UcpHandler = (request: HttpRequest, target: UcpTarget) => Promise<HttpResponse>;

interface Route {
  operation: UcpOperationName;
  id?: string;
  /** The body a route reads: required (create, update, complete), optional (cancel) or none. */
  body: 'required' | 'optional' | 'none';
}

const SEGMENT = '([^/]{1,200})';
const ROUTES: { pattern: RegExp; methods: Record<string, Omit<Route, 'id'>> }[] = [
  {
    pattern: /^\/ucp\/v1\/checkout-sessions$/,
    methods: { POST: { operation: 'create_checkout', body: 'required' } },
  },
  {
    pattern: new RegExp(`^/ucp/v1/checkout-sessions/${SEGMENT}$`),
    methods: {
      GET: { operation: 'get_checkout', body: 'none' },
      PUT: { operation: 'update_checkout', body: 'required' },
    },
  },
  {
    pattern: new RegExp(`^/ucp/v1/checkout-sessions/${SEGMENT}/complete$`),
    methods: { POST: { operation: 'complete_checkout', body: 'required' } },
  },
  {
    pattern: new RegExp(`^/ucp/v1/checkout-sessions/${SEGMENT}/cancel$`),
    methods: { POST: { operation: 'cancel_checkout', body: 'optional' } },
  },
  { pattern: new RegExp(`^/ucp/v1/orders/${SEGMENT}$`), methods: { GET: { operation: 'get_order', body: 'none' } } },
];

const utf8 = new TextDecoder('utf-8', { fatal: true });

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The route of a request, or the protocol error for an unknown path (404) or method (405). */
function routeOf(request: HttpRequest): Route | UcpProtocolError {
  for (const { pattern, methods } of ROUTES) {
    const match = pattern.exec(request.path);
    if (!match) continue;
    const route = methods[request.method];
    if (!route)
      return protocolError(405, 'method_not_allowed', `${request.method.slice(0, 10)} is not allowed here.`, {
        headers: { allow: Object.keys(methods).join(', ') },
      });
    return { ...route, ...(match[1] === undefined ? {} : { id: safeDecode(match[1]) }) };
  }
  return protocolError(404, 'not_found', 'There is no such UCP endpoint.');
}

type BodyRead = { ok: true; value: JsonObject } | { ok: false; error: UcpProtocolError };

/** The body as a JSON object: size (413), media type (415), UTF-8 JSON (400) and shape (400) checked. */
function readJsonBody(request: HttpRequest, need: 'required' | 'optional', maxBodyBytes: number): BodyRead {
  const refuse = (error: UcpProtocolError): BodyRead => ({ ok: false, error });
  if (request.body.length > maxBodyBytes)
    return refuse(protocolError(413, 'payload_too_large', `The request body is larger than ${maxBodyBytes} bytes.`));
  if (request.body.length === 0)
    return need === 'optional'
      ? { ok: true, value: {} }
      : refuse(protocolError(400, 'invalid_request', 'Send the checkout as a JSON body.'));
  const type = request.headers['content-type'];
  if (type !== undefined && !isJsonContentType(type))
    return refuse(protocolError(415, 'unsupported_media_type', 'Send the body as application/json.'));
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(request.body));
  } catch {
    // Bad UTF-8, bad JSON, or nesting deep enough to exhaust the stack: all unreadable.
    return refuse(protocolError(400, 'invalid_json', 'The body is not valid UTF-8 JSON.'));
  }
  return isJsonObject(value) ? { ok: true, value } : refuse(notAnObject('The body'));
}

/** A UCP outcome as HTTP: the body as JSON (never cached), or the protocol error. */
function outcomeResponse(outcome: UcpOutcome): HttpResponse {
  const replayed: Record<string, string> = outcome.replayed ? { 'idempotent-replayed': 'true' } : {};
  if (!outcome.ok) {
    const response = protocolErrorResponse(outcome.error);
    return { ...response, headers: { ...response.headers, ...replayed } };
  }
  return {
    status: outcome.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...replayed },
    body: JSON.stringify(outcome.body),
  };
}

/**
 * The UCP 2026-04-08 surfaces of a partner's shop as one function of a request, `request.path`
 * relative to the agent base: `GET /.well-known/ucp` (the business profile), the REST binding under
 * `/ucp/v1` (checkout sessions: create 201, get, update = full replacement, complete, cancel; orders)
 * and the MCP binding at `/ucp/mcp`. Every REST response carries the `ucp` envelope; protocol errors
 * are `{code, content}` with their status. Callers authenticate with the agent credential the
 * partner issued (`Authorization: Bearer` or `X-API-Key`), or a signature when a verifier is given
 * (`createSignedCallerVerifier`).
 *
 * @example
 * const ucp = createUcpHandler({ commerce });
 * const response = await ucp(request, { partnerId, agentBase: `${publicBaseUrl}/agents/${partnerId}` });
 */
export function createUcpHandler(options: UcpHandlerOptions): UcpHandler {
  const { commerce } = options;
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const operations = createUcpOperations(options);
  const mcp = createUcpMcpHandler({ ...options, operations, maxBodyBytes });

  const profile = async (target: UcpTarget): Promise<HttpResponse> => {
    const partner = await commerce.store.getPartner(target.partnerId);
    if (!partner) return protocolErrorResponse(protocolError(404, 'not_found', 'There is no such business.'));
    const live = partner.environment === 'production' && partner.liveAt !== null;
    return profileResponse(
      buildUcpProfile({
        agentBase: target.agentBase,
        environment: live ? 'production' : 'sandbox',
        signingKeys: await commerce.agents.publishedKeys(target.partnerId),
      }),
    );
  };

  const rest = async (request: HttpRequest, target: UcpTarget): Promise<HttpResponse> => {
    const route = routeOf(request);
    if (!('operation' in route)) return protocolErrorResponse(route);
    const principal = await authenticateUcpCaller(commerce, request, target, options.verifySignedCaller);
    if (isProtocolError(principal)) return protocolErrorResponse(principal);
    const header = request.headers['ucp-agent'];
    const negotiation = options.negotiate
      ? await options.negotiate({ header, profileUrl: undefined }, principal, target)
      : NO_NEGOTIATION;
    if (isProtocolError(negotiation)) return protocolErrorResponse(negotiation);
    const read = route.body === 'none' ? null : readJsonBody(request, route.body, maxBodyBytes);
    if (read && !read.ok) return protocolErrorResponse(read.error);
    const call: UcpCall = {
      operation: route.operation,
      id: route.id,
      body: read?.value,
      idempotencyKey: request.headers['idempotency-key'] ?? null,
    };
    const outcome = await operations({ principal, negotiation, target, requestId: request.requestId }, call);
    const response = outcomeResponse(outcome);
    // The order confirmation is signed with the business's key (UCP recommends it on complete).
    return route.operation === 'complete_checkout' && outcome.ok
      ? signedByPartner(commerce, target.partnerId, response)
      : response;
  };

  const dispatch = (request: HttpRequest, target: UcpTarget): Promise<HttpResponse> => {
    if (request.path === '/.well-known/ucp') {
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return Promise.resolve(
          protocolErrorResponse(
            protocolError(405, 'method_not_allowed', 'The profile is read with GET.', {
              headers: { allow: 'GET, HEAD' },
            }),
          ),
        );
      return profile(target);
    }
    if (request.path.startsWith('/testing/') && options.testing)
      return simulateShippingHook(commerce, options.testing, request, target);
    return request.path === '/ucp/mcp' ? mcp(request, target) : rest(request, target);
  };

  return async (request, target) => {
    try {
      return await dispatch(request, target);
    } catch (error) {
      const refused = protocolErrorOfUcp(error);
      if (refused) return protocolErrorResponse(refused);
      // A fault (the store, a hook) is masked: the caller quotes the request id to support.
      options.onInternalError?.(error, request.requestId);
      return protocolErrorResponse(internalError(request.requestId));
    }
  };
}
