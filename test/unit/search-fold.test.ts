import { describe, expect, it } from 'vitest';
import {
  createSearchIndex,
  fold,
  foldEachWithMap,
  foldsToItself,
  foldWithMap,
  highlightSpans,
} from '../../utils/search/fold';

/** The highlighted substrings of the original text. */
const marked = (text: string, query: string): string[] => highlightSpans(text, query).map(([s, e]) => text.slice(s, e));

describe('createSearchIndex', () => {
  const index = createSearchIndex(['Mon Résumé', 'HELLO world', 'naïve café', 'nothing here', 'resume again']);

  it('matches without regard to case or accents, in cue order', () => {
    expect(index.find('resume')).toEqual([0, 4]);
    expect(index.find('RÉSUMÉ')).toEqual([0, 4]);
    expect(index.find('hello')).toEqual([1]);
    expect(index.find('naive cafe')).toEqual([2]);
    expect(index.size).toBe(5);
  });

  it('returns nothing for an empty or blank query, or no match', () => {
    expect(index.find('')).toEqual([]);
    expect(index.find('   ')).toEqual([]);
    expect(index.find('zebra')).toEqual([]);
  });

  it('treats regex metacharacters literally', () => {
    const meta = createSearchIndex(['a.b', 'axb', 'cost (USD)', 'x*y+z?', '[1] \\d', 'a|b']);
    expect(meta.find('a.b')).toEqual([0]);
    expect(meta.find('(usd)')).toEqual([2]);
    expect(meta.find('*y+z?')).toEqual([3]);
    expect(meta.find('[1] \\d')).toEqual([4]);
    expect(meta.find('.*')).toEqual([]);
    expect(meta.find('a|b')).toEqual([5]);
  });

  it('treats runs of whitespace and line breaks as one space', () => {
    expect(createSearchIndex(['two\n  lines']).find('two lines')).toEqual([0]);
  });

  it('finds the right cues in a 6,000-cue transcript, repeatedly', () => {
    const texts = Array.from({ length: 6_000 }, (_, i) =>
      i % 1000 === 7 ? `Cue ${i}: the Ëxpérience begins` : `Cue ${i}: ordinary words, number ${i * 7}`,
    );
    const big = createSearchIndex(texts);
    for (let run = 0; run < 50; run++) expect(big.find('experience')).toEqual([7, 1007, 2007, 3007, 4007, 5007]);
    expect(big.find('cue 5999:')).toEqual([5999]);
    expect(big.find('ordinary').length).toBe(5_994);
  });
});

describe('highlightSpans', () => {
  it('gives ranges in the original text for accented and cased matches', () => {
    expect(highlightSpans('Mon Résumé', 'resume')).toEqual([[4, 10]]);
    expect(marked('Hello HELLO hello', 'hello')).toEqual(['Hello', 'HELLO', 'hello']);
  });

  it('maps back through combining marks (decomposed accents)', () => {
    const text = 'Re\u0301sume\u0301 and more';
    expect(marked(text, 'résumé')).toEqual(['Re\u0301sume\u0301']);
    expect(highlightSpans(text, 'more')).toEqual([[text.indexOf('more'), text.length]]);
  });

  it('maps back through characters that fold to more than one (ß, ligatures)', () => {
    const text = 'Die Straße ist groß, ﬁne';
    expect(marked(text, 'strasse')).toEqual(['Straße']);
    expect(marked(text, 'ist')).toEqual(['ist']);
    expect(marked(text, 'gross')).toEqual(['groß']);
    expect(marked(text, 'fine')).toEqual(['ﬁne']);
  });

  it('handles astral characters and collapsed whitespace', () => {
    const text = '😀 big\n\n  Deal 😀';
    expect(marked(text, 'big deal')).toEqual(['big\n\n  Deal']);
    expect(marked(text, '😀')).toEqual(['😀', '😀']);
  });

  it('returns nothing for empty queries, no match, or metacharacters that are not there', () => {
    expect(highlightSpans('text', '')).toEqual([]);
    expect(highlightSpans('', 'x')).toEqual([]);
    expect(highlightSpans('abc', '.')).toEqual([]);
    expect(marked('1+1=2 (really)', '(really)')).toEqual(['(really)']);
  });

  it('returns non-overlapping ranges in order', () => {
    expect(highlightSpans('aaaa', 'aa')).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });

  it('agrees with the index on what matches (fold and per-character fold line up)', () => {
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
      for (let len = 1; len <= 3; len++) {
        for (let i = 0; i + len <= folded.length; i++) {
          const query = folded.slice(i, i + len);
          if (!query.trim()) continue;
          const found = createSearchIndex([text]).find(query).length > 0;
          expect(highlightSpans(text, query).length > 0, `${text} / ${query}`).toBe(found);
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
    expect(highlightSpans('本はｶﾞｲﾄﾞです', 'ガイド')).toEqual([[2, 7]]);
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

describe('foldWithMap', () => {
  it('folds ASCII text the short way to exactly what the per-character fold gives', () => {
    const samples = [
      'Hello  World',
      '  leading and trailing  ',
      'tabs\tand\nnew\r\nlines \x0b\x0c mixed',
      "it's 1+1=2 (REALLY)",
      '',
      ' ',
      'MiXeD CaSe\x1f\x7f',
    ];
    // And random ASCII with many whitespace runs, deterministic.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const alphabet = 'aZ \t\n\r09.,\x0b\x0c\x1cQx';
    for (let n = 0; n < 200; n++) {
      samples.push(Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join(''));
    }
    for (const text of samples) expect(foldWithMap(text), JSON.stringify(text)).toEqual(foldEachWithMap(text));
  });

  it('leaves text with other characters to the per-character fold', () => {
    expect(foldWithMap('Résumé  Ǆ').folded).toBe(fold('Résumé  Ǆ'));
    expect(foldWithMap('Résumé  Ǆ')).toEqual(foldEachWithMap('Résumé  Ǆ'));
  });
});
