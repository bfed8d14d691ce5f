/**
 * The snapshot build worker: runs `SnapshotWork` (Feather files and their SHA-256) for the
 * builds of the thread that started it, so that the event loop answering requests keeps only
 * the work that needs product objects. Started by `snapshot-worker-client.ts`.
 */
import { parentPort } from 'node:worker_threads';
import { SnapshotWork, type SnapshotWorkReply, type SnapshotWorkRequest } from './snapshot-work.ts';

const port = parentPort;
if (!port) throw new Error('snapshot-worker.ts runs as a worker thread');

// A worker has no requests to answer, so the work never pauses.
const noPause = () => Promise.resolve();

interface Build {
  work: SnapshotWork;
  /** The build's messages are handled one after another. */
  queue: Promise<void>;
  failed: boolean;
}

const builds = new Map<number, Build>();

function reply(message: SnapshotWorkReply, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

function fail(id: number, build: Build, error: unknown): void {
  if (build.failed) return;
  build.failed = true;
  builds.delete(id);
  reply({
    type: 'failed',
    build: id,
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}

port.on('message', (request: SnapshotWorkRequest) => {
  if (request.type === 'begin') {
    builds.set(request.build, { work: new SnapshotWork(request.options), queue: Promise.resolve(), failed: false });
    return;
  }
  const build = builds.get(request.build);
  if (!build) return;
  if (request.type === 'abort') {
    builds.delete(request.build);
    build.failed = true;
    return;
  }
  build.queue = build.queue.then(async () => {
    if (build.failed) return;
    try {
      if (request.type === 'rows') {
        await build.work.add(request.rows, request.endsBatch, noPause);
        return;
      }
      const result = await build.work.finish(noPause);
      builds.delete(request.build);
      // The bytes move to the building thread without a copy.
      const transfer = new Set<ArrayBuffer>();
      for (const file of result.files) transfer.add(file.body.buffer as ArrayBuffer);
      reply({ type: 'done', build: request.build, result }, [...transfer]);
    } catch (error) {
      fail(request.build, build, error);
    }
  });
});
