import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildIndexData } from '../src/index-builder.ts';
import { orthonormalizeColumns, seededRandom, symmetricEigen } from '../src/linear-algebra.ts';
import { fixtureDocuments } from './fixtures/fixture-catalog.ts';

describe('linear algebra', () => {
  it('finds the eigenpairs of a symmetric matrix', () => {
    // [[2,1,0],[1,2,0],[0,0,5]] has eigenvalues 5, 3, 1.
    const { values, vectors } = symmetricEigen(Float64Array.from([2, 1, 0, 1, 2, 0, 0, 0, 5]), 3);
    assert.deepEqual(
      [...values].map((v) => Math.round(v * 1e9) / 1e9),
      [5, 3, 1],
    );
    // The eigenvector of 3 is (1,1,0)/√2 up to sign.
    assert.ok(Math.abs(Math.abs(vectors[0 * 3 + 1]!) - Math.SQRT1_2) < 1e-9 && Math.abs(vectors[2 * 3 + 1]!) < 1e-9);
  });

  it('orthonormalises columns', () => {
    const random = seededRandom(7);
    const rows = 20;
    const cols = 4;
    const m = Float64Array.from({ length: rows * cols }, () => random() - 0.5);
    orthonormalizeColumns(m, rows, cols);
    for (let i = 0; i < cols; i++) {
      for (let j = 0; j < cols; j++) {
        let dot = 0;
        for (let r = 0; r < rows; r++) dot += m[r * cols + i]! * m[r * cols + j]!;
        assert.ok(Math.abs(dot - (i === j ? 1 : 0)) < 1e-9);
      }
    }
  });
});

describe('semantic model', () => {
  const data = buildIndexData(fixtureDocuments());
  const k = data.semantic.dimensions;
  const vector = (term: string) => {
    const id = data.termIds.get(term);
    assert.ok(id !== undefined, term);
    assert.equal(data.semantic.termHasVector[id], 1, term);
    return data.semantic.termVectors.subarray(id * k, id * k + k);
  };
  const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);

  it('puts an English word next to its Thai translation', () => {
    assert.ok(cosine(vector('sausag'), vector('ไส้กรอก')) > 0.9);
    assert.ok(cosine(vector('deterg'), vector('ซักฟอก')) > 0.9);
    assert.ok(cosine(vector('sausag'), vector('deterg')) < 0.5);
  });

  it('places related shelves nearer than unrelated ones', () => {
    assert.ok(cosine(vector('milk'), vector('yoghurt')) > cosine(vector('milk'), vector('deterg')));
  });

  it('gives numbers and sizes no vector', () => {
    const id = data.termIds.get('830ml')!;
    assert.equal(data.semantic.termHasVector[id], 0);
  });

  it('resolves the concept lexicon against the catalog', () => {
    const breakfast = data.concepts.find((c) => c.id === 'breakfast')!;
    assert.ok(breakfast.vector !== null);
    assert.ok(breakfast.targets.some((t) => t.term === data.termIds.get('cereal')));
  });
});
