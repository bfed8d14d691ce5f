/** What a health check reports of one dependency: whether it answered, how fast, and why not. */
export interface DependencyCheck {
  ok: boolean;
  ms: number;
  error?: string;
}

/**
 * Runs one dependency's check for a health endpoint, bounded so that a hung database or grocer
 * makes the endpoint say so in time rather than hang the load balancer's probe with it.
 *
 * @example
 * const database = await checkDependency(() => db.query('SELECT 1'));
 */
export async function checkDependency(check: () => Promise<unknown>, timeoutMs = 2_000): Promise<DependencyCheck> {
  const start = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs)))]);
    return { ok: true, ms: Math.round(performance.now() - start) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - start), error: error instanceof Error ? error.message : 'failed' };
  } finally {
    clearTimeout(timer);
  }
}
