/**
 * Small helpers shared by the benchmarks: timing loops, percentiles, memory and markdown tables.
 * Benchmarks compare side by side in one run (ratios), because the machine is shared and noisy.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * The Node.js flags `npm start` gives the service (package.json's start script, between `node` and
 * the script), so that every benchmark process runs the service as it runs in production.
 */
export function serviceNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const tokens = pkg.scripts.start.split(/\s+/).slice(1);
  const script = tokens.findIndex((token) => !token.startsWith('--'));
  return script === -1 ? tokens : tokens.slice(0, script);
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  /** Operations per second over the measured wall time. */
  opsPerSec: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(samplesMs: number[], wallMs: number): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const total = sorted.reduce((sum, v) => sum + v, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: total / Math.max(1, sorted.length),
    opsPerSec: (sorted.length / wallMs) * 1000,
  };
}

/** Runs `fn` sequentially `iterations` times after `warmup` runs and summarises latencies. */
export async function measure(
  fn: () => unknown,
  options: { iterations: number; warmup?: number },
): Promise<LatencySummary> {
  for (let i = 0; i < (options.warmup ?? Math.ceil(options.iterations / 10)); i++) await fn();
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < options.iterations; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summarize(samples, performance.now() - start);
}

/** Runs `fn` with `concurrency` callers in flight for `iterations` calls in total. */
export async function measureConcurrent(
  fn: () => Promise<unknown>,
  options: { iterations: number; concurrency: number; warmup?: number },
): Promise<LatencySummary> {
  for (let i = 0; i < (options.warmup ?? Math.ceil(options.iterations / 10)); i++) await fn();
  const samples: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.iterations) {
        next++;
        const t0 = performance.now();
        await fn();
        samples.push(performance.now() - t0);
      }
    }),
  );
  return summarize(samples, performance.now() - start);
}

/**
 * Measures alternatives interleaved in rounds (A, B, A, B, ...) so that machine noise hits both alike,
 * and returns each one's summary.
 */
export async function compareInterleaved<K extends string>(
  candidates: Record<K, () => Promise<unknown>>,
  options: { rounds: number; iterationsPerRound: number; concurrency?: number; warmup?: number },
): Promise<Record<K, LatencySummary>> {
  const names = Object.keys(candidates) as K[];
  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  const wall = Object.fromEntries(names.map((n) => [n, 0])) as Record<K, number>;
  for (const name of names)
    for (let i = 0; i < (options.warmup ?? options.iterationsPerRound); i++) await candidates[name]();
  for (let round = 0; round < options.rounds; round++) {
    for (const name of names) {
      const fn = candidates[name];
      let next = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: options.concurrency ?? 1 }, async () => {
          while (next < options.iterationsPerRound) {
            next++;
            const t0 = performance.now();
            await fn();
            samples[name].push(performance.now() - t0);
          }
        }),
      );
      wall[name] += performance.now() - start;
    }
  }
  return Object.fromEntries(names.map((n) => [n, summarize(samples[n], wall[n])])) as Record<K, LatencySummary>;
}

export function heapUsedMb(): number {
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

export function rssMb(): number {
  return process.memoryUsage().rss / 1024 / 1024;
}

/** Forces a collection when node runs with --expose-gc (bench/run.ts starts it so). */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export function fmt(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return String(value);
  return value.toFixed(digits);
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** One section of the benchmark report. */
export interface BenchSection {
  title: string;
  /** Markdown body: tables and one-line notes. */
  body: string;
  /** Target checks: name, measured, target, pass. */
  targets?: { name: string; measured: string; target: string; pass: boolean }[];
}

export interface BenchOptions {
  /** Product counts to measure at (40k and 200k by default; BENCH_QUICK=1 makes it small). */
  productCounts: number[];
  /** PostgreSQL URL when available (BENCH_DATABASE_URL or TEST_DATABASE_URL). */
  databaseUrl: string | undefined;
  quick: boolean;
  log: (line: string) => void;
}

/** A benchmark module default-exports one of these. */
export type Benchmark = (options: BenchOptions) => Promise<BenchSection[]>;
