import { FeatherAssembler, type FeatherFile, type Pause } from './feather-writer.ts';
import { ReceivedDictionary, type ProductRows } from './product-rows.ts';

export interface SnapshotWorkOptions {
  publicBaseUrl: string;
  /** How many rows the build expects to send (sizes the buffers; more or fewer are fine). */
  rows: number;
}

/** What the work yields: the three download files and the snapshot version taken from them. */
export interface SnapshotWorkResult {
  version: string;
  files: FeatherFile[];
}

/**
 * The part of a snapshot build that needs no product objects, only their columns: the three
 * Feather files with their SHA-256. It runs in the build worker (see `snapshot-worker.ts`), or on
 * the building thread when no worker is available; rows arrive in order, in chunks that never
 * straddle a record batch.
 */
export class SnapshotWork {
  readonly #dictionary = new ReceivedDictionary();
  readonly #assembler: FeatherAssembler;
  #batch: ProductRows[] = [];
  #batchRows = 0;

  constructor(options: SnapshotWorkOptions) {
    this.#assembler = new FeatherAssembler(options.publicBaseUrl, this.#dictionary, options.rows);
  }

  /** Takes the next rows; `endsBatch` closes the record batch they belong to. */
  async add(rows: ProductRows, endsBatch: boolean, pause: Pause): Promise<void> {
    this.#dictionary.receive(rows);
    this.#batch.push(rows);
    this.#batchRows += rows.count;
    if (endsBatch) await this.#closeBatch(pause);
  }

  async finish(pause: Pause): Promise<SnapshotWorkResult> {
    await this.#closeBatch(pause);
    return this.#assembler.finish(pause);
  }

  async #closeBatch(pause: Pause): Promise<void> {
    if (this.#batchRows === 0) return;
    const batch = this.#batch;
    const rows = this.#batchRows;
    this.#batch = [];
    this.#batchRows = 0;
    await this.#assembler.addBatch(batch, rows, pause);
  }
}

/** Messages to the build worker; one worker serves any number of builds, told apart by `build`. */
export type SnapshotWorkRequest =
  | { type: 'begin'; build: number; options: SnapshotWorkOptions }
  | { type: 'rows'; build: number; rows: ProductRows; endsBatch: boolean }
  | { type: 'finish'; build: number }
  | { type: 'abort'; build: number };

/** Messages from the build worker. */
export type SnapshotWorkReply =
  { type: 'done'; build: number; result: SnapshotWorkResult } | { type: 'failed'; build: number; message: string };
