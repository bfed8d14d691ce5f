import type { CheckoutSessionRecord, CheckoutSessionStatus } from '../model/checkout-session.ts';
import type { CheckoutSessionStore } from '../ports/store.ts';
import { InMemoryAgentStore } from './in-memory-agent-store.ts';
import type { InMemoryStoreOptions } from './in-memory-event-store.ts';
import {
  check,
  checkStorableText,
  copy,
  iso,
  isEnvironment,
  isoOrNull,
  tablesOf,
  type InMemoryTables,
} from './in-memory-tables.ts';

const STATUSES: readonly CheckoutSessionStatus[] = [
  'incomplete',
  'requires_escalation',
  'ready_for_complete',
  'complete_in_progress',
  'completed',
  'canceled',
];

/**
 * The CheckoutSessionStore port in memory: sessions of agent platforms, each write guarded by the
 * version the caller read, one session per order. It stacks on the agent store (see in-memory-store.ts).
 */
export class InMemoryCheckoutSessionStore extends InMemoryAgentStore implements CheckoutSessionStore {
  readonly #t: InMemoryTables;

  constructor(options: InMemoryStoreOptions = {}) {
    super(options);
    this.#t = tablesOf(this);
  }

  async insertCheckoutSession(session: CheckoutSessionRecord): Promise<void> {
    check(!this.#t.checkoutSessions.has(session.sessionId), 'checkout_sessions_pkey');
    this.#write(session);
  }

  async getCheckoutSession(partnerId: string, sessionId: string): Promise<CheckoutSessionRecord | null> {
    const row = this.#t.checkoutSessions.get(sessionId);
    return row?.partnerId === partnerId ? copy(row) : null;
  }

  async replaceCheckoutSession(session: CheckoutSessionRecord, expectedVersion: number): Promise<boolean> {
    const row = this.#t.checkoutSessions.get(session.sessionId);
    if (row?.partnerId !== session.partnerId || row.version !== expectedVersion) return false;
    this.#write(session);
    return true;
  }

  async findCheckoutSessionByOrder(orderId: string): Promise<CheckoutSessionRecord | null> {
    const row = [...this.#t.checkoutSessions.values()].find((s) => s.order?.orderId === orderId);
    return row ? copy(row) : null;
  }

  /** Stores the session whole (as the SQL INSERT or guarded UPDATE does) after the schema's checks. */
  #write(session: CheckoutSessionRecord): void {
    const t = this.#t;
    checkStorableText(session);
    check(isEnvironment(session.environment), 'checkout_sessions_environment_check');
    check(session.protocol === 'ucp' || session.protocol === 'acp', 'checkout_sessions_protocol_check');
    check(STATUSES.includes(session.status), 'checkout_sessions_status_check');
    const orderId = session.order?.orderId;
    check(
      orderId === undefined ||
        ![...t.checkoutSessions.values()].some(
          (s) => s.sessionId !== session.sessionId && s.order?.orderId === orderId,
        ),
      'checkout_sessions_order',
    );
    check(t.partners.has(session.partnerId), 'checkout_sessions_partner_id_fkey');
    t.checkoutSessions.set(session.sessionId, {
      ...copy(session),
      quotedAt: isoOrNull(session.quotedAt),
      createdAt: iso(session.createdAt),
      updatedAt: iso(session.updatedAt),
      expiresAt: iso(session.expiresAt),
    });
  }
}
