import type { PaymentLinkRecord, PaymentRecord } from '../model/checkout.ts';
import type { Store } from '../ports/store.ts';
import type { InMemoryStoreOptions } from './in-memory-event-store.ts';
import { InMemoryCheckoutSessionStore } from './in-memory-checkout-session-store.ts';
import { copy, tablesOf, type InMemoryTables } from './in-memory-tables.ts';

/**
 * The whole `Store` held in memory, for unit tests of the domain that run in milliseconds: every
 * method keeps the SQL store's semantics (scoping by partner, environment and shopper; unique keys;
 * moves guarded by the states they leave; idempotency keys with their stale takeover and retention;
 * leases that expire by the times the caller passes; newest-first paging), and it passes the same
 * contract tests as the SQL store (`describeStoreContract`). Times the database would stamp with
 * `now()` come from `clock`. Writes that a constraint of the SQL schema refuses are refused with an
 * Error that names the constraint. Not for production: nothing survives the process.
 *
 * Each port sub-interface has its own class and file (in-memory-event-store.ts, in-memory-partner-store.ts,
 * in-memory-commerce-store.ts, in-memory-saga-store.ts, in-memory-rate-limit-store.ts,
 * in-memory-operations-store.ts, in-memory-agent-store.ts, in-memory-checkout-session-store.ts), each
 * extending the one before over the same tables, so that this class is one object with every method,
 * as the port is.
 *
 * @example
 * const clock = new ManualClock();
 * const commerce = createCommerce({ store: new InMemoryStore({ clock }), grocer, catalog, identity, search: null, publicBaseUrl: 'https://api.example', clock });
 */
export class InMemoryStore extends InMemoryCheckoutSessionStore implements Store {
  readonly #t: InMemoryTables;

  constructor(options: InMemoryStoreOptions = {}) {
    super(options);
    this.#t = tablesOf(this);
  }

  /** Every payment recorded, oldest first (the SQL store's `payments` table); for assertions. */
  recordedPayments(orderId?: string): PaymentRecord[] {
    return [...this.#t.payments.values()].filter((p) => orderId === undefined || p.orderId === orderId).map(copy);
  }

  /** Every payment link of an order, oldest first (only hashes of their tokens are kept); for assertions. */
  paymentLinksOf(orderId: string): PaymentLinkRecord[] {
    return [...this.#t.links.values()].filter((l) => l.orderId === orderId).map(copy);
  }
}
