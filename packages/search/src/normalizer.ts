/**
 * Text normalisation shared by indexing and querying, so that both sides always agree:
 * NFKD, lower case, Latin diacritics removed, Thai and Arabic-Indic digits folded to ASCII,
 * zero-width characters, emoji, symbols and stray combining marks dropped, punctuation turned
 * into spaces. The output holds only letters, ASCII digits, Thai marks on Thai bases, single
 * spaces and '.' between two digits (decimal sizes such as "1.5").
 */

/** Character classes of the normaliser's single pass. */
const SPACE = 0;
const LETTER = 1;
const DIGIT = 2;
const MARK = 3;
/** Apostrophes: dropped so that "kellogg's" reads "kelloggs". */
const JOINER = 4;
/** '.' and ',' keep their meaning only between digits. */
const DOT = 5;
const COMMA = 6;
/** Zero-width and format characters: removed without splitting the word they sit in. */
const IGNORE = 7;

const classCache = new Int8Array(0x10000).fill(-1);
const LETTER_RE = /\p{L}/u;
const NUMBER_RE = /\p{Nd}/u;
const MARK_RE = /\p{M}/u;
const FORMAT_RE = /\p{Cf}/u;

function classifyBmp(code: number): number {
  const cached = classCache[code]!;
  if (cached >= 0) return cached;
  let result = SPACE;
  if (code === 0x27 || code === 0x2019 || code === 0x2bc || code === 0x60 || code === 0xb4) result = JOINER;
  else if (code === 0x2e) result = DOT;
  else if (code === 0x2c) result = COMMA;
  else if (code >= 0x30 && code <= 0x39) result = DIGIT;
  else if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) result = LETTER;
  else if (code < 0x80) result = SPACE;
  else if (code >= 0xd800 && code <= 0xdfff) result = SPACE;
  else {
    const ch = String.fromCharCode(code);
    if (FORMAT_RE.test(ch)) result = IGNORE;
    else if (MARK_RE.test(ch)) result = MARK;
    else if (NUMBER_RE.test(ch)) result = DIGIT;
    else if (LETTER_RE.test(ch)) result = LETTER;
  }
  classCache[code] = result;
  return result;
}

/** Value of a non-ASCII decimal digit that we fold (Thai, Arabic-Indic, Extended Arabic-Indic), or -1. */
function foreignDigit(code: number): number {
  if (code >= 0x0e50 && code <= 0x0e59) return code - 0x0e50;
  if (code >= 0x0660 && code <= 0x0669) return code - 0x0660;
  if (code >= 0x06f0 && code <= 0x06f9) return code - 0x06f0;
  return -1;
}

/** Thai combining vowels and tone marks (Mn) that belong on a Thai base letter. */
function isThaiMark(code: number): boolean {
  return code === 0x0e31 || (code >= 0x0e34 && code <= 0x0e3a) || (code >= 0x0e47 && code <= 0x0e4e);
}

/** True for Thai letters that can carry a mark (consonants and the vowels written on the line). */
function isThaiBase(code: number): boolean {
  return code >= 0x0e01 && code <= 0x0e30;
}

/** True for code units of the Thai block that are letters (not digits or punctuation). */
export function isThaiLetter(code: number): boolean {
  return (code >= 0x0e01 && code <= 0x0e3a) || (code >= 0x0e40 && code <= 0x0e4e);
}

/** Most marks a real Thai syllable stacks on one base; more is junk (e.g. "zalgo" text). */
const MAX_THAI_MARKS = 3;

/**
 * Normalises free text for indexing and matching.
 *
 * @example
 * normalizeText('Crème  Brûlée 1,000 ML!') // 'creme brulee 1000 ml'
 * normalizeText('นมสด ๘๓๐มล.')             // 'นมสด 830มล'
 */
export function normalizeText(input: string): string {
  const text = input.normalize('NFKD').toLowerCase();
  const length = text.length;
  if (buffer.length < length + 1) buffer = new Uint16Array(Math.max(length + 1, buffer.length * 2));
  const out = buffer;
  let n = 0;
  let pendingSpace = false;
  // Class and code of the last character written (SPACE at the start).
  let last = SPACE;
  let lastCode = 0;
  let marks = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    let cls: number;
    let unit = code;
    let low = 0;
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < length) {
      // Astral plane: emoji and pictographs separate words; letters there are kept whole.
      const cp = text.codePointAt(i)!;
      low = text.charCodeAt(i + 1);
      i++;
      cls = LETTER_RE.test(String.fromCodePoint(cp)) ? LETTER : SPACE;
    } else {
      const digit = foreignDigit(code);
      if (digit >= 0) {
        cls = DIGIT;
        unit = 0x30 + digit;
      } else {
        cls = classifyBmp(code);
        // Digits of scripts we do not fold separate words rather than pose as numbers.
        if (cls === DIGIT && code > 0x7f) cls = SPACE;
      }
    }
    switch (cls) {
      case LETTER:
      case DIGIT:
        if (pendingSpace && n > 0) out[n++] = 0x20;
        pendingSpace = false;
        out[n++] = unit;
        if (low !== 0) out[n++] = low;
        last = cls;
        lastCode = unit;
        marks = 0;
        break;
      case MARK:
        // Keep Thai marks on a Thai base, a few at most; every other combining mark is junk or a Latin accent.
        if (!pendingSpace && isThaiMark(code) && last === LETTER && (isThaiBase(lastCode) || isThaiMark(lastCode))) {
          if (code === 0x0e4d && text.charCodeAt(i + 1) === 0x0e32) {
            // NFKD split SARA AM into NIKHAHIT + SARA AA; write it back as one letter.
            out[n++] = 0x0e33;
            i++;
            lastCode = 0x0e33;
            marks = 0;
          } else if (code !== lastCode && marks < MAX_THAI_MARKS) {
            // A repeated mark is never real Thai: keep the first.
            out[n++] = code;
            lastCode = code;
            marks++;
          }
        }
        break;
      case IGNORE:
        break;
      case JOINER:
        // An apostrophe inside a word joins it; elsewhere it separates.
        if (last !== LETTER || pendingSpace || !isWordCode(text.charCodeAt(i + 1))) pendingSpace = true;
        break;
      case DOT:
      case COMMA: {
        const next = text.charCodeAt(i + 1);
        if (!pendingSpace && last === DIGIT && next >= 0x30 && next <= 0x39) {
          // "1.5" keeps its point; "1,000" loses its thousands separator.
          if (cls === DOT) out[n++] = 0x2e;
        } else pendingSpace = true;
        break;
      }
      default:
        pendingSpace = true;
    }
  }
  return decode(out, n);
}

let buffer = new Uint16Array(256);

function decode(units: Uint16Array, n: number): string {
  let result = '';
  // fromCharCode takes arguments on the stack: decode in bounded chunks.
  for (let i = 0; i < n; i += 4096) result += String.fromCharCode.apply(null, units.subarray(i, Math.min(n, i + 4096)) as unknown as number[]);
  return result;
}

function isWordCode(code: number): boolean {
  if (Number.isNaN(code)) return false;
  return classifyBmp(code) === LETTER;
}
