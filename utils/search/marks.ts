/**
 * Which combining marks folding drops. On Latin, Greek and Cyrillic letters a mark is an accent people leave
 * out when they type ("cafe" for "café"), so it goes. Elsewhere it is part of the word: kana voicing (が is not
 * か), Indic vowel signs and virama (हिन्दी is not its consonants), Hangul, Thai vowels and tones. In Hebrew
 * and Arabic the vowel points and cantillation are optional (most text is written without them, so a pointed
 * and an unpointed spelling are one word) and go; Arabic's hamza and madda make another letter (أ, آ, ؤ, ئ) and
 * stay.
 */
const ACCENTED_SCRIPT = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
/** Hebrew points and cantillation; Arabic harakat, tanwin, shadda, sukun, dagger alif, Quranic marks. */
const OPTIONAL_POINTS = /^[\u0591-\u05C7\u064B-\u0652\u0670\u06D6-\u06ED]+$/u;
const OPTIONAL_POINT = /[\u0591-\u05C7\u064B-\u0652\u0670\u06D6-\u06ED]/gu;
const MARK_RUN = /\p{M}+/gu;

/** `text` (decomposed, NFKD) without the marks that are accents; the others are kept for NFC to compose. */
export function dropMarks(text: string): string {
  return text.replace(MARK_RUN, (marks: string, at: number) => {
    const before = text.charAt(at - 1);
    if (ACCENTED_SCRIPT.test(before)) return '';
    return OPTIONAL_POINTS.test(marks) ? '' : marks.replace(OPTIONAL_POINT, '');
  });
}
