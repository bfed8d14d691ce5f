import { Worker } from 'node:worker_threads';
import type { Pause } from './feather-writer.ts';
import type { ProductRows } from './product-rows.ts';
import type {
  SnapshotWork,
  SnapshotWorkOptions,
  SnapshotWorkReply,
  SnapshotWorkRequest,
  SnapshotWorkResult,
} from './snapshot-work.ts';

/** Where a build's `SnapshotWork` runs: fed rows in order, then asked for the result once. */
export interface SnapshotWorkRunner {
  add(rows: ProductRows, endsBatch: boolean): Promise<void>;
  finish(): Promise<SnapshotWorkResult>;
  /** Drops the work (the build failed elsewhere). */
  abort(): void;
}

/**
 * Starts the file writing of one build: in the shared build worker when
 * `inWorker` (started on first use and kept, so later builds skip its start-up), else on this
 * thread, sliced with `pause`. A worker that cannot start or dies mid-build is logged and the
 * build's work is redone here, so a build never fails for want of a worker.
 */
export function startSnapshotWork(
  options: SnapshotWorkOptions,
  how: { inWorker: boolean; pause: Pause; log: (line: string) => void },
): SnapshotWorkRunner {
  const local = () => new LocalRunner(options, how.pause);
  if (!how.inWorker) return local();
  const thread = sharedThread(how.log);
  return thread ? new WorkerRunner(thread, options, local, how.log) : local();
}

class LocalRunner implements SnapshotWorkRunner {
  // The file writer (and Arrow with it) loads with the first build on this thread, not with the catalog.
  readonly #work: Promise<SnapshotWork>;
  readonly #pause: Pause;

  constructor(options: SnapshotWorkOptions, pause: Pause) {
    this.#work = import('./snapshot-work.ts').then(({ SnapshotWork }) => new SnapshotWork(options));
    // A failed load surfaces in add() or finish(); unobserved it would crash the process.
    this.#work.catch(() => {});
    this.#pause = pause;
  }

  async add(rows: ProductRows, endsBatch: boolean): Promise<void> {
    return (await this.#work).add(rows, endsBatch, this.#pause);
  }

  async finish(): Promise<SnapshotWorkResult> {
    return asBuffers(await (await this.#work).finish(this.#pause));
  }

  abort(): void {}
}

class WorkerRunner implements SnapshotWorkRunner {
  readonly #thread: SnapshotWorkerThread;
  readonly #build: number;
  readonly #local: () => LocalRunner;
  readonly #log: (line: string) => void;
  // Kept until the worker answers, to redo the work here if it dies (rows are a few MB at most).
  readonly #sent: { rows: ProductRows; endsBatch: boolean }[] = [];

  constructor(
    thread: SnapshotWorkerThread,
    options: SnapshotWorkOptions,
    local: () => LocalRunner,
    log: (line: string) => void,
  ) {
    this.#thread = thread;
    this.#build = thread.begin(options);
    this.#local = local;
    this.#log = log;
  }

  async add(rows: ProductRows, endsBatch: boolean): Promise<void> {
    this.#sent.push({ rows, endsBatch });
    this.#thread.post({ type: 'rows', build: this.#build, rows, endsBatch });
  }

  async finish(): Promise<SnapshotWorkResult> {
    try {
      return asBuffers(await this.#thread.finish(this.#build));
    } catch (error) {
      if (!(error instanceof WorkerGone)) throw error;
      this.#log(`catalog snapshot: ${error.message}; writing the files on the main thread`);
      const local = this.#local();
      for (const { rows, endsBatch } of this.#sent) await local.add(rows, endsBatch);
      return local.finish();
    } finally {
      this.#sent.length = 0;
    }
  }

  abort(): void {
    this.#thread.post({ type: 'abort', build: this.#build });
  }
}

/** The worker stopped (or never started): the build's work can be redone elsewhere. */
class WorkerGone extends Error {}

/** Buffers over the transferred bytes, as the snapshot holds them (structured clone yields plain typed arrays). */
function asBuffers(result: SnapshotWorkResult): SnapshotWorkResult {
  const buffer = (bytes: Uint8Array) =>
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { version: result.version, files: result.files.map((file) => ({ ...file, body: buffer(file.body) })) };
}

/** One worker thread running the work of any number of builds. */
class SnapshotWorkerThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (result: SnapshotWorkResult) => void; reject: (error: Error) => void }
  >();
  #gone: WorkerGone | null = null;
  #answered = false;
  #nextBuild = 1;

  /** `onGone(answered)`: the worker stopped, after having answered at least once or not. */
  constructor(bootstrap: string, onGone: (answered: boolean) => void) {
    this.#worker = new Worker(bootstrap, { eval: true, execArgv: [] });
    // An idle worker must not keep the process alive; it is referenced while a build waits on it.
    this.#worker.unref();
    this.#worker.on('message', (reply: SnapshotWorkReply) => {
      this.#answered = true;
      const waiting = this.#waiting.get(reply.build);
      if (!waiting) return;
      this.#waiting.delete(reply.build);
      if (this.#waiting.size === 0) this.#worker.unref();
      if (reply.type === 'done') waiting.resolve(reply.result);
      else waiting.reject(new Error(`catalog snapshot worker: ${reply.message}`));
    });
    const stop = (reason: string) => {
      if (this.#gone) return;
      this.#gone = new WorkerGone(`the snapshot build worker ${reason}`);
      onGone(this.#answered);
      for (const waiting of this.#waiting.values()) waiting.reject(this.#gone);
      this.#waiting.clear();
    };
    this.#worker.on('error', (error) => stop(`failed: ${error.message}`));
    this.#worker.on('exit', (code) => stop(`stopped with code ${code}`));
  }

  begin(options: SnapshotWorkOptions): number {
    const build = this.#nextBuild++;
    this.post({ type: 'begin', build, options });
    return build;
  }

  post(request: SnapshotWorkRequest): void {
    if (!this.#gone) this.#worker.postMessage(request);
  }

  finish(build: number): Promise<SnapshotWorkResult> {
    if (this.#gone) return Promise.reject(this.#gone);
    return new Promise((resolve, reject) => {
      this.#waiting.set(build, { resolve, reject });
      this.#worker.ref();
      this.post({ type: 'finish', build });
    });
  }
}

let shared: SnapshotWorkerThread | null = null;
let unavailable = false;

/** The build worker, started on first use; null where it cannot start (logged once). */
function sharedThread(log: (line: string) => void): SnapshotWorkerThread | null {
  if (shared || unavailable) return shared;
  let bootstrap: string;
  try {
    // Compiled, the worker is JavaScript beside this file; from source (tests run under tsx) it is
    // TypeScript, and workers do not inherit the tsx loader, so the bootstrap registers it first.
    const fromSource = import.meta.url.endsWith('.ts');
    const entry = JSON.stringify(
      new URL(fromSource ? './snapshot-worker.ts' : './snapshot-worker.js', import.meta.url).href,
    );
    bootstrap = fromSource
      ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${entry}); })`
      : `import(${entry})`;
  } catch (error) {
    unavailable = true;
    log(
      `catalog snapshot: no build worker (${error instanceof Error ? error.message : String(error)}); building on the main thread`,
    );
    return null;
  }
  const thread = new SnapshotWorkerThread(bootstrap, (answered) => {
    if (shared === thread) shared = null;
    // A worker that never answered will not start next time either.
    if (!answered) unavailable = true;
  });
  shared = thread;
  return thread;
}
