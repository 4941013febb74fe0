import { INTERFACE_LANGUAGE } from '../settings';
import { PSEUDO_LOCALE, type UiLocale } from './locales';

/**
 * The `lang` sent to the service for a stored preference: a chosen code as it is; "same as the interface" as
 * the interface language's two-letter code (`pt-BR` → `pt`; the pseudo-locale is English). The service falls
 * back to the video's own language when it has no captions in it (spec: `lang`).
 */
export function serviceLanguage(setting: string, interfaceLocale: UiLocale): string {
  if (setting !== INTERFACE_LANGUAGE) return setting;
  if (interfaceLocale === PSEUDO_LOCALE) return 'en';
  return interfaceLocale.split('-')[0] ?? 'en';
}
