/**
 * Runs a background round again and again until stopped: at once while the round says more work
 * is due, after `idleMs` (real time) otherwise. Shared by the webhook dispatcher and the order poller.
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
