import { CommerceError } from '../errors.ts';
import type {
  AgentProtocol,
  CheckoutMessage,
  CheckoutSessionInput,
  CheckoutSessionRecord,
  CheckoutSessionStatus,
} from '../model/checkout-session.ts';
import { TERMINAL_SESSION_STATUSES } from '../model/checkout-session.ts';
import { newId, newSecretToken } from '../model/ids.ts';
import { placesSandboxOrders, type PartnerContext } from '../model/partner.ts';
import type { Clock } from '../ports/clock.ts';
import type { Mailer } from '../ports/mailer.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { PostcodeDirectory } from '../ports/postcode-directory.ts';
import type { Store } from '../ports/store.ts';
import type { BranchService } from './branch-service.ts';
import { checkSessionInput, type CheckedSessionInput } from './checkout-session-input.ts';
import { evaluateSession, sessionAddress, type SessionEvaluation } from './checkout-session-pricing.ts';
import { requireSafeInput } from './input-validation.ts';
import type { OrderService } from './order-service.ts';
import type { PaymentService } from './payment-service.ts';
import { shopperContext, type ShopperContext } from './shopper-context.ts';

/** Sessions last 6 hours unless their payment link lapses first (UCP's default `expires_at`). */
export const CHECKOUT_SESSION_TTL_MS = 6 * 60 * 60 * 1000;

/** The sandbox payment tokens of UCP's mock handler and ACP's sandbox handler. */
export const SANDBOX_PAYMENT_TOKENS = ['success_token', 'fail_token'] as const;

/** Who drives a session: an agent platform acting for a partner's shop through one protocol. */
export interface SessionCaller {
  partner: PartnerContext;
  /** The agent credential's id, or the verified profile URL of a signed caller. */
  callerId: string;
  protocol: AgentProtocol;
  profileUrl?: string | null;
  webhookUrl?: string | null;
}

/** How an update is applied. */
export interface SessionUpdateOptions {
  /**
   * The version the input was made from (a patch merged over a session read before): the update is
   * refused with CHECKOUT_SESSION_BUSY (`details.reason` `'changed'`) when the session has moved
   * since, so that nothing another request wrote in between is lost. Without it the input replaces
   * whatever is stored (UCP's full replacement).
   */
  expectedVersion?: number | undefined;
  /**
   * The session as this caller just had it from the service (`get`, `update`): the write starts
   * from it instead of reading it again. Stale, it costs a retry (or, with `expectedVersion`, the
   * refusal); another caller's or session's record is ignored.
   */
  read?: CheckoutSessionRecord | undefined;
}

/**
 * How `complete` pays: a sandbox token now, a payment credential the agent platform delegated (a
 * Stripe shared payment token, charged now by the environment's token provider), or the buyer on
 * the order's payment page (escalation).
 */
export type SessionPayment =
  { kind: 'sandbox-token'; token: string } | { kind: 'delegated-token'; token: string } | { kind: 'payment-page' };

export interface CheckoutSessionServiceOptions {
  store: Store;
  grocer: GrocerGateway;
  branches: BranchService;
  postcodes: PostcodeDirectory;
  orders: OrderService;
  payments: PaymentService;
  clock: Clock;
  ttlMs?: number;
  /** Sends the buyer's order confirmation when a session completes (none without it). */
  mailer?: Mailer | undefined;
  /** Told of a confirmation that could not be sent (the order stands; the mail is not retried). */
  onMailError?: ((error: unknown) => void) | undefined;
}

const MAX_WRITE_TRIES = 4;

function closed(session: CheckoutSessionRecord): CommerceError {
  return new CommerceError('CHECKOUT_SESSION_CLOSED', `Checkout session ${session.sessionId} is ${session.status}.`, {
    details: { status: session.status },
  });
}

function changed(session: CheckoutSessionRecord, expectedVersion: number): CommerceError {
  return new CommerceError(
    'CHECKOUT_SESSION_BUSY',
    `Checkout session ${session.sessionId} changed since version ${expectedVersion} was read; read it again.`,
    { details: { reason: 'changed', version: session.version, expectedVersion } },
  );
}

function sessionMessage(
  code: CheckoutMessage['code'],
  text: string,
  severity: CheckoutMessage['severity'],
): CheckoutMessage {
  return { type: 'error', code, text, path: null, severity, reason: null };
}

function confirmationMail(session: CheckoutSessionRecord, to: string): { to: string; subject: string; text: string } {
  const baht = (satang: number) => `฿${(satang / 100).toFixed(2)}`;
  const orderId = session.order?.orderId ?? '';
  const quote = session.quote;
  const lines = (quote?.lines ?? []).map(
    (line) => `  ${line.quantity} × ${line.productName}  ${baht(line.discountedRowTotalSatang)}`,
  );
  const fulfilment =
    session.fulfilment?.type === 'delivery'
      ? `Delivery (${session.fulfilment.scheduleMode ?? 'REGULAR'}) to ${session.fulfilment.address?.streetAddress ?? ''}, ${session.fulfilment.address?.postcode ?? ''}`
      : `Pickup at branch ${session.branchCode}`;
  const name = session.buyer.firstName ? `Dear ${session.buyer.firstName},` : 'Hello,';
  return {
    to,
    subject: `Order ${orderId} confirmed`,
    text: [
      name,
      '',
      `Thank you for your order ${orderId}. It is paid and the branch is preparing it.`,
      '',
      ...lines,
      '',
      `Total (VAT included): ${baht(quote?.grandTotalSatang ?? 0)}`,
      fulfilment,
      '',
      'Reply to this e-mail if anything is wrong with your order.',
    ].join('\n'),
  };
}

/**
 * Checkout sessions of agent platforms (DESIGN §6 "The model"): protocol-neutral; UCP and ACP
 * translate them at the edge. Every create and update prices again with the grocer's calculator;
 * `complete` runs the same order and payment sagas as GraphQL, under a key of the session, so a
 * session makes at most one grocer order and one payment whatever the retries.
 */
export class CheckoutSessionService {
  readonly #store: Store;
  readonly #deps: Parameters<typeof evaluateSession>[0];
  readonly #orders: OrderService;
  readonly #payments: PaymentService;
  readonly #clock: Clock;
  readonly #ttlMs: number;
  readonly #mailer: Mailer | undefined;
  readonly #onMailError: (error: unknown) => void;

  constructor(options: CheckoutSessionServiceOptions) {
    this.#store = options.store;
    this.#deps = {
      grocer: options.grocer,
      branches: options.branches,
      postcodes: options.postcodes,
      clock: options.clock,
    };
    this.#orders = options.orders;
    this.#payments = options.payments;
    this.#clock = options.clock;
    this.#ttlMs = options.ttlMs ?? CHECKOUT_SESSION_TTL_MS;
    this.#mailer = options.mailer;
    this.#onMailError = options.onMailError ?? (() => {});
  }

  /** Opens a session with the input's lines (and whatever else it gives), priced. */
  async create(caller: SessionCaller, input: CheckoutSessionInput): Promise<CheckoutSessionRecord> {
    requireSafeInput(input, '');
    const state = checkSessionInput(input, []);
    const evaluation = await evaluateSession(this.#deps, caller.partner, state, null);
    const now = this.#clock.now();
    const session: CheckoutSessionRecord = {
      sessionId: newId('cs'),
      partnerId: caller.partner.partnerId,
      environment: placesSandboxOrders(caller.partner) ? 'sandbox' : 'production',
      protocol: caller.protocol,
      callerId: caller.callerId,
      profileUrl: caller.profileUrl ?? null,
      webhookUrl: caller.webhookUrl ?? null,
      ...this.#priced(state, evaluation, now),
      order: null,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.#ttlMs).toISOString(),
      version: 1,
    };
    await this.#store.insertCheckoutSession(session);
    if (session.webhookUrl !== null) {
      // The caller's webhook gets the events of this session's order through the outbox (an endpoint per caller and URL).
      await this.#store.ensureAgentWebhookEndpoint({
        endpointId: newId('whe'),
        partnerId: session.partnerId,
        kind: session.protocol,
        callerId: session.callerId,
        url: session.webhookUrl,
        environment: session.environment,
        eventTypes: ['payment.paid', 'payment.refunded', 'order.status'],
        // Agent protocols sign with the partner's keys (UCP) or the agent's secret (ACP); this one signs nothing.
        secret: newSecretToken(),
        createdAt: session.createdAt,
      });
    }
    return session;
  }

  /** The caller's session, brought up to date (paid, expired); NOT_FOUND for any other caller's. */
  async get(caller: SessionCaller, sessionId: string): Promise<CheckoutSessionRecord> {
    return this.#settle(await this.#load(caller, sessionId));
  }

  /**
   * Replaces the session's state with the input (full replacement) and prices it again; with
   * `expectedVersion`, only over that version (a patch merged over what the caller read).
   */
  async update(
    caller: SessionCaller,
    sessionId: string,
    input: CheckoutSessionInput,
    options: SessionUpdateOptions = {},
  ): Promise<CheckoutSessionRecord> {
    requireSafeInput(input, '');
    return this.#write(
      caller,
      sessionId,
      async (session) => {
        if (session.order) throw closed(session);
        const expected = options.expectedVersion;
        if (expected !== undefined && session.version !== expected) throw changed(session, expected);
        const state = checkSessionInput(input, session.lines);
        const evaluation = await evaluateSession(this.#deps, caller.partner, state, session);
        return { ...session, ...this.#priced(state, evaluation, this.#clock.now()) };
      },
      options.read,
    );
  }

  /** Cancels an open session; CHECKOUT_SESSION_CLOSED once it completed, was cancelled, or has an order. */
  async cancel(caller: SessionCaller, sessionId: string): Promise<CheckoutSessionRecord> {
    return this.#write(caller, sessionId, async (session) => {
      if (session.order) throw closed(session);
      return { ...session, status: 'canceled' as const, updatedAt: new Date(this.#clock.now()).toISOString() };
    });
  }

  /**
   * Places the session's order and pays it: with a sandbox token at once, or by escalating to the
   * order's payment page. A session that is not ready is answered as it is (its messages say why).
   */
  async complete(
    caller: SessionCaller,
    sessionId: string,
    payment: SessionPayment,
    options: Pick<SessionUpdateOptions, 'read'> = {},
  ): Promise<CheckoutSessionRecord> {
    let session = await this.#write(
      caller,
      sessionId,
      async (current) => {
        if (current.status === 'complete_in_progress' || current.order) return null;
        const state: CheckedSessionInput = current;
        const evaluation = await evaluateSession(this.#deps, caller.partner, state, current);
        const priced = { ...current, ...this.#priced(state, evaluation, this.#clock.now()) };
        return evaluation.ready ? { ...priced, status: 'complete_in_progress' as const } : priced;
      },
      options.read,
    );
    if (session.status !== 'complete_in_progress' && !session.order) return session;
    session = await this.#placeOrder(caller, session);
    if (!session.order || session.order.paid) return session;
    return this.#pay(caller, session, payment);
  }

  /** Marks the session of a paid order completed (the payment webhook, return or recovery worker paid it). */
  async onOrderPaid(orderId: string): Promise<CheckoutSessionRecord | null> {
    const session = await this.#store.findCheckoutSessionByOrder(orderId);
    return session ? this.#settle(session) : null;
  }

  #priced(state: CheckedSessionInput, evaluation: SessionEvaluation, nowMs: number) {
    return {
      status: (evaluation.ready ? 'ready_for_complete' : 'incomplete') as CheckoutSessionStatus,
      buyer: state.buyer,
      lines: state.lines,
      fulfilment: state.fulfilment,
      couponCodes: state.couponCodes,
      branchCode: evaluation.branchCode,
      quote: evaluation.quote,
      quotedAt: evaluation.quote ? new Date(nowMs).toISOString() : null,
      options: evaluation.options,
      messages: evaluation.messages,
      updatedAt: new Date(nowMs).toISOString(),
    };
  }

  async #load(caller: SessionCaller, sessionId: string): Promise<CheckoutSessionRecord> {
    const session = /^cs_[0-9a-f]{32}$/.test(sessionId)
      ? await this.#store.getCheckoutSession(caller.partner.partnerId, sessionId)
      : null;
    if (!session || session.callerId !== caller.callerId || session.protocol !== caller.protocol)
      throw new CommerceError('NOT_FOUND', `There is no checkout session ${sessionId.slice(0, 80)}.`, {
        field: 'id',
      });
    return session;
  }

  /**
   * Applies `change` to the stored session under its version guard, retrying when another write won
   * the race. `change` returns null to leave the session as it is. Terminal and expired sessions are
   * refused before `change` runs.
   */
  async #write(
    caller: SessionCaller,
    sessionId: string,
    change: (session: CheckoutSessionRecord) => Promise<CheckoutSessionRecord | null>,
    read?: CheckoutSessionRecord,
  ): Promise<CheckoutSessionRecord> {
    const usable =
      read?.sessionId === sessionId &&
      read.partnerId === caller.partner.partnerId &&
      read.callerId === caller.callerId &&
      read.protocol === caller.protocol;
    for (let tries = 1; ; tries++) {
      const session =
        tries === 1 && usable ? await this.#settle(read) : await this.#settle(await this.#load(caller, sessionId));
      if (TERMINAL_SESSION_STATUSES.includes(session.status)) throw closed(session);
      const next = await change(session);
      if (!next) return session;
      const written = { ...next, version: session.version + 1 };
      if (await this.#store.replaceCheckoutSession(written, session.version)) return written;
      if (tries >= MAX_WRITE_TRIES)
        throw new CommerceError('CHECKOUT_SESSION_BUSY', 'The session is being changed by another request; try again.');
    }
  }

  /** Stores `patch` over the session unless another write moved it first (then the stored one stands). */
  async #save(session: CheckoutSessionRecord, patch: Partial<CheckoutSessionRecord>): Promise<CheckoutSessionRecord> {
    const next = {
      ...session,
      ...patch,
      updatedAt: new Date(this.#clock.now()).toISOString(),
      version: session.version + 1,
    };
    if (!(await this.#store.replaceCheckoutSession(next, session.version)))
      return (await this.#store.getCheckoutSession(session.partnerId, session.sessionId)) ?? session;
    // Only the write that completed the session sends the confirmation, so a buyer gets one however many paths race.
    if (next.status === 'completed' && session.status !== 'completed') this.#confirm(next);
    return next;
  }

  /**
   * The buyer's order confirmation (UCP: the business sends it; the agent platform may too). Not
   * awaited: the agent's answer does not wait on a mail server, and the order stands if it fails.
   */
  #confirm(session: CheckoutSessionRecord): void {
    const to = session.buyer.email;
    if (!this.#mailer || to === null || !session.order) return;
    this.#mailer.send(confirmationMail(session, to)).catch(this.#onMailError);
  }

  /** Brings a stored session up to date: completed once its order is paid, cancelled once expired unpaid. */
  async #settle(session: CheckoutSessionRecord): Promise<CheckoutSessionRecord> {
    if (TERMINAL_SESSION_STATUSES.includes(session.status)) return session;
    if (session.order && !session.order.paid) {
      const order = await this.#store.getOrderById(session.order.orderId);
      if (order?.paymentStatus === 'PAID')
        return this.#save(session, { status: 'completed', order: { ...session.order, paid: true }, messages: [] });
    }
    if (Date.parse(session.expiresAt) <= this.#clock.now() && session.status !== 'complete_in_progress')
      return this.#save(session, { status: 'canceled' });
    return session;
  }

  #shopper(caller: SessionCaller, session: CheckoutSessionRecord): ShopperContext {
    // Each session is its own shopper: its order, idempotency key and payment are kept apart from every other's.
    return shopperContext(caller.partner, {
      ownerId: session.sessionId,
      email: session.buyer.email,
      clientId: `agent:${session.callerId}`,
    });
  }

  /** Creates the session's order (once: the session id keys it) and records it on the session. */
  async #placeOrder(caller: SessionCaller, session: CheckoutSessionRecord): Promise<CheckoutSessionRecord> {
    if (session.order) return session;
    const fulfilment = session.fulfilment;
    const delivery = fulfilment?.type === 'delivery';
    // Priced by complete just before; the order saga prices it once more with the grocer.
    const address = await sessionAddress(this.#deps, session);
    let created;
    try {
      created = await this.#orders.create(
        this.#shopper(caller, session),
        {
          branchCode: session.branchCode,
          lines: session.lines.map(({ cprcode, quantity }) => ({ cprcode, quantity })),
          shippingType: delivery ? 'DELIVERY' : 'PICKUP',
          scheduleMode: delivery ? (fulfilment.scheduleMode ?? 'REGULAR') : 'REGULAR',
          address,
          couponCodes: session.couponCodes,
        },
        'checkout-session',
      );
    } catch (error) {
      if (!(error instanceof CommerceError) || error.code === 'GROCER_UNAVAILABLE' || error.code === 'ORDER_PENDING')
        throw error;
      // The grocer refused the order (the price or stock moved): the agent fixes the session and completes again.
      return this.#save(session, {
        status: 'incomplete',
        messages: [...session.messages, sessionMessage('order_failed', error.message, 'recoverable')],
      });
    }
    const link = created.paymentLink;
    const linkExpiresMs = link ? link.expiresAt * 1000 : Date.parse(session.expiresAt);
    return this.#save(session, {
      order: {
        orderId: created.order.orderId,
        paymentUrl: link?.url ?? null,
        paymentUrlExpiresAt: link?.expiresAt ?? null,
        paid: created.order.paymentStatus === 'PAID',
      },
      expiresAt: new Date(Math.min(Date.parse(session.expiresAt), linkExpiresMs)).toISOString(),
      status: created.order.paymentStatus === 'PAID' ? 'completed' : 'complete_in_progress',
    });
  }

  async #pay(
    caller: SessionCaller,
    session: CheckoutSessionRecord,
    payment: SessionPayment,
  ): Promise<CheckoutSessionRecord> {
    const order = session.order!;
    const sandbox = session.environment === 'sandbox';
    const delegated = payment.kind === 'delegated-token';
    if (payment.kind === 'payment-page' || (!sandbox && !delegated) || !order.paymentUrl) {
      return this.#save(session, {
        status: 'requires_escalation',
        messages: [
          sessionMessage(
            'payment_required',
            'The buyer pays the order on its payment page (continue_url).',
            'requires_buyer_input',
          ),
        ],
      });
    }
    const token = new URL(order.paymentUrl).pathname.split('/').pop() ?? '';
    try {
      const outcome = await this.#payments.pay(
        token,
        delegated
          ? { delegatedToken: payment.token }
          : { simulate: payment.token === 'fail_token' ? 'decline' : undefined },
      );
      if (outcome.state === 'paid')
        return this.#save(session, { status: 'completed', order: { ...order, paid: true }, messages: [] });
      return this.#save(session, { status: 'complete_in_progress', messages: [] });
    } catch (error) {
      if (!(error instanceof CommerceError)) throw error;
      if (error.code === 'ALREADY_PAID') return this.#settle(session);
      if (error.code !== 'PAYMENT_DECLINED' && error.code !== 'PRICE_CHANGED') throw error;
      // Declined: the order stays, unpaid; completing again with another instrument pays the same order.
      return this.#save(session, {
        status: 'ready_for_complete',
        messages: [sessionMessage('payment_failed', error.message, 'recoverable')],
      });
    }
  }
}
