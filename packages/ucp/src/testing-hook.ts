import { timingSafeEqual } from 'node:crypto';
import { CommerceError, sha256Hex, simulateShipping, type Commerce } from '@grocery/core';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import type { GrocerControl } from '@grocery/core/ports';
import { protocolError, protocolErrorOf, protocolErrorResponse } from './envelope.ts';
import { toUcpOrder } from './order-mapping.ts';
import { restEndpointOf } from './profile.ts';
import type { UcpTarget } from './ucp-caller.ts';

/** The sandbox's conformance hook: where the simulator is driven, and the secret its callers send. */
export interface UcpTestingHookOptions {
  control: GrocerControl;
  /** Sent as `Simulation-Secret`; a request without it, or with another, is refused with 403. */
  simulationSecret: string;
}

const PATH = /^\/testing\/simulate-shipping\/([A-Za-z0-9-]{1,40})$/;

const sameSecret = (given: string | undefined, expected: string): boolean =>
  given !== undefined && timingSafeEqual(Buffer.from(sha256Hex(given), 'hex'), Buffer.from(sha256Hex(expected), 'hex'));

/**
 * `POST {agent_base}/testing/simulate-shipping/{orderId}` (UCP's conformance suite): ships a paid
 * sandbox order of the partner's agent sessions now (out for delivery, or ready at the branch) and
 * answers the order as `GET /ucp/v1/orders/{id}` shows it; its events go out as real ones would.
 * Only for sandbox partners, and only with the `Simulation-Secret`: 404 for live production partners
 * and unknown paths, 403 for a wrong secret.
 */
export async function simulateShippingHook(
  commerce: Commerce,
  hook: UcpTestingHookOptions,
  request: HttpRequest,
  target: UcpTarget,
): Promise<HttpResponse> {
  const match = PATH.exec(request.path);
  const partner = await commerce.store.getPartner(target.partnerId);
  if (!match || !partner || (partner.environment === 'production' && partner.liveAt !== null))
    return protocolErrorResponse(protocolError(404, 'not_found', 'There is no such UCP endpoint.'));
  if (request.method !== 'POST')
    return protocolErrorResponse(
      protocolError(405, 'method_not_allowed', 'Simulate shipping with POST.', { headers: { allow: 'POST' } }),
    );
  if (!sameSecret(request.headers['simulation-secret'], hook.simulationSecret))
    return protocolErrorResponse(protocolError(403, 'forbidden', 'Send the sandbox Simulation-Secret.'));
  const orderId = match[1]!;
  try {
    const order = await simulateShipping(commerce, hook.control, target.partnerId, orderId);
    const session = await commerce.store.findCheckoutSessionByOrder(orderId);
    const body = toUcpOrder(order, session!, {
      active: null,
      products: new Map(),
      permalinkUrl: session?.order?.paymentUrl ?? `${restEndpointOf(target.agentBase)}/orders/${orderId}`,
      refunds: await commerce.store.listRefunds([orderId]),
    });
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: JSON.stringify(body),
    };
  } catch (error) {
    if (error instanceof CommerceError && error.code === 'NOT_FOUND')
      return protocolErrorResponse(protocolError(404, 'not_found', error.message));
    const refused = protocolErrorOf(error, () => undefined);
    if (refused) return protocolErrorResponse(refused);
    throw error;
  }
}
