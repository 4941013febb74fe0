import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageName } from '../../components/transcript/LanguagePicker';
import { setCatalogue } from '../../utils/i18n/catalogue';

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

  it('keeps a code it cannot name', () => {
    setCatalogue('en', {});
    expect(languageName('not a code')).toBe('not a code');
  });
});
