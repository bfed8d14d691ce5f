import assert from 'node:assert/strict';
import type { StoreContractCase } from './store-contract-fixtures.ts';

/** The `RateLimitStore` part of the store contract: units granted up to the limit per window and bucket. */
export const rateLimitStoreContract: readonly StoreContractCase[] = [
  {
    name: 'rate units are granted up to the limit in each window, per bucket',
    async run({ store }) {
      const window = Date.UTC(2026, 10, 22, 3, 0);
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
];
