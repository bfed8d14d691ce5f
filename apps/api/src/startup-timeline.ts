import { performance } from 'node:perf_hooks';

/** The phases of a start, in the order they end on the way to ready. */
export const STARTUP_PHASES = [
  'moduleLoad',
  'database',
  'grocer',
  'catalogSnapshot',
  'searchIndex',
  'listening',
] as const;
export type StartupPhase = (typeof STARTUP_PHASES)[number];

/** How long each phase of the start took, in ms; they add up to `totalMs` (process start to serving). */
export interface StartupTimings {
  phases: Record<StartupPhase, number>;
  totalMs: number;
  /** Where the search index came from: `stored` (loaded), `built`, or null without an embedded search service. */
  searchIndex: 'stored' | 'built' | null;
}

/**
 * Splits a start into consecutive phases: each `end(phase)` closes the phase that ran since the
 * previous mark (module load runs from process start to the timeline's creation). Work that
 * overlaps a phase (the identity provider starts while the search index loads) counts in the
 * phase it overlaps, so the phases add up to the wall time to ready.
 *
 * @example
 * const startup = createStartupTimeline();
 * await openDatabase(); startup.end('database');
 */
export function createStartupTimeline(now: () => number = () => performance.now()) {
  const phases: Record<StartupPhase, number> = {
    moduleLoad: 0,
    database: 0,
    grocer: 0,
    catalogSnapshot: 0,
    searchIndex: 0,
    listening: 0,
  };
  let last = now();
  phases.moduleLoad = Math.round(last);
  let done: StartupTimings | null = null;
  return {
    end(phase: Exclude<StartupPhase, 'moduleLoad'>): void {
      const at = now();
      phases[phase] += Math.round(at - last);
      last = at;
    },
    /** Closes the start (the rest counts as `listening`) and returns the timings. */
    finish(searchIndex: StartupTimings['searchIndex']): StartupTimings {
      this.end('listening');
      done = { phases: { ...phases }, totalMs: Object.values(phases).reduce((sum, ms) => sum + ms, 0), searchIndex };
      return done;
    },
    /** The timings once the start finished, else null. */
    timings: (): StartupTimings | null => done,
  };
}

export type StartupTimeline = ReturnType<typeof createStartupTimeline>;
