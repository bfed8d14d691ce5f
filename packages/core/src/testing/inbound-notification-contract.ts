import assert from 'node:assert/strict';
import { CONTRACT_T0 as T0 } from './contract-records.ts';
import type { EventStoreContractCase } from './event-store-contract-fixtures.ts';

/** The inbound part of the event-store contract: a notification's receipt is remembered until it expires. */
export const inboundNotificationContract: readonly EventStoreContractCase[] = [
  {
    name: 'an inbound notification is remembered until it expires',
    async run({ store }) {
      assert.equal(await store.rememberInboundNotification('sig-1', T0, T0 + 600_000), true);
      assert.equal(await store.rememberInboundNotification('sig-1', T0 + 1_000, T0 + 601_000), false);
      await store.forgetInboundNotification('sig-1');
      assert.equal(await store.rememberInboundNotification('sig-1', T0 + 2_000, T0 + 602_000), true);
      // Past its expiry the receipt is swept; by then the sender's clock check refuses the body anyway.
      assert.equal(await store.rememberInboundNotification('sig-2', T0 + 700_000, T0 + 1_300_000), true);
      assert.equal(await store.rememberInboundNotification('sig-1', T0 + 700_000, T0 + 1_300_000), true);
    },
  },
];
