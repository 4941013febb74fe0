import { describe, expect, it } from 'vitest';
import { serviceLanguage } from '../../../utils/i18n/service-lang';
import { DEFAULT_SETTINGS, INTERFACE_LANGUAGE, Settings } from '../../../utils/settings';

describe('the transcript language sent to the service (lang)', () => {
  it('is the interface language by default, as the two-letter code the service takes', () => {
    expect(DEFAULT_SETTINGS.language).toBe(INTERFACE_LANGUAGE);
    expect(serviceLanguage(INTERFACE_LANGUAGE, 'es')).toBe('es');
    expect(serviceLanguage(INTERFACE_LANGUAGE, 'pt-BR')).toBe('pt');
    expect(serviceLanguage(INTERFACE_LANGUAGE, 'ar')).toBe('ar');
    expect(serviceLanguage(INTERFACE_LANGUAGE, 'en-XA')).toBe('en');
  });

  it('is the chosen language when the person picked one, whatever the interface speaks', () => {
    expect(serviceLanguage('ja', 'de')).toBe('ja');
    expect(serviceLanguage('pt-BR', 'en')).toBe('pt-BR');
  });

  it('stores either a language code or "same as the interface", nothing else', () => {
    expect(Settings.shape.language.safeParse(INTERFACE_LANGUAGE).success).toBe(true);
    expect(Settings.shape.language.safeParse('es').success).toBe(true);
    expect(Settings.shape.language.safeParse('interfaces').success).toBe(false);
    expect(Settings.shape.language.safeParse('').success).toBe(false);
  });
});
