/**
 * The grocer HTTP API as a function of a plain request (`HttpRequest → HttpResponse`) over the
 * simulator. Every body and query is checked with zod; every failure answers
 * `{ "error": { "code", "message", "field"?, "details"? } }` with the code's HTTP status, and a fault
 * that is not a CommerceError answers a masked 500 (never for bad input).
 *
 * Gateway routes need `Authorization: Bearer <apiToken>` when an API token is set. Control routes
 * exist only when a control token is set, and need `X-Control-Token: <controlToken>`.
 *
 * | Route | Port method |
 * | --- | --- |
 * | GET /health | (liveness) |
 * | GET /v1/catalog/version | catalogVersion |
 * | GET /v1/catalog/products?after=&limit= | exportCatalog (one page: `{ items, nextAfter }`) |
 * | POST /v1/products/lookup `{ cprcodes }` | products |
 * | GET /v1/products/{cprcode}/image | productImage (404 NOT_FOUND when none) |
 * | GET /v1/branches | branches |
 * | POST /v1/branches/{branchCode}/prices `{ cprcodes }` | prices |
 * | POST /v1/branches/{branchCode}/stock `{ cprcodes }` | stock |
 * | POST /v1/calculate | calculate |
 * | POST /v1/orders | createOrder |
 * | POST /v1/orders/lookup `{ orderIds }` | orders |
 * | POST /v1/orders/{orderId}/cancel | cancelOrder (`{ order }`, null when the grocer never had it) |
 * | POST /v1/orders/{orderId}/payments `{ paymentId, amountSatang, provider, reference }` | recordPayment |
 * | PUT /v1/control/prices, PUT /v1/control/stock | setPrice, setStock |
 * | PUT /v1/control/products/{cprcode}/active `{ active }` | setProductActive |
 * | POST /v1/control/catalog-version | bumpCatalogVersion |
 * | PUT /v1/control/faults | setFaults |
 * | POST /v1/control/orders/{orderId}/advance | advanceOrder |
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { CommerceError, isCommerceError } from '@grocery/core';
import { errorResponse, httpStatusOf, jsonResponse, type HttpRequest, type HttpResponse } from '@grocery/core/http';
import type { GrocerSimulator } from './simulator-contract.ts';
import { catalogRoutes, controlRoutes, orderRoutes, type Params, type Route } from './grocer-routes.ts';

export interface GrocerHandlerOptions {
  /** Required on gateway routes when set (`GROCER_API_TOKEN`). */
  apiToken?: string | undefined;
  /** Enables the control routes, guarded by this token (`GROCER_CONTROL_TOKEN`). */
  controlToken?: string | undefined;
  /** Called with faults that are not CommerceErrors (they answer a masked 500). */
  onError?: (error: unknown, request: HttpRequest) => void;
}

const digest = (value: string) => createHash('sha256').update(value).digest();
function sameToken(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

function matchRoute(pattern: string, segments: string[]): Params | null {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return null;
  const params: Params = [];
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === '*') {
      try {
        params.push(decodeURIComponent(segments[i]!));
      } catch {
        throw new CommerceError('INVALID_INPUT', 'A path parameter is not valid.');
      }
    } else if (parts[i] !== segments[i]) return null;
  }
  return params;
}

/** A control route needs the control token (and exists only when one is set); a gateway route the API token, when set. */
function authorize(route: Route, request: HttpRequest, options: GrocerHandlerOptions): void {
  if (route.control) {
    if (!options.controlToken)
      throw new CommerceError('NOT_FOUND', 'Control is not enabled on this grocer (set GROCER_CONTROL_TOKEN).');
    if (!sameToken(request.headers['x-control-token'], options.controlToken))
      throw new CommerceError('FORBIDDEN', 'The control token is missing or wrong.');
  } else if (options.apiToken) {
    const auth = request.headers['authorization'];
    if (!sameToken(auth?.startsWith('Bearer ') ? auth.slice(7) : undefined, options.apiToken))
      throw new CommerceError('FORBIDDEN', 'The API token is missing or wrong.');
  }
}

/**
 * Creates the handler.
 *
 * @example
 * const handler = createGrocerHandler(simulator, { controlToken: 'secret' });
 * const response = await handler({ method: 'GET', path: '/v1/branches', query: new URLSearchParams(), headers: {}, body: new Uint8Array() });
 */
export function createGrocerHandler(
  grocer: GrocerSimulator,
  options: GrocerHandlerOptions = {},
): (request: HttpRequest) => Promise<HttpResponse> {
  const routes: Route[] = [...catalogRoutes(grocer), ...orderRoutes(grocer), ...controlRoutes(grocer)];

  async function dispatch(request: HttpRequest): Promise<HttpResponse> {
    if (request.path === '/health')
      return request.method === 'GET'
        ? jsonResponse(200, { status: 'ok' })
        : errorResponse(405, 'INVALID_INPUT', 'Use GET.', {}, { allow: 'GET' });
    // Empty segments stay, so that `/v1/orders//payments` reaches the simulator's own check of the id.
    const segments = request.path.split('/').slice(1);
    if (segments[0] !== 'v1') throw new CommerceError('NOT_FOUND', 'No such route.');
    const below = segments.slice(1);
    const matching = routes.flatMap((route) => {
      const params = matchRoute(route.pattern, below);
      return params ? [{ route, params }] : [];
    });
    if (matching.length === 0) throw new CommerceError('NOT_FOUND', 'No such route.');
    const hit = matching.find((m) => m.route.method === request.method);
    if (!hit)
      return errorResponse(
        405,
        'INVALID_INPUT',
        `Use ${matching.map((m) => m.route.method).join(' or ')}.`,
        {},
        { allow: matching.map((m) => m.route.method).join(', ') },
      );
    authorize(hit.route, request, options);
    return hit.route.handle(request, hit.params);
  }

  return async (request) => {
    try {
      return await dispatch(request);
    } catch (error) {
      if (isCommerceError(error)) {
        const extra: Record<string, unknown> = {};
        if (error.field !== undefined) extra['field'] = error.field;
        if (error.details !== undefined) extra['details'] = error.details;
        return errorResponse(httpStatusOf(error.code), error.code, error.message, extra);
      }
      options.onError?.(error, request);
      return errorResponse(500, 'INTERNAL', `Internal error. Quote request id ${request.requestId ?? 'unknown'}.`);
    }
  };
}
