/**
 * Runs every `*.test.ts` under packages/, apps/ and test/ with node:test through tsx.
 * Node 20's test runner takes no globs, so the files are found here.
 * Usage: npm test [-- <path filter>...]
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SOURCE_CONDITION = '--conditions=@grocery/source';

function findTests(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, path));
  }
  return out;
}

const filters = process.argv.slice(2);
/**
 * The runner starts files in the order given, a few at a time. The whole-system tests under test/
 * (child processes, browsers, both databases) take minutes each; started last, they would leave the
 * run waiting on a tail of them with the other slots idle.
 */
function slowestFirst(a: string, b: string): number {
  const rank = (file: string) => (file.startsWith('test/') ? 0 : 1);
  return rank(a) - rank(b) || a.localeCompare(b);
}

const files = ['packages', 'apps', 'test']
  .flatMap((dir) => findTests(join(root, dir), []))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort(slowestFirst);

if (files.length === 0) {
  console.error('no test files match', filters);
  process.exit(1);
}

// Most tests wait on I/O (databases, HTTP, a browser), so run more files at once than cores.
const concurrency = Number(process.env.TEST_CONCURRENCY ?? Math.max(2, availableParallelism() * 2));
const child = spawn(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files], {
  cwd: root,
  stdio: 'inherit',
  // Tests run the TypeScript sources: the "@grocery/source" condition resolves @grocery/* to src/.
  // NODE_OPTIONS rather than a flag, so that child processes and worker threads inherit it.
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'test',
    NODE_OPTIONS: [process.env.NODE_OPTIONS, SOURCE_CONDITION].filter(Boolean).join(' '),
  },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
