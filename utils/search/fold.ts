/**
 * How search folds a word (terms.ts): lower case, compatibility and width forms, ß → ss, whitespace runs → one
 * space, accents off Latin, Greek and Cyrillic letters only (marks.ts), curly apostrophes straight.
 */
import { dropMarks } from './marks';

/** Printable ASCII and its whitespace: no marks, ligatures or curly quotes to fold. */
const ASCII = /^[\t\n\v\f\r -~]*$/;

/** Folds a whole string. */
export function fold(text: string): string {
  // Plain ASCII (most words of most transcripts) has no marks, ligatures or curly quotes: lower case is all.
  if (ASCII.test(text)) return text.toLowerCase().replace(/\s+/g, ' ');
  // Most words of Chinese, Japanese or Thai fold to themselves: known per character, they skip normalizing.
  if (foldsToItself(text)) return text;
  return foldSlowly(text);
}

const foldSlowly = (text: string) =>
  finishFold(text.normalize('NFKD').toLowerCase().normalize('NFKD')).replace(/\s+/g, ' ');

/** Whether each character folds to itself, kept per page (a language has a few thousand). */
const itself = new Map<string, boolean>();
/** Kanji, hiragana, katakana, the iteration marks and lower-case ASCII: they fold to themselves (tested). */
const PLAIN_CJK = /^[a-z0-9\u3005\u3041-\u3096\u309D\u309E\u30A1-\u30FA\u30FC-\u30FE\u3400-\u4DBF\u4E00-\u9FFF]*$/;
/** Marks (whether one goes depends on the letter before it) and conjoining Hangul jamo (NFC joins them). */
const IN_CONTEXT = /[\p{M}\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF]/u;

/** Whether `fold` leaves the text as it is: every character folds to itself alone and none folds by context. */
export function foldsToItself(text: string): boolean {
  if (PLAIN_CJK.test(text)) return true;
  for (const char of text) {
    let same = itself.get(char);
    if (same === undefined) {
      same = !IN_CONTEXT.test(char) && foldSlowly(char) === char;
      itself.set(char, same);
    }
    if (!same) return false;
  }
  return true;
}

// Steps that map one folded character to one (or, for ß, two) and so can run on a whole string or on one
// character with its marks. Final sigma becomes σ so per-character and whole-string lower-casing agree; the
// marks kept (kana voicing, vowel signs) compose again (NFC), so が stays が and never meets か.
function finishFold(text: string): string {
  return dropMarks(text).normalize('NFC').replace(/ς/g, 'σ').replace(/ß/g, 'ss').replace(/[’‘ʼ]/g, "'");
}
