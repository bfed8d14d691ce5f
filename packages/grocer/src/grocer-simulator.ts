/**
 * The in-process grocer: a simulator implementing core's `GrocerGateway` and `GrocerControl` over a
 * generated catalog, branch price feeds, stock, the calculator, orders with picking progress,
 * sandbox payment recording, fault injection and signed notifications to the service.
 */
import { systemClock } from '@grocery/core/ports';
import type { GrocerSimulator, GrocerSimulatorOptions } from './simulator-contract.ts';
import { branchReads, catalogReads } from './simulator-catalog.ts';
import { controlMethods, toolMethods } from './simulator-control.ts';
import { orderMethods } from './simulator-orders.ts';
import { createWorld } from './simulator-world.ts';

export { MAX_BATCH, MAX_EXPORT_BATCH } from './simulator-input.ts';

/**
 * Creates the in-process grocer.
 *
 * @example
 * const grocer = createGrocerSimulator({ productCount: 2_000, clock: new ManualClock() });
 * const [lookup] = await grocer.prices('BKK01', [grocer.allProducts()[0].cprcode]);
 * await grocer.close();
 */
export function createGrocerSimulator(options: GrocerSimulatorOptions = {}): GrocerSimulator {
  const clock = options.clock ?? systemClock;
  const pickingStepMs = options.pickingStepMs ?? 60_000;
  if (!Number.isFinite(pickingStepMs) || pickingStepMs <= 0)
    throw new RangeError('pickingStepMs must be a positive number');
  let closed = false;
  const world = createWorld(options, clock, pickingStepMs, () => closed);
  const timer = world.notifications.enabled
    ? setInterval(() => world.notifications.scan(), options.notifyIntervalMs ?? 1000)
    : null;
  timer?.unref();

  return {
    seed: world.seed,
    ...catalogReads(world),
    ...branchReads(world),
    ...orderMethods(world),
    ...controlMethods(world),
    ...toolMethods(world),
    async notifyPending(): Promise<void> {
      world.notifications.scan();
      await world.notifications.idle();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      world.faults.close();
      await world.notifications.close();
    },
  };
}
