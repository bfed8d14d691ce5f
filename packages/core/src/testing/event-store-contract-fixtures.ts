import type { Store } from '../ports/store.ts';

/** What a case of the event-store contract works with: the store, and a way to store a new order of a partner. */
export interface EventStoreContractContext {
  store: Store;
  newOrder: (partnerId?: string) => Promise<string>;
}

/** One test of the contract; the cases run in order on one store, each building on the rows the ones before wrote. */
export interface EventStoreContractCase {
  name: string;
  run: (context: EventStoreContractContext) => Promise<void>;
}
