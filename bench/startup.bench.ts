/**
 * Start-up: `npm start` (the compiled service, embedded PGlite and grocer simulator) from spawn to
 * /health/ready answering 200, on a fresh data directory (cold first start: the catalog snapshot and
 * the search index are built) and again on the same one (warm restart: both are loaded). The split
 * into phases is the service's own (`startup` on /health); each start is checked with a search.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fmt, serviceNodeFlags, table, type Benchmark, type BenchSection } from './lib.ts';

const root = new URL('..', import.meta.url).pathname;
const PHASES = ['moduleLoad', 'database', 'grocer', 'catalogSnapshot', 'searchIndex', 'listening'] as const;
const PHASE_TITLES = ['module load', 'database', 'grocer', 'catalog snapshot', 'search index', 'listening'];

interface StartResult {
  kind: 'cold' | 'warm';
  readyMs: number;
  phases: Record<(typeof PHASES)[number], number>;
  searchIndex: string | null;
  searchOk: boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startOnce(
  kind: StartResult['kind'],
  env: Record<string, string>,
  port: number,
  timeoutMs: number,
): Promise<StartResult> {
  // The child runs compiled JavaScript: without the source condition the bench process runs under.
  const childEnv = { ...process.env, ...env };
  delete childEnv.NODE_OPTIONS;
  const started = performance.now();
  const child = spawn(process.execPath, [...serviceNodeFlags(), join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let exited = false;
  child.once('exit', () => (exited = true));
  const origin = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (exited) throw new Error(`the service exited before it was ready: ${stderr}`);
      if (performance.now() - started > timeoutMs) throw new Error(`not ready within ${timeoutMs} ms`);
      const status = await fetch(`${origin}/health/ready`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const readyMs = performance.now() - started;
    const health = (await (await fetch(`${origin}/health`)).json()) as {
      startup?: { phases: StartResult['phases']; searchIndex: string | null };
    };
    // The first request a partner makes must be answered correctly, not only readiness.
    const credentials = JSON.parse(readFileSync(join(env.DATA_DIR!, 'dev-credentials.json'), 'utf8')) as {
      partnerKey: string;
      searchUrl: string;
    };
    const search = await fetch(`${credentials.searchUrl}/v1/search?q=milk&lang=en&limit=5`, {
      headers: { 'x-partner-key': credentials.partnerKey },
    });
    const hits = search.ok ? ((await search.json()) as { hits: unknown[] }).hits.length : 0;
    return {
      kind,
      readyMs,
      phases:
        health.startup?.phases ?? (Object.fromEntries(PHASES.map((p) => [p, Number.NaN])) as StartResult['phases']),
      searchIndex: health.startup?.searchIndex ?? null,
      searchOk: hits > 0,
    };
  } finally {
    child.kill('SIGTERM');
    if (!exited) await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** MB of the files under DATA_DIR/`dir` whose names end with `suffix`. */
function filesMb(dataDir: string, dir: string, suffix = ''): number {
  try {
    const path = join(dataDir, dir);
    return (
      readdirSync(path)
        .filter((name) => name.endsWith(suffix))
        .reduce((sum, name) => sum + statSync(join(path, name)).size, 0) /
      1024 /
      1024
    );
  } catch {
    return 0;
  }
}

const startupBench: Benchmark = async (options) => {
  // `npm start` runs the compiled build; make sure it matches the source, as `prestart` does.
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-if-stale.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (built.status !== 0) throw new Error('the build failed');

  const rows: (string | number)[][] = [];
  const targets: NonNullable<BenchSection['targets']> = [];
  const notes: string[] = [];
  const warmRuns = options.quick ? 1 : 2;
  for (const count of options.productCounts) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
    try {
      // Fixed ports: the public URL is part of the snapshot, so a restart must keep it.
      const port = await freePort();
      const env = {
        DATA_DIR: dataDir,
        PORT: String(port),
        SEARCH_PORT: String(await freePort()),
        HOST: '127.0.0.1',
        GROCER_PRODUCTS: String(count),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      };
      const timeoutMs = count >= 200_000 ? 900_000 : 300_000;
      const results: StartResult[] = [await startOnce('cold', env, port, timeoutMs)];
      for (let i = 0; i < warmRuns; i++) results.push(await startOnce('warm', env, port, timeoutMs));
      const label = count.toLocaleString('en-US');
      for (const r of results) {
        options.log(`startup ${label} ${r.kind}: ready in ${fmt(r.readyMs, 0)} ms (search index ${r.searchIndex})`);
        rows.push([
          label,
          r.kind,
          fmt(r.readyMs, 0),
          ...PHASES.map((p) => fmt(r.phases[p], 0)),
          r.searchIndex ?? '-',
          r.searchOk ? 'yes' : '**no**',
        ]);
      }
      notes.push(
        `${label} products: index file ${fmt(filesMb(dataDir, 'search-index'), 1)} MB in DATA_DIR/search-index; snapshot encoding ${fmt(filesMb(dataDir, 'catalog-snapshot', '.bin'), 1)} MB in DATA_DIR/catalog-snapshot.`,
      );
      const cold = results[0]!;
      const warm = Math.min(...results.slice(1).map((r) => r.readyMs));
      if (count === 40_000) {
        targets.push({
          name: 'cold first start to ready, 40k',
          measured: `${fmt(cold.readyMs / 1000, 1)} s`,
          target: '≤ 15 s',
          pass: cold.readyMs <= 15_000 && cold.searchOk,
        });
        targets.push({
          name: 'warm restart to ready, 40k',
          measured: `${fmt(warm / 1000, 1)} s`,
          target: '≤ 5 s',
          pass: warm <= 5_000 && results.slice(1).every((r) => r.searchOk && r.searchIndex === 'stored'),
        });
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const body = [
    `\`npm start\` (compiled, embedded PGlite and grocer simulator) from spawn to /health/ready = 200. Cold: a fresh DATA_DIR (catalog snapshot built, the search index build started in its worker, then PGlite creates the database while the index builds: "database" is initdb and migrations overlapping the index build, "search index" what is left of it). Warm: a restart on the same DATA_DIR (snapshot decoded from its local encoding after a check against the published manifest, search index loaded from its file). Phases in ms, as the service reports them on /health (\`startup\`); they add up to its own start time (the identity provider starts during "search index"). "Search works": a search through the search service with the development partner key right after ready returned hits.`,
    '',
    table(['Products', 'Start', 'Ready ms', ...PHASE_TITLES, 'Index from', 'Search works'], rows),
    '',
    ...notes,
  ].join('\n');
  return [{ title: 'Start-up', body, targets }];
};

export default startupBench;
