import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageName } from '../../components/transcript/LanguagePicker';
import { setCatalogue } from '../../utils/i18n/catalogue';
import { LOCALES } from '../../utils/i18n/locales';

const fresh = (locale: string, code: string) => new Intl.DisplayNames([locale, 'en'], { type: 'language' }).of(code);

describe('languageName', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setCatalogue('en', {});
  });

  it('gives the platform display name in the interface language, as before', () => {
    setCatalogue('en', {});
    expect(languageName('es')).toBe(fresh('en', 'es'));
    expect(languageName('pt')).toBe('Portuguese');
    setCatalogue('de', {});
    expect(languageName('es')).toBe(fresh('de', 'es'));
    expect(languageName('es')).not.toBe('Spanish');
  });

  it('builds the display names once per interface language, not once per name (a watch page pays for each)', () => {
    setCatalogue('fr', {});
    const japaneseForEnglish = fresh('ja', 'en');
    const built = vi.spyOn(Intl, 'DisplayNames');
    for (let i = 0; i < 5; i++) for (const code of ['en', 'es', 'fr', 'de', 'pt', 'ja', 'ko']) languageName(code);
    expect(built).toHaveBeenCalledTimes(1);
    setCatalogue('ja', {});
    expect(languageName('en')).toBe(japaneseForEnglish);
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('names the short list from the catalogue without building display names (a watch page’s first render)', () => {
    const [korean, french] = [fresh('de', 'ko'), fresh('de', 'fr')];
    const built = vi.spyOn(Intl, 'DisplayNames');
    setCatalogue('de', { 'panel.tr.lang.es': 'Spanisch', 'panel.tr.lang.ja': 'Japanisch' });
    expect(languageName('es')).toBe('Spanisch');
    expect(languageName('ja')).toBe('Japanisch');
    expect(built).not.toHaveBeenCalled();
    // A code the list lacks still gets the platform's name, and a short-list name the catalogue lacks too.
    expect(languageName('ko')).toBe(korean);
    expect(languageName('fr')).toBe(french);
    expect(built).toHaveBeenCalledTimes(1);
  });

  it('has in every locale’s catalogue the names the platform gives', async () => {
    for (const tag of LOCALES) {
      const panel = (await import(`../../locales/${tag}/panel.json`)).default as Record<string, string>;
      setCatalogue(tag, panel);
      for (const code of ['en', 'es', 'fr', 'de', 'pt', 'ja']) expect(languageName(code)).toBe(fresh(tag, code));
    }
  });

  it('keeps a code it cannot name', () => {
    setCatalogue('en', {});
    expect(languageName('not a code')).toBe('not a code');
  });
});
