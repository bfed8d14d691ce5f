// The simulator's controls: GrocerControl (what the admin API's grocer routes change) and its own tools for tests.
import { CommerceError, type CatalogVersion } from '@grocery/core';
import type { GrocerControl, GrocerOrder } from '@grocery/core/ports';
import type { FeedEntry } from './price-feed.ts';
import type { Promotion } from './promotions.ts';
import { isRecord } from './simulator-input.ts';
import type { GrocerSimulator } from './simulator-contract.ts';
import type { SimulatorWorld } from './simulator-world.ts';

/** `GrocerControl`: what the admin API's grocer routes change. */
export function controlMethods(world: SimulatorWorld): GrocerControl {
  const { catalog, clock } = world;
  return {
    async setPrice(input: { branchCode: string; cprcode: string; amountSatang: number | null }): Promise<void> {
      if (!isRecord(input)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
      const branch = world.requireBranch(input.branchCode);
      const { product } = catalog.require(input.cprcode);
      const amount = input.amountSatang;
      if (
        amount !== null &&
        (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0 || amount > 100_000_000)
      ) {
        throw new CommerceError(
          'INVALID_INPUT',
          'amountSatang must be null or a whole number of satang up to 100,000,000.',
          { field: 'amountSatang' },
        );
      }
      world.priceFeed.setOverride(branch.branch.branchCode, product.cprcode, amount);
    },

    async setStock(input: { branchCode: string; cprcode: string; qty: number }): Promise<void> {
      if (!isRecord(input)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
      const branch = world.requireBranch(input.branchCode);
      const { product } = catalog.require(input.cprcode);
      if (typeof input.qty !== 'number' || !Number.isInteger(input.qty) || Math.abs(input.qty) > 1_000_000) {
        throw new CommerceError('INVALID_INPUT', 'qty must be a whole number between -1,000,000 and 1,000,000.', {
          field: 'qty',
        });
      }
      world.stockFeed.setOverride(branch.branch.branchCode, product.cprcode, input.qty);
    },

    async setProductActive(input: { cprcode: string; active: boolean }): Promise<void> {
      if (!isRecord(input)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
      const { index } = catalog.require(input.cprcode);
      if (typeof input.active !== 'boolean')
        throw new CommerceError('INVALID_INPUT', 'active must be true or false.', { field: 'active' });
      catalog.setActive(index, input.active, new Date(clock.now()).toISOString());
    },

    async bumpCatalogVersion(): Promise<CatalogVersion> {
      return catalog.bump(new Date(clock.now()).toISOString());
    },

    async setFaults(input: { latencyMs?: number; errorRate?: number; timeoutRate?: number }): Promise<void> {
      if (!isRecord(input)) throw new CommerceError('INVALID_INPUT', 'The request must be an object.');
      world.faults.set(input);
    },

    async advanceOrder(orderId: string): Promise<GrocerOrder> {
      const record = world.requireOrder(orderId);
      const now = clock.now();
      if (!record.order.payment.isPaid) {
        throw new CommerceError(
          'INVALID_INPUT',
          `Order ${record.order.orderId} is not paid; picking starts after payment.`,
          {
            field: 'orderId',
            details: { orderId: record.order.orderId },
          },
        );
      }
      if (world.orders.advance(record, now)) world.notifications.transitions(record, now);
      return world.orders.view(record, now);
    },
  };
}

/** Simulator-only reads and controls, for tests and tools. */
export function toolMethods(
  world: SimulatorWorld,
): Pick<GrocerSimulator, 'allProducts' | 'feedEntry' | 'promotion' | 'setPromotion' | 'coupons' | 'faults'> {
  const { catalog } = world;
  return {
    allProducts: () => catalog.all(),
    feedEntry(branchCode: string, cprcode: string): FeedEntry {
      const branch = world.requireBranch(branchCode);
      const { index, product } = catalog.require(cprcode);
      return world.priceFeed.entry(branch, index, product);
    },
    promotion(cprcode: string): Promotion | null {
      const { index, product } = catalog.require(cprcode);
      return world.promotionOf(index, product);
    },
    setPromotion(cprcode: string, promotion: Promotion | null): void {
      const { product } = catalog.require(cprcode);
      world.overridePromotion(product.cprcode, promotion);
    },
    coupons: () => world.couponBook.list(),
    faults: () => world.faults.settings,
  };
}
