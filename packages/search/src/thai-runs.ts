/**
 * The Thai runs of the catalog's names: Thai is written without spaces between words, so what a
 * shopper types is the start of a run ("มายอ" of มายองเนส, which the catalog holds as มา|ยอง|เนส),
 * not of a word. Each distinct run is kept with the words it is cut into and the number of
 * products whose names hold it, under its tone-mark-less form (a prefix typed mid-syllable often
 * lacks its tone mark, or has another). Used to complete the last run of a query as the catalog's
 * commonest runs go on, and to read a run the catalog cannot cut as the closest run it holds.
 */
import { thaiToneless } from './normalizer.ts';
import { QUERY_BOUNDS } from './query-parser.ts';
import type { Token } from './tokenizer.ts';
import { prefixRange } from './typo-matcher.ts';

/** Runs sorted by `keys` (their tone-mark-less text; equal keys may repeat); the words of run `i` are `words[offsets[i]..offsets[i+1])`. */
export interface ThaiRuns {
  keys: string[];
  /** The run as the catalog writes it. */
  texts: string[];
  /** Products whose names hold the run. */
  counts: Uint32Array;
  offsets: Uint32Array;
  terms: Uint32Array;
  words: string[];
}

/** Collects runs (as written, with their words and terms) and counts the products holding each. */
export class ThaiRunCollector {
  private readonly runs = new Map<string, { count: number; words: string[]; terms: number[]; doc: number }>();

  /** Counts a run of `doc` (a run met twice in one document counts once). */
  add(doc: number, words: readonly string[], terms: readonly number[]): void {
    const text = words.join('');
    const run = this.runs.get(text);
    if (run === undefined) this.runs.set(text, { count: 1, words: [...words], terms: [...terms], doc });
    else if (run.doc !== doc) {
      run.count++;
      run.doc = doc;
    }
  }

  build(): ThaiRuns {
    const entries = [...this.runs].map(([text, run]) => ({ key: thaiToneless(text), text, run }));
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.run.count - a.run.count));
    const offsets = new Uint32Array(entries.length + 1);
    entries.forEach((e, i) => (offsets[i + 1] = offsets[i]! + e.run.terms.length));
    return {
      keys: entries.map((e) => e.key),
      texts: entries.map((e) => e.text),
      counts: Uint32Array.from(entries, (e) => e.run.count),
      offsets,
      terms: Uint32Array.from(entries.flatMap((e) => e.run.terms)),
      words: entries.flatMap((e) => e.run.words),
    };
  }
}

/** Runs looked at for one completion: a prefix of two letters may start thousands. */
const MAX_SCANNED_RUNS = 4096;

/** The commonest run that starts with `typed` (tone marks aside), or -1. */
export function commonestRun(runs: ThaiRuns, typed: string): number {
  const [start, end] = prefixRange(runs.keys, thaiToneless(typed));
  let best = -1;
  for (let i = start; i < end && i < start + MAX_SCANNED_RUNS; i++)
    if (best < 0 || runs.counts[i]! > runs.counts[best]!) best = i;
  return best;
}

/**
 * `typed` cut where the words of run `run` end (tone marks aside): the words it holds whole, then
 * the start of the word it ends in, if any.
 *
 * @example
 * cutLikeRun(runs, run, 'มายอ') // ['มา', 'ยอ'] when the run is มา|ยอง|เนส
 */
export function cutLikeRun(runs: ThaiRuns, run: number, typed: string): string[] {
  const pieces: string[] = [];
  let from = 0;
  let at = 0;
  for (let w = runs.offsets[run]!; w < runs.offsets[run + 1]! && at < typed.length; w++) {
    let letters = thaiToneless(runs.words[w]!).length;
    while (at < typed.length && letters > 0) {
      if (thaiToneless(typed[at]!).length > 0) letters--;
      at++;
    }
    // Tone marks after the word's last letter belong to it.
    while (at < typed.length && thaiToneless(typed[at]!).length === 0) at++;
    pieces.push(typed.slice(from, at));
    from = at;
  }
  if (from < typed.length) pieces.push(typed.slice(from));
  return pieces;
}

/** A word that a run typed so far goes on with, and the products whose names hold such runs. */
export interface RunCompletion {
  term: number;
  word: string;
  count: number;
  /** The typed run ends inside the word (false: at its end). */
  partial: boolean;
}

/**
 * The words in which runs starting with `pieces` (a run typed so far, cut into words) go on: runs
 * whose first words are the pieces but the last (tone marks aside), then a word starting with the
 * last piece. One entry per word, with the products of all its runs, commonest first.
 */
export function runCompletions(runs: ThaiRuns, pieces: readonly string[]): RunCompletion[] {
  const keys = pieces.map(thaiToneless);
  const last = keys.length - 1;
  const [start, end] = prefixRange(runs.keys, keys.join(''));
  const byTerm = new Map<number, RunCompletion>();
  for (let i = start; i < end && i < start + MAX_SCANNED_RUNS; i++) {
    const first = runs.offsets[i]!;
    if (runs.offsets[i + 1]! - first < keys.length) continue;
    let aligned = true;
    for (let p = 0; p < last && aligned; p++) aligned = thaiToneless(runs.words[first + p]!) === keys[p];
    const word = runs.words[first + last]!;
    const key = thaiToneless(word);
    if (!aligned || !key.startsWith(keys[last]!)) continue;
    const term = runs.terms[first + last]!;
    const known = byTerm.get(term);
    if (known !== undefined) known.count += runs.counts[i]!;
    else byTerm.set(term, { term, word, count: runs.counts[i]!, partial: key.length > keys[last]!.length });
  }
  return [...byTerm.values()].sort((a, b) => b.count - a.count);
}

/** Fewest letters (tone marks aside) of a typed run that is completed as the catalog's runs go on. */
const MIN_TYPED_LETTERS = 2;

/**
 * The tokens with the query's last Thai run, typed so far, cut as the catalog's commonest run that
 * starts with it is cut ("มายอ" → มา|ยอ, as มา|ยอง|เนส), so that each piece reads as a word of it;
 * the tokens themselves when the last word is complete, not Thai, or starts no run.
 */
export function alignLastRun(runs: ThaiRuns, tokens: readonly Token[], completeLastWord: boolean): readonly Token[] {
  const last = tokens.length - 1;
  const token = tokens[last];
  if (completeLastWord || token?.kind !== 'thai') return tokens;
  let start = last;
  while (start > 0 && tokens[start - 1]!.kind === 'thai' && tokens[start - 1]!.run === token.run) start--;
  const typed = tokens
    .slice(start)
    .map((t) => t.surface)
    .join('');
  if (thaiToneless(typed).length < MIN_TYPED_LETTERS) return tokens;
  const run = commonestRun(runs, typed);
  if (run < 0) return tokens;
  const pieces = cutLikeRun(runs, run, typed);
  const same = pieces.length === last - start + 1 && pieces.every((p, k) => p === tokens[start + k]!.surface);
  if (same || start + pieces.length > QUERY_BOUNDS.maxTokens) return tokens;
  return [
    ...tokens.slice(0, start),
    ...pieces.map((p): Token => ({ term: p, surface: p, kind: 'thai', run: token.run })),
  ];
}
