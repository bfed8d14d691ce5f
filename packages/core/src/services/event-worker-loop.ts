import { hostname } from 'node:os';
import { newId } from '../model/ids.ts';

/**
 * Runs a background round again and again until stopped: at once while the round says more work
 * is due, after `idleMs` (real time) otherwise. The loop under every {@link BackgroundWorker}.
 */
export class EventWorkerLoop {
  readonly #round: () => Promise<boolean>;
  readonly #idleMs: number;
  readonly #onError: (error: unknown) => void;
  #loop: Promise<void> | null = null;
  /** Bumped by start and stop, so a loop knows when it is no longer the current one. */
  #generation = 0;
  #wake: (() => void) | null = null;

  /** `round` resolves true when more work is due right away. */
  constructor(options: { round: () => Promise<boolean>; idleMs: number; onError: (error: unknown) => void }) {
    this.#round = options.round;
    this.#idleMs = options.idleMs;
    this.#onError = options.onError;
  }

  get running(): boolean {
    return this.#loop !== null;
  }

  start(): void {
    if (this.#loop) return;
    this.#loop = this.#run(++this.#generation);
  }

  /**
   * Stops after the current round. If it has not finished within `drainMs`, `onDrainTimeout` is
   * called (to abort in-flight work) and the round is awaited still.
   */
  async stop(drainMs: number, onDrainTimeout: () => void): Promise<void> {
    const loop = this.#loop;
    if (!loop) return;
    this.#loop = null;
    this.#generation++;
    this.#wake?.();
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      loop.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), drainMs);
      }),
    ]);
    clearTimeout(timer);
    if (!drained) {
      onDrainTimeout();
      await loop;
    }
  }

  async #run(generation: number): Promise<void> {
    while (this.#generation === generation) {
      let more = false;
      try {
        more = await this.#round();
      } catch (error) {
        this.#onError(error);
      }
      if (this.#generation !== generation) break;
      if (!more) await this.#idle();
    }
  }

  #idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = null;
        resolve();
      };
      const timer = setTimeout(done, this.#idleMs);
      this.#wake = done;
    });
  }
}

/** What a process starts on boot and stops on shutdown. */
export interface WorkerLifecycle {
  readonly running: boolean;
  start(): void;
  /** Resolves once the worker's current work is done (or released); `drainMs` bounds how long in-flight work may take, where the worker can cut it short. */
  stop(options?: { drainMs?: number }): Promise<void>;
}

export interface BackgroundWorkerOptions {
  /** Names the worker in the default error log, e.g. `order-poller`. */
  name: string;
  /** Real-time pause between rounds when nothing was due. */
  idleMs: number;
  /** Called with what a round throws (the loop goes on); logged to the console by default. */
  onError?: ((error: unknown) => void) | undefined;
}

/**
 * The start/stop loop of every background worker (the webhook dispatcher, the order poller, the
 * recovery worker, the expiry sweeper): `round()` runs again and again, at once while it says more is due and after
 * `idleMs` otherwise, until `stop()`, which waits for the round under way.
 */
export abstract class BackgroundWorker implements WorkerLifecycle {
  /** Where a round's faults go (`options.onError`, or the console). */
  protected readonly onError: (error: unknown) => void;
  readonly #loop: EventWorkerLoop;

  protected constructor(options: BackgroundWorkerOptions) {
    this.onError = options.onError ?? ((error) => console.error(`[${options.name}]`, error));
    this.#loop = new EventWorkerLoop({ round: () => this.round(), idleMs: options.idleMs, onError: this.onError });
  }

  /** One round of work; resolves true when more is due right away. */
  protected abstract round(): Promise<boolean>;

  get running(): boolean {
    return this.#loop.running;
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops after the current round, which is awaited (nothing cuts it short). */
  async stop(_options?: { drainMs?: number }): Promise<void> {
    await this.#loop.stop(60_000, () => {});
  }

  /** Stops after the current round: if it runs past `drainMs`, `onDrainTimeout` is called (to cut it short) and the round is awaited still. */
  protected async stopLoop(drainMs: number, onDrainTimeout: () => void): Promise<void> {
    await this.#loop.stop(drainMs, onDrainTimeout);
  }
}

/** Names one process's claims (`host:pid:random`), unique per process. */
export function defaultInstanceId(): string {
  return `${hostname()}:${process.pid}:${newId('i').slice(2, 10)}`;
}
