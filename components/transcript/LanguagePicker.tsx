import { LANG_CODE } from '../../utils/bounds';
import { currentLocale, t } from '../../utils/i18n/catalogue';

const SHORT_LIST = ['en', 'es', 'fr', 'de', 'pt', 'ja'] as const;

/** The background only accepts language codes of this form (LANG_CODE, utils/bounds.ts). */
export const isLangCode = (code: string): boolean => LANG_CODE.test(code);

/**
 * Names already looked up, for the interface language they were looked up in. Building an Intl.DisplayNames
 * costs about 2 ms: once per option per render was some 15 ms of a watch page's load (panel.page_cost_ms).
 */
let names: { locale: string; of: Map<string, string> } | null = null;
let displayNames: Intl.DisplayNames | null = null;

/** A language code's name in the interface language (the platform's display names), else the code itself. */
export function languageName(code: string): string {
  const locale = currentLocale();
  if (names?.locale !== locale) {
    names = { locale, of: new Map() };
    displayNames = null;
  }
  const known = names.of.get(code);
  if (known !== undefined) return known;
  let name = code;
  try {
    displayNames ??= new Intl.DisplayNames([locale, 'en'], { type: 'language' });
    name = displayNames.of(code) ?? code;
  } catch {
    // An unknown code (or no Intl.DisplayNames): the code itself.
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
