/**
 * Seeded, stateless randomness: every generated fact (a product's brand, a branch's price, a stock
 * level) is a pure function of the seed and the fact's coordinates, so nothing has to be stored.
 */

/** Murmur3's 32-bit finaliser: spreads every input bit over the output. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of integers, e.g. `hashInts(seed, SALT, branch, index)`. */
export function hashInts(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = Math.imul(h ^ fmix32(value | 0), 0x01000193);
    h = fmix32(h + Math.floor(value / 0x1_0000_0000));
  }
  return h;
}

/** `hashInts(a, b)` without the rest-array allocation, for hot loops. */
export function hash2(a: number, b: number): number {
  let h = Math.imul(0x9e3779b9 ^ fmix32(a | 0), 0x01000193);
  h = fmix32(h + Math.floor(a / 0x1_0000_0000));
  h = Math.imul(h ^ fmix32(b | 0), 0x01000193);
  return fmix32(h + Math.floor(b / 0x1_0000_0000));
}

/** A 32-bit FNV-1a hash of a string, finalised. */
export function hashString(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** A hash as a number in [0, 1). */
export function unitOf(hash: number): number {
  return (hash >>> 0) / 0x1_0000_0000;
}

/** A sequential seeded generator (mulberry32) returning numbers in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = hashInts(seed) || 1;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

/** Salts that keep the hash streams of different facts independent. */
export const SALT = {
  kindOrder: 1,
  product: 2,
  feedGap: 5,
  stock: 6,
  promotion: 9,
  faults: 10,
  cprcode: 11,
} as const;
