import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { serialize } from 'node:v8';
import {
  buildIndexData,
  decodeIndexData,
  encodeIndexData,
  IndexFileError,
  readIndexFileHeader,
  searchIndexFormat,
  searchIndexFromData,
  type IndexFileErrorCode,
  type SearchQuery,
} from '../src/index.ts';
import { fixtureDocuments } from './fixtures/fixture-catalog.ts';

const docs = fixtureDocuments();
const format = searchIndexFormat();
const about = { format, snapshotVersion: 'snap-1', version: 'snap-1-abcd', builtAt: '2026-01-01T00:00:00.000Z' };
const data = buildIndexData(docs);
const file = encodeIndexData(data, about);
const expect = { format, snapshotVersion: 'snap-1' };

/** Queries over every path of the engine: words, Thai, typos, sizes, codes, concepts, filters, both modes. */
const QUERIES: Omit<SearchQuery, 'limit'>[] = [
  ...[
    'sausage',
    'meiji milk',
    'ไส้กรอก',
    'น้ำปลา',
    'ไอศกรีม ช็อกโกแลต',
    '830ml',
    'coca cola 1.5 l',
    'cocacola',
    'sausgae',
    'breakfast for kids',
    'things for a baby',
    'nom sod',
    docs[0]!.barcode ?? 'x',
    docs[3]!.cprcode,
  ].flatMap((query) => [
    { query, lang: 'en' as const, mode: 'SEMANTIC' as const },
    { query, lang: 'th' as const, mode: 'AUTOCOMPLETE' as const },
  ]),
  { query: 'milk', lang: 'en', mode: 'SEMANTIC', category: 'Milk' },
  { query: 'milk', lang: 'en', mode: 'SEMANTIC', active: false },
];

function expectRefused(bytes: Uint8Array, code: IndexFileErrorCode, against = expect): void {
  assert.throws(
    () => decodeIndexData(bytes, against),
    (error: unknown) => error instanceof IndexFileError && error.code === code,
    `expected ${code}`,
  );
}

/** A well-formed file around any payload, with an honest header (so only the payload check can refuse it). */
function fileAround(payload: Uint8Array, documents = data.docCount): Uint8Array {
  const header = Buffer.from(
    JSON.stringify({
      ...about,
      documents,
      payloadBytes: payload.byteLength,
      sha256: createHash('sha256').update(payload).digest('hex'),
    }),
  );
  const prefix = Buffer.alloc(12);
  prefix.write('GSIX', 0, 'latin1');
  prefix.writeUInt32LE(1, 4);
  prefix.writeUInt32LE(header.byteLength, 8);
  return Buffer.concat([prefix, header, payload]);
}

describe('index file', () => {
  it('loads into an index that answers every query exactly as the freshly built one', () => {
    const built = searchIndexFromData(data);
    const { data: loadedData, header } = decodeIndexData(file, expect);
    const loaded = searchIndexFromData(loadedData);
    assert.equal(header.documents, docs.length);
    assert.equal(header.version, about.version);
    for (const query of QUERIES) {
      assert.deepEqual(
        loaded.search({ ...query, limit: 50 }),
        built.search({ ...query, limit: 50 }),
        `search ${JSON.stringify(query)}`,
      );
    }
    for (const query of ['mei', 'ไส้', 'coca', '885', 'bre']) {
      for (const lang of ['en', 'th'] as const)
        assert.deepEqual(
          loaded.suggest({ query, lang, limit: 30 }),
          built.suggest({ query, lang, limit: 30 }),
          `suggest ${query} ${lang}`,
        );
    }
    const { buildMs: _a, ...loadedStats } = loaded.stats();
    const { buildMs: _b, ...builtStats } = built.stats();
    assert.deepEqual(loadedStats, builtStats);
  });

  it('reads its header without decoding the payload', () => {
    const header = readIndexFileHeader(file);
    assert.equal(header.snapshotVersion, 'snap-1');
    assert.equal(header.format, format);
    assert.match(header.sha256, /^[0-9a-f]{64}$/);
  });

  it('names the building code in its format', () => {
    assert.match(format, /^gsix1-[0-9a-f]{16}$/);
    assert.equal(searchIndexFormat(), format);
  });

  it('refuses a file of another format or another snapshot', () => {
    expectRefused(file, 'FORMAT_MISMATCH', { ...expect, format: 'gsix1-0000000000000000' });
    expectRefused(file, 'SNAPSHOT_MISMATCH', { ...expect, snapshotVersion: 'snap-2' });
  });

  it('refuses hostile and damaged files with a reason, never a crash', () => {
    const damaged = (edit: (bytes: Buffer) => void) => {
      const copy = Buffer.from(file);
      edit(copy);
      return copy;
    };
    expectRefused(new Uint8Array(0), 'NOT_AN_INDEX');
    expectRefused(Buffer.from('GSI'), 'NOT_AN_INDEX');
    expectRefused(Buffer.from('{"hello":"world"}'), 'NOT_AN_INDEX');
    expectRefused(Buffer.from(serialize(data)), 'NOT_AN_INDEX');
    expectRefused(
      damaged((b) => b.writeUInt32LE(99, 4)),
      'UNSUPPORTED_CODEC',
    );
    expectRefused(
      damaged((b) => b.writeUInt32LE(0xffffffff, 8)),
      'CORRUPT',
    );
    expectRefused(
      damaged((b) => b.writeUInt32LE(3, 8)),
      'CORRUPT',
    );
    expectRefused(
      damaged((b) => b.fill(0x20, 12, 40)),
      'CORRUPT',
    );
    // Truncated, extended, and one flipped payload byte (the SHA-256 catches it).
    expectRefused(file.subarray(0, file.byteLength - 1), 'CORRUPT');
    expectRefused(Buffer.concat([file, Buffer.from([0])]), 'CORRUPT');
    expectRefused(
      damaged((b) => (b[b.length - 100]! ^= 0xff)),
      'CORRUPT',
    );
    // Payloads that hash correctly but are not index data.
    expectRefused(fileAround(Buffer.from('not v8 at all')), 'CORRUPT');
    expectRefused(fileAround(serialize({ docCount: data.docCount })), 'CORRUPT');
    expectRefused(fileAround(serialize([1, 2, 3])), 'CORRUPT');
    expectRefused(fileAround(serialize(null)), 'CORRUPT');
    expectRefused(
      fileAround(serialize({ ...data, postings: { ...data.postings, docs: new Uint32Array(1) } })),
      'CORRUPT',
    );
    expectRefused(
      fileAround(serialize({ ...data, semantic: { ...data.semantic, docVectors: new Float32Array(4) } })),
      'CORRUPT',
    );
    expectRefused(fileAround(serialize({ ...data, cprcodes: data.cprcodes.slice(1) })), 'CORRUPT');
    expectRefused(fileAround(serialize(data), data.docCount + 1), 'CORRUPT');
    // Random bytes after a valid prefix.
    for (let seed = 1; seed <= 20; seed++) {
      const noise = Buffer.alloc(200 + seed * 37);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761 + seed * 97) >>> 24;
      assert.throws(() => decodeIndexData(fileAround(noise), expect), IndexFileError);
      assert.throws(() => decodeIndexData(Buffer.concat([file.subarray(0, 12 + seed), noise]), expect), IndexFileError);
    }
  });
});
