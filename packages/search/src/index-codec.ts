/**
 * A built index as one file, so that a restart loads it in a fraction of a second instead of
 * building it again for seconds. Layout:
 *
 *   "GSIX" · u32 codec version · u32 header length · header (JSON, UTF-8) · payload
 *
 * The header names the index format (the code that built it, see index-format.ts), the catalog
 * snapshot it was built from, the index version, the build time, the document count and the
 * payload's length and SHA-256. The payload is the index data in V8's structured-clone encoding
 * (the same one worker threads use: typed arrays as raw bytes, maps and arrays as they are).
 * Decoding checks everything before use and throws an `IndexFileError`; it never returns data it
 * did not verify, so a torn, truncated or foreign file means a rebuild, not a crash.
 */
import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import type { IndexData } from './index-builder.ts';

/** Version of the file layout above; part of every index format. */
export const INDEX_CODEC_VERSION = 1;

const MAGIC = Buffer.from('GSIX', 'latin1');
const PREFIX_BYTES = 12;
/** A header is a few hundred bytes; anything much larger is not one of ours. */
const MAX_HEADER_BYTES = 64 * 1024;

/** What an index file says about itself. */
export interface IndexFileHeader {
  /** The index format (`searchIndexFormat()` of the code that built it). */
  format: string;
  /** Version of the catalog snapshot the index was built from. */
  snapshotVersion: string;
  /** Version of this index build (shared by every instance that loads the file). */
  version: string;
  /** When the index was built, ISO 8601. */
  builtAt: string;
  documents: number;
  payloadBytes: number;
  /** SHA-256 of the payload, hex. */
  sha256: string;
}

/** Why an index file was refused. */
export type IndexFileErrorCode =
  'NOT_AN_INDEX' | 'UNSUPPORTED_CODEC' | 'FORMAT_MISMATCH' | 'SNAPSHOT_MISMATCH' | 'CORRUPT';

/** A refused index file; `code` says why. */
export class IndexFileError extends Error {
  constructor(
    readonly code: IndexFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'IndexFileError';
  }
}

/**
 * Encodes index data and what it was built from as one file.
 *
 * @example
 * const bytes = encodeIndexData(buildIndexData(docs), { format: searchIndexFormat(), snapshotVersion, version: 'v1', builtAt: new Date().toISOString() });
 */
export function encodeIndexData(
  data: IndexData,
  about: Omit<IndexFileHeader, 'documents' | 'payloadBytes' | 'sha256'>,
): Uint8Array {
  const payload = serialize(data);
  const header: IndexFileHeader = {
    format: about.format,
    snapshotVersion: about.snapshotVersion,
    version: about.version,
    builtAt: about.builtAt,
    documents: data.docCount,
    payloadBytes: payload.byteLength,
    sha256: createHash('sha256').update(payload).digest('hex'),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const out = Buffer.allocUnsafeSlow(PREFIX_BYTES + headerBytes.byteLength + payload.byteLength);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(INDEX_CODEC_VERSION, 4);
  out.writeUInt32LE(headerBytes.byteLength, 8);
  headerBytes.copy(out, PREFIX_BYTES);
  payload.copy(out, PREFIX_BYTES + headerBytes.byteLength);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** Reads only the header of an index file (cheap: no hashing, no decoding). */
export function readIndexFileHeader(bytes: Uint8Array): IndexFileHeader {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.byteLength < PREFIX_BYTES || !buffer.subarray(0, 4).equals(MAGIC))
    throw new IndexFileError('NOT_AN_INDEX', 'not a search index file');
  const codec = buffer.readUInt32LE(4);
  if (codec !== INDEX_CODEC_VERSION)
    throw new IndexFileError('UNSUPPORTED_CODEC', `index file codec ${codec}; this build reads ${INDEX_CODEC_VERSION}`);
  const headerLength = buffer.readUInt32LE(8);
  if (headerLength > MAX_HEADER_BYTES || PREFIX_BYTES + headerLength > buffer.byteLength)
    throw new IndexFileError('CORRUPT', 'index file header is cut off or too long');
  let header: unknown;
  try {
    header = JSON.parse(buffer.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + headerLength));
  } catch {
    throw new IndexFileError('CORRUPT', 'index file header is not JSON');
  }
  if (!isHeader(header)) throw new IndexFileError('CORRUPT', 'index file header has missing or wrong fields');
  if (PREFIX_BYTES + headerLength + header.payloadBytes !== buffer.byteLength) {
    throw new IndexFileError(
      'CORRUPT',
      `index file is ${buffer.byteLength} bytes; its header promises ${PREFIX_BYTES + headerLength + header.payloadBytes}`,
    );
  }
  return header;
}

/**
 * Decodes an index file after checking that it is one, that it was built by this format from the
 * expected snapshot, that its payload is intact (SHA-256) and that the data has the shape queries
 * rely on. Throws `IndexFileError` otherwise.
 *
 * @example
 * const { data, header } = decodeIndexData(bytes, { format: searchIndexFormat(), snapshotVersion });
 * const index = searchIndexFromData(data);
 */
export function decodeIndexData(
  bytes: Uint8Array,
  expect: { format: string; snapshotVersion: string },
): { data: IndexData; header: IndexFileHeader } {
  const header = readIndexFileHeader(bytes);
  if (header.format !== expect.format)
    throw new IndexFileError(
      'FORMAT_MISMATCH',
      `index file format ${header.format}; this build needs ${expect.format}`,
    );
  if (header.snapshotVersion !== expect.snapshotVersion) {
    throw new IndexFileError(
      'SNAPSHOT_MISMATCH',
      `index file was built from catalog ${header.snapshotVersion}, not ${expect.snapshotVersion}`,
    );
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const payload = buffer.subarray(buffer.byteLength - header.payloadBytes);
  if (createHash('sha256').update(payload).digest('hex') !== header.sha256)
    throw new IndexFileError('CORRUPT', 'index file payload does not match its SHA-256');
  let data: unknown;
  try {
    data = deserialize(payload);
  } catch (error) {
    throw new IndexFileError(
      'CORRUPT',
      `index file payload does not decode: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const problem = shapeProblem(data, header.documents);
  if (problem !== null) throw new IndexFileError('CORRUPT', `index file data is malformed: ${problem}`);
  return { data: data as IndexData, header };
}

function isHeader(value: unknown): value is IndexFileHeader {
  if (typeof value !== 'object' || value === null) return false;
  const h = value as Record<string, unknown>;
  return (
    typeof h.format === 'string' &&
    typeof h.snapshotVersion === 'string' &&
    typeof h.version === 'string' &&
    typeof h.builtAt === 'string' &&
    Number.isSafeInteger(h.documents) &&
    (h.documents as number) >= 0 &&
    Number.isSafeInteger(h.payloadBytes) &&
    (h.payloadBytes as number) >= 0 &&
    typeof h.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(h.sha256)
  );
}

type Check =
  | 'array'
  | 'map'
  | 'object'
  | 'number'
  | Uint8ArrayConstructor
  | Uint32ArrayConstructor
  | Int8ArrayConstructor
  | Float32ArrayConstructor;

/** Every field of IndexData and what it must be; nested structures by their own fields. */
const SHAPE: Record<keyof IndexData, Check> = {
  docCount: 'number',
  cprcodes: 'array',
  nameEn: 'array',
  nameTh: 'array',
  brandEn: 'array',
  brandTh: 'array',
  barcodes: 'array',
  imageUrls: 'array',
  active: Uint8Array,
  online: Uint8Array,
  categories: 'object',
  leafOffsets: Uint32Array,
  leafDocs: Uint32Array,
  termIds: 'map',
  termKinds: Uint8Array,
  postings: 'object',
  forward: 'object',
  heads: 'object',
  surfaces: 'array',
  surfaceTerms: Uint32Array,
  firstTermEn: Uint32Array,
  firstTermTh: Uint32Array,
  headTermTh: Uint32Array,
  barcodeDoc: 'map',
  cprcodeDoc: 'map',
  sortedBarcodes: 'array',
  sortedBarcodeDocs: Uint32Array,
  semantic: 'object',
  concepts: 'array',
  triggers: 'map',
  conceptFrames: 'array',
  toneless: 'object',
  romanised: 'object',
  skeletons: 'object',
  thaiRuns: 'object',
  synonyms: 'object',
  thaiVocabulary: 'object',
};

const NESTED: Record<string, Record<string, Check>> = {
  categories: { nodes: 'array', docL1: Uint32Array, docL2: Uint32Array, docL3: Uint32Array, keys: 'map' },
  postings: { offsets: Uint32Array, docs: Uint32Array, idf: Float32Array },
  forward: { offsets: Uint32Array, terms: Uint32Array, impacts: Float32Array, masks: Uint8Array },
  heads: { size: 'number', offsets: Uint32Array, docs: Uint32Array },
  semantic: {
    dimensions: 'number',
    termVectors: Float32Array,
    termHasVector: Uint8Array,
    categoryVectors: Float32Array,
    docVectors: Int8Array,
  },
  toneless: { keys: 'array', offsets: Uint32Array, terms: Uint32Array, words: 'array' },
  romanised: { keys: 'array', offsets: Uint32Array, terms: Uint32Array, words: 'array' },
  skeletons: { keys: 'array', offsets: Uint32Array, terms: Uint32Array, words: 'array' },
  thaiRuns: {
    keys: 'array',
    texts: 'array',
    counts: Uint32Array,
    offsets: Uint32Array,
    terms: Uint32Array,
    words: 'array',
  },
  thaiVocabulary: { words: 'array', toneless: 'array' },
};

function fits(value: unknown, check: Check): boolean {
  if (check === 'array') return Array.isArray(value);
  if (check === 'map') return value instanceof Map;
  if (check === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  if (check === 'number') return typeof value === 'number' && Number.isFinite(value);
  return value instanceof check;
}

/** The first way `value` is not index data of `documents` documents, or null when it is. */
function shapeProblem(value: unknown, documents: number): string | null {
  if (!fits(value, 'object')) return 'not an object';
  const data = value as Record<string, unknown>;
  for (const [field, check] of Object.entries(SHAPE)) {
    if (!fits(data[field], check)) return `${field} has the wrong type`;
    for (const [inner, innerCheck] of Object.entries(NESTED[field] ?? {})) {
      if (!fits((data[field] as Record<string, unknown>)[inner], innerCheck))
        return `${field}.${inner} has the wrong type`;
    }
  }
  const index = data as unknown as IndexData;
  if (index.docCount !== documents) return `${index.docCount} documents, the header says ${documents}`;
  const perDocument = [
    index.cprcodes,
    index.nameEn,
    index.nameTh,
    index.brandEn,
    index.brandTh,
    index.barcodes,
    index.imageUrls,
    index.active,
    index.online,
    index.firstTermEn,
    index.firstTermTh,
    index.headTermTh,
    index.leafDocs,
    index.categories.docL3,
  ];
  if (perDocument.some((list) => list.length !== documents)) return 'a per-document list has the wrong length';
  const terms = index.termKinds.length;
  if (index.postings.offsets.length !== terms + 1 || index.postings.idf.length !== terms)
    return 'postings do not match the term count';
  if (index.postings.offsets[terms] !== index.postings.docs.length) return 'posting offsets do not end at the postings';
  if (index.forward.offsets.length !== documents + 1 || index.forward.offsets[documents] !== index.forward.terms.length)
    return 'forward index does not match the documents';
  if (index.semantic.docVectors.length !== documents * index.semantic.dimensions)
    return 'document vectors do not match the documents';
  if (!index.cprcodes.every((code) => typeof code === 'string')) return 'a cprcode is not a string';
  return null;
}
