/**
 * A grocer port with faults at chosen operations, for saga tests in one process: `lose` lets the
 * grocer do the work and then loses its answer (what a client timeout or a reset after sending
 * looks like), `fail` fails before the grocer sees the call (it did nothing). Calls are counted per
 * operation. The HTTP fault-injection suite does the same over a real network with a proxy.
 */
import { CommerceError } from '@grocery/core';
import type { GrocerGateway } from '@grocery/core/ports';

export type GrocerOperation = {
  [K in keyof GrocerGateway]: GrocerGateway[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof GrocerGateway];

export type FaultKind = 'lose' | 'fail';

export interface FaultyGrocer {
  grocer: GrocerGateway;
  /** The next `times` calls of `operation` meet the fault (default once). */
  fault(operation: GrocerOperation, kind: FaultKind, times?: number): void;
  /** Every call of `operation` meets the fault until `clear`. */
  faultAlways(operation: GrocerOperation, kind: FaultKind): void;
  clear(): void;
  /** Calls of `operation` that reached the grocer. */
  reached(operation: GrocerOperation): number;
}

const unanswered = (operation: string) =>
  new CommerceError('GROCER_UNAVAILABLE', `The grocer did not answer ${operation} (injected).`);

/**
 * Wraps `inner`.
 *
 * @example
 * const faulty = faultyGrocer(simulator);
 * faulty.fault('createOrder', 'lose'); // the order is created; the caller sees GROCER_UNAVAILABLE
 */
export function faultyGrocer(inner: GrocerGateway): FaultyGrocer {
  const rules = new Map<string, { kind: FaultKind; left: number }>();
  const counts = new Map<string, number>();
  const grocer = new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || property === 'exportCatalog') return value;
      return async (...args: unknown[]) => {
        const rule = rules.get(property);
        if (rule && rule.left > 0) {
          rule.left--;
          if (rule.kind === 'fail') throw unanswered(property);
          counts.set(property, (counts.get(property) ?? 0) + 1);
          await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          throw unanswered(property);
        }
        counts.set(property, (counts.get(property) ?? 0) + 1);
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
  return {
    grocer,
    fault: (operation, kind, times = 1) => rules.set(operation, { kind, left: times }),
    faultAlways: (operation, kind) => rules.set(operation, { kind, left: Infinity }),
    clear: () => rules.clear(),
    reached: (operation) => counts.get(operation) ?? 0,
  };
}
