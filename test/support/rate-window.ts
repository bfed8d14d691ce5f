import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Rate limits count in fixed minute windows: a test that fills a window waits, when a window is
 * about to end, for the next one, so the count it checks is not split across two windows.
 */
export async function awayFromWindowEdge(marginMs = 20_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await sleep(left + 50);
}
