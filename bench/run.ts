/**
 * `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) and writes one
 * markdown report to bench/reports/latest.md (and a dated copy).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceNodeFlags, type Benchmark, type BenchOptions, type BenchSection } from './lib.ts';

const here = new URL('.', import.meta.url).pathname;

if (!(globalThis as { gc?: unknown }).gc) {
  // Re-run with --expose-gc so that memory figures are taken after a full collection, and with the
  // service's own flags, since the in-process benchmarks run the service here. The benchmarks run
  // the TypeScript sources: NODE_OPTIONS passes the "@grocery/source" condition to every process.
  const env = {
    ...process.env,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--conditions=@grocery/source'].filter(Boolean).join(' '),
  };
  const result = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--max-old-space-size=8192',
      ...serviceNodeFlags(),
      '--import',
      'tsx',
      join(here, 'run.ts'),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env },
  );
  process.exit(result.status ?? 1);
}

const quick = process.env.BENCH_QUICK === '1';
const options: BenchOptions = {
  productCounts: quick ? [2_000] : [40_000, 200_000],
  databaseUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  quick,
  log: (line) => console.error(`[bench] ${line}`),
};

const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const sections: BenchSection[] = [];
for (const file of files) {
  options.log(`running ${file}`);
  const mod = (await import(join(here, file))) as { default: Benchmark };
  try {
    sections.push(...(await mod.default(options)));
  } catch (error) {
    sections.push({ title: file, body: `Failed: ${(error as Error).stack ?? String(error)}` });
  }
}

const when = new Date().toISOString();
const targets = sections.flatMap((s) => (s.targets ?? []).map((t) => ({ ...t, section: s.title })));
const lines = [
  `# Benchmark report`,
  ``,
  `Run ${when} on node ${process.version}, ${process.platform}/${process.arch}; products: ${options.productCounts.join(', ')}; PostgreSQL: ${options.databaseUrl ? 'yes' : 'no (set BENCH_DATABASE_URL)'}.`,
  `Figures are side-by-side ratios taken in one run; the machine is shared, so absolute numbers vary.`,
  ``,
  `## Targets`,
  ``,
  `| Section | Check | Measured | Target | Pass |`,
  `| --- | --- | --- | --- | --- |`,
  ...targets.map((t) => `| ${t.section} | ${t.name} | ${t.measured} | ${t.target} | ${t.pass ? 'yes' : '**no**'} |`),
  ``,
  ...sections.flatMap((s) => [`## ${s.title}`, ``, s.body, ``]),
];
const dir = join(here, 'reports');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'latest.md'), lines.join('\n'));
if (only.length === 0) writeFileSync(join(dir, `${when.slice(0, 10)}.md`), lines.join('\n'));
console.log(lines.join('\n'));
