/**
 * The skeleton of a word's spelling: what stays when the letters shoppers misplace are taken out.
 * Latin: every run of one letter written once ("brocolli" and "broccoli" are both "brocoli": a
 * doubled letter moved is two edits for an edit distance). Thai: the consonants and the vowels
 * written on the line, without the vowel and tone marks above and below ("มะเขอืเทศ" and
 * "มะเขือเทศ" are both "มะเขอเทศ": a mark typed after the wrong letter).
 */

/** Shortest word (in code units) whose skeleton is looked up: shorter skeletons name too many words. */
export const MIN_SKELETON_LENGTH = 4;

/** True for the Thai vowel and tone marks written above or below a letter. */
function isThaiMarkCode(code: number): boolean {
  return code === 0x0e31 || (code >= 0x0e34 && code <= 0x0e3a) || (code >= 0x0e47 && code <= 0x0e4e);
}

/**
 * The skeleton of a normalised word.
 *
 * @example
 * spellingSkeleton('brocolli') // 'brocoli'
 * spellingSkeleton('ผงซกัฟอก') // 'ผงซกฟอก'
 */
export function spellingSkeleton(word: string): string {
  let out = '';
  let previous = -1;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (isThaiMarkCode(code) || code === previous) continue;
    out += word[i];
    previous = code;
  }
  return out;
}
