/**
 * A Node.js script of the repository run as a child process through tsx, the way `npm start` and
 * `npm run start:grocer` run theirs: its output kept for diagnostics, a line of it awaited, and
 * ended by a signal. The grocer and API process helpers of the fault-injection suite build on it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: children run there, so `--import tsx` and the workspaces resolve. */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Ends a child whose test process has died (see the file). */
const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url));

/** How much of a child's output is kept: enough for the last startup lines and a stack trace. */
const OUTPUT_LIMIT = 64 * 1024;

/** What a child's environment takes from ours; everything the apps configure comes from `env`. */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ'];

export interface NodeChildOptions {
  /** Script path relative to the repository root, e.g. `apps/api/src/main.ts`. */
  script: string;
  /** The whole configuration of the child: our own environment is not passed on (see INHERITED). */
  env: Record<string, string>;
  /** Node.js flags before `--import tsx`, e.g. `--max-semi-space-size=32`. */
  nodeFlags?: readonly string[];
  /** Prefixes diagnostics. */
  name: string;
}

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface NodeChild {
  readonly name: string;
  readonly pid: number;
  /** Settles once the process has exited. */
  readonly exited: Promise<ChildExit>;
  /** True until the process exits. */
  readonly running: boolean;
  /** The last 64 KB of stdout and stderr, interleaved as they came. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects when the child exits first or after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  /** Sends `signal` and waits for the exit; SIGKILL when it has not exited within `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<ChildExit>;
}

/**
 * Spawns `node [flags] --conditions=@grocery/source --import tsx <script>` in the repository root with exactly `env` (plus PATH
 * and a few other basics), collecting its output. The child ends itself if this process dies.
 *
 * @example
 * const child = spawnNodeChild({ name: 'grocer', script: 'packages/grocer/src/main.ts', env: { GROCER_PORT: '0' } });
 * const [, origin] = await child.waitForOutput(/ at (http:\S+?);/, 30_000);
 * await child.stop('SIGKILL');
 */
export function spawnNodeChild(options: NodeChildOptions): NodeChild {
  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  Object.assign(env, options.env, { TEST_PARENT_PID: String(process.pid) });
  // The sources of the workspace packages too (as the tests run them), not whatever was built last.
  const args = [
    ...(options.nodeFlags ?? []),
    '--conditions=@grocery/source',
    '--import',
    'tsx',
    '--import',
    EXIT_WITH_PARENT,
    options.script,
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${options.name}: could not start ${options.script}`);

  let output = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > OUTPUT_LIMIT * 2) output = output.slice(-OUTPUT_LIMIT);
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);

  let running = true;
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      for (const listener of listeners) listener();
      resolve({ code, signal });
    });
  });

  return {
    name: options.name,
    pid: child.pid,
    exited,
    get running() {
      return running;
    },
    output: () => output.slice(-OUTPUT_LIMIT),
    waitForOutput(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) return finish(() => resolve(match));
          if (!running)
            return finish(() =>
              reject(
                new Error(
                  `${options.name} exited before printing ${pattern}; its output:\n${output.slice(-OUTPUT_LIMIT)}`,
                ),
              ),
            );
        };
        const timer = setTimeout(
          () =>
            finish(() =>
              reject(
                new Error(
                  `${options.name} printed no ${pattern} within ${timeoutMs} ms; its output:\n${output.slice(-OUTPUT_LIMIT)}`,
                ),
              ),
            ),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (!running) return exited;
      child.kill(signal);
      if (signal === 'SIGKILL') return exited;
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
}
