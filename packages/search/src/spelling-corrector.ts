/**
 * Corrects the spelling of a query against the catalog's own words: a Latin word the catalog does
 * not hold becomes its likeliest close word (a letter-order slip first, then the fewest edits, then
 * the commonest), and a Thai run with a piece the catalog does not hold is cut again by the
 * skeletons of its words ("ผงซกัฟอก" → ผงซักฟอก), or else read as the catalog's closest run within
 * the typo budget ("สับประรด" → สับปะรด). Words that are on their way to a word (the last one,
 * typed as a prefix), romanised Thai, numbers and sizes are left as typed. Work is bounded by the
 * query's bounds: a few tokens of at most 32 letters each.
 */
import type { IndexData } from './index-builder.ts';
import { keyRange } from './keyed-terms.ts';
import { thaiToneless } from './normalizer.ts';
import type { ParsedQuery } from './query-parser.ts';
import { spellingSkeleton } from './spelling-skeleton.ts';
import { romanKey } from './thai-romanizer.ts';
import type { Token } from './tokenizer.ts';
import { lowerBound, prefixRange, transposedCandidates, typoBudget, typoCandidates } from './typo-matcher.ts';

/** Longest Thai run (code units) cut again by skeletons. */
const MAX_THAI_RUN = 40;

/** The corrected normalised query, or null when every word is the catalog's (or none can be corrected); `thaiOnly` leaves Latin words alone. */
export function correctSpelling(data: IndexData, parsed: ParsedQuery, thaiOnly = false): string | null {
  const { tokens } = parsed;
  let text = parsed.normalized;
  let changed = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const prefix = i === tokens.length - 1 && !parsed.completeLastWord;
    if (token.kind === 'word') {
      if (thaiOnly || data.termIds.has(token.term) || (prefix && hasCompletion(data, token.surface))) continue;
      if (keyRange(data.romanised, romanKey(token.surface))[1] > 0) continue;
      const word = closestWord(data, token.surface);
      if (word === null) continue;
      text = replaceWord(text, token.surface, word);
      changed = true;
    } else if (token.kind === 'thai' && tokens[i + 1]?.run !== token.run) {
      const run = thaiRun(tokens, i);
      if (run.pieces.every((t) => isWord(data, t.term)) || (prefix && hasCompletion(data, run.text))) continue;
      if (run.pieces.some((t) => data.triggers.has(t.term)) || isCatalogRun(data, run.text)) continue;
      const repaired = recutThai(data, run.text, run.pieces.length) ?? closestRun(data, run.text);
      if (repaired === null || repaired === run.text) continue;
      text = text.replace(run.text, repaired);
      changed = true;
    }
  }
  return changed ? text : null;
}

/** A catalog word of two letters or more: a stray letter the segmenter cut off ("กะหล่ำ|ป|รี") is no word. */
function isWord(data: IndexData, term: string): boolean {
  return data.termIds.has(term) && (term.length > 1 || term.charCodeAt(0) < 0x0e00);
}

/** The catalog writes `text` as a run of its own. */
function isCatalogRun(data: IndexData, text: string): boolean {
  const { keys, texts } = data.thaiRuns;
  const key = thaiToneless(text);
  for (let i = lowerBound(keys, key); keys[i] === key; i++) if (texts[i] === text) return true;
  return false;
}

/** The catalog's run closest to `text` within the typo budget: fewest edits, then the most products ("สับประรด" → สับปะรด). */
function closestRun(data: IndexData, text: string): string | null {
  const runs = data.thaiRuns;
  const key = thaiToneless(text);
  let best: { text: string; distance: number; count: number } | null = null;
  for (const m of typoCandidates(runs.keys, key, typoBudget(key.length), { maxMatches: 200 })) {
    const count = runs.counts[m.index]!;
    if (best === null || m.distance < best.distance || (m.distance === best.distance && count > best.count))
      best = { text: runs.texts[m.index]!, distance: m.distance, count };
  }
  return best?.text ?? null;
}

function hasCompletion(data: IndexData, prefix: string): boolean {
  const [start, end] = prefixRange(data.surfaces, prefix);
  return end > start;
}

function df(data: IndexData, term: number): number {
  return data.postings.offsets[term + 1]! - data.postings.offsets[term]!;
}

/** The catalog word closest to `surface`: a shared skeleton, then fewest edits, then the commonest. */
function closestWord(data: IndexData, surface: string): string | null {
  let best: { word: string; distance: number; df: number } | null = null;
  const consider = (word: string, term: number, distance: number) => {
    const count = df(data, term);
    if (best === null || distance < best.distance || (distance === best.distance && count > best.df))
      best = { word, distance, df: count };
  };
  const [start, end] = keyRange(data.skeletons, spellingSkeleton(surface));
  for (let e = start; e < end; e++) consider(data.skeletons.words[e]!, data.skeletons.terms[e]!, 1);
  const budget = typoBudget(surface.length);
  const matches =
    budget > 0
      ? typoCandidates(data.surfaces, surface, budget, { maxMatches: 200 })
      : transposedCandidates(data.surfaces, surface);
  for (const m of matches)
    if (Number.isFinite(m.distance)) consider(data.surfaces[m.index]!, data.surfaceTerms[m.index]!, m.distance);
  return (best as { word: string } | null)?.word ?? null;
}

/** `word` of `text` (whole words only) replaced by `by`. */
function replaceWord(text: string, word: string, by: string): string {
  return text
    .split(' ')
    .map((w) => (w === word ? by : w))
    .join(' ');
}

/** The Thai run that ends at token `end`. */
function thaiRun(tokens: readonly Token[], end: number): { text: string; pieces: Token[] } {
  let start = end;
  while (start > 0 && tokens[start - 1]!.run === tokens[end]!.run && tokens[start - 1]!.kind === 'thai') start--;
  const pieces = tokens.slice(start, end + 1);
  return { text: pieces.map((t) => t.surface).join(''), pieces };
}

/**
 * `run` cut into the fewest catalog words whose skeletons spell its skeleton, each the commonest
 * word of its skeleton, when they are fewer than the `pieces` it was cut into and carry the same
 * marks (a mark typed after the wrong letter, not another word); else null.
 */
function recutThai(data: IndexData, run: string, pieces: number): string | null {
  if (run.length > MAX_THAI_RUN) return null;
  const skeleton = spellingSkeleton(run);
  const n = skeleton.length;
  const count = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  const from = new Array<{ at: number; word: string } | null>(n + 1).fill(null);
  count[0] = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(count[i]!)) continue;
    for (let j = i + 1; j <= n; j++) {
      const word = commonestWord(data, skeleton.slice(i, j));
      if (word !== null && count[i]! + 1 < count[j]!) {
        count[j] = count[i]! + 1;
        from[j] = { at: i, word };
      }
    }
  }
  if (!(count[n]! < pieces)) return null;
  const words: string[] = [];
  for (let j = n; j > 0; j = from[j]!.at) words.unshift(from[j]!.word);
  const recut = words.join('');
  return marksOf(recut) === marksOf(run) ? recut : null;
}

/** The Thai marks of `text`, sorted. */
function marksOf(text: string): string {
  return [...text]
    .filter((c) => spellingSkeleton(c) === '')
    .sort()
    .join('');
}

function commonestWord(data: IndexData, skeleton: string): string | null {
  const [start, end] = keyRange(data.skeletons, skeleton);
  let best: string | null = null;
  let bestDf = -1;
  for (let e = start; e < end; e++) {
    const count = df(data, data.skeletons.terms[e]!);
    if (count > bestDf) {
      bestDf = count;
      best = data.skeletons.words[e]!;
    }
  }
  return best;
}
