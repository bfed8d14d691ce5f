/**
 * A vector model of meaning learned at index time from the catalog itself, with nothing to
 * download. Every product is a bilingual record: its English and Thai words share its categories,
 * so a term's profile over categories (positive pointwise mutual information, PPMI) puts "milk"
 * and "นม" side by side. A truncated SVD of the term × category PPMI matrix (randomised subspace
 * iteration on the small category Gram matrix) smooths the profiles, so that related shelves
 * (milk, yoghurt, butter) sit near each other. Terms, categories and documents live in one
 * k-dimensional space: term vectors are PPMI rows projected on the top right singular vectors,
 * category vectors are those singular vectors' rows, document vectors mix their categories with
 * their name words.
 */
import { NAME_MASK, type Postings } from './bm25f.ts';
import type { CategoryTree } from './category-tree.ts';
import { gaussian, normalizeInPlace, orthonormalizeColumns, seededRandom, symmetricEigen } from './linear-algebra.ts';

/** Options of {@link buildSemanticModel}. */
export interface SemanticModelOptions {
  /** Dimensions of the space (at most the number of categories). Default 64. */
  dimensions?: number;
  /** Subspace iterations of the randomised SVD. Default 4. */
  powerIterations?: number;
  /** Context distribution smoothing of PPMI (Levy et al.), default 0.75. */
  contextSmoothing?: number;
  seed?: number;
}

/** The learned space. Vectors are unit length (or zero when a term has no context). */
export interface SemanticModel {
  dimensions: number;
  /** `termCount × dimensions`. */
  termVectors: Float32Array;
  /** 1 where a term has a vector. */
  termHasVector: Uint8Array;
  /** Level-3 category node id → its vector (`nodeCount × dimensions`; zero for other levels). */
  categoryVectors: Float32Array;
  /** `docCount × dimensions`, quantised to signed bytes (value × 127). */
  docVectors: Int8Array;
}

/** What the model is learned from. */
export interface SemanticModelInput {
  termCount: number;
  docCount: number;
  postings: Postings;
  /** 1 for terms that carry meaning (words), 0 for numbers and sizes. */
  semanticTerms: Uint8Array;
  categories: CategoryTree;
}

/** Co-occurrence weight of a level-1 department against 1 for a shelf and its parent. */
const DEPARTMENT_WEIGHT = 0.5;

/** Word fields a document's own vector is made of: its names (keywords are shared by whole shelves). */
const DOC_WORD_MASK = NAME_MASK;

/**
 * Term × context co-occurrence counts as sparse rows (CSR), turned into PPMI with smoothed context
 * probabilities (`alpha`), so rare shelves do not dominate.
 */
function ppmiRows(
  input: SemanticModelInput,
  column: Int32Array,
  columns: number,
  alpha: number,
): { rowStart: Uint32Array; cols: Uint32Array; ppmi: Float64Array } {
  const { termCount, postings, semanticTerms, categories } = input;
  // Term × context co-occurrence counts, as sparse rows (CSR).
  const rowStart = new Uint32Array(termCount + 1);
  const colIndex: number[] = [];
  const values: number[] = [];
  const scratch = new Float64Array(columns);
  const touched: number[] = [];
  const colSum = new Float64Array(columns);
  const rowSum = new Float64Array(termCount);
  let grand = 0;
  for (let t = 0; t < termCount; t++) {
    rowStart[t] = colIndex.length;
    if (semanticTerms[t] !== 1) continue;
    for (let p = postings.offsets[t]!; p < postings.offsets[t + 1]!; p++) {
      const d = postings.docs[p]!;
      const leaf = column[categories.docL3[d]!]!;
      const parent = column[categories.docL2[d]!]!;
      const department = column[categories.docL1[d]!]!;
      if (scratch[leaf] === 0) touched.push(leaf);
      scratch[leaf]! += 1;
      if (scratch[parent] === 0) touched.push(parent);
      scratch[parent]! += 1;
      if (scratch[department] === 0) touched.push(department);
      scratch[department]! += DEPARTMENT_WEIGHT;
    }
    touched.sort((x, y) => x - y);
    for (const c of touched) {
      const count = scratch[c]!;
      colIndex.push(c);
      values.push(count);
      colSum[c]! += count;
      rowSum[t]! += count;
      grand += count;
      scratch[c] = 0;
    }
    touched.length = 0;
  }
  rowStart[termCount] = colIndex.length;
  const cols = Uint32Array.from(colIndex);
  const ppmi = Float64Array.from(values);

  // PPMI with smoothed context probabilities, so rare shelves do not dominate.
  let smoothedTotal = 0;
  for (let c = 0; c < columns; c++) smoothedTotal += colSum[c]! ** alpha;
  for (let t = 0; t < termCount; t++) {
    for (let e = rowStart[t]!; e < rowStart[t + 1]!; e++) {
      const pJoint = ppmi[e]! / grand;
      const pTerm = rowSum[t]! / grand;
      const pContext = colSum[cols[e]!]! ** alpha / smoothedTotal;
      ppmi[e] = Math.max(0, Math.log(pJoint / (pTerm * pContext)));
    }
  }
  return { rowStart, cols, ppmi };
}

/** Learns the model. Cost: a few passes over the postings plus O(categories × k²). */
export function buildSemanticModel(input: SemanticModelInput, options: SemanticModelOptions = {}): SemanticModel {
  const { termCount, docCount, postings, categories } = input;
  const nodeCount = categories.nodes.length;
  // Columns: every category node; levels 2 and 1 tie sibling shelves together, level 1 more loosely.
  const column = new Int32Array(nodeCount).fill(-1);
  let columns = 0;
  for (const node of categories.nodes) column[node.id] = columns++;
  const rank = Math.max(1, Math.min(options.dimensions ?? 64, columns));
  const random = seededRandom(options.seed ?? 0x5eed);

  const { rowStart, cols, ppmi } = ppmiRows(input, column, columns, options.contextSmoothing ?? 0.75);

  const basis = topRightSingularVectors(
    rowStart,
    cols,
    ppmi,
    termCount,
    columns,
    rank,
    options.powerIterations ?? 4,
    random,
  );

  // Term vectors: PPMI rows projected on the basis.
  const termVectors = new Float32Array(termCount * rank);
  const termHasVector = new Uint8Array(termCount);
  for (let t = 0; t < termCount; t++) {
    const base = t * rank;
    for (let e = rowStart[t]!; e < rowStart[t + 1]!; e++) {
      const weight = ppmi[e]!;
      if (weight === 0) continue;
      const b = cols[e]! * rank;
      for (let j = 0; j < rank; j++) termVectors[base + j]! += weight * basis[b + j]!;
    }
    if (normalizeInPlace(termVectors, base, rank) > 0) termHasVector[t] = 1;
  }

  // Category vectors: the basis rows of level-3 nodes, and of level-2 nodes for the mix below.
  const categoryVectors = new Float32Array(nodeCount * rank);
  for (const node of categories.nodes) {
    const c = column[node.id]!;
    if (c < 0) continue;
    for (let j = 0; j < rank; j++) categoryVectors[node.id * rank + j] = basis[c * rank + j]!;
    normalizeInPlace(categoryVectors, node.id * rank, rank);
  }

  // Document vectors: its shelf, its parent shelf and its own words (idf-weighted).
  const words = new Float32Array(docCount * rank);
  for (let t = 0; t < termCount; t++) {
    if (termHasVector[t] !== 1) continue;
    const weight = postings.idf[t]!;
    const base = t * rank;
    for (let p = postings.offsets[t]!; p < postings.offsets[t + 1]!; p++) {
      if ((postings.masks[p]! & DOC_WORD_MASK) === 0) continue;
      const row = postings.docs[p]! * rank;
      for (let j = 0; j < rank; j++) words[row + j]! += weight * termVectors[base + j]!;
    }
  }
  const docVectors = new Int8Array(docCount * rank);
  const mixed = new Float32Array(rank);
  for (let d = 0; d < docCount; d++) {
    normalizeInPlace(words, d * rank, rank);
    const l3 = categories.docL3[d]! * rank;
    const l2 = categories.docL2[d]! * rank;
    for (let j = 0; j < rank; j++)
      mixed[j] = categoryVectors[l3 + j]! + 0.35 * categoryVectors[l2 + j]! + 0.8 * words[d * rank + j]!;
    normalizeInPlace(mixed);
    for (let j = 0; j < rank; j++) docVectors[d * rank + j] = Math.round(mixed[j]! * 127);
  }
  return { dimensions: rank, termVectors, termHasVector, categoryVectors, docVectors };
}

/**
 * The top `rank` right singular vectors of the sparse `rows × columns` matrix A (as a
 * `columns × rank` row-major matrix): eigenvectors of AᵀA by randomised subspace iteration,
 * multiplying through A's sparse rows, never forming AᵀA when it is large.
 */
function topRightSingularVectors(
  rowStart: Uint32Array,
  cols: Uint32Array,
  vals: Float64Array,
  rows: number,
  columns: number,
  rank: number,
  iterations: number,
  random: () => number,
): Float64Array {
  const width = Math.min(columns, rank + 10);
  let q: Float64Array = new Float64Array(columns * width);
  for (let i = 0; i < q.length; i++) q[i] = gaussian(random);
  orthonormalizeColumns(q, columns, width);
  const applyGram = (x: Float64Array): Float64Array => {
    // AᵀA x, row by row: y_r = A_r x, then out += A_rᵀ y_r.
    const out = new Float64Array(columns * width);
    const y = new Float64Array(width);
    for (let r = 0; r < rows; r++) {
      const start = rowStart[r]!;
      const end = rowStart[r + 1]!;
      if (start === end) continue;
      y.fill(0);
      for (let e = start; e < end; e++) {
        const v = vals[e]!;
        if (v === 0) continue;
        const base = cols[e]! * width;
        for (let j = 0; j < width; j++) y[j]! += v * x[base + j]!;
      }
      for (let e = start; e < end; e++) {
        const v = vals[e]!;
        if (v === 0) continue;
        const base = cols[e]! * width;
        for (let j = 0; j < width; j++) out[base + j]! += v * y[j]!;
      }
    }
    return out;
  };
  for (let it = 0; it < iterations; it++) {
    q = applyGram(q);
    orthonormalizeColumns(q, columns, width);
  }
  // Rayleigh-Ritz: B = Qᵀ (AᵀA) Q is small; its eigenvectors rotate Q onto the singular vectors.
  const gq = applyGram(q);
  const small = new Float64Array(width * width);
  for (let i = 0; i < width; i++) {
    for (let j = i; j < width; j++) {
      let dot = 0;
      for (let c = 0; c < columns; c++) dot += q[c * width + i]! * gq[c * width + j]!;
      small[i * width + j] = dot;
      small[j * width + i] = dot;
    }
  }
  const { vectors } = symmetricEigen(small, width);
  const basis = new Float64Array(columns * rank);
  for (let c = 0; c < columns; c++) {
    for (let j = 0; j < rank; j++) {
      let sum = 0;
      for (let i = 0; i < width; i++) sum += q[c * width + i]! * vectors[i * width + j]!;
      basis[c * rank + j] = sum;
    }
  }
  return basis;
}
