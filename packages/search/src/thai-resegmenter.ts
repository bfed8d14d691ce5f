/**
 * Cuts runs of Thai letters into the catalog's own words, the same way for documents and queries.
 *
 * The dictionary segmenter alone cuts a word typed without its tone marks into pieces ("มะมวง" →
 * มะ|ม|วง, "กลวยหอม" → กล|วย|หอม), and cuts loanwords differently in different contexts ("เนสกาแฟ"
 * alone → เน|สกา|แฟ, inside "กาแฟกระป๋องเนสกาแฟ" → …|งเน|สกา|แฟ), so that a query may not be cut as
 * the product names it should find. Here a run is matched against the vocabulary the segmenter
 * gives the whole catalog, in its tone-mark-less form: fewest words wins, and among equals, words
 * typed exactly as the vocabulary has them. The index is built from runs cut this way and queries
 * are cut this way, so a run typed as the catalog has it is always cut alike, and a run typed
 * without tone marks is cut into the words that have them.
 */
import { thaiToneless } from './normalizer.ts';
import { segmentThai } from './thai-segmenter.ts';
import { lowerBound, upperBoundOfPrefix } from './typo-matcher.ts';

/** The Thai words of a catalog: as written and without tone marks, each sorted in code-unit order. */
export interface ThaiVocabulary {
  words: string[];
  toneless: string[];
}

/** Longest run cut by the vocabulary; longer runs keep the segmenter's cut. */
const MAX_RUN = 64;
/** Longest dictionary word tried at one position. */
const MAX_WORD = 32;

/**
 * True for a word proper: two letters or more, starting where a Thai word can (a consonant or a
 * leading vowel). The segmenter leaves stray letters of loanwords in a catalog's words ("า", "ง");
 * a cut may use them only at a price, or it would read any typo as words.
 */
export function isCuttableWord(word: string): boolean {
  if (word.length < 2) return false;
  const first = word.charCodeAt(0);
  return (first >= 0x0e01 && first <= 0x0e2e) || (first >= 0x0e40 && first <= 0x0e44);
}

/** The vocabulary of `words` (repeats dropped). */
export function buildThaiVocabulary(words: Iterable<string>): ThaiVocabulary {
  const kept = new Set<string>();
  for (const word of words) if (word.length > 0) kept.add(word);
  return { words: [...kept].sort(), toneless: [...new Set([...kept].map(thaiToneless))].sort() };
}

/**
 * What a cut costs: two per word, one more for a word typed otherwise than the vocabulary has it
 * (tone marks), five for a stray letter the segmenter left in the vocabulary ("ดาร์|ก"), six for a
 * word the vocabulary lacks. Fewer, truer words win.
 */
const WORD_COST = 2;
const RETYPED_COST = 1;
const STRAY_COST = 5;
const UNKNOWN_COST = 6;

/**
 * A segmenter of Thai runs by `vocabulary`, falling back to the dictionary segmenter when no cut
 * into its words exists (a typo, a word the catalog lacks). `cache` memoises runs (catalog names
 * repeat the same runs); queries pass none.
 *
 * @example
 * const cut = thaiCutter(buildThaiVocabulary(['มะม่วง', 'หอม']));
 * cut('มะมวง') // ['มะมวง'], read as มะม่วง by the tone-mark-less lookup
 */
export function thaiCutter(
  vocabulary: ThaiVocabulary,
  cache?: Map<string, readonly string[]>,
): (run: string) => readonly string[] {
  const isWord = (piece: string) => vocabulary.words[lowerBound(vocabulary.words, piece)] === piece;
  return (run) => {
    const hit = cache?.get(run);
    if (hit !== undefined) return hit;
    // The segmenter's own cut stands only when it is cheaper than the vocabulary's (a word it lacks costs most).
    let pieces = segmentThai(run);
    const cut = segmentByVocabulary(run, vocabulary.toneless, isWord);
    if (cut !== null) {
      const segmenterCost = pieces.reduce((sum, piece) => sum + (isWord(piece) ? wordCost(piece) : UNKNOWN_COST), 0);
      if (cut.cost <= segmenterCost) pieces = cut.pieces;
    }
    cache?.set(run, pieces);
    return pieces;
  };
}

/**
 * Cuts `run` (normalised Thai letters, no spaces) into pieces of the original text whose
 * tone-mark-less forms are all in `toneless` (sorted), or returns null when no such cut exists.
 * `isWord` tells whether a piece, as typed, is a word of the vocabulary (preferred among equal cuts).
 *
 * @example
 * segmentByVocabulary('มะมวงหอม', ['มะมวง', 'หอม'], (w) => w === 'หอม') // { pieces: ['มะมวง', 'หอม'], cost: 5 }
 */
export function segmentByVocabulary(
  run: string,
  toneless: readonly string[],
  isWord: (piece: string) => boolean,
): { pieces: string[]; cost: number } | null {
  if (run.length === 0 || run.length > MAX_RUN || toneless.length === 0) return null;
  // The run without tone marks, and where each of its characters sits in the original.
  let bare = '';
  const origin: number[] = [];
  for (let i = 0; i < run.length; i++) {
    const one = run[i]!;
    if (thaiToneless(one).length === 0) continue;
    origin.push(i);
    bare += one;
  }
  origin.push(run.length);
  const n = bare.length;
  // cost[j]: best cost of cutting bare[0, j).
  const cost = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  const back = new Int32Array(n + 1).fill(-1);
  cost[0] = 0;
  for (let i = 0; i < n; i++) {
    if (cost[i] === Number.POSITIVE_INFINITY) continue;
    let lo = 0;
    let hi = toneless.length;
    for (let length = 1; length <= MAX_WORD && i + length <= n; length++) {
      const prefix = bare.slice(i, i + length);
      // Narrow the range of dictionary words starting with the growing prefix.
      lo = lowerBoundIn(toneless, prefix, lo, hi);
      hi = upperBoundOfPrefix(toneless, prefix, lo);
      if (lo >= hi) break;
      if (toneless[lo] !== prefix) continue;
      const end = i + length;
      const piece = run.slice(origin[i], origin[end]);
      const total = cost[i]! + wordCost(prefix) + (isWord(piece) ? 0 : RETYPED_COST);
      if (total < cost[end]!) {
        cost[end] = total;
        back[end] = i;
      }
    }
  }
  if (cost[n] === Number.POSITIVE_INFINITY) return null;
  const pieces: string[] = [];
  for (let end = n; end > 0; end = back[end]!) pieces.push(run.slice(origin[back[end]!], origin[end]));
  return { pieces: pieces.reverse(), cost: cost[n]! };
}

function wordCost(word: string): number {
  return isCuttableWord(word) ? WORD_COST : STRAY_COST;
}

function lowerBoundIn(sorted: readonly string[], value: string, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
