import { LANG_CODE } from '../../utils/bounds';
import { type Catalogue, catalogueSnapshot, t } from '../../utils/i18n/catalogue';
import type { MessageKey } from '../../utils/i18n/keys';
import { ownEntry } from '../../utils/own-entry';

const SHORT_LIST = ['en', 'es', 'fr', 'de', 'pt', 'ja'] as const;

/**
 * The short list's names, from the catalogue: the first Intl.DisplayNames a page builds loads the platform's
 * language names, some 20–50 ms of a watch page's load (panel.page_cost_ms) for six names that never change.
 */
const NAMED: Record<(typeof SHORT_LIST)[number], MessageKey> = {
  en: 'panel.tr.lang.en',
  es: 'panel.tr.lang.es',
  fr: 'panel.tr.lang.fr',
  de: 'panel.tr.lang.de',
  pt: 'panel.tr.lang.pt',
  ja: 'panel.tr.lang.ja',
};

/** The background only accepts language codes of this form (LANG_CODE, utils/bounds.ts). */
export const isLangCode = (code: string): boolean => LANG_CODE.test(code);

/**
 * Names already looked up, for the catalogue and interface language they were looked up in. Another
 * Intl.DisplayNames costs about 2 ms even once the platform's names are loaded.
 */
let names: { catalogue: Catalogue['messages']; locale: string; of: Map<string, string> } | null = null;
let displayNames: Intl.DisplayNames | null = null;

/** The catalogue's name of a short-list language; null for other codes or a catalogue without it. */
function catalogueName(code: string): string | null {
  const key = ownEntry(NAMED as Record<string, MessageKey>, code);
  const name = key && t(key);
  return name && name !== key ? name : null;
}

/**
 * A language code's name in the interface language: the catalogue's for the short list, else the platform's
 * display names (built only for a code the list lacks), else the code itself.
 */
export function languageName(code: string): string {
  const { locale, messages } = catalogueSnapshot();
  if (names?.locale !== locale || names.catalogue !== messages) {
    if (names?.locale !== locale) displayNames = null;
    names = { catalogue: messages, locale, of: new Map() };
  }
  const known = names.of.get(code);
  if (known !== undefined) return known;
  let name = catalogueName(code);
  if (name === null) {
    try {
      displayNames ??= new Intl.DisplayNames([locale, 'en'], { type: 'language' });
      name = displayNames.of(code) ?? code;
    } catch {
      // An unknown code (or no Intl.DisplayNames): the code itself.
      name = code;
    }
  }
  names.of.set(code, name);
  return name;
}

interface Props {
  /** The language asked for. */
  value: string;
  /** The language shown, when known (may differ after a fallback). */
  shown: { code: string; name: string } | null;
  onChange: (code: string) => void;
}

/** "Transcript language": a short list plus the asked-for and shown languages. */
export function LanguagePicker({ value, shown, onChange }: Props) {
  const options: Array<[string, string]> = SHORT_LIST.map((code) => [code, languageName(code)]);
  const add = (code: string, name: string) => {
    if (LANG_CODE.test(code) && !options.some(([c]) => c.toLowerCase() === code.toLowerCase())) {
      options.push([code, name]);
    }
  };
  add(value, languageName(value));
  if (shown) add(shown.code, shown.name);
  const selected = options.find(([c]) => c.toLowerCase() === value.toLowerCase())?.[0] ?? value;
  return (
    <select
      class="tl-select tl-lang"
      aria-label={t('panel.tr.language')}
      value={selected}
      onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value)}
    >
      {options.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
