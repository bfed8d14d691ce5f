/**
 * Injected faults for tests and demos: added latency, a share of calls that fail with
 * GROCER_UNAVAILABLE, and a share that hang until a timeout. Applied inside the simulator, so the
 * in-process gateway and the HTTP server (hence the HTTP client) feel them alike. Decisions come
 * from a seeded generator, so a run with the same seed fails the same calls.
 */
import { CommerceError } from '@grocery/core';
import { createRandom, hashInts, SALT } from './random.ts';

export interface FaultSettings {
  latencyMs: number;
  errorRate: number;
  timeoutRate: number;
}

export const NO_FAULTS: FaultSettings = { latencyMs: 0, errorRate: 0, timeoutRate: 0 };
const MAX_FAULT_LATENCY_MS = 60_000;

export interface FaultInjectorOptions {
  seed: number;
  /** How long a "timed out" call hangs before failing. Default 30,000 ms. */
  hangMs?: number;
}

export class FaultInjector {
  #settings: FaultSettings = NO_FAULTS;
  readonly #random: () => number;
  readonly #hangMs: number;
  readonly #pending = new Map<NodeJS.Timeout, () => void>();

  constructor(options: FaultInjectorOptions) {
    this.#random = createRandom(hashInts(options.seed, SALT.faults));
    this.#hangMs = options.hangMs ?? 30_000;
  }

  get settings(): FaultSettings {
    return { ...this.#settings };
  }

  /** Changes some settings; the others keep their values. */
  set(input: Partial<FaultSettings>): FaultSettings {
    const next = { ...this.#settings };
    if (input.latencyMs !== undefined) {
      if (!Number.isInteger(input.latencyMs) || input.latencyMs < 0 || input.latencyMs > MAX_FAULT_LATENCY_MS) {
        throw new CommerceError(
          'INVALID_INPUT',
          `latencyMs must be a whole number from 0 to ${MAX_FAULT_LATENCY_MS}.`,
          { field: 'latencyMs' },
        );
      }
      next.latencyMs = input.latencyMs;
    }
    for (const key of ['errorRate', 'timeoutRate'] as const) {
      const value = input[key];
      if (value === undefined) continue;
      if (typeof value !== 'number' || !(value >= 0 && value <= 1))
        throw new CommerceError('INVALID_INPUT', `${key} must be a number from 0 to 1.`, { field: key });
      next[key] = value;
    }
    this.#settings = next;
    return this.settings;
  }

  /** Called before each gateway operation: waits, hangs or fails as configured. */
  async apply(): Promise<void> {
    const { latencyMs, errorRate, timeoutRate } = this.#settings;
    if (latencyMs > 0) await this.#sleep(latencyMs);
    if (timeoutRate > 0 && this.#random() < timeoutRate) {
      await this.#sleep(this.#hangMs);
      throw new CommerceError('GROCER_UNAVAILABLE', 'The grocer did not answer in time (injected timeout).');
    }
    if (errorRate > 0 && this.#random() < errorRate)
      throw new CommerceError('GROCER_UNAVAILABLE', 'The grocer failed (injected error).');
  }

  /** Ends every pending wait at once. */
  close(): void {
    for (const [timer, resolve] of this.#pending) {
      clearTimeout(timer);
      resolve();
    }
    this.#pending.clear();
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(timer);
        resolve();
      }, ms);
      this.#pending.set(timer, resolve);
    });
  }
}
