import { performance } from 'node:perf_hooks';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import type { CatalogLogger } from './catalog-logger.ts';
import type { BuildStats } from './catalog-snapshot.ts';

type Stage = BuildStats['stages'] extends Record<infer K, number> ? K : never;

/** Tracks the stage a build is in, the time spent working in each, and the progress line. */
export class BuildClock {
  readonly #log: CatalogLogger;
  readonly #after: number;
  readonly #start = performance.now();
  readonly #stages: Record<Stage, number> = { reading: 0, indexing: 0, columns: 0, files: 0 };
  #stage: Stage = 'reading';
  #stageSince = performance.now();
  #lastLine = 0;
  #waited = 0;
  #longestSlice = 0;
  #longestSliceStage = '';
  done = 0;
  total = 0;

  constructor(log: CatalogLogger, after: number) {
    this.#log = log;
    this.#after = after;
  }

  enter(stage: Stage): void {
    const now = performance.now();
    this.#stages[this.#stage] += now - this.#stageSince;
    this.#stage = stage;
    this.#stageSince = now;
  }

  /** Records a slice of work that just ended and a wait for the event loop that follows it. */
  async yieldAfter(sliceMs: number): Promise<void> {
    if (sliceMs > this.#longestSlice) {
      this.#longestSlice = sliceMs;
      this.#longestSliceStage = this.#stage;
    }
    const now = performance.now();
    if (now - this.#start >= this.#after && now - this.#lastLine >= 1000) {
      this.#lastLine = now;
      this.#log(
        `catalog snapshot: ${this.#stage} ${this.done}/${this.total} products after ${((now - this.#start) / 1000).toFixed(1)} s`,
      );
    }
    await nextMacrotask();
    const waited = performance.now() - now;
    this.#waited += waited;
    // Time spent waiting is not work of the stage.
    this.#stageSince += waited;
  }

  finish(): BuildStats {
    this.enter(this.#stage);
    const totalMs = performance.now() - this.#start;
    return {
      totalMs,
      workMs: totalMs - this.#waited,
      longestSliceMs: this.#longestSlice,
      longestSliceStage: this.#longestSliceStage,
      stages: { ...this.#stages },
    };
  }
}
