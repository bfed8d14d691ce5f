/** Time as the domain sees it; tests pass a clock they can move. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The clock of production: the system's time (`Date.now()`); the default wherever a Clock is optional. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to, for tests and simulations. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: number = Date.UTC(2026, 10, 22, 3, 0, 0)) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  advance(ms: number): void {
    this.#now += ms;
  }
  set(ms: number): void {
    this.#now = ms;
  }
}
