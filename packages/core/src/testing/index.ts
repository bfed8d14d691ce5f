/**
 * @grocery/core/testing: fakes of core's ports and a clock that moves only when told to, for tests
 * and examples that run the domain without a database, a grocer or an identity provider.
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { ManualClock } from '../ports/clock.ts';
