import { LANG_CODE } from '../../utils/bounds';
import { currentLocale, t } from '../../utils/i18n/catalogue';

const SHORT_LIST = ['en', 'es', 'fr', 'de', 'pt', 'ja'] as const;

/** The background only accepts language codes of this form (LANG_CODE, utils/bounds.ts). */
export const isLangCode = (code: string): boolean => LANG_CODE.test(code);

/** A language code's name in the interface language (the platform's display names), else the code itself. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLocale(), 'en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
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
