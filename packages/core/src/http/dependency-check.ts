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
    await Promise.race([
      check(),
      new Promise(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs)),
      ),
    ]);
    return { ok: true, ms: Math.round(performance.now() - start) };
  } catch (error) {
    return {
      ok: false,
      ms: Math.round(performance.now() - start),
      error: error instanceof Error ? error.message : 'failed',
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A dependency check for health endpoints that costs the dependency one call per `ttlMs` however
 * many probes arrive: callers meanwhile share the check in flight, then its result (failed or not)
 * until it is `ttlMs` old. Unauthenticated `/health` requests must not become load on the grocer.
 *
 * @example
 * const grocer = cachedDependencyCheck(() => gateway.catalogVersion(), { ttlMs: 5_000 });
 * const { ok } = await grocer();
 */
export function cachedDependencyCheck(
  check: () => Promise<unknown>,
  options: { ttlMs: number; timeoutMs?: number; now?: () => number },
): () => Promise<DependencyCheck> {
  const now = options.now ?? (() => performance.now());
  let last: { at: number; result: DependencyCheck } | null = null;
  let running: Promise<DependencyCheck> | null = null;
  return () => {
    if (last && now() - last.at < options.ttlMs) return Promise.resolve(last.result);
    running ??= checkDependency(check, options.timeoutMs).then((result) => {
      last = { at: now(), result };
      running = null;
      return result;
    });
    return running;
  };
}
