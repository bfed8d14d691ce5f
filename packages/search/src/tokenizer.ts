/**
 * Tokeniser shared by the index and the query parser: normalised text is cut into runs of Thai
 * letters, other letters and digits; Thai runs are segmented into words, English words are
 * stemmed, and an amount followed by a unit becomes one canonical size term.
 */
import { isThaiLetter, normalizeText } from './normalizer.ts';
import { stemWord } from './stemmer.ts';
import { segmentThai } from './thai-segmenter.ts';
import { isAmount, isMultiplySign, sizeTerm, unitRule } from './unit-normalizer.ts';

/** `word`: a non-Thai word; `thai`: a Thai word; `number`: a bare amount; `size`: amount and unit. */
export type TokenKind = 'word' | 'thai' | 'number' | 'size';

/** One token: `term` is what the index stores (stemmed), `surface` the word as written (normalised). */
export interface Token {
  term: string;
  surface: string;
  kind: TokenKind;
  /** Index of the run of same-script characters the token came from (Thai words of one run share it). */
  run: number;
  /** Another spelling that should find the same term, e.g. "1.5l" for "1500ml". */
  alias?: string;
}

/** English words too common in product names to carry meaning. */
const STOPWORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'with',
  'for',
  'in',
  'on',
  'to',
  'from',
  'by',
  'or',
  'at',
  'per',
]);
/** Thai repetition and abbreviation signs are punctuation, not words. */
const THAI_SIGNS: ReadonlySet<string> = new Set(['ๆ', 'ฯ', 'ฯลฯ']);

type PieceKind = 'num' | 'thai' | 'latin';
interface Piece {
  text: string;
  kind: PieceKind;
  run: number;
}

/** Options of {@link tokenize}. */
export interface TokenizeOptions {
  /** Most tokens returned; the rest of the text is ignored (queries are bounded so). */
  maxTokens?: number;
  /** Keep English stopwords (a query made only of stopwords still means something). */
  keepStopwords?: boolean;
  /** Cuts a run of Thai letters into words; the dictionary segmenter by default (an index cuts by its vocabulary). */
  segmentThai?: (run: string) => readonly string[];
}

/**
 * Tokenises raw text (it is normalised first).
 *
 * @example
 * tokenize('Meiji Fresh Milk 830มล.').map((t) => t.term) // ['meiji', 'fresh', 'milk', '830ml']
 */
export function tokenize(text: string, options: TokenizeOptions = {}): Token[] {
  return tokenizeNormalized(normalizeText(text), options);
}

/** Tokenises text that {@link normalizeText} has already normalised. */
export function tokenizeNormalized(normalized: string, options: TokenizeOptions = {}): Token[] {
  const maxTokens = options.maxTokens ?? Number.MAX_SAFE_INTEGER;
  const pieces = splitPieces(normalized, maxTokens * 2 + 8, options.segmentThai ?? segmentThai);
  const tokens: Token[] = [];
  for (let i = 0; i < pieces.length && tokens.length < maxTokens; i++) {
    const piece = pieces[i]!;
    if (piece.kind === 'num') {
      const next = pieces[i + 1];
      // "6 x 330 ml": a pack count, then the size of each item.
      if (
        next !== undefined &&
        next.kind === 'latin' &&
        isMultiplySign(next.text) &&
        pieces[i + 2]?.kind === 'num' &&
        isAmount(piece.text)
      ) {
        tokens.push({ term: `${piece.text}pack`, surface: `${piece.text}pack`, kind: 'size', run: piece.run });
        i++;
        continue;
      }
      if (next !== undefined && next.kind !== 'num') {
        const size = sizeTerm(piece.text, next.text);
        if (size !== null) {
          const raw = piece.text + next.text;
          tokens.push(
            raw === size
              ? { term: size, surface: size, kind: 'size', run: piece.run }
              : { term: size, surface: size, kind: 'size', run: piece.run, alias: raw },
          );
          i++;
          // "180 ml x 4": the pack count follows the size.
          const count = pieces[i + 2];
          if (
            pieces[i + 1]?.kind === 'latin' &&
            isMultiplySign(pieces[i + 1]!.text) &&
            count?.kind === 'num' &&
            isAmount(count.text)
          ) {
            tokens.push({ term: `${count.text}pack`, surface: `${count.text}pack`, kind: 'size', run: count.run });
            i += 2;
          }
          continue;
        }
      }
      tokens.push({ term: piece.text, surface: piece.text, kind: 'number', run: piece.run });
      continue;
    }
    // "แพ็ค 6", "pack 6": the count follows the word.
    const after = pieces[i + 1];
    if (
      after !== undefined &&
      after.kind === 'num' &&
      unitRule(piece.text)?.unit === 'pack' &&
      isAmount(after.text) &&
      pieces[i + 2]?.kind !== 'latin' &&
      pieces[i + 2]?.kind !== 'thai'
    ) {
      tokens.push({ term: `${after.text}pack`, surface: `${after.text}pack`, kind: 'size', run: after.run });
      i++;
      continue;
    }
    if (piece.kind === 'thai') {
      if (THAI_SIGNS.has(piece.text)) continue;
      tokens.push({ term: piece.text, surface: piece.text, kind: 'thai', run: piece.run });
      continue;
    }
    if (!options.keepStopwords && STOPWORDS.has(piece.text)) continue;
    tokens.push({ term: stemWord(piece.text), surface: piece.text, kind: 'word', run: piece.run });
  }
  return tokens;
}

/** Cuts normalised text into digit, Thai and other-letter runs; Thai runs come back segmented. */
function splitPieces(text: string, maxPieces: number, segment: (run: string) => readonly string[]): Piece[] {
  const pieces: Piece[] = [];
  let run = 0;
  let start = 0;
  let kind: PieceKind | null = null;
  const flush = (end: number) => {
    if (kind === null || end <= start) return;
    const chunk = text.slice(start, end);
    if (kind === 'thai') {
      for (const word of segment(chunk)) pieces.push({ text: word, kind, run });
    } else if (kind === 'num') {
      // A trailing point is punctuation; the normaliser keeps points only between digits.
      pieces.push({ text: chunk, kind, run });
    } else pieces.push({ text: chunk, kind, run });
    run++;
  };
  for (let i = 0; i <= text.length && pieces.length < maxPieces; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 0x20;
    let next: PieceKind | null;
    if (code === 0x20) next = null;
    else if ((code >= 0x30 && code <= 0x39) || code === 0x2e) next = 'num';
    else if (isThaiLetter(code)) next = 'thai';
    else next = 'latin';
    if (next !== kind) {
      flush(i);
      kind = next;
      start = i;
    }
  }
  return pieces;
}
