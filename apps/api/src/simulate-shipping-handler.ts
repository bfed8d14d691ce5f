import { timingSafeEqual } from 'node:crypto';
import { isCommerceError, simulateShipping, type Commerce } from '@grocery/core';
import { errorResponse, jsonResponse, type HttpResponse } from '@grocery/core/http';
import type { GrocerControl } from '@grocery/core/ports';
import type { AgentSurfaceHandler } from './agent-router.ts';

const ROUTE = /^\/testing\/simulate-shipping\/([A-Za-z0-9-]{1,40})$/;

function sameSecret(given: string | undefined, secret: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `POST {agent_base}/testing/simulate-shipping/{orderId}`: the sandbox's hook (UCP's conformance
 * suite calls it) that ships a paid sandbox order of the partner's agent checkouts now. 403 without
 * the right `Simulation-Secret`; the route exists only where the grocer simulator runs and outside
 * production.
 */
export function createSimulateShippingHandler(options: {
  commerce: Commerce;
  control: GrocerControl;
  secret: string;
}): AgentSurfaceHandler {
  return async (request, target): Promise<HttpResponse> => {
    const match = ROUTE.exec(request.path);
    if (!match) return errorResponse(404, 'NOT_FOUND', 'No such testing route.');
    if (request.method !== 'POST') return errorResponse(405, 'METHOD_NOT_ALLOWED', 'Use POST.', {}, { allow: 'POST' });
    if (!sameSecret(request.headers['simulation-secret'], options.secret))
      return errorResponse(403, 'FORBIDDEN', 'Send the sandbox simulation secret as Simulation-Secret.');
    try {
      const order = await simulateShipping(options.commerce, options.control, target.partnerId, match[1] ?? '');
      return jsonResponse(200, { orderId: order.orderId, status: order.status, pickingStatus: order.pickingStatus });
    } catch (error) {
      if (!isCommerceError(error) || error.code === 'INTERNAL') throw error;
      const status = error.code === 'NOT_FOUND' ? 404 : error.code === 'GROCER_UNAVAILABLE' ? 503 : 400;
      return errorResponse(status, error.code, error.message);
    }
  };
}
