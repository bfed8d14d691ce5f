/**
 * @grocery/core/testing: fakes of core's ports held in memory (the store with its event store, the
 * grocer, the catalog snapshot, the identity provider), the contract tests that the SQL store and
 * the in-memory store both pass (run them on your own implementation of the port), record builders,
 * and a clock that moves only when told to, for tests and examples that run the domain without a
 * database, a grocer or an identity provider. The sandbox payment provider (`SandboxPaymentProvider`
 * in `@grocery/core`, with its `deferred` mode) is the fake of the PaymentProvider port; it and the
 * Stripe provider pass `describePaymentProviderContract`.
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { ManualClock } from '../ports/clock.ts';
export { InMemoryCatalog } from './in-memory-catalog.ts';
export { InMemoryEventStore, type InMemoryStoreOptions } from './in-memory-event-store.ts';
export { InMemoryGrocer, type InMemoryGrocerOptions } from './in-memory-grocer.ts';
export { InMemoryStore } from './in-memory-store.ts';
export { CONTRACT_T0, contractEvent, contractGrocerOrder, storeContractOrder } from './contract-records.ts';
export { describeEventStoreContract } from './event-store-contract.ts';
export { describePaymentProviderContract, type PaymentProviderContractSubject } from './payment-provider-contract.ts';
export { describeStoreContract } from './store-contract.ts';
export type { StoreContractSubject, StoreRowCounts } from './store-contract-fixtures.ts';
export { StaticIdentityVerifier } from './static-identity-verifier.ts';
export { testBranch, testProduct } from './test-records.ts';
