import { describe, expect, it } from 'vitest';
import { directionOf, matchLocale, readLocaleChoice } from '../../../utils/i18n/locales';

describe('the interface language', () => {
  it.each([
    [['es-MX', 'en'], 'es'],
    [['pt-PT'], 'pt-BR'],
    [['pt_BR'], 'pt-BR'],
    [['nl', 'de-AT'], 'de'],
    [['zh-CN'], 'en'],
    [[], 'en'],
    [['AR'], 'ar'],
  ])('%j → %s', (preferred, locale) => {
    expect(matchLocale(preferred)).toBe(locale);
  });

  it('mirrors right-to-left scripts only', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('hi')).toBe('ltr');
    expect(directionOf('en-XA')).toBe('ltr');
  });

  it('reads a stored choice leniently; the pseudo-locale only where it is built', () => {
    expect(readLocaleChoice('ja', false)).toBe('ja');
    expect(readLocaleChoice('en-XA', true)).toBe('en-XA');
    expect(readLocaleChoice('en-XA', false)).toBeNull();
    expect(readLocaleChoice('xx', true)).toBeNull();
    expect(readLocaleChoice({ evil: 1 }, true)).toBeNull();
  });
});
