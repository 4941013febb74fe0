import { describe, expect, it } from 'vitest';
import { createCueSearch, spansOf } from '../../utils/search/cue-search';
import { fold, foldsToItself } from '../../utils/search/fold';

/** What the panel's search marks in `text` for `query`: its words in the original text. */
function marked(text: string, query: string, lang = 'en'): string[] {
  const found = createCueSearch([text], lang).find(query);
  return spansOf(text, found, 0, lang).map(([s, e]) => text.slice(s, e));
}

describe("the panel's search over folded words", () => {
  const search = createCueSearch(['Mon Résumé', 'HELLO world', 'naïve café', 'nothing here', 'resume again'], 'fr');
  const cues = (query: string) => [...new Set(search.find(query).matches.map((m) => m.cue))];

  it('matches without regard to case or accents, in cue order', () => {
    expect(cues('resume')).toEqual([0, 4]);
    expect(cues('RÉSUMÉ')).toEqual([0, 4]);
    expect(cues('hello')).toEqual([1]);
    expect(cues('naive cafe')).toEqual([2]);
    expect(search.size).toBe(5);
  });

  it('returns nothing for an empty or blank query, no match, or punctuation alone', () => {
    expect(cues('')).toEqual([]);
    expect(cues('   ')).toEqual([]);
    expect(cues('zebra')).toEqual([]);
    expect(cues('.*')).toEqual([]);
  });

  it('reads a query as words, never a pattern', () => {
    const meta = createCueSearch(['a.b', 'axb', 'cost (USD)', 'x*y+z?', '[1] \\d'], 'en');
    const found = (query: string) => [...new Set(meta.find(query).matches.map((m) => m.cue))];
    expect(found('(usd)')).toEqual([2]);
    expect(found('*y+z?')).toEqual([3]);
    expect(found('[1]')).toEqual([4]);
    expect(found('axb')).toEqual([1]);
  });

  it('finds the right cues in a 6,000-cue transcript, repeatedly', () => {
    const texts = Array.from({ length: 6_000 }, (_, i) =>
      i % 1000 === 7 ? `Cue ${i}: the Ëxpérience begins` : `Cue ${i}: ordinary words, number ${i * 7}`,
    );
    const big = createCueSearch(texts, 'en');
    const found = (query: string) => [...new Set(big.find(query).matches.map((m) => m.cue))];
    for (let run = 0; run < 50; run++) expect(found('experience')).toEqual([7, 1007, 2007, 3007, 4007, 5007]);
    expect(found('cue 5998')).toEqual([5998]);
    expect(found('5999')).toEqual([857, 5999]); // "number 5999" in cue 857
    expect(found('ordinary').length).toBe(5_994);
  });

  it('marks words in the original text, accented and cased', () => {
    expect(marked('Mon Résumé', 'resume')).toEqual(['Résumé']);
    expect(marked('Hello HELLO hello', 'hello')).toEqual(['Hello', 'HELLO', 'hello']);
  });

  it('maps back through combining marks (decomposed accents)', () => {
    expect(marked('Re\u0301sume\u0301 and more', 'résumé')).toEqual(['Re\u0301sume\u0301']);
    expect(marked('Re\u0301sume\u0301 and more', 'more')).toEqual(['more']);
  });

  it('maps back through characters that fold to more than one (ß, ligatures)', () => {
    const text = 'Die Straße ist groß, ﬁne';
    expect(marked(text, 'strasse', 'de')).toEqual(['Straße']);
    expect(marked(text, 'ist', 'de')).toEqual(['ist']);
    expect(marked(text, 'gross', 'de')).toEqual(['groß']);
    expect(marked(text, 'fine', 'de')).toEqual(['ﬁne']);
  });

  it('marks the words of a phrase across whitespace, beside astral characters', () => {
    expect(marked('😀 big\n\n  Deal 😀', 'big deal')).toEqual(['big', 'Deal']);
  });

  it('agrees with its own marks on what matches, in every script (the count is the marks)', () => {
    const samples = [
      'ΣΟΦΟΣ σοφός',
      'İstanbul',
      'Ǆemal',
      '㎒ radio',
      'ﬃ ß ẞ',
      'e\u0301\u0301x',
      'don’t stop',
      'x\u00a0y',
      'がっこう ｶﾞｲﾄﾞ',
      'हिन्दी कमाल',
      'مُحَمَّد أحمد',
    ];
    for (const text of samples) {
      const folded = fold(text);
      const search = createCueSearch([text]);
      for (let len = 1; len <= 3; len++) {
        for (let i = 0; i + len <= folded.length; i++) {
          const found = search.find(folded.slice(i, i + len));
          expect(spansOf(text, found, 0).length, `${text} / ${folded.slice(i, i + len)}`).toBe(found.matches.length);
        }
      }
    }
  });
});

describe('fold by script', () => {
  it('drops accents on Latin, Greek and Cyrillic letters only', () => {
    expect(fold('Café ΆΈ Ёлка')).toBe('cafe αε елка');
  });

  it('keeps the marks that make another word: kana voicing, Indic vowel signs and virama, Thai tones, hamza', () => {
    expect(fold('が')).not.toBe(fold('か'));
    expect(fold('हिन्दी')).not.toBe(fold('हन्द'));
    expect(fold('कमाल')).not.toBe(fold('कमल'));
    expect(fold('ข้าว')).not.toBe(fold('ขาว'));
    expect(fold('أحمد')).not.toBe(fold('احمد'));
  });

  it('drops the optional vowel points of Hebrew and Arabic', () => {
    expect(fold('שָׁלוֹם')).toBe('שלום');
    expect(fold('مُحَمَّد')).toBe('محمد');
  });

  it('folds width and compatibility forms, half-width kana with their voicing', () => {
    expect(fold('ｶﾞｲﾄﾞ')).toBe('ガイド');
    expect(fold('１２３ＡＢＣ')).toBe('123abc');
    expect(marked('本はｶﾞｲﾄﾞです', 'ガイド', 'ja')).toEqual(['ｶﾞｲﾄﾞ']);
  });
});

describe('foldsToItself', () => {
  it('is right about kanji, kana and their marks of iteration, which it takes without asking', () => {
    const ranges = [
      [0x3005, 0x3005],
      [0x3041, 0x3096],
      [0x309d, 0x309e],
      [0x30a1, 0x30fa],
      [0x30fc, 0x30fe],
      [0x3400, 0x4dbf],
      [0x4e00, 0x9fff],
    ];
    for (const [from, to] of ranges) {
      for (let cp = from ?? 0; cp <= (to ?? 0); cp++) {
        const char = String.fromCodePoint(cp);
        expect(char.normalize('NFKD').toLowerCase().normalize('NFC'), cp.toString(16)).toBe(char);
      }
    }
    expect(foldsToItself('図書館がっこう')).toBe(true);
    expect(foldsToItself('ｶﾞｲﾄﾞ')).toBe(false);
    expect(foldsToItself('か\u3099')).toBe(false);
  });
});
