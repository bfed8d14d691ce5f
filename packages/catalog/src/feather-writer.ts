import { webcrypto } from 'node:crypto';
import type { Product } from '@grocery/core';
import { AsyncByteQueue, Bool, Field, Float64, List, makeData, RecordBatch, RecordBatchFileWriter, Schema, Struct, Utf8, type Data, type DataType } from 'apache-arrow';
import type { ArrayBufferViewInput } from 'apache-arrow/util/buffer';
import { CATALOG_RECORD_SCHEMA_VERSION, FEATHER_LANGS, type FeatherLang } from './catalog-record.ts';
import { StringLists } from './string-lists.ts';
import { utf8Length } from './utf8.ts';
import { FEATHER_CONTENT_TYPE, FEATHER_METADATA, FILE_COLUMNS, SOURCE_COLUMNS, featherFileName, type SourceColumn } from './feather-columns.ts';

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

/** The snapshot version of the snapshot whose `all` file has this SHA-256. */
export function snapshotVersionOf(allFileSha256: string): string {
  return allFileSha256.slice(0, 16);
}

/** Called between units of work so that a long build gives the event loop back. */
export type Pause = () => Promise<void>;

/** Lowercase hex SHA-256, computed by WebCrypto on the thread pool rather than on the event loop. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

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
  return makeData({ type: new Utf8(), length, nullCount, ...(bitmap ? { nullBitmap: bitmap } : {}), valueOffsets: offsets, data });
}

/** A validity bitmap with the first `upTo` entries set. */
function validUpTo(length: number, upTo: number): Uint8Array {
  const bitmap = new Uint8Array((length + 7) >> 3);
  for (let i = 0; i < upTo; i++) bitmap[i >> 3]! |= 1 << (i & 7);
  return bitmap;
}

function boolData(values: readonly boolean[]): Data<Bool> {
  const bits = new Uint8Array((values.length + 7) >> 3);
  for (let i = 0; i < values.length; i++) if (values[i]) bits[i >> 3]! |= 1 << (i & 7);
  return makeData({ type: new Bool(), length: values.length, nullCount: 0, data: bits });
}

function float64Data(values: readonly (number | null)[]): Data<Float64> {
  const length = values.length;
  const data = new Float64Array(length);
  let bitmap: Uint8Array | undefined;
  let nullCount = 0;
  for (let i = 0; i < length; i++) {
    const value = values[i];
    if (value === null || value === undefined) {
      if (!bitmap) bitmap = validUpTo(length, i);
      nullCount++;
    } else {
      data[i] = value;
      if (bitmap) bitmap[i >> 3]! |= 1 << (i & 7);
    }
  }
  return makeData({ type: new Float64(), length, nullCount, ...(bitmap ? { nullBitmap: bitmap } : {}), data });
}

function listItemField(): Field<Utf8> {
  return new Field('item', new Utf8(), false);
}

// One join per row and one encode for the whole column, instead of flattening every item into
// an array first: list columns (keywords, stores) hold a million items per 40k rows.
function utf8ListData(values: readonly (readonly string[])[], lists: StringLists): Data<List<Utf8>> {
  const length = values.length;
  const listOffsets = new Int32Array(length + 1);
  const rows = new Array<string>(length);
  let items = 0;
  for (let i = 0; i < length; i++) {
    const list = values[i]!;
    rows[i] = lists.joined(list);
    listOffsets[i + 1] = items += list.length;
  }
  const joined = rows.join('');
  const data = Buffer.from(joined, 'utf8');
  const offsets = new Int32Array(items + 1);
  const ascii = data.length === joined.length;
  let item = 0;
  let position = 0;
  for (let i = 0; i < length; i++) {
    for (const value of values[i]!) offsets[++item] = position += ascii ? value.length : utf8Length(value);
  }
  if (position !== data.length) {
    // Lone surrogates encode longer than counted; count this column natively.
    item = 0;
    position = 0;
    for (let i = 0; i < length; i++) for (const value of values[i]!) offsets[++item] = position += Buffer.byteLength(value, 'utf8');
  }
  const child = makeData({ type: new Utf8(), length: items, nullCount: 0, valueOffsets: offsets, data });
  return makeData({ type: new List(listItemField()), length, nullCount: 0, valueOffsets: listOffsets, child });
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

function columnData(column: SourceColumn, products: readonly Product[], start: number, end: number, publicBaseUrl: string, lists: StringLists): Data {
  const count = end - start;
  switch (column.type) {
    case 'utf8': {
      const values = new Array<string | null>(count);
      for (let i = 0; i < count; i++) values[i] = column.get(products[start + i]!, publicBaseUrl);
      return utf8Data(values);
    }
    case 'bool': {
      const values = new Array<boolean>(count);
      for (let i = 0; i < count; i++) values[i] = column.get(products[start + i]!);
      return boolData(values);
    }
    case 'float64': {
      const values = new Array<number | null>(count);
      for (let i = 0; i < count; i++) values[i] = column.get(products[start + i]!);
      return float64Data(values);
    }
    case 'list<utf8>': {
      const values = new Array<readonly string[]>(count);
      for (let i = 0; i < count; i++) values[i] = column.get(products[start + i]!);
      return utf8ListData(values, lists);
    }
  }
}

const SOURCE_BY_KEY = new Map(SOURCE_COLUMNS.map((column) => [column.key, column]));

function sourceColumn(key: string): SourceColumn {
  const column = SOURCE_BY_KEY.get(key);
  if (!column) throw new Error(`unknown source column ${key}`);
  return column;
}

/**
 * The writer's byte sink: keeps the chunks as written and joins them once at the end into an
 * uninitialised buffer (the queue's own join zero-fills a new one and copies again).
 */
class CollectingSink extends AsyncByteQueue<Uint8Array> {
  readonly #chunks: Uint8Array[] = [];
  #length = 0;

  override write(value: ArrayBufferViewInput | Uint8Array): void {
    const chunk = ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : value instanceof ArrayBuffer ? new Uint8Array(value) : null;
    if (chunk === null) throw new Error('the Arrow writer wrote something other than bytes');
    if (chunk.byteLength === 0) return;
    this.#chunks.push(chunk);
    this.#length += chunk.byteLength;
  }

  /** The file's bytes in one buffer, copied chunk by chunk with `pause` in between. */
  async result(pause: Pause): Promise<Uint8Array> {
    const body = Buffer.allocUnsafeSlow(this.#length);
    let offset = 0;
    for (const chunk of this.#chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
      await pause();
    }
    return body;
  }
}

/**
 * Builds the three download files of a snapshot in record batches: each source column is
 * encoded once per batch and shared by every file that holds it, and the caller's `pause` runs
 * between columns so a large build never blocks the event loop for long.
 */
export class FeatherAssembler {
  readonly #publicBaseUrl: string;
  readonly #lists: StringLists;
  readonly #batches: { rows: number; columns: Map<string, Data> }[] = [];

  constructor(publicBaseUrl: string, lists: StringLists = new StringLists()) {
    this.#publicBaseUrl = publicBaseUrl;
    this.#lists = lists;
  }

  /** Encodes rows `start..end` of `products` as one record batch of every file. */
  async addBatch(products: readonly Product[], start: number, end: number, pause: Pause): Promise<void> {
    const columns = new Map<string, Data>();
    for (const column of SOURCE_COLUMNS) {
      columns.set(column.key, columnData(column, products, start, end, this.#publicBaseUrl, this.#lists));
      await pause();
    }
    this.#batches.push({ rows: end - start, columns });
  }

  /**
   * Writes the three files. The snapshot version is taken from the `all` file's SHA-256: that
   * file is lossless, so its bytes are a content hash of every record.
   */
  async finish(pause: Pause): Promise<{ version: string; files: FeatherFile[] }> {
    // Each file is hashed on the thread pool while the next one is written.
    const pending: Promise<Omit<FeatherFile, 'name' | 'version'>>[] = [];
    for (const lang of FEATHER_LANGS) {
      const { rows, body } = await this.#writeFile(lang, pause);
      pending.push(sha256Hex(body).then((sha256) => ({ lang, rows, body, sha256, contentType: FEATHER_CONTENT_TYPE })));
    }
    const written = await Promise.all(pending);
    const version = snapshotVersionOf(written.find((file) => file.lang === 'all')!.sha256);
    return { version, files: written.map((file) => ({ ...file, name: featherFileName(version, file.lang), version })) };
  }

  async #writeFile(lang: FeatherLang, pause: Pause): Promise<{ rows: number; body: Uint8Array }> {
    const layout = FILE_COLUMNS[lang];
    const metadata = new Map([
      [FEATHER_METADATA.lang, lang],
      [FEATHER_METADATA.recordSchemaVersion, CATALOG_RECORD_SCHEMA_VERSION],
      [FEATHER_METADATA.publicBaseUrl, this.#publicBaseUrl],
    ]);
    const fields = layout.map((column) => {
      const source = sourceColumn(column.source);
      return new Field(column.name, arrowType(source), source.nullable);
    });
    const schema = new Schema(fields, metadata);
    const writer = new RecordBatchFileWriter();
    const sink = new CollectingSink();
    writer.reset(sink, schema);
    let rows = 0;
    for (const batch of this.#batches) {
      const children = layout.map((column) => batch.columns.get(column.source)!);
      const data = makeData({ type: new Struct(fields), length: batch.rows, nullCount: 0, children });
      writer.write(new RecordBatch(schema, data));
      rows += batch.rows;
      await pause();
    }
    // An empty catalog still yields a valid file with the schema and no batches.
    writer.finish();
    const body = await sink.result(pause);
    return { rows, body };
  }
}
