/**
 * @grocery/core/testing: fakes of core's ports held in memory (the grocer, the catalog snapshot,
 * the identity provider), record builders, and a clock that moves only when told to, for tests and
 * examples that run the domain without a grocer or an identity provider.
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { ManualClock } from '../ports/clock.ts';
export { InMemoryCatalog } from './in-memory-catalog.ts';
export { InMemoryGrocer, type InMemoryGrocerOptions } from './in-memory-grocer.ts';
export { StaticIdentityVerifier } from './static-identity-verifier.ts';
export { testBranch, testProduct } from './test-records.ts';
