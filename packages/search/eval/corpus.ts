/** The evaluation and benchmark corpus: the grocer simulator's generated catalog. */
import type { Product } from '@grocery/core';
import { generateCatalog } from '@grocery/grocer';

/** The generated catalog of `count` products (seed 1, the simulator's default). */
export function generateCorpus(count: number, seed = 1): Product[] {
  return generateCatalog({ seed, count }).products;
}
