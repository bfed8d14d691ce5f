import { FeatherAssembler, type FeatherFile, type Pause } from './feather-writer.ts';
import { LIST_KEYWORDS, ReceivedDictionary, TEXT, TEXT_STRIDE, type ProductRows } from './product-rows.ts';
import { SearchTextWriter } from './search-index.ts';
import { identityFieldsSearchText, keywordSearchText } from './search-text.ts';

export interface SnapshotWorkOptions {
  publicBaseUrl: string;
  /** How many rows the build expects to send (sizes the buffers; more or fewer are fine). */
  rows: number;
  /** False when the snapshot serves files it was handed (a published snapshot): only the search text is built. */
  writeFiles: boolean;
}

/** What the work yields: the search text (see `SearchTextIndex`) and the download files. */
export interface SnapshotWorkResult {
  searchText: { bytes: Buffer; offsets: Uint32Array };
  files: { version: string; files: FeatherFile[] } | null;
}

/**
 * The part of a snapshot build that needs no product objects, only their columns: the folded
 * search text and the three Feather files with their SHA-256. It runs in the build worker (see
 * `snapshot-worker.ts`), or on the building thread when no worker is available; rows arrive in
 * order, in chunks that never straddle a record batch.
 */
export class SnapshotWork {
  readonly #options: SnapshotWorkOptions;
  readonly #dictionary = new ReceivedDictionary();
  readonly #assembler: FeatherAssembler | null;
  readonly #keywordText: (Buffer | undefined)[] = [];
  #search: SearchTextWriter | null = null;
  #batch: ProductRows[] = [];
  #batchRows = 0;

  constructor(options: SnapshotWorkOptions) {
    this.#options = options;
    this.#assembler = options.writeFiles ? new FeatherAssembler(options.publicBaseUrl, this.#dictionary, options.rows) : null;
  }

  /** Takes the next rows; `endsBatch` closes the record batch they belong to. */
  async add(rows: ProductRows, endsBatch: boolean, pause: Pause): Promise<void> {
    this.#dictionary.receive(rows);
    this.#addSearchText(rows);
    this.#batch.push(rows);
    this.#batchRows += rows.count;
    if (endsBatch) await this.#closeBatch(pause);
  }

  async finish(pause: Pause): Promise<SnapshotWorkResult> {
    await this.#closeBatch(pause);
    const search = this.#search ?? new SearchTextWriter(0);
    return { searchText: search.sealParts(), files: this.#assembler ? await this.#assembler.finish(pause) : null };
  }

  async #closeBatch(pause: Pause): Promise<void> {
    if (this.#batchRows === 0) return;
    const batch = this.#batch;
    const rows = this.#batchRows;
    this.#batch = [];
    this.#batchRows = 0;
    if (this.#assembler) await this.#assembler.addBatch(batch, rows, pause);
  }

  #addSearchText(rows: ProductRows): void {
    const dictionary = this.#dictionary;
    const texts = new Array<string>(rows.count);
    for (let i = 0; i < rows.count; i++) {
      const t = i * TEXT_STRIDE;
      texts[i] = identityFieldsSearchText(rows.nameEn[i]!, rows.nameTh[i]!, dictionary.text(rows.texts[t + TEXT.brandEn]!), dictionary.text(rows.texts[t + TEXT.brandTh]!), rows.barcode[i]!);
    }
    if (!this.#search) {
      // Sized from the first rows so that the buffer rarely grows (each growth copies everything so far).
      let sample = 0;
      for (let i = 0; i < rows.count; i++) sample += Buffer.byteLength(texts[i]!, 'utf8') + this.#keywordSearchBytes(rows.lists[2 * i + LIST_KEYWORDS]!).length;
      this.#search = new SearchTextWriter(this.#options.rows, Math.ceil((sample / Math.max(1, rows.count)) * 1.06) + 8);
    }
    const search = this.#search;
    for (let i = 0; i < rows.count; i++) search.add(texts[i]!, this.#keywordSearchBytes(rows.lists[2 * i + LIST_KEYWORDS]!));
  }

  /** The folded search text of a keyword list as UTF-8, computed once per list. */
  #keywordSearchBytes(id: number): Buffer {
    let bytes = this.#keywordText[id];
    if (bytes === undefined) this.#keywordText[id] = bytes = Buffer.from(keywordSearchText(this.#dictionary.list(id)), 'utf8');
    return bytes;
  }
}

/** Messages to the build worker; one worker serves any number of builds, told apart by `build`. */
export type SnapshotWorkRequest =
  | { type: 'begin'; build: number; options: SnapshotWorkOptions }
  | { type: 'rows'; build: number; rows: ProductRows; endsBatch: boolean }
  | { type: 'finish'; build: number }
  | { type: 'abort'; build: number };

/** Messages from the build worker. */
export type SnapshotWorkReply = { type: 'done'; build: number; result: SnapshotWorkResult } | { type: 'failed'; build: number; message: string };
