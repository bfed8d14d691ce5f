import assert from 'node:assert/strict';
import type { StoreContractCase } from './store-contract-fixtures.ts';

/** The `OperationsStore` part of the store contract: a background job's turn goes to one caller at a time. */
export const operationsStoreContract: readonly StoreContractCase[] = [
  {
    name: "a background job's turn goes to one of many racing callers, and comes again when it is due",
    async run({ store }) {
      const t0 = Date.UTC(2026, 10, 22, 3);
      const every = 600_000;
      const race = (nowMs: number) =>
        Promise.all(
          Array.from({ length: 8 }, () =>
            store.claimJobTurn('idempotency-sweep', { nowMs, nextTurnAtMs: nowMs + every }),
          ),
        );
      assert.equal((await race(t0)).filter(Boolean).length, 1, 'the first turn goes to one caller');
      assert.equal(
        await store.claimJobTurn('idempotency-sweep', { nowMs: t0 + every - 1, nextTurnAtMs: t0 + 2 * every }),
        false,
        'none before the next is due',
      );
      assert.equal((await race(t0 + every)).filter(Boolean).length, 1, 'the next turn goes to one caller again');
    },
  },
];
