/**
 * Text normalisation shared by indexing and querying, so that both sides always agree:
 * NFKD, lower case, Latin diacritics removed, Thai and Arabic-Indic digits folded to ASCII,
 * zero-width characters, emoji, symbols and stray combining marks dropped, punctuation turned
 * into spaces. The output holds only letters, ASCII digits, Thai marks on Thai bases, single
 * spaces and '.' between two digits (decimal sizes such as "1.5").
 *
 * Thai is folded to the one spelling the catalog uses whatever the keyboard produced: SARA AM
 * typed as NIKHAHIT + SARA AA (with the tone mark before, between or after), two SARA E for
 * SARA AE, the marks on a letter in any order (vowel, then tone, then the rest), a mark typed
 * twice, and the obsolete KHO KHUAT and KHO KHON for KHO KHAI and KHO KHWAI.
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

const SARA_AA = 0x0e32;
const SARA_AM = 0x0e33;
const SARA_E = 0x0e40;
const SARA_AE = 0x0e41;
const NIKHAHIT = 0x0e4d;

/**
 * Where a Thai mark sits among the marks of its letter: the vowel (above or below) first, then the
 * tone mark, then THANTHAKHAT, NIKHAHIT or YAMAKKAN. A letter carries at most one of each, so the
 * rank also tells a second vowel or tone mark (junk) from a real one.
 */
function thaiMarkRank(code: number): number {
  if (code >= 0x0e48 && code <= 0x0e4b) return 1;
  if (code >= 0x0e4c) return 2;
  return 0;
}

function isThaiTone(code: number): boolean {
  return code >= 0x0e48 && code <= 0x0e4b;
}

/** Obsolete letters that keyboards still offer next to the ones meant: KHO KHUAT → KHO KHAI, KHO KHON → KHO KHWAI. */
function foldThaiLetter(code: number): number {
  if (code === 0x0e03) return 0x0e02;
  if (code === 0x0e05) return 0x0e04;
  return code;
}

/**
 * A Thai word without its tone marks, MAITAIKHU and THANTHAKHAT: what a shopper types when they
 * leave the marks out ("กุง" for "กุ้ง", "เบียร" for "เบียร์"). Input is normalised text.
 *
 * @example
 * thaiToneless('น้ำปลา') // 'นำปลา'
 */
export function thaiToneless(word: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code >= 0x0e47 && code <= 0x0e4c) {
      out += word.slice(from, i);
      from = i + 1;
    }
  }
  return from === 0 ? word : out + word.slice(from);
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
 * A Thai vowel typed as two letters, written back as one, or 0: NFKD splits SARA AM into NIKHAHIT +
 * SARA AA (and keyboards type it so), and two SARA E side by side are SARA AE typed as it looks.
 */
function mergedThaiVowel(previous: number, unit: number): number {
  if (unit === SARA_AA && previous === NIKHAHIT) return SARA_AM;
  if (unit === SARA_E && previous === SARA_E) return SARA_AE;
  return 0;
}

const MARK_DROPPED = 0;
/** The mark went before a SARA AM written last, which stays last. */
const MARK_BEFORE_SARA_AM = 1;
/** The mark joined the marks of the last letter. */
const MARK_ADDED = 2;

/**
 * Places a Thai mark after `out[0, n)`, whose last `marks` units are the marks of its last letter
 * (`lastCode` is the last unit written); the caller counts the unit placed unless it was dropped.
 */
function placeThaiMark(out: Uint16Array, n: number, marks: number, code: number, lastCode: number): number {
  if (lastCode === SARA_AM && isThaiTone(code) && !isThaiTone(out[n - 2]!)) {
    // A tone mark typed after SARA AM belongs on the letter before it: "นำ้" is "น้ำ".
    out[n - 1] = code;
    out[n] = SARA_AM;
    return MARK_BEFORE_SARA_AM;
  }
  if ((!isThaiBase(lastCode) && !isThaiMark(lastCode)) || marks >= MAX_THAI_MARKS) return MARK_DROPPED;
  // The marks of one letter in their canonical order, one of each rank: a second vowel or tone mark is junk.
  const rank = thaiMarkRank(code);
  let at = n;
  for (let j = n - marks; j < n; j++) {
    const other = thaiMarkRank(out[j]!);
    if (other === rank) return MARK_DROPPED;
    if (other > rank && at === n) at = j;
  }
  out.copyWithin(at + 1, at, n);
  out[at] = code;
  return MARK_ADDED;
}

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
      cls = LETTER_RE.test(String.fromCodePoint(text.codePointAt(i)!)) ? LETTER : SPACE;
      low = text.charCodeAt(++i);
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
        else if (!pendingSpace && n > 0 && last === LETTER) {
          const merged = mergedThaiVowel(out[n - 1]!, unit);
          if (merged !== 0) {
            out[n - 1] = merged;
            lastCode = merged;
            if (merged === SARA_AM) marks = 0;
            break;
          }
        }
        pendingSpace = false;
        if (cls === LETTER) unit = foldThaiLetter(unit);
        out[n++] = unit;
        if (low !== 0) out[n++] = low;
        last = cls;
        lastCode = unit;
        marks = 0;
        break;
      case MARK: {
        // Keep Thai marks on a Thai base, a few at most; every other combining mark is junk or a Latin accent.
        if (pendingSpace || !isThaiMark(code) || last !== LETTER) break;
        const placed = placeThaiMark(out, n, marks, code, lastCode);
        if (placed === MARK_DROPPED) break;
        n++;
        if (placed === MARK_ADDED) {
          marks++;
          lastCode = out[n - 1]!;
        }
        break;
      }
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
  for (let i = 0; i < n; i += 4096)
    result += String.fromCharCode.apply(null, units.subarray(i, Math.min(n, i + 4096)) as unknown as number[]);
  return result;
}

function isWordCode(code: number): boolean {
  if (Number.isNaN(code)) return false;
  return classifyBmp(code) === LETTER;
}
