import assert from 'node:assert/strict';
import type { StoreContractCase } from './store-contract-fixtures.ts';

const window = Date.UTC(2026, 10, 22, 3, 0);

/**
 * The `RateLimitStore` part of the store contract: units granted up to the limit per window and
 * bucket; windows over deleted in batches, oldest first, of every bucket.
 */
export const rateLimitStoreContract: readonly StoreContractCase[] = [
  {
    name: 'rate units are granted up to the limit in each window, per bucket',
    async run({ store }) {
      assert.deepEqual(await store.takeRateUnits('contract:a', window, 3, 5), { granted: 3, used: 3 });
      assert.deepEqual(await store.takeRateUnits('contract:a', window, 3, 5), { granted: 2, used: 5 });
      assert.deepEqual(await store.takeRateUnits('contract:a', window, 1, 5), { granted: 0, used: 5 });
      assert.deepEqual(
        await store.takeRateUnits('contract:a', window + 60_000, 1, 5),
        { granted: 1, used: 1 },
        'a new window starts afresh',
      );
      assert.deepEqual(await store.takeRateUnits('contract:b', window, 4, 5), { granted: 4, used: 4 });
    },
  },
  {
    name: 'windows that started before the cut-off are deleted in batches, oldest first, of every bucket; later ones are kept',
    async run({ store }) {
      // Beside the windows above (a and b at `window`, a a minute later): an older one of bucket c.
      assert.deepEqual(await store.takeRateUnits('contract:c', window - 120_000, 2, 5), { granted: 2, used: 2 });
      const sweep = { startedBeforeMs: window + 60_000, limit: 2 };
      assert.equal(await store.deleteExpiredRateWindows(sweep), 2, 'a batch is at most the limit');
      assert.deepEqual(
        await store.takeRateUnits('contract:c', window - 120_000, 0, 5),
        { granted: 0, used: 0 },
        'the oldest went first',
      );
      assert.equal(await store.deleteExpiredRateWindows(sweep), 2, "then the rest, c's window taken again included");
      assert.equal(await store.deleteExpiredRateWindows(sweep), 0);
      assert.deepEqual(
        await store.takeRateUnits('contract:a', window + 60_000, 0, 5),
        { granted: 0, used: 1 },
        'a window from the cut-off on is kept',
      );
      assert.deepEqual(
        await store.takeRateUnits('contract:b', window, 1, 5),
        { granted: 1, used: 1 },
        'a deleted window starts afresh',
      );
    },
  },
];
