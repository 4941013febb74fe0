/**
 * The interface's languages. English is the source; every other locale has every key (test/unit/i18n).
 * Tags are BCP 47, as Intl takes them; Chrome's `_locales` folders use an underscore (`pt_BR`).
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'de', 'fr', 'ja', 'hi', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/**
 * The pseudo-locale of test and development builds (accented, 40 % longer, each message in ⟦ ⟧): a string
 * the catalogue does not hold shows up in it. Never in a store build.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type UiLocale = Locale | typeof PSEUDO_LOCALE;

/** The name of each locale in its own language, for the options page's list (not translated). */
export const LOCALE_NAMES: Readonly<Record<UiLocale, string>> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
  fr: 'Français',
  ja: '日本語',
  hi: 'हिन्दी',
  ar: 'العربية',
  [PSEUDO_LOCALE]: 'Pseudo (test)',
};

/**
 * The catalogue's parts: one file per area and locale under locales/<tag>/. A YouTube watch page loads only the
 * `content` bundle (the panel, and `errors`: sentences written by code the panel shares), a channel or playlist
 * page adds `channel` (with the channel module); the extension's pages and the background load `all`.
 */
const CONTENT_AREAS = ['common', 'panel', 'errors'] as const;
/** The areas only the extension's own pages and the background write in. */
const PAGE_AREAS = ['library', 'popup', 'options', 'confirm', 'spending', 'background'] as const;
export const AREAS = [...CONTENT_AREAS, 'channel', ...PAGE_AREAS] as const;
export type Area = (typeof AREAS)[number];
export const BUNDLES = {
  content: CONTENT_AREAS,
  channel: ['channel'],
  all: AREAS,
} as const satisfies Record<string, readonly Area[]>;
export type Bundle = keyof typeof BUNDLES;

/** Where a bundle is in the built extension. */
export const bundlePath = (locale: UiLocale, bundle: Bundle) => `/locales/${locale}/${bundle}.json`;

const RTL = new Set(['ar', 'he', 'fa', 'ur']);
/** The writing direction of a locale, for `dir` on each view's root. */
export const directionOf = (locale: string): 'rtl' | 'ltr' =>
  RTL.has(locale.split('-')[0]?.toLowerCase() ?? '') ? 'rtl' : 'ltr';

/**
 * The best supported locale for the languages a browser prefers, in order: the exact tag, then the language
 * alone (`pt-PT` and `pt` are served `pt-BR`, `es-MX` `es`), else English.
 */
export function matchLocale(preferred: readonly string[]): Locale {
  const lower = (s: string) => s.toLowerCase().replace('_', '-');
  for (const wanted of preferred) {
    const tag = lower(wanted);
    const exact = LOCALES.find((l) => lower(l) === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const same = LOCALES.find((l) => lower(l).split('-')[0] === language);
    if (same) return same;
  }
  return SOURCE_LOCALE;
}

/** A stored choice read leniently: a supported tag (or the pseudo-locale where it is built), else null. */
export function readLocaleChoice(value: unknown, pseudo: boolean): UiLocale | null {
  if (value === PSEUDO_LOCALE) return pseudo ? PSEUDO_LOCALE : null;
  return LOCALES.find((l) => l === value) ?? null;
}
