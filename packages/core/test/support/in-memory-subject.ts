import { InMemoryStore, ManualClock, type StoreContractSubject } from '@grocery/core/testing';

/** A fresh in-memory store for a contract run, its inspection methods standing in for the SQL row counts. */
export function inMemorySubject(): StoreContractSubject {
  const store = new InMemoryStore({ clock: new ManualClock() });
  return {
    store,
    count: {
      payments: async (orderId) => store.recordedPayments(orderId).length,
      events: async (orderId) => store.recordedEvents(orderId).length,
      paymentLinks: async (orderId) => store.paymentLinksOf(orderId).length,
    },
    close: async () => {},
  };
}
