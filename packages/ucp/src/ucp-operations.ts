import {
  agentIdempotent,
  CommerceError,
  shopperContext,
  type AgentIdempotencyOutcome,
  type Commerce,
} from '@grocery/core';
import type { CheckoutSessionRecord } from '@grocery/core/ports';
import { type ProductFacts, shopLinks, toUcpCheckout } from './checkout-mapping.ts';
import { fromUcpCheckoutRequest, paymentOf } from './checkout-request-mapping.ts';
import {
  capabilitiesIncompatibleBody,
  internalError,
  notFoundBody,
  protocolError,
  protocolErrorOf,
  type UcpProtocolError,
  type UcpResource,
  UCP_CAPABILITIES,
} from './envelope.ts';
import type { JsonObject } from './fulfillment-mapping.ts';
import { toUcpOrder } from './order-mapping.ts';
import { restEndpointOf } from './profile.ts';
import type { SessionCaller, UcpNegotiation, UcpPrincipal, UcpTarget } from './ucp-caller.ts';
import type { UcpAnswerBody } from './ucp-types.ts';

/** What an operation answers: a UCP body with its HTTP status, or a protocol error. */
export type UcpOutcome =
  | { ok: true; status: number; body: UcpAnswerBody; replayed?: boolean }
  | { ok: false; error: UcpProtocolError; replayed?: boolean };

/** The operations of the shopping service this binding serves (checkout and order capabilities). */
export type UcpOperationName =
  'create_checkout' | 'get_checkout' | 'update_checkout' | 'complete_checkout' | 'cancel_checkout' | 'get_order';

/** One call of an operation, as REST and MCP both state it (path parameter `id`, body `checkout`). */
export interface UcpCall {
  operation: UcpOperationName;
  id?: string | undefined;
  /** The checkout of create, update and complete. */
  body?: JsonObject | undefined;
  idempotencyKey: string | null;
}

/** A caller once authenticated and negotiated. */
export interface UcpContext {
  principal: UcpPrincipal;
  negotiation: UcpNegotiation;
  target: UcpTarget;
  requestId?: string | undefined;
}

export interface UcpOperationsOptions {
  commerce: Commerce;
  /** Where a buyer continues a session that has no payment page yet (the partner's own shop); none by default. */
  storefrontUrl?: ((partnerId: string) => string | null) | undefined;
  /** Called with every fault that was masked as a 500, for logs. */
  onInternalError?: ((error: unknown, requestId: string | undefined) => void) | undefined;
}

const SESSION_ID = /^cs_[0-9a-f]{32}$/;
const ORDER_ID = /^[A-Za-z0-9-]{1,40}$/;
const MUTATIONS: ReadonlySet<UcpOperationName> = new Set([
  'create_checkout',
  'update_checkout',
  'complete_checkout',
  'cancel_checkout',
]);

/** Transient answers are not kept: trying again with the same key can succeed. */
function keeps(outcome: UcpOutcome): boolean {
  if (outcome.ok) return true;
  const { status, retryAfterSeconds } = outcome.error;
  return status < 500 && status !== 429 && retryAfterSeconds === undefined;
}

/**
 * Core's idempotency outcome in UCP's words (DESIGN §6 "Idempotency"): a replay is the first answer
 * with `Idempotent-Replayed`; the key used for another request is 409 `idempotency_conflict` (UCP's
 * status, where ACP answers 422); the first request still running 409 `idempotency_in_flight` with
 * Retry-After; a store that cannot be asked fails closed with 503.
 */
function idempotencyOutcome(outcome: AgentIdempotencyOutcome<UcpOutcome>): UcpOutcome {
  const refuse = (error: UcpProtocolError): UcpOutcome => ({ ok: false, error });
  switch (outcome.kind) {
    case 'ran':
      return outcome.value;
    case 'replayed':
      return { ...outcome.value, replayed: true };
    case 'conflict':
      return refuse(
        protocolError(409, 'idempotency_conflict', 'This idempotency key was used for a different request.'),
      );
    case 'in-flight':
      return refuse(
        protocolError(409, 'idempotency_in_flight', 'A request with this idempotency key is still running.', {
          retryAfterSeconds: outcome.retryAfterSeconds,
        }),
      );
    case 'invalid-key':
      return refuse(
        protocolError(400, 'invalid_idempotency_key', 'An idempotency key is 1 to 255 printable characters.'),
      );
    case 'unreadable':
      return refuse(
        protocolError(400, 'invalid_request', 'The body holds text that is not Unicode, or nests too deep.'),
      );
    case 'unavailable':
      return refuse(
        protocolError(503, 'service_unavailable', 'Idempotency keys cannot be checked now; try again.', {
          retryAfterSeconds: outcome.retryAfterSeconds,
        }),
      );
  }
}

/** The REST method and path of a call: the idempotency route, shared by both transports. */
function routeOf(call: UcpCall): string {
  const id = call.id ?? '';
  switch (call.operation) {
    case 'create_checkout':
      return 'POST /checkout-sessions';
    case 'update_checkout':
      return `PUT /checkout-sessions/${id}`;
    case 'complete_checkout':
      return `POST /checkout-sessions/${id}/complete`;
    case 'cancel_checkout':
      return `POST /checkout-sessions/${id}/cancel`;
    case 'get_checkout':
      return `GET /checkout-sessions/${id}`;
    case 'get_order':
      return `GET /orders/${id}`;
  }
}

/** What the catalog tells of these products (titles, list prices, images), for lines and orders. */
export function productFacts(commerce: Commerce, cprcodes: readonly string[]): Map<string, ProductFacts> {
  let products;
  try {
    products = commerce.catalog.get(cprcodes);
  } catch {
    // Titles and images are decoration: without the catalog, lines show what the quote knows.
    return new Map();
  }
  return new Map(
    products.map((p) => [
      p.cprcode,
      {
        title: p.nameEn,
        priceSatang: p.detailPriceSatang,
        imageUrl: p.hasImage ? `${commerce.publicBaseUrl}/images/products/${encodeURIComponent(p.cprcode)}` : null,
      },
    ]),
  );
}

async function checkoutOutcome(
  options: UcpOperationsOptions,
  ctx: UcpContext,
  session: CheckoutSessionRecord,
  status = 200,
): Promise<UcpOutcome> {
  const settings = await options.commerce.agents.shopSettings(session.partnerId);
  const body = toUcpCheckout(session, {
    active: ctx.negotiation.active,
    links: shopLinks(settings),
    products: productFacts(
      options.commerce,
      session.lines.map((line) => line.cprcode),
    ),
    restEndpoint: restEndpointOf(ctx.target.agentBase),
    storefrontUrl: options.storefrontUrl?.(session.partnerId) ?? null,
  });
  return { ok: true, status, body };
}

function notFound(options: UcpOperationsOptions, ctx: UcpContext, resource: UcpResource): UcpOutcome {
  return {
    ok: true,
    status: 200,
    body: notFoundBody(resource, {
      environment: ctx.principal.caller.partner.environment,
      active: ctx.negotiation.active,
      continueUrl: options.storefrontUrl?.(ctx.target.partnerId) ?? null,
    }),
  };
}

/** GET /orders/{id}: an order of one of the caller's own sessions, with the grocer's progress now. */
async function orderOutcome(options: UcpOperationsOptions, ctx: UcpContext, orderId: string): Promise<UcpOutcome> {
  const { commerce } = options;
  const caller = ctx.principal.caller;
  const session = await commerce.store.findCheckoutSessionByOrder(orderId);
  if (
    !session ||
    session.partnerId !== caller.partner.partnerId ||
    session.callerId !== caller.callerId ||
    session.protocol !== 'ucp'
  )
    return notFound(options, ctx, 'order');
  const shopper = shopperContext(caller.partner, {
    ownerId: session.sessionId,
    email: session.buyer.email,
    clientId: `agent:${caller.callerId}`,
  });
  const record = await commerce.orders.get(shopper, orderId);
  if (!record) return notFound(options, ctx, 'order');
  const restEndpoint = restEndpointOf(ctx.target.agentBase);
  const body = toUcpOrder(record, session, {
    active: ctx.negotiation.active,
    products: productFacts(
      commerce,
      record.grocerOrder.lines.map((line) => line.cprcode),
    ),
    permalinkUrl: session.order?.paymentUrl ?? `${restEndpoint}/orders/${encodeURIComponent(orderId)}`,
    refunds: await commerce.store.listRefunds([orderId]),
  });
  return { ok: true, status: 200, body };
}

/** One operation, translated to core's session service and back. */
async function run(options: UcpOperationsOptions, ctx: UcpContext, call: UcpCall): Promise<UcpOutcome> {
  const caller: SessionCaller = {
    ...ctx.principal.caller,
    profileUrl: ctx.negotiation.profileUrl,
    webhookUrl: ctx.negotiation.webhookUrl,
  };
  const sessions = options.commerce.sessions;
  const answer = (session: CheckoutSessionRecord, status?: number) => checkoutOutcome(options, ctx, session, status);
  const id = call.id ?? '';
  const body = call.body ?? {};
  switch (call.operation) {
    case 'create_checkout': {
      const read = fromUcpCheckoutRequest(body, []);
      if (!read.ok) return { ok: false, error: read.error };
      return guarded(read.pathOf, async () => answer(await sessions.create(caller, read.input), 201));
    }
    case 'get_checkout':
      return guarded(noPath, async () => answer(await sessions.get(caller, id)));
    case 'update_checkout': {
      const current = await sessions.get(caller, id);
      const read = fromUcpCheckoutRequest(body, current.lines);
      if (!read.ok) return { ok: false, error: read.error };
      return guarded(read.pathOf, async () => answer(await sessions.update(caller, id, read.input)));
    }
    case 'complete_checkout':
      return guarded(noPath, async () => {
        // Completing a completed session answers it as it is, charging nothing: a retry whose first answer was lost (its key never recorded) learns the order.
        const current = await sessions.get(caller, id);
        return answer(current.status === 'completed' ? current : await sessions.complete(caller, id, paymentOf(body)));
      });
    case 'cancel_checkout':
      return guarded(noPath, async () => answer(await sessions.cancel(caller, id)));
    case 'get_order':
      return orderOutcome(options, ctx, id);
  }
}

/**
 * The shopping service's operations over core's checkout sessions, shared by the REST and MCP
 * bindings: each call is guarded by its idempotency key (mutations), translated to core and back,
 * and answered as a UCP outcome. Business outcomes are 2xx bodies with messages (an unknown session
 * or order is a 200 `not_found` message, as the spec's examples answer; a caller whose profile
 * shares not the capability the operation needs, a 200 `capabilities_incompatible`); protocol errors carry
 * their status; a fault is masked as a 500 and reported to `onInternalError`.
 *
 * @example
 * const operations = createUcpOperations({ commerce });
 * const outcome = await operations(ctx, { operation: 'get_checkout', id, idempotencyKey: null });
 */
export function createUcpOperations(
  options: UcpOperationsOptions,
): (ctx: UcpContext, call: UcpCall) => Promise<UcpOutcome> {
  const { commerce } = options;
  return async (ctx, call) => {
    const checkout = call.operation !== 'get_order';
    const resource = checkout ? 'checkout' : 'order';
    const root = checkout ? UCP_CAPABILITIES.checkout : UCP_CAPABILITIES.order;
    if (ctx.negotiation.active !== null && !ctx.negotiation.active.includes(root))
      return {
        ok: true,
        status: 200,
        body: capabilitiesIncompatibleBody(resource, {
          continueUrl: options.storefrontUrl?.(ctx.target.partnerId) ?? null,
        }),
      };
    if (call.operation !== 'create_checkout' && !(checkout ? SESSION_ID : ORDER_ID).test(call.id ?? ''))
      return notFound(options, ctx, resource);
    try {
      if (!MUTATIONS.has(call.operation)) return await run(options, ctx, call);
      if (call.idempotencyKey === null) return await run(options, ctx, call);
      const guarded = await agentIdempotent(
        { store: commerce.store, clock: commerce.clock, staleAfterMs: commerce.sagas.requestWindowMs },
        {
          scope: {
            partnerId: ctx.principal.caller.partner.partnerId,
            environment: ctx.principal.caller.partner.environment,
            ownerId: ctx.principal.ownerId,
          },
          protocol: 'ucp',
          route: routeOf(call),
          key: call.idempotencyKey,
          body: call.body ?? null,
        },
        () => run(options, ctx, call),
        keeps,
      );
      return idempotencyOutcome(guarded);
    } catch (error) {
      if (error instanceof CommerceError && error.code === 'NOT_FOUND') return notFound(options, ctx, resource);
      const refused = protocolErrorOf(error, noPath);
      if (refused) return { ok: false, error: refused };
      options.onInternalError?.(error, ctx.requestId);
      return { ok: false, error: internalError(ctx.requestId) };
    }
  };
}

const noPath = (): undefined => undefined;

/** Runs a core call, answering its input refusals with the request's paths (other errors propagate). */
async function guarded(
  pathOf: (field: string) => string | undefined,
  call: () => Promise<UcpOutcome>,
): Promise<UcpOutcome> {
  try {
    return await call();
  } catch (error) {
    const refused =
      error instanceof CommerceError && error.code !== 'NOT_FOUND' ? protocolErrorOf(error, pathOf) : null;
    if (refused) return { ok: false, error: refused };
    throw error;
  }
}

/** A body that is not a JSON object. */
export const notAnObject = (what: string) => protocolError(400, 'invalid_request', `${what} is a JSON object.`);
