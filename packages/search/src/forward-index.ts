/**
 * The two extra layouts that keep query cost bounded as the catalog grows:
 * - a forward index (document → its terms with their BM25F impacts), so a candidate is scored
 *   exactly by reading its ~30 postings instead of every posting list of the query;
 * - posting heads: for each term, its documents with the highest impacts (all of them when the
 *   term is rarer than the head size), so candidates for a common word come from a bounded list.
 */
import type { Postings } from './bm25f.ts';

/** Document-ordered postings: the terms of document d are `terms[offsets[d]..offsets[d+1])`. */
export interface ForwardIndex {
  offsets: Uint32Array;
  terms: Uint32Array;
  impacts: Float32Array;
  masks: Uint8Array;
}

/** The best documents of each term: `docs[offsets[t]..offsets[t+1])`, best impact first. */
export interface PostingHeads {
  size: number;
  offsets: Uint32Array;
  docs: Uint32Array;
}

/** Transposes term-ordered postings into document order. */
export function buildForwardIndex(postings: Postings, docCount: number): ForwardIndex {
  const total = postings.docs.length;
  const offsets = new Uint32Array(docCount + 1);
  for (let p = 0; p < total; p++) offsets[postings.docs[p]! + 1]!++;
  for (let d = 0; d < docCount; d++) offsets[d + 1]! += offsets[d]!;
  const cursor = offsets.slice(0, docCount);
  const terms = new Uint32Array(total);
  const impacts = new Float32Array(total);
  const masks = new Uint8Array(total);
  const termCount = postings.offsets.length - 1;
  for (let t = 0; t < termCount; t++) {
    for (let p = postings.offsets[t]!; p < postings.offsets[t + 1]!; p++) {
      const slot = cursor[postings.docs[p]!]!++;
      terms[slot] = t;
      impacts[slot] = postings.impacts[p]!;
      masks[slot] = postings.masks[p]!;
    }
  }
  return { offsets, terms, impacts, masks };
}

/** Keeps each term's `size` highest-impact documents (ties by document order). */
export function buildPostingHeads(postings: Postings, size: number): PostingHeads {
  const termCount = postings.offsets.length - 1;
  const offsets = new Uint32Array(termCount + 1);
  for (let t = 0; t < termCount; t++)
    offsets[t + 1] = offsets[t]! + Math.min(size, postings.offsets[t + 1]! - postings.offsets[t]!);
  const docs = new Uint32Array(offsets[termCount]!);
  let scratch = new Float32Array(0);
  for (let t = 0; t < termCount; t++) {
    const start = postings.offsets[t]!;
    const df = postings.offsets[t + 1]! - start;
    if (df <= size) {
      // A rare term's head is all of it, in any order.
      docs.set(postings.docs.subarray(start, start + df), offsets[t]!);
      continue;
    }
    // The size-th best impact, by a native numeric sort of a copy (no comparator: fast).
    if (scratch.length < df) scratch = new Float32Array(df * 2);
    const impacts = postings.impacts.subarray(start, start + df);
    const sorted = scratch.subarray(0, df);
    sorted.set(impacts);
    sorted.sort();
    const threshold = sorted[df - size]!;
    let above = 0;
    for (let i = 0; i < df; i++) if (impacts[i]! > threshold) above++;
    // Everything above the threshold, then ties at it in document order.
    let at = offsets[t]!;
    let ties = size - above;
    for (let i = 0; i < df; i++) {
      const impact = impacts[i]!;
      if (impact > threshold || (impact === threshold && ties-- > 0)) docs[at++] = postings.docs[start + i]!;
    }
    // Best first within the head, so a shorter prefix of it is still the best part.
    const head = docs.subarray(offsets[t]!, at);
    const impactOf = new Map<number, number>();
    for (let i = 0; i < df; i++) if (impacts[i]! >= threshold) impactOf.set(postings.docs[start + i]!, impacts[i]!);
    head.sort((a, b) => impactOf.get(b)! - impactOf.get(a)! || a - b);
  }
  return { size, offsets, docs };
}
