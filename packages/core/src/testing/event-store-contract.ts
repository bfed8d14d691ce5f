import { after, before, describe, test } from 'node:test';
import { CONTRACT_T0 as T0, storeContractOrder } from './contract-records.ts';
import { deliveryAttemptContract } from './delivery-attempt-contract.ts';
import { eventDeliveryContract } from './event-delivery-contract.ts';
import { inboundNotificationContract } from './inbound-notification-contract.ts';
import { orderPollContract } from './order-poll-contract.ts';
import type { StoreContractSubject } from './store-contract-fixtures.ts';

/**
 * The behaviour every implementation of the `EventStore` port shares, with the `Store` that writes
 * its events: one delivery per active endpoint that takes an event's type, written with the change
 * and never twice; exclusive claims that expire; attempts recorded and deliveries moved on; orders
 * enrolled for polling and woken by their events; inbound receipts. Runs as one node:test suite
 * whose tests build on each other. The SQL store (on PGlite and PostgreSQL) and `InMemoryStore` run it.
 *
 * @example
 * describeEventStoreContract('in-memory store', async () => ({ store: new InMemoryStore(), close: async () => {} }));
 */
export function describeEventStoreContract(name: string, open: () => Promise<StoreContractSubject>): void {
  describe(`EventStore contract: ${name}`, () => {
    let subject: StoreContractSubject;
    let orderSeq = 0;

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
        environment: 'sandbox',
        orderSource: 'SRC_B',
      });
      await subject.store.createPartner({
        partnerId: 'ptn_e',
        name: 'E',
        environment: 'sandbox',
        orderSource: 'SRC_E',
      });
    });
    after(async () => subject?.close());

    async function newOrder(partnerId = 'ptn_a'): Promise<string> {
      const orderId = `PA2611220${String(++orderSeq).padStart(6, '0')}-TEST`;
      await storeContractOrder(
        subject.store,
        orderId,
        { partnerId, environment: 'sandbox', ownerId: 'owner-1' },
        new Date(T0).toISOString(),
        `h_${orderId}`,
      );
      return orderId;
    }

    for (const { name: caseName, run } of eventStoreContract)
      test(caseName, () => run({ store: subject.store, newOrder }));
  });
}

/** The cases in the order they run, one file per concern: deliveries, their attempts, order polls, inbound receipts. */
const eventStoreContract = [
  ...eventDeliveryContract,
  ...deliveryAttemptContract,
  ...orderPollContract,
  ...inboundNotificationContract,
];
