/**
 * The few dense linear-algebra routines the semantic model needs, on Float64Arrays: a seeded
 * random source, Gram-Schmidt orthonormalisation and the Jacobi eigensolver for small symmetric
 * matrices. Matrices are row-major unless a function says otherwise.
 */

/** Deterministic PRNG (mulberry32) so that an index built twice from one catalog is identical. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal samples (Box-Muller). */
export function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * Orthonormalises the `cols` columns of a `rows × cols` row-major matrix in place (modified
 * Gram-Schmidt). A column that collapses to zero is replaced by zeros.
 */
export function orthonormalizeColumns(matrix: Float64Array, rows: number, cols: number): void {
  for (let j = 0; j < cols; j++) {
    for (let i = 0; i < j; i++) {
      let dot = 0;
      for (let r = 0; r < rows; r++) dot += matrix[r * cols + i]! * matrix[r * cols + j]!;
      for (let r = 0; r < rows; r++) matrix[r * cols + j]! -= dot * matrix[r * cols + i]!;
    }
    let norm = 0;
    for (let r = 0; r < rows; r++) norm += matrix[r * cols + j]! ** 2;
    norm = Math.sqrt(norm);
    const scale = norm > 1e-10 ? 1 / norm : 0;
    for (let r = 0; r < rows; r++) matrix[r * cols + j]! *= scale;
  }
}

/** Eigenvalues (descending) and eigenvectors (columns of a row-major n × n matrix) of a symmetric matrix. */
export interface Eigen {
  values: Float64Array;
  vectors: Float64Array;
}

/** Cyclic Jacobi eigensolver for a small symmetric `n × n` matrix (it is copied, not changed). */
export function symmetricEigen(input: Float64Array, n: number, maxSweeps = 60): Eigen {
  const a = Float64Array.from(input);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const app = a[p * n + p]!;
        const aqq = a[q * n + q]!;
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => a[y * n + y]! - a[x * n + x]!);
  const values = new Float64Array(n);
  const vectors = new Float64Array(n * n);
  order.forEach((from, to) => {
    values[to] = a[from * n + from]!;
    for (let k = 0; k < n; k++) vectors[k * n + to] = v[k * n + from]!;
  });
  return { values, vectors };
}

/** Scales a vector to unit length in place; a zero vector stays zero. Returns the old length. */
export function normalizeInPlace(
  vector: Float32Array | Float64Array,
  offset = 0,
  length = vector.length - offset,
): number {
  let norm = 0;
  for (let i = offset; i < offset + length; i++) norm += vector[i]! ** 2;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = offset; i < offset + length; i++) vector[i]! /= norm;
  return norm;
}
