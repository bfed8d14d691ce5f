/**
 * The words a shelf (level-3 category) is named for: the head of each part of its name. English
 * puts the head last ("Chilli Sauces" is sauces, "Chillies & Limes" chillies and limes), Thai
 * first (ซอสพริก is ซอส, พริกและมะนาว พริก and มะนาว). A query for "chillies" or "prik" (พริก) wants
 * the shelf named for chillies, not the sauces that mention them, although the sauces hold the word
 * in more places (name, shelf, keywords) and so sit nearer it in the semantic space.
 */
import type { IndexData } from './index-builder.ts';
import { parseQuery } from './query-parser.ts';

/** Parts of an English shelf name: "Chillies & Limes", "Salt, Spices and Coconut". */
const ENGLISH_PARTS = /\s*(?:&|,|\band\b|\/)\s*/u;
/** Parts of a Thai shelf name: spaces and และ ("and") join them. */
const THAI_PARTS = /\s+|และ/u;

/** Per level-3 node, the terms its name is for (CSR: `offsets[node]..offsets[node + 1]` in `terms`). */
export interface ShelfHeads {
  offsets: Uint32Array;
  terms: Uint32Array;
  /** 1, or {@link COMPOUND_HEAD} for the head of a Thai compound (พริก of พริกแกง, curry paste: less surely the thing). */
  strengths: Float32Array;
}

/** Strength of the head of a Thai compound part against 1 for a part that is one word. */
const COMPOUND_HEAD = 0.5;

/** The head terms of every level-3 shelf, read with the index's own tokenizer and Thai cutter. */
export function buildShelfHeads(data: IndexData, cutThai: (run: string) => readonly string[]): ShelfHeads {
  const nodes = data.categories.nodes;
  const offsets = new Uint32Array(nodes.length + 1);
  const terms: number[] = [];
  const strengths: number[] = [];
  nodes.forEach((node, id) => {
    offsets[id] = terms.length;
    if (node.level !== 3) return;
    const heads = new Map<number, number>();
    const addHead = (part: string, last: boolean): void => {
      const words = parseQuery(part, { segmentThai: cutThai }).tokens.filter(
        (t) => t.kind === 'word' || t.kind === 'thai',
      );
      const head = last ? words[words.length - 1] : words[0];
      const term = head === undefined ? undefined : data.termIds.get(head.term);
      const strength = head?.kind === 'thai' && words.length > 1 ? COMPOUND_HEAD : 1;
      if (term !== undefined) heads.set(term, Math.max(strength, heads.get(term) ?? 0));
    };
    for (const part of node.nameEn.split(ENGLISH_PARTS)) addHead(part, true);
    for (const part of node.nameTh.split(THAI_PARTS)) addHead(part, false);
    for (const [term, strength] of heads) {
      terms.push(term);
      strengths.push(strength);
    }
  });
  offsets[nodes.length] = terms.length;
  return { offsets, terms: Uint32Array.from(terms), strengths: Float32Array.from(strengths) };
}
