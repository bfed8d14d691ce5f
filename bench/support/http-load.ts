/**
 * HTTP load for benchmarks: autocannon against servers in another process, interleaved in rounds
 * so that machine noise hits every candidate alike.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { serviceNodeFlags } from '../lib.ts';

export interface HttpTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

async function load(target: HttpTarget, options: { connections: number; durationSec: number }): Promise<LoadResult> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    duration: options.durationSec,
  });
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/** Runs each target for `durationSec`, `rounds` times in turn, and averages per target. */
export async function compareHttp<K extends string>(
  targets: Record<K, HttpTarget>,
  options: { rounds: number; durationSec: number; connections: number; warmupSec?: number },
): Promise<Record<K, LoadResult>> {
  const names = Object.keys(targets) as K[];
  for (const name of names)
    await load(targets[name], { connections: options.connections, durationSec: options.warmupSec ?? 1 });
  const runs = Object.fromEntries(names.map((n) => [n, [] as LoadResult[]])) as Record<K, LoadResult[]>;
  for (let round = 0; round < options.rounds; round++) {
    for (const name of names) runs[name].push(await load(targets[name], options));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return Object.fromEntries(
    names.map((name) => {
      const list = runs[name];
      return [
        name,
        {
          requestsPerSec: mean(list.map((r) => r.requestsPerSec)),
          p50: mean(list.map((r) => r.p50)),
          p90: mean(list.map((r) => r.p90)),
          p99: mean(list.map((r) => r.p99)),
          errors: list.reduce((a, r) => a + r.errors, 0),
          non2xx: list.reduce((a, r) => a + r.non2xx, 0),
          requests: list.reduce((a, r) => a + r.requests, 0),
        },
      ];
    }),
  ) as Record<K, LoadResult>;
}

/** Starts a TypeScript child process that prints one JSON line when ready; `stop()` ends its stdin. */
export async function startChild<T>(
  script: string,
  args: string[] = [],
): Promise<{ info: T; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      ...serviceNodeFlags(),
      ...(process.env.BENCH_CHILD_FLAGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      script,
      ...args,
    ],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as T));
  });
  return {
    info,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.end();
        setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
      }),
  };
}
