import { after, before, describe, test } from 'node:test';
import { agentEndpointContract } from './agent-endpoint-contract.ts';
import { agentStoreContract } from './agent-store-contract.ts';
import { checkoutSessionStoreContract } from './checkout-session-store-contract.ts';
import { commerceStoreContract } from './commerce-store-contract.ts';
import { operationsStoreContract } from './operations-store-contract.ts';
import { partnerStoreContract } from './partner-store-contract.ts';
import { rateLimitStoreContract } from './rate-limit-store-contract.ts';
import { sagaStoreContract } from './saga-store-contract.ts';
import type { StoreContractSubject } from './store-contract-fixtures.ts';

/**
 * The behaviour every implementation of the `Store` port shares: partners and keys, baskets under
 * concurrent changes, idempotency keys, scoped order paging, the order and payment sagas' guarded
 * moves and leases, agent credentials and signing keys, version-guarded checkout sessions (one file
 * of cases per port sub-interface). Runs as one node:test suite whose
 * tests build on each other, on a store from `open`. The SQL store (on PGlite and PostgreSQL) and
 * `InMemoryStore` run it; so can any other implementation of the port.
 *
 * @example
 * describeStoreContract('in-memory store', async () => {
 *   const store = new InMemoryStore({ clock: new ManualClock() });
 *   return { store, close: async () => {} };
 * });
 */
export function describeStoreContract(name: string, open: () => Promise<StoreContractSubject>): void {
  describe(`Store contract: ${name}`, () => {
    let subject: StoreContractSubject;

    before(async () => {
      subject = await open();
      await subject.store.createPartner({
        partnerId: 'ptn_a',
        name: 'A',
        environment: 'sandbox',
        orderSource: 'SRC_A',
      });
      await subject.store.createPartner({
        partnerId: 'ptn_b',
        name: 'B',
        environment: 'production',
        orderSource: 'SRC_B',
      });
    });
    after(async () => subject?.close());

    for (const { name: caseName, run } of [
      ...partnerStoreContract,
      ...commerceStoreContract,
      ...sagaStoreContract,
      ...rateLimitStoreContract,
      ...operationsStoreContract,
      ...agentStoreContract,
      ...checkoutSessionStoreContract,
      // Last: it claims every due delivery.
      ...agentEndpointContract,
    ]) {
      test(caseName, () => run(subject));
    }
  });
}
