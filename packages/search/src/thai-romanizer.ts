/**
 * Thai words in Latin letters, as shoppers write them: the Royal Thai General System (RTGS) of the
 * Royal Institute, then folded to a key that the common informal spellings share ("moo" and "mu",
 * "gai" and "kai", "pad" and "phat", "goong" and "kung", "krapow" and "kaphrao").
 *
 * The transliterator reads a word syllable by syllable: leading vowel, initial consonant or cluster,
 * vowel marks and letters, final consonant, with the inherent vowel ("a" in an open syllable, "o"
 * in a closed one) where none is written. It works on the words of a catalog, which are short and
 * mostly native; loanwords written in Thai come out roughly, which is fine for matching, since
 * shoppers type those in English anyway.
 */

/** Initial and final sound of each consonant (RTGS); an empty final means it never closes a syllable. */
// prettier-ignore
const CONSONANTS: Readonly<Record<string, readonly [initial: string, final: string]>> = {
  ก: ['k', 'k'], ข: ['kh', 'k'], ฃ: ['kh', 'k'], ค: ['kh', 'k'], ฅ: ['kh', 'k'], ฆ: ['kh', 'k'], ง: ['ng', 'ng'],
  จ: ['ch', 't'], ฉ: ['ch', 't'], ช: ['ch', 't'], ซ: ['s', 't'], ฌ: ['ch', 't'], ญ: ['y', 'n'],
  ฎ: ['d', 't'], ฏ: ['t', 't'], ฐ: ['th', 't'], ฑ: ['th', 't'], ฒ: ['th', 't'], ณ: ['n', 'n'],
  ด: ['d', 't'], ต: ['t', 't'], ถ: ['th', 't'], ท: ['th', 't'], ธ: ['th', 't'], น: ['n', 'n'],
  บ: ['b', 'p'], ป: ['p', 'p'], ผ: ['ph', 'p'], ฝ: ['f', 'p'], พ: ['ph', 'p'], ฟ: ['f', 'p'], ภ: ['ph', 'p'],
  ม: ['m', 'm'], ย: ['y', 'i'], ร: ['r', 'n'], ล: ['l', 'n'], ว: ['w', 'o'], ศ: ['s', 't'], ษ: ['s', 't'],
  ส: ['s', 't'], ห: ['h', ''], ฬ: ['l', 'n'], อ: ['', ''], ฮ: ['h', ''],
};

/** True clusters: both letters sound ("กร" kr, "ปล" pl, "ขว" khw); "ตล" in "ตลาด" is two syllables. */
const CLUSTERS = new Set(['กร', 'กล', 'กว', 'ขร', 'ขล', 'ขว', 'คร', 'คล', 'คว', 'ตร', 'ปร', 'ปล', 'ผล', 'พร', 'พล']);
/** Low sonorants that a silent leading ห (or อ before ย) raises: "หมู" mu, "อยาก" yak. */
const RAISED_BY_HO = new Set(['ง', 'ญ', 'น', 'ม', 'ย', 'ร', 'ล', 'ว']);
/** Consonants after which a written ร is silent: "จริง" ching, "สร้าง" sang, "ศรี" si. */
const SILENT_R_AFTER = new Set(['จ', 'ซ', 'ศ', 'ส']);

const LEADING_VOWELS = new Set(['เ', 'แ', 'โ', 'ใ', 'ไ']);
/** Vowel marks written above or below a consonant, and MAITAIKHU. */
const VOWEL_MARKS = new Set(['ั', 'ิ', 'ี', 'ึ', 'ื', 'ุ', 'ู', '็']);
/** Tone marks and the like, which change no letter of the romanisation. */
const SILENT_MARKS = new Set(['่', '้', '๊', '๋', 'ํ', '๎']);
const THANTHAKHAT = '์';

function isConsonant(ch: string | undefined): ch is string {
  return ch !== undefined && ch in CONSONANTS;
}

/**
 * Vowel patterns after the initial consonant, longest first: the written vowel (`lead` is a leading
 * vowel, `rest` what follows the consonant, `_` where a final consonant may stand), its sound, and
 * whether a final consonant may follow.
 */
interface VowelPattern {
  lead: string;
  rest: string;
  sound: string;
  /** The pattern ends the syllable (no final consonant may follow). */
  open: boolean;
}

const p = (lead: string, rest: string, sound: string, open = false): VowelPattern => ({ lead, rest, sound, open });
/** Most specific first; a pattern is tried only when its leading vowel matches. */
// prettier-ignore
const VOWEL_PATTERNS: readonly VowelPattern[] = [
  p('เ', 'ือย', 'ueai', true), p('เ', 'ียว', 'iao', true), p('เ', 'ือะ', 'uea', true), p('เ', 'ียะ', 'ia', true),
  p('เ', 'ือ', 'uea'), p('เ', 'ีย', 'ia'), p('เ', 'าะ', 'o', true), p('เ', 'อะ', 'oe', true), p('เ', 'อ', 'oe'),
  p('เ', 'ิ', 'oe'), p('เ', 'า', 'ao', true), p('เ', 'ะ', 'e', true), p('เ', 'ย', 'oei', true), p('เ', 'ว', 'eo', true),
  p('เ', '็', 'e'), p('เ', '', 'e'),
  p('แ', 'ะ', 'ae', true), p('แ', 'ว', 'aeo', true), p('แ', '็', 'ae'), p('แ', '', 'ae'),
  p('โ', 'ะ', 'o', true), p('โ', 'ย', 'oi', true), p('โ', '', 'o'),
  p('ใ', '', 'ai', true), p('ไ', 'ย', 'ai', true), p('ไ', '', 'ai', true),
  p('', 'ัวะ', 'ua', true), p('', 'ัว', 'ua'), p('', 'ัย', 'ai', true), p('', 'ั', 'a'),
  p('', 'ำ', 'am', true), p('', 'าย', 'ai', true), p('', 'าว', 'ao', true), p('', 'า', 'a'), p('', 'ะ', 'a', true),
  p('', 'ิว', 'io', true), p('', 'ิ', 'i'), p('', 'ีย', 'ia'), p('', 'ีว', 'io', true), p('', 'ี', 'i'),
  p('', '็อ', 'o'), p('', 'ึ', 'ue'), p('', 'ือ', 'ue'), p('', 'ื', 'ue'),
  p('', 'ุย', 'ui', true), p('', 'ุ', 'u'), p('', 'ูย', 'ui', true), p('', 'ู', 'u'),
  p('', 'อย', 'oi', true), p('', 'วย', 'uai', true), p('', 'อ', 'o'),
];

/** Longest word romanised; catalog words are far shorter. */
const MAX_WORD = 48;

/**
 * The RTGS romanisation of one Thai word (normalised text: no spaces, marks in canonical order),
 * syllables joined by hyphens. Characters that are not Thai letters are skipped.
 *
 * @example
 * romanizeThai('ข้าวผัด') // 'khao-phat'
 * romanizeThai('หมู')     // 'mu'
 */
export function romanizeThai(word: string): string {
  const chars = dropSilentLetters([...word.slice(0, MAX_WORD)].filter((ch) => !SILENT_MARKS.has(ch)));
  const syllables: string[] = [];
  let i = 0;
  while (i < chars.length) {
    const start = i;
    const syllable = readSyllable(chars, i);
    if (syllable.text !== '') syllables.push(syllable.text);
    i = syllable.next;
    if (i === start) i++; // a character no rule reads (a stray mark): skip it
  }
  // Syllables are hyphenated, so that two vowels meeting ("si-io") stay two.
  return syllables.join('-');
}

/** Removes each letter under THANTHAKHAT (and a letter that a silenced ร follows: "จันทร์" chan). */
function dropSilentLetters(chars: string[]): string[] {
  const out: string[] = [];
  for (const ch of chars) {
    if (ch !== THANTHAKHAT) {
      out.push(ch);
      continue;
    }
    // The silenced letter may carry a vowel mark ("ติ์"): drop the mark and the letter.
    while (out.length > 0 && VOWEL_MARKS.has(out[out.length - 1]!)) out.pop();
    const silenced = out.pop();
    if (silenced === 'ร' && out[out.length - 1] === 'ท' && out.length >= 2 && !isVowelSign(out[out.length - 2]))
      out.pop();
  }
  return out;
}

function isVowelSign(ch: string | undefined): boolean {
  return ch !== undefined && (VOWEL_MARKS.has(ch) || LEADING_VOWELS.has(ch) || ch === 'า' || ch === 'ะ' || ch === 'ำ');
}

interface Read {
  text: string;
  next: number;
}

/** Reads one syllable from `at`. */
function readSyllable(chars: readonly string[], at: number): Read {
  let i = at;
  const lead = LEADING_VOWELS.has(chars[i]!) ? chars[i++]! : '';
  const onset = readOnset(chars, i, lead !== '');
  if (onset === null) return { text: '', next: lead === '' ? at : i };
  i = onset.next;
  // ฤ and ฦ are vowels of their own.
  if (onset.text === 'rue' || onset.text === 'lue') return { text: onset.text, next: i };

  for (const pattern of VOWEL_PATTERNS) {
    if (pattern.lead !== lead || !matchesAt(chars, i, pattern.rest)) continue;
    // "-ว-" and "-อ-" and "-ย" patterns need a consonant after them only when they say so; a bare
    // "ว" or "อ" with a vowel mark of its own is the next syllable's initial.
    if ((pattern.rest === 'อ' || pattern.rest === 'ว') && isVowelMarkOrLetter(chars[i + 1])) continue;
    let next = i + pattern.rest.length;
    let text = onset.text + pattern.sound;
    if (!pattern.open) {
      const final = readFinal(chars, next, pattern.sound);
      text += final.text;
      next = final.next;
    }
    return { text, next };
  }
  if (lead !== '')
    return { text: onset.text + (lead === 'เ' ? 'e' : lead === 'แ' ? 'ae' : lead === 'โ' ? 'o' : 'ai'), next: i };

  // No vowel written: ว between consonants is "ua" ("สวน" suan), else the inherent vowel.
  if (chars[i] === 'ว' && isConsonant(chars[i + 1]) && !isVowelMarkOrLetter(chars[i + 2])) {
    return { text: `${onset.text}ua${CONSONANTS[chars[i + 1]!]![1]}`, next: i + 2 };
  }
  // "รร" after a consonant reads "an", or "a" before a final ("บรรจุ" banchu, "กรรม" kam).
  if (chars[i] === 'ร' && chars[i + 1] === 'ร') {
    if (isConsonant(chars[i + 2]) && !isVowelMarkOrLetter(chars[i + 3]))
      return { text: `${onset.text}a${CONSONANTS[chars[i + 2]!]![1]}`, next: i + 3 };
    return { text: `${onset.text}an`, next: i + 2 };
  }
  // Bare consonants pair up from the end of the run: "นม" nom, "ขนม" kha-nom, "ผลไม้" phon-mai, "สมุน" sa-mun.
  if (bareConsonants(chars, i) % 2 === 1) return { text: `${onset.text}o${CONSONANTS[chars[i]!]![1]}`, next: i + 1 };
  return { text: `${onset.text}a`, next: i };
}

/** How many consonants without a vowel of their own follow from `at` (the last one may start a syllable). */
function bareConsonants(chars: readonly string[], at: number): number {
  let n = 0;
  while (isConsonant(chars[at + n]) && !isVowelMarkOrLetter(chars[at + n + 1]) && !LEADING_VOWELS.has(chars[at + n]!))
    n++;
  return n;
}

function isVowelMarkOrLetter(ch: string | undefined): boolean {
  return ch !== undefined && (VOWEL_MARKS.has(ch) || ch === 'า' || ch === 'ะ' || ch === 'ำ');
}

function matchesAt(chars: readonly string[], at: number, text: string): boolean {
  let j = 0;
  for (const ch of text) if (chars[at + j++] !== ch) return false;
  return true;
}

/** The initial consonant or cluster at `at`, romanised, or null when there is none. */
function readOnset(chars: readonly string[], at: number, lead: boolean): Read | null {
  const c = chars[at];
  if (c === 'ฤ' || c === 'ฦ') return { text: c === 'ฤ' ? 'rue' : 'lue', next: at + 1 };
  if (!isConsonant(c)) return null;
  const second = chars[at + 1];
  // Silent ห before a low sonorant, silent อ before ย ("อยาก").
  if (
    (c === 'ห' && RAISED_BY_HO.has(second ?? '')) ||
    (c === 'อ' && second === 'ย' && isVowelSignAfter(chars, at + 2))
  ) {
    return { text: CONSONANTS[second!]![0], next: at + 2 };
  }
  if (second === 'ร' && c === 'ท' && isVowelSignAfter(chars, at + 2)) return { text: 's', next: at + 2 }; // "ทราย" sai
  if (second === 'ร' && SILENT_R_AFTER.has(c) && isVowelSignAfter(chars, at + 2))
    return { text: CONSONANTS[c]![0], next: at + 2 };
  // With a leading vowel the cluster is sure ("ไคร" khrai); "ว" needs a vowel of its own, else it is "-ua-" ("ขวด" khuat).
  const clusterVowel = lead
    ? true
    : second === 'ว'
      ? isVowelMarkOrLetter(chars[at + 2])
      : isVowelSignAfter(chars, at + 2);
  if (second !== undefined && CLUSTERS.has(c + second) && clusterVowel) {
    return { text: CONSONANTS[c]![0] + CONSONANTS[second]![0], next: at + 2 };
  }
  return { text: CONSONANTS[c]![0], next: at + 1 };
}

/** True when a vowel is written at `at` (a mark or letter after a cluster; "ร" alone would be the final). */
function isVowelSignAfter(chars: readonly string[], at: number): boolean {
  const ch = chars[at];
  if (ch === undefined) return false;
  if (isVowelMarkOrLetter(ch)) return true;
  // "-อ", "-ว" as vowels after a cluster ("กรอบ" krop), or a consonant closing the cluster's inherent vowel ("กลม" klom).
  return ch === 'อ' || ch === 'ว' || (isConsonant(ch) && !isVowelMarkOrLetter(chars[at + 1]));
}

/** The final consonant at `at`, if the letter there closes the syllable rather than starting the next. */
function readFinal(chars: readonly string[], at: number, vowel: string): Read {
  const c = chars[at];
  if (!isConsonant(c)) return { text: '', next: at };
  // A consonant with a vowel of its own, or before "-ว-"/"-อ" vowels, starts the next syllable.
  if (isVowelMarkOrLetter(chars[at + 1])) return { text: '', next: at };
  const final = CONSONANTS[c]![1];
  if (final === '') return { text: '', next: at };
  // A glide after a vowel that already ends in one ("ia" + "ว" is handled by the patterns).
  if ((c === 'ย' || c === 'ว') && /[iou]$/.test(vowel)) return { text: '', next: at + 1 };
  return { text: final, next: at + 1 };
}

/**
 * Spellings that informal romanisation uses for one sound, folded to one: aspirates lose their
 * "h" ("ph", "th", "kh"), "g" is "k", "j" and "ch" are "c", a voiced final is voiceless ("pad" →
 * "pat"), "r" after a consonant goes (Thai speech drops it: "kapow" for "krapow"), doubled letters
 * are one, and vowel spellings fold by the table below. Applied alike to the RTGS of catalog words
 * and to what shoppers type.
 */
// prettier-ignore
const VOWEL_SPELLINGS: Readonly<Record<string, string>> = {
  a: 'a', aa: 'a', ah: 'a', ar: 'a', aar: 'a',
  ae: 'ae', aeh: 'ae', air: 'ae', aer: 'ae', aeo: 'aeo', aew: 'aeo',
  ai: 'ai', ay: 'ai', aai: 'ai', aay: 'ai', aii: 'ai',
  ao: 'ao', aow: 'ao', ow: 'ao', au: 'ao', aw: 'ao', aou: 'ao',
  e: 'e', eh: 'e', ee: 'i', ei: 'e', ey: 'e',
  oe: 'oe', er: 'oe', oer: 'oe', ur: 'oe', eu: 'ue', eur: 'ua',
  i: 'i', ii: 'i', ih: 'i', eeh: 'i',
  ia: 'ia', ie: 'ia', ea: 'ia', iea: 'ia', ear: 'ia', iar: 'ia', eea: 'ia',
  iao: 'iao', iew: 'iao', iaw: 'iao', eaw: 'iao', eow: 'iao', iow: 'iao', eaow: 'iao', iau: 'iao',
  io: 'io', iw: 'io', iu: 'io', eo: 'io', ew: 'io',
  o: 'o', oh: 'o', or: 'o', oa: 'o', oo: 'u', ou: 'u',
  oi: 'oi', oy: 'oi', oey: 'oei', oei: 'oei', uey: 'oei',
  u: 'u', uu: 'u', uh: 'u',
  ue: 'ue', uea: 'ua', eua: 'ua', ua: 'ua', uer: 'ua', uah: 'ua', oua: 'ua', euh: 'ue',
  uai: 'uai', uay: 'uai', uoy: 'uai',
  ui: 'ui', uy: 'ui', ooy: 'ui', ooi: 'ui',
};

const VOWEL_LETTERS = new Set(['a', 'e', 'i', 'o', 'u']);

/**
 * The key that RTGS and the common informal spellings of a Thai word share.
 *
 * @example
 * romanKey('moo') === romanKey('mu')          // true
 * romanKey('krapow') === romanKey('kaphrao')  // true
 * romanKey('khao pad') === romanKey('khaophat') // true
 */
export function romanKey(latin: string): string {
  // Anything but a letter ends a vowel group ("see ew" is two), and nothing else.
  const text = latin.toLowerCase().replace(/[^a-z]+/g, '-');
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '-') {
      i++;
      continue;
    }
    if (VOWEL_LETTERS.has(ch)) {
      // A vowel group, with a trailing glide (w, y), "h" or "r" that closes it.
      let j = i;
      while (j < text.length && VOWEL_LETTERS.has(text[j]!)) j++;
      const next = text[j];
      if ((next === 'w' || next === 'y' || next === 'h' || next === 'r') && !VOWEL_LETTERS.has(text[j + 1] ?? '')) j++;
      const group = text.slice(i, j);
      out += VOWEL_SPELLINGS[group] ?? VOWEL_SPELLINGS[group.slice(0, -1)] ?? collapse(group);
      i = j;
      continue;
    }
    const pair = text.slice(i, i + 2);
    let consonant: string;
    if (pair === 'ng') {
      consonant = 'N';
      i += 2;
    } else if (pair === 'ph' || pair === 'th' || pair === 'kh' || pair === 'bp' || pair === 'dt') {
      consonant = pair === 'bp' ? 'p' : pair === 'dt' ? 't' : pair[0]!;
      i += 2;
    } else if (pair === 'ch' || pair === 'sh') {
      consonant = 'c';
      i += 2;
    } else {
      consonant = ch === 'g' || ch === 'q' ? 'k' : ch === 'j' ? 'c' : ch === 'z' ? 's' : ch === 'v' ? 'w' : ch;
      i++;
    }
    const previous = out[out.length - 1];
    const atEnd = i >= text.length || !VOWEL_LETTERS.has(text[i]!);
    // "r" right after a consonant is dropped, as Thai speech drops it.
    if (consonant === 'r' && previous !== undefined && !VOWEL_LETTERS.has(previous) && previous !== 'N') continue;
    // A final (no vowel follows) is voiceless: "pad" → "pat", "sab" → "sap".
    if (atEnd && previous !== undefined && VOWEL_LETTERS.has(previous))
      consonant = consonant === 'd' ? 't' : consonant === 'b' ? 'p' : consonant;
    // An "h" that starts no syllable says nothing ("ah", a leftover of "bh").
    if (consonant === 'h' && previous !== undefined && !VOWEL_LETTERS.has(text[i] ?? '')) continue;
    if (consonant === previous) continue;
    out += consonant;
  }
  return out;
}

function collapse(group: string): string {
  let out = '';
  for (const ch of group) if (ch !== out[out.length - 1] && VOWEL_LETTERS.has(ch)) out += ch;
  return out;
}

/**
 * Every key under which a Thai word should be found when typed in Latin letters: its RTGS key and,
 * since SARA AM is as often written "um" ("tom yum") as "am", that variant. A word with a silenced
 * letter (THANTHAKHAT) is nearly always a loanword ("เบียร์", "กูร์เมต์"), which shoppers type in its
 * own language: it has none.
 */
export function romanKeysOfThai(word: string): string[] {
  if (word.includes(THANTHAKHAT)) return [];
  const rtgs = romanizeThai(word);
  if (rtgs.length === 0) return [];
  const keys = new Set([romanKey(rtgs)]);
  if (word.includes('ำ')) keys.add(romanKey(romanizeThai(word.replaceAll('ำ', 'ุม'))));
  return [...keys].filter((k) => k.length > 0);
}

/**
 * Whether a typed spelling agrees with an RTGS romanisation on aspiration, which the key folds
 * away: "g", "bp", "dt", "j" are surely unaspirated (ก ป ต จ), "kh", "ph", "th" surely aspirated,
 * "k", "p", "t" either. So "gai" is ไก่ (kai) rather than ไข่ (khai), and "khai" the reverse.
 *
 * @example
 * aspirationAgrees('gai', 'kai')  // true
 * aspirationAgrees('gai', 'khai') // false
 * aspirationAgrees('kai', 'khai') // true
 */
export function aspirationAgrees(typed: string, rtgs: string): boolean {
  const a = stops(typed.toLowerCase(), true);
  const b = stops(rtgs, false);
  if (a.length !== b.length) return true;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x[0] === y[0] && x[1] !== '?' && y[1] !== '?' && x[1] !== y[1]) return false;
  }
  return true;
}

/** The stops of a spelling in order, as place ("k", "p", "t") and aspiration ("0", "1", or "?" for unknown). */
function stops(text: string, informal: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const next = text[i + 1];
    if ((ch === 'k' || ch === 'p' || ch === 't') && next === 'h') {
      out.push(`${ch}1`);
      i++;
    } else if ((ch === 'b' && next === 'p') || (ch === 'd' && next === 't')) {
      out.push(`${next}0`);
      i++;
    } else if (ch === 'c' && next === 'h') {
      out.push('c?');
      i++;
    } else if (ch === 'g' && next !== 'n' && text[i - 1] !== 'n') out.push('k0');
    else if (ch === 'j') out.push('c0');
    else if (ch === 'k' || ch === 'p' || ch === 't') out.push(`${ch}${informal ? '?' : '0'}`);
  }
  return out;
}
