import { createHash } from 'node:crypto';
import {
  AsyncByteQueue,
  Bool,
  Field,
  Float64,
  List,
  makeData,
  RecordBatch,
  RecordBatchFileWriter,
  Schema,
  Struct,
  Utf8,
  type Data,
  type DataType,
} from 'apache-arrow';
import type { ArrayBufferViewInput } from 'apache-arrow/util/buffer';
import { CATALOG_RECORD_SCHEMA_VERSION, FEATHER_LANGS, productImageUrl, type FeatherLang } from './catalog-record.ts';
import {
  NO_TEXT,
  ROW_IMAGE,
  ROW_PRICE,
  TEXT_STRIDE,
  type ProductRows,
  type ReceivedDictionary,
} from './product-rows.ts';
import { sealBuffer } from './byte-buffers.ts';
import { utf8Length } from './utf8.ts';
import { snapshotVersionOf } from './file-digest.ts';
import {
  FEATHER_CONTENT_TYPE,
  FEATHER_METADATA,
  FILE_COLUMNS,
  SOURCE_COLUMNS,
  featherFileName,
  type SourceColumn,
  type TextSource,
} from './feather-columns.ts';

/** One prebuilt download file: Arrow IPC file format (Feather v2). */
export interface FeatherFile {
  /** `catalog-<version>-<lang>.feather`. */
  name: string;
  lang: FeatherLang;
  /** Snapshot version the file belongs to. */
  version: string;
  rows: number;
  body: Uint8Array;
  /** Lowercase hex SHA-256 of `body`. */
  sha256: string;
  contentType: typeof FEATHER_CONTENT_TYPE;
}

/** Called between units of work so that a long build gives the event loop back. */
export type Pause = () => Promise<void>;

// Arrow's builders encode value by value through generic code paths (~60 ms per 40k-row text
// column); encoding the whole column in one call and handing offsets and bytes to makeData is
// several times faster and yields the same Arrow data.
function utf8Data(values: readonly (string | null)[]): Data<Utf8> {
  const length = values.length;
  const offsets = new Int32Array(length + 1);
  let bitmap: Uint8Array | undefined;
  let nullCount = 0;
  for (let i = 0; i < length; i++) {
    if (values[i] !== null) continue;
    if (!bitmap) bitmap = validUpTo(length, i);
    nullCount++;
  }
  if (bitmap) for (let i = 0; i < length; i++) if (values[i] !== null) bitmap[i >> 3]! |= 1 << (i & 7);
  // join() writes null as an empty string, which is what a null slot holds.
  const joined = values.join('');
  const data = Buffer.from(joined, 'utf8');
  let position = 0;
  if (data.length === joined.length) {
    for (let i = 0; i < length; i++) offsets[i + 1] = position += values[i]?.length ?? 0;
  } else {
    for (let i = 0; i < length; i++) offsets[i + 1] = position += utf8Length(values[i] ?? '');
    // Lone surrogates encode longer than counted; count those columns natively.
    if (position !== data.length) {
      position = 0;
      for (let i = 0; i < length; i++) offsets[i + 1] = position += Buffer.byteLength(values[i] ?? '', 'utf8');
    }
  }
  return makeData({
    type: new Utf8(),
    length,
    nullCount,
    ...(bitmap ? { nullBitmap: bitmap } : {}),
    valueOffsets: offsets,
    data,
  });
}

/** A validity bitmap with the first `upTo` entries set. */
function validUpTo(length: number, upTo: number): Uint8Array {
  const bitmap = new Uint8Array((length + 7) >> 3);
  for (let i = 0; i < upTo; i++) bitmap[i >> 3]! |= 1 << (i & 7);
  return bitmap;
}

/** A text column of dictionary ids: each row copies its text's bytes, encoded once per distinct text. */
function textData(
  batch: readonly ProductRows[],
  rows: number,
  source: Extract<TextSource, { from: 'text' }>,
  dictionary: ReceivedDictionary,
): Data<Utf8> {
  const ids = new Int32Array(rows);
  let nullCount = 0;
  let bytes = 0;
  let r = 0;
  for (const chunk of batch) {
    const texts = chunk.texts;
    for (let i = 0; i < chunk.count; i++) {
      let id = texts[i * TEXT_STRIDE + source.field]!;
      if (id === NO_TEXT && source.orElse !== undefined) id = texts[i * TEXT_STRIDE + source.orElse]!;
      ids[r++] = id;
      if (id === NO_TEXT) nullCount++;
      else bytes += dictionary.textBytes(id).length;
    }
  }
  const offsets = new Int32Array(rows + 1);
  const data = Buffer.allocUnsafe(bytes);
  const bitmap = nullCount > 0 ? new Uint8Array((rows + 7) >> 3) : undefined;
  let position = 0;
  for (let i = 0; i < rows; i++) {
    const id = ids[i]!;
    if (id !== NO_TEXT) {
      const value = dictionary.textBytes(id);
      data.set(value, position);
      position += value.length;
      if (bitmap) bitmap[i >> 3]! |= 1 << (i & 7);
    }
    offsets[i + 1] = position;
  }
  return makeData({
    type: new Utf8(),
    length: rows,
    nullCount,
    ...(bitmap ? { nullBitmap: bitmap } : {}),
    valueOffsets: offsets,
    data,
  });
}

function boolData(batch: readonly ProductRows[], rows: number, flag: number): Data<Bool> {
  const bits = new Uint8Array((rows + 7) >> 3);
  let r = 0;
  for (const chunk of batch) {
    for (let i = 0; i < chunk.count; i++, r++) if (chunk.flags[i]! & flag) bits[r >> 3]! |= 1 << (r & 7);
  }
  return makeData({ type: new Bool(), length: rows, nullCount: 0, data: bits });
}

/** The price in THB (satang / 100), null where the product has none. */
function priceData(batch: readonly ProductRows[], rows: number): Data<Float64> {
  const data = new Float64Array(rows);
  const bitmap = new Uint8Array((rows + 7) >> 3);
  let nullCount = 0;
  let r = 0;
  for (const chunk of batch) {
    for (let i = 0; i < chunk.count; i++, r++) {
      if (chunk.flags[i]! & ROW_PRICE) {
        data[r] = chunk.priceSatang[i]! / 100;
        bitmap[r >> 3]! |= 1 << (r & 7);
      } else {
        nullCount++;
      }
    }
  }
  return makeData({
    type: new Float64(),
    length: rows,
    nullCount,
    ...(nullCount > 0 ? { nullBitmap: bitmap } : {}),
    data,
  });
}

function listItemField(): Field<Utf8> {
  return new Field('item', new Utf8(), false);
}

/** A list column of list ids: each row copies its list's items, encoded once per distinct list. */
function listData(
  batch: readonly ProductRows[],
  rows: number,
  which: number,
  dictionary: ReceivedDictionary,
): Data<List<Utf8>> {
  const ids = new Int32Array(rows);
  const listOffsets = new Int32Array(rows + 1);
  let items = 0;
  let bytes = 0;
  let r = 0;
  for (const chunk of batch) {
    for (let i = 0; i < chunk.count; i++, r++) {
      const id = chunk.lists[2 * i + which]!;
      ids[r] = id;
      listOffsets[r + 1] = items += dictionary.listItemBytes(id).length;
      bytes += dictionary.listBytes(id).length;
    }
  }
  const offsets = new Int32Array(items + 1);
  const data = Buffer.allocUnsafe(bytes);
  let item = 0;
  let position = 0;
  for (let i = 0; i < rows; i++) {
    const id = ids[i]!;
    data.set(dictionary.listBytes(id), position);
    const lengths = dictionary.listItemBytes(id);
    for (let k = 0; k < lengths.length; k++) offsets[++item] = position += lengths[k]!;
  }
  const child = makeData({ type: new Utf8(), length: items, nullCount: 0, valueOffsets: offsets, data });
  return makeData({ type: new List(listItemField()), length: rows, nullCount: 0, valueOffsets: listOffsets, child });
}

/** The bytes of a column's buffers, children included. */
function dataBytes(data: Data): number {
  // Data's buffers are typed by the column type; here only their sizes count.
  const buffers = data as { values?: ArrayBufferView; valueOffsets?: ArrayBufferView; nullBitmap?: ArrayBufferView };
  let bytes =
    (buffers.values?.byteLength ?? 0) + (buffers.valueOffsets?.byteLength ?? 0) + (buffers.nullBitmap?.byteLength ?? 0);
  for (const child of data.children) bytes += dataBytes(child);
  return bytes;
}

function arrowType(column: SourceColumn): DataType {
  switch (column.type) {
    case 'utf8':
      return new Utf8();
    case 'bool':
      return new Bool();
    case 'float64':
      return new Float64();
    case 'list<utf8>':
      return new List(listItemField());
  }
}

function rowStrings(
  batch: readonly ProductRows[],
  field: 'cprcode' | 'nameEn' | 'nameTh' | 'barcode',
): (string | null)[] {
  // concat copies arrays of strings wholesale; flatMap goes value by value (20 ms per 40k rows).
  return batch.length === 1
    ? batch[0]![field]
    : ([] as (string | null)[]).concat(...batch.map((chunk) => chunk[field]));
}

function columnData(
  column: SourceColumn,
  batch: readonly ProductRows[],
  rows: number,
  publicBaseUrl: string,
  dictionary: ReceivedDictionary,
): Data {
  switch (column.type) {
    case 'utf8': {
      const source = column.source;
      if (source.from === 'text') return textData(batch, rows, source, dictionary);
      if (source.from === 'row') return utf8Data(rowStrings(batch, source.field));
      const urls: (string | null)[] = [];
      for (const chunk of batch)
        for (let i = 0; i < chunk.count; i++)
          urls.push(chunk.flags[i]! & ROW_IMAGE ? productImageUrl(publicBaseUrl, chunk.cprcode[i]!) : null);
      return utf8Data(urls);
    }
    case 'bool':
      return boolData(batch, rows, column.flag);
    case 'float64':
      return priceData(batch, rows);
    case 'list<utf8>':
      return listData(batch, rows, column.list, dictionary);
  }
}

const SOURCE_BY_KEY = new Map(SOURCE_COLUMNS.map((column) => [column.key, column]));

function sourceColumn(key: string): SourceColumn {
  const column = SOURCE_BY_KEY.get(key);
  if (!column) throw new Error(`unknown source column ${key}`);
  return column;
}

/**
 * The writer's byte sink: copies and hashes the bytes as they are written, into one buffer sized
 * ahead (`reserve`), so that the file is whole when the writer finishes. Copying at the end
 * instead costs as much again in page faults on fresh memory, all of it after the last row.
 */
class FileSink extends AsyncByteQueue<Uint8Array> {
  readonly #hash = createHash('sha256');
  #buffer = Buffer.allocUnsafeSlow(64 * 1024);
  #length = 0;

  get length(): number {
    return this.#length;
  }

  override write(value: ArrayBufferViewInput | Uint8Array): void {
    const chunk = ArrayBuffer.isView(value)
      ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
      : value instanceof ArrayBuffer
        ? new Uint8Array(value)
        : null;
    if (chunk === null) throw new Error('the Arrow writer wrote something other than bytes');
    if (this.#length + chunk.byteLength > this.#buffer.length)
      this.reserve(Math.max(this.#length + chunk.byteLength, Math.ceil(this.#buffer.length * 1.25)));
    this.#buffer.set(chunk, this.#length);
    this.#length += chunk.byteLength;
    this.#hash.update(chunk);
  }

  /** Makes room for `bytes` in all (what the file is expected to grow to). */
  reserve(bytes: number): void {
    if (bytes <= this.#buffer.length) return;
    const buffer = Buffer.allocUnsafeSlow(bytes);
    buffer.set(this.#buffer.subarray(0, this.#length));
    this.#buffer = buffer;
  }

  /** The file's bytes (without the slack of a reservation that was too large) and their SHA-256. */
  result(): { body: Buffer; sha256: string } {
    return { body: sealBuffer(this.#buffer, this.#length), sha256: this.#hash.digest('hex') };
  }
}

/** One download file being written: its schema, the source column of each field, and its sink. */
interface OpenFile {
  lang: FeatherLang;
  schema: Schema;
  sources: string[];
  writer: RecordBatchFileWriter;
  sink: FileSink;
  rows: number;
}

/**
 * Writes the three download files of a snapshot, record batch by record batch as rows arrive:
 * each source column is encoded once per batch and shared by every file that holds it, the
 * batch is written to all three files and hashed at once (so little is left for `finish`), and
 * the caller's `pause` runs between columns so a large build never blocks its thread for long.
 */
export class FeatherAssembler {
  readonly #publicBaseUrl: string;
  readonly #dictionary: ReceivedDictionary;
  readonly #files: OpenFile[];
  readonly #expectedRows: number;

  /** `expectedRows`: how many rows the files will hold, to size their buffers from the first batch. */
  constructor(publicBaseUrl: string, dictionary: ReceivedDictionary, expectedRows: number) {
    this.#publicBaseUrl = publicBaseUrl;
    this.#dictionary = dictionary;
    this.#expectedRows = expectedRows;
    this.#files = FEATHER_LANGS.map((lang) => {
      const layout = FILE_COLUMNS[lang];
      const metadata = new Map([
        [FEATHER_METADATA.lang, lang],
        [FEATHER_METADATA.recordSchemaVersion, CATALOG_RECORD_SCHEMA_VERSION],
        [FEATHER_METADATA.publicBaseUrl, publicBaseUrl],
      ]);
      const fields = layout.map((column) => {
        const source = sourceColumn(column.source);
        return new Field(column.name, arrowType(source), source.nullable);
      });
      const schema = new Schema(fields, metadata);
      const writer = new RecordBatchFileWriter();
      const sink = new FileSink();
      writer.reset(sink, schema);
      return { lang, schema, sources: layout.map((column) => column.source), writer, sink, rows: 0 };
    });
  }

  /** Encodes the rows of `batch` (the chunks they came in, `rows` in all) and writes them as one record batch of every file. */
  async addBatch(batch: readonly ProductRows[], rows: number, pause: Pause): Promise<void> {
    const columns = new Map<string, Data>();
    for (const column of SOURCE_COLUMNS) {
      columns.set(column.key, columnData(column, batch, rows, this.#publicBaseUrl, this.#dictionary));
      await pause();
    }
    for (const file of this.#files) {
      const children = file.sources.map((source) => columns.get(source)!);
      const data = makeData({ type: new Struct(file.schema.fields), length: rows, nullCount: 0, children });
      if (file.rows === 0) {
        // Sized from the first batch with a margin (and room for padding and batch headers); a
        // larger file grows its buffer once more.
        const perRow = dataBytes(data) / rows;
        file.sink.reserve(Math.ceil(file.sink.length + perRow * this.#expectedRows * 1.03) + 64 * 1024);
      }
      file.writer.write(new RecordBatch(file.schema, data));
      file.rows += rows;
      await pause();
    }
  }

  /**
   * Closes the three files. The snapshot version is taken from the `all` file's SHA-256: that
   * file is lossless, so its bytes are a content hash of every record.
   */
  async finish(pause: Pause): Promise<{ version: string; files: FeatherFile[] }> {
    const written: Omit<FeatherFile, 'name' | 'version'>[] = [];
    for (const file of this.#files) {
      // An empty catalog still yields a valid file with the schema and no batches.
      file.writer.finish();
      written.push({ lang: file.lang, rows: file.rows, ...file.sink.result(), contentType: FEATHER_CONTENT_TYPE });
      await pause();
    }
    const version = snapshotVersionOf(written.find((file) => file.lang === 'all')!.sha256);
    return { version, files: written.map((file) => ({ ...file, name: featherFileName(version, file.lang), version })) };
  }
}
