import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createGrocerSimulator } from '@grocery/grocer';
import type { CatalogSnapshot } from '../src/catalog-snapshot.ts';
import { buildCatalogSnapshot } from '../src/snapshot-builder.ts';
import { decodeSnapshot } from '../src/snapshot-decoder.ts';
import { encodeSnapshot } from '../src/snapshot-encoder.ts';
import { SnapshotCodecError } from '../src/snapshot-format.ts';
import { fixtureProducts, hostileProducts } from './product-fixtures.ts';

const publicBaseUrl = 'https://api.example.com';

/** Everything a request can read from a snapshot, for comparing a decoded one with the original. */
function assertServesTheSame(decoded: CatalogSnapshot, original: CatalogSnapshot): void {
  assert.equal(decoded.version, original.version);
  assert.deepEqual(decoded.manifest, original.manifest);
  assert.deepEqual(decoded.products(), original.products());
  assert.deepEqual(decoded.categories(), original.categories());
  for (let i = 0; i < original.size; i++) {
    assert.equal(decoded.indexOf(original.at(i).cprcode), i);
    for (const lang of ['en', 'th'] as const)
      assert.deepEqual(decoded.recordJson(lang, i), original.recordJson(lang, i));
  }
  const filters = [
    { words: ['milk'] },
    { words: ['นม'] },
    { category: original.at(0).category.l1.toLowerCase() },
    { l2: original.at(original.size - 1).category.l2Th },
    { active: true, online: true },
    { alcohol: true },
    { words: ['a'], active: false },
  ];
  for (const filter of filters)
    assert.deepEqual(decoded.select(filter), original.select(filter), JSON.stringify(filter));
}

describe('snapshot codec', () => {
  test('a decoded snapshot serves what the built one serves (fixtures, hostile texts, a generated catalog)', async () => {
    const simulator = createGrocerSimulator({ productCount: 800, log: () => {} });
    try {
      // A lone surrogate too: the encoding keeps any JS string as it is.
      const hostile = hostileProducts(300).map((p, i) => (i === 5 ? { ...p, nameEn: 'lone \ud800 surrogate' } : p));
      for (const products of [fixtureProducts(), hostile, simulator.allProducts()]) {
        const built = await buildCatalogSnapshot(products, {
          publicBaseUrl,
          source: { version: 'g1', updatedAt: null },
        });
        const decoded = decodeSnapshot(await encodeSnapshot(built), { manifest: built.manifest, publicBaseUrl });
        assertServesTheSame(decoded, built);
        // The download files are not part of the encoding; they are loaded and checked on their own.
        assert.deepEqual(decoded.files, []);
      }
    } finally {
      await simulator.close();
    }
  });

  test('truncated, altered or mismatching bytes are refused, never served', async () => {
    const built = await buildCatalogSnapshot(hostileProducts(200), {
      publicBaseUrl,
      source: { version: 'g1', updatedAt: null },
    });
    const encoded = Buffer.from(await encodeSnapshot(built));
    const expected = { manifest: built.manifest, publicBaseUrl };
    const refused = (bytes: Uint8Array, options = expected) =>
      assert.throws(() => decodeSnapshot(bytes, options), SnapshotCodecError);

    refused(new Uint8Array(0));
    refused(Buffer.from('not a snapshot at all'));
    for (const length of [10, 40, encoded.length >> 1, encoded.length - 1]) refused(encoded.subarray(0, length));
    refused(Buffer.concat([encoded, Buffer.from([0, 0, 0, 0, 0, 0, 0, 0])]));
    // One flipped byte anywhere after the header: the SHA-256 catches it.
    for (const at of [encoded.length - 1, encoded.length >> 1, encoded.length - 4000]) {
      const altered = Buffer.from(encoded);
      altered[at]! ^= 0x20;
      refused(altered);
    }
    // A damaged header.
    const header = Buffer.from(encoded);
    header[20] = 0x7b;
    refused(header);
    // The right bytes for another snapshot, row count or public base URL.
    refused(encoded, { manifest: { ...built.manifest, version: '0123456789abcdef' }, publicBaseUrl });
    refused(encoded, { manifest: { ...built.manifest, rowCount: built.size + 1 }, publicBaseUrl });
    refused(encoded, { manifest: built.manifest, publicBaseUrl: 'https://elsewhere.example.com' });
    // The intact bytes still decode, also from an unaligned copy.
    const unaligned = Buffer.alloc(encoded.length + 3);
    encoded.copy(unaligned, 3);
    assertServesTheSame(decodeSnapshot(unaligned.subarray(3), expected), built);
  });
});
