import { describe, expect, it } from 'vitest';
import { pseudoMessage, readArea, readBundle } from '../../../scripts/locales';
import { AREAS, LOCALES } from '../../../utils/i18n/locales';
import { type Part, parseMessage, placeholdersOf } from '../../../utils/i18n/message';

/** The plural categories a message's plural arguments offer (exact `=n` options aside). */
function pluralCategories(parts: readonly Part[]): string[][] {
  const out: string[][] = [];
  for (const part of parts) {
    if (typeof part === 'string' || part.kind === 'count' || part.kind === 'value') continue;
    if (part.kind === 'plural') out.push(Object.keys(part.options).filter((k) => !k.startsWith('=')));
    for (const option of Object.values(part.options)) out.push(...pluralCategories(option));
  }
  return out;
}

const areas = [...AREAS, 'manifest'] as const;

describe('every locale says every message of the English source', () => {
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    describe(locale, () => {
      it.each(areas)('%s: the same keys, each with the same placeholders', (area) => {
        const english = readArea('en', area);
        const local = readArea(locale, area);
        expect(Object.keys(local).sort()).toEqual(Object.keys(english).sort());
        for (const [key, source] of Object.entries(english)) {
          const theirs = local[key] ?? '';
          expect(placeholdersOf(parseMessage(theirs)), `${locale} ${key}`).toEqual(
            placeholdersOf(parseMessage(source)),
          );
        }
      });

      it('each plural offers every form the language has for counts (Arabic six, Japanese one)', () => {
        // The forms whole numbers up to 10,000 take: French "many" is for exact millions, which fall back to other.
        const rules = new Intl.PluralRules(locale);
        const categories = new Set(Array.from({ length: 10_001 }, (_, n) => rules.select(n)));
        for (const [key, message] of Object.entries(readBundle(locale, 'all'))) {
          for (const offered of pluralCategories(parseMessage(message)))
            expect(offered.sort(), `${locale} ${key}`).toEqual(expect.arrayContaining([...categories].sort()));
        }
      });
    });
  }

  it('English plurals offer one and other', () => {
    for (const [key, message] of Object.entries(readBundle('en', 'all')))
      for (const offered of pluralCategories(parseMessage(message)))
        expect(offered, key).toEqual(expect.arrayContaining(['one', 'other']));
  });

  it('the manifest keeps the product name untranslated', () => {
    for (const locale of LOCALES) expect(readArea(locale, 'manifest').extName).toBe('Transcript Lens');
  });

  it('keys are namespaced by their area (panel.…, options.…), so two areas never define one key', () => {
    for (const area of AREAS)
      for (const key of Object.keys(readArea('en', area))) expect(key.startsWith(`${area}.`), key).toBe(true);
  });
});

describe('the pseudo-locale', () => {
  it('accents text, keeps placeholders and plural syntax, runs 40 % longer, and is marked', () => {
    const message = pseudoMessage('{n, plural, one {# Cloud Request} other {# Cloud Requests}} for {title}');
    expect(message.startsWith('⟦') && message.endsWith('⟧')).toBe(true);
    expect(message).toContain('{title}');
    expect(placeholdersOf(parseMessage(message))).toEqual(['n', 'title']);
    expect(message).toContain('Çlöüd Réqüéšt');
    expect(message.length).toBeGreaterThanOrEqual(Math.ceil(1.4 * 62));
  });
});
