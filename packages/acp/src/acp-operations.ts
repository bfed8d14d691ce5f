import { isDeepStrictEqual } from 'node:util';
import { agentIdempotent, CommerceError, type AgentIdempotencyOutcome, type Commerce } from '@grocery/core';
import type { CheckoutSessionRecord } from '@grocery/core/ports';
import type { AcpPrincipal, AcpTarget } from './acp-caller.ts';
import { type AcpSessionView, productFacts, shopLinks, toAcpCheckoutSession } from './acp-checkout-mapping.ts';
import { acpError, acpErrorOf, internalError, type AcpProtocolError, type SessionOperation } from './acp-error.ts';
import { toAcpOrder } from './acp-order-mapping.ts';
import { paymentOf } from './acp-payment-handlers.ts';
import { fromAcpCreateRequest, fromAcpUpdateRequest } from './acp-request-mapping.ts';
import { isJsonObject, type JsonObject } from './acp-types.ts';

/** The operations of the checkout API, named as the MCP binding names its tools. */
export type AcpOperationName =
  | 'create_checkout_session'
  | 'get_checkout_session'
  | 'update_checkout_session'
  | 'complete_checkout_session'
  | 'cancel_checkout_session';

/** One call of an operation, as REST and MCP both state it (path parameter `id`, body `payload`). */
export interface AcpCall {
  operation: AcpOperationName;
  id?: string | undefined;
  /** The parsed JSON body; undefined when there is none or it is not JSON. */
  body?: unknown;
  /** The raw body (REST): compared byte for byte under its key when the JSON has no canonical form, or is none. */
  rawBody?: Uint8Array | undefined;
  /** The body is not JSON: refused (400 `invalid_json`) once its key is checked. */
  unparsable?: boolean | undefined;
  idempotencyKey: string | null;
  /** REST requires `Idempotency-Key` on every POST (rfc §6.1); the MCP binding makes it optional. */
  requireIdempotencyKey: boolean;
}

/** What an operation answers: an ACP body with its HTTP status, or a protocol error; `replayed` for a kept answer. */
export type AcpOutcome =
  | { ok: true; status: number; body: JsonObject; replayed?: boolean }
  | { ok: false; error: AcpProtocolError; replayed?: boolean };

/** A caller once authenticated, and the merchant it calls. */
export interface AcpContext {
  principal: AcpPrincipal;
  target: AcpTarget;
  requestId?: string | undefined;
}

export interface AcpOperationsOptions {
  commerce: Commerce;
  /** The guide's page on ACP (the handlers' `spec`, discovery's `documentation_url`); default `{base_url}/docs`. */
  docsUrl?: string | undefined;
  /** Where a buyer continues a session that has no payment page yet (the partner's own shop); none by default. */
  storefrontUrl?: ((partnerId: string) => string | null) | undefined;
  /** Told of every fault that was masked as a 500, for logs. */
  onInternalError?: ((error: unknown, requestId: string | undefined) => void) | undefined;
}

const MUTATIONS: ReadonlySet<AcpOperationName> = new Set([
  'create_checkout_session',
  'update_checkout_session',
  'complete_checkout_session',
  'cancel_checkout_session',
]);

const SESSION_OF: Readonly<Record<AcpOperationName, SessionOperation>> = {
  create_checkout_session: 'create',
  get_checkout_session: 'get',
  update_checkout_session: 'update',
  complete_checkout_session: 'complete',
  cancel_checkout_session: 'cancel',
};

/** The REST method and path of a call: its idempotency route, the same over REST and MCP. */
function routeOf(call: AcpCall): string {
  const id = call.id ?? '';
  switch (call.operation) {
    case 'create_checkout_session':
      return 'POST /checkout_sessions';
    case 'update_checkout_session':
      return `POST /checkout_sessions/${id}`;
    case 'complete_checkout_session':
      return `POST /checkout_sessions/${id}/complete`;
    case 'cancel_checkout_session':
      return `POST /checkout_sessions/${id}/cancel`;
    case 'get_checkout_session':
      return `GET /checkout_sessions/${id}`;
  }
}

/** Answers kept under a key: all but transient ones (5xx, 429, anything with Retry-After), which a retry may get past (rfc §6.5). */
function keeps(outcome: AcpOutcome): boolean {
  if (outcome.ok) return true;
  const { status, retryAfterSeconds } = outcome.error;
  return status < 500 && status !== 429 && retryAfterSeconds === undefined;
}

/** Everything a session body shows besides the session: links, products, branches, URLs. */
async function viewOf(options: AcpOperationsOptions, ctx: AcpContext, session: CheckoutSessionRecord) {
  const { commerce } = options;
  const [settings, branches] = await Promise.all([
    commerce.agents.shopSettings(session.partnerId),
    commerce.branches.list(),
  ]);
  const view: AcpSessionView = {
    agentBase: ctx.target.agentBase,
    docsUrl: options.docsUrl ?? `${commerce.publicBaseUrl}/docs`,
    links: shopLinks(settings),
    products: productFacts(
      commerce,
      session.lines.map((line) => line.cprcode),
    ),
    branches: new Map(branches.map((branch) => [branch.branchCode, branch])),
    storefrontUrl: options.storefrontUrl?.(session.partnerId) ?? null,
    sharedPaymentTokens: commerce.payments.acceptsDelegatedTokens(session.environment),
  };
  return { view, settings };
}

/** A session as the answer: with its order once the order is paid or being paid (CheckoutSessionWithOrder). */
async function sessionOutcome(
  options: AcpOperationsOptions,
  ctx: AcpContext,
  session: CheckoutSessionRecord,
  status = 200,
): Promise<AcpOutcome> {
  const { view, settings } = await viewOf(options, ctx, session);
  const body: JsonObject = { ...toAcpCheckoutSession(session, view) };
  const placed = session.status === 'completed' || session.status === 'complete_in_progress';
  const record = placed && session.order ? await options.commerce.store.getOrderById(session.order.orderId) : null;
  if (record)
    body.order = toAcpOrder(record, session, {
      permalinkUrl:
        session.order?.paymentUrl ??
        `${ctx.target.agentBase}/acp/checkout_sessions/${encodeURIComponent(session.sessionId)}`,
      branches: view.branches,
      products: view.products,
      refunds: await options.commerce.store.listRefunds([record.orderId]),
      supportEmail: settings.supportEmail,
    });
  return { ok: true, status, body };
}

const refused = (error: AcpProtocolError): AcpOutcome => ({ ok: false, error });
const noPath = (): undefined => undefined;
const notAnObject = (what: string) => refused(acpError(400, 'invalid', `${what} is a JSON object.`, { param: '$' }));

/** Whether a complete body leaves the session as it is: no buyer, or the buyer it already has. */
function changesNothing(body: JsonObject, session: CheckoutSessionRecord): boolean {
  if (body.buyer === undefined) return true;
  const read = fromAcpUpdateRequest({ buyer: body.buyer }, session);
  return read.ok && isDeepStrictEqual(read.input.buyer, session.buyer);
}

/** How often a patch is merged again over a session another request changed in between, before 409 `session_busy`. */
const PATCH_TRIES = 3;

type Patched = { ok: true; session: CheckoutSessionRecord } | { ok: false; error: AcpProtocolError };

function changedMeanwhile(error: unknown): boolean {
  return (
    error instanceof CommerceError && error.code === 'CHECKOUT_SESSION_BUSY' && error.details?.reason === 'changed'
  );
}

/**
 * An update is a patch (absent = unchanged, null = cleared): it is merged over the session as read
 * and written only over that version, so that a field another request set in between is not lost;
 * when that happened, the patch is merged again over the session as it is now.
 */
async function applyPatch(
  options: AcpOperationsOptions,
  ctx: AcpContext,
  id: string,
  body: JsonObject,
  operation: SessionOperation,
  first?: CheckoutSessionRecord,
): Promise<Patched> {
  const sessions = options.commerce.sessions;
  const caller = ctx.principal.caller;
  let read = first ?? (await sessions.get(caller, id));
  for (let tries = 1; ; tries++) {
    const mapped = fromAcpUpdateRequest(body, read);
    if (!mapped.ok) return { ok: false, error: mapped.error };
    try {
      const session = await sessions.update(caller, id, mapped.input, { expectedVersion: read.version, read });
      return { ok: true, session };
    } catch (error) {
      if (!changedMeanwhile(error) || tries >= PATCH_TRIES) {
        const answer = acpErrorOf(error, mapped.pathOf, operation);
        if (answer) return { ok: false, error: answer };
        throw error;
      }
    }
    read = await sessions.get(caller, id);
  }
}

/** `complete`: the buyer the body gives first (a patch), then the order and its payment. */
async function complete(
  options: AcpOperationsOptions,
  ctx: AcpContext,
  id: string,
  body: JsonObject,
): Promise<AcpOutcome> {
  const sessions = options.commerce.sessions;
  const caller = ctx.principal.caller;
  const session = await sessions.get(caller, id);
  const shared = options.commerce.payments.acceptsDelegatedTokens(session.environment);
  const payment = paymentOf(body, session.environment, shared);
  if (!payment.ok) return refused(payment.error);
  // Completing a completed session that the body would not change answers it as it is, charging nothing: a retry whose first answer was lost (its key never recorded) learns the order.
  if (session.status === 'completed' && changesNothing(body, session)) return sessionOutcome(options, ctx, session);
  let read = session;
  if (body.buyer !== undefined && !session.order && session.status !== 'completed' && session.status !== 'canceled') {
    const patched = await applyPatch(options, ctx, id, { buyer: body.buyer }, 'complete', session);
    if (!patched.ok) return refused(patched.error);
    read = patched.session;
  }
  return sessionOutcome(options, ctx, await sessions.complete(caller, id, payment.payment, { read }));
}

/** One operation, translated to core's session service and back; core's refusals become protocol errors. */
async function run(options: AcpOperationsOptions, ctx: AcpContext, call: AcpCall): Promise<AcpOutcome> {
  if (call.unparsable)
    return refused(acpError(400, 'invalid_json', 'The body is not valid UTF-8 JSON.', { param: '$' }));
  const sessions = options.commerce.sessions;
  const caller = ctx.principal.caller;
  const id = call.id ?? '';
  const body = call.body === undefined && call.operation === 'cancel_checkout_session' ? {} : call.body;
  if (call.operation !== 'get_checkout_session' && !isJsonObject(body)) return notAnObject('The body');
  let pathOf: (field: string) => string | undefined = noPath;
  try {
    switch (call.operation) {
      case 'create_checkout_session': {
        const read = fromAcpCreateRequest(body as JsonObject);
        if (!read.ok) return refused(read.error);
        pathOf = read.pathOf;
        return await sessionOutcome(options, ctx, await sessions.create(caller, read.input), 201);
      }
      case 'get_checkout_session':
        return await sessionOutcome(options, ctx, await sessions.get(caller, id));
      case 'update_checkout_session': {
        const patched = await applyPatch(options, ctx, id, body as JsonObject, 'update');
        return patched.ok ? await sessionOutcome(options, ctx, patched.session) : refused(patched.error);
      }
      case 'complete_checkout_session':
        return await complete(options, ctx, id, body as JsonObject);
      case 'cancel_checkout_session':
        return await sessionOutcome(options, ctx, await sessions.cancel(caller, id));
    }
  } catch (error) {
    const answer = acpErrorOf(error, pathOf, SESSION_OF[call.operation]);
    if (answer) return refused(answer);
    throw error;
  }
}

/** A guarded call's outcome in ACP's words (rfc §6.4): conflicts 422, in flight 409 with Retry-After, replays marked. */
function fromIdempotency(outcome: AgentIdempotencyOutcome<AcpOutcome>): AcpOutcome {
  switch (outcome.kind) {
    case 'ran':
      return outcome.value;
    case 'replayed':
      return { ...outcome.value, replayed: true };
    case 'conflict':
      return refused(
        acpError(422, 'idempotency_conflict', 'Idempotency-Key has already been used with a different request body.'),
      );
    case 'in-flight':
      return refused(
        acpError(409, 'idempotency_in_flight', 'A request with this Idempotency-Key is currently being processed.', {
          retryAfterSeconds: outcome.retryAfterSeconds,
        }),
      );
    case 'invalid-key':
      return refused(
        acpError(
          400,
          'invalid_idempotency_key',
          'An Idempotency-Key is 1 to 255 printable ASCII characters without spaces.',
        ),
      );
    case 'unreadable':
      return refused(
        acpError(400, 'invalid_json', 'The body holds text that is not Unicode, or nests too deep.', { param: '$' }),
      );
    case 'unavailable':
      return refused(
        acpError(503, 'service_unavailable', 'Idempotency keys cannot be checked now; try again.', {
          type: 'service_unavailable',
          retryAfterSeconds: outcome.retryAfterSeconds,
        }),
      );
  }
}

/**
 * The checkout API's operations over core's checkout sessions, shared by the REST and MCP bindings:
 * mutations run under their idempotency key (core's agent idempotency: the key is claimed, and a
 * conflict decided, before the body is read), are translated to core and back, and are answered as
 * ACP outcomes. Business problems are messages of 2xx sessions; protocol errors carry their status;
 * a fault is masked as a 500 (never kept) and told to `onInternalError`.
 *
 * @example
 * const operations = createAcpOperations({ commerce });
 * const outcome = await operations(ctx, { operation: 'get_checkout_session', id, idempotencyKey: null, requireIdempotencyKey: false });
 */
export function createAcpOperations(
  options: AcpOperationsOptions,
): (ctx: AcpContext, call: AcpCall) => Promise<AcpOutcome> {
  const { commerce } = options;
  return async (ctx, call) => {
    try {
      if (!MUTATIONS.has(call.operation)) return await run(options, ctx, call);
      if (call.idempotencyKey === null)
        return call.requireIdempotencyKey
          ? refused(
              acpError(400, 'idempotency_key_required', 'Idempotency-Key header is required on all POST requests.'),
            )
          : await run(options, ctx, call);
      const partner = ctx.principal.caller.partner;
      const scope = { partnerId: partner.partnerId, environment: partner.environment, ownerId: ctx.principal.ownerId };
      const outcome = await agentIdempotent(
        { store: commerce.store, clock: commerce.clock, staleAfterMs: commerce.sagas.requestWindowMs },
        {
          scope,
          protocol: 'acp',
          route: routeOf(call),
          key: call.idempotencyKey,
          body: call.unparsable ? undefined : (call.body ?? null),
          rawBody: call.rawBody,
        },
        () => run(options, ctx, call),
        keeps,
      );
      return fromIdempotency(outcome);
    } catch (error) {
      if (error instanceof CommerceError && error.code === 'NOT_FOUND')
        return refused(acpError(404, 'session_not_found', error.message));
      options.onInternalError?.(error, ctx.requestId);
      return refused(internalError(ctx.requestId));
    }
  };
}
