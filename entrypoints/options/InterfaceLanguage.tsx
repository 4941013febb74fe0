import { useEffect, useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import { LOCALE_NAMES, LOCALES, PSEUDO_LOCALE, type UiLocale } from '../../utils/i18n/locales';
import { PSEUDO_BUILT, readLanguageChoice, writeLanguageChoice } from '../../utils/i18n/preference';
import { Field } from './Field';

type Props = {
  read?: () => Promise<UiLocale | null>;
  write?: (choice: UiLocale | null) => Promise<void>;
  /** Test and development builds offer the pseudo-locale too. */
  pseudo?: boolean;
};

const BROWSER = '';

/**
 * The interface language: the browser's (no choice stored) or one of the catalogue's, each named in its own
 * language. Saved at once, apart from the form's Save: every open view reloads in it (utils/i18n/page.ts).
 */
export function InterfaceLanguage({
  read = readLanguageChoice,
  write = writeLanguageChoice,
  pseudo = PSEUDO_BUILT,
}: Props) {
  const [choice, setChoice] = useState<string | null>(null);
  useEffect(() => {
    void read().then((stored) => setChoice(stored ?? BROWSER));
  }, [read]);

  const tags: readonly UiLocale[] = pseudo ? [...LOCALES, PSEUDO_LOCALE] : LOCALES;
  const change = (value: string) => {
    setChoice(value);
    void write(tags.find((tag) => tag === value) ?? null);
  };
  return (
    <Field
      id="interface"
      title={t('options.interface.title')}
      label={t('options.interface.label')}
      control="interface-language"
    >
      <select
        id="interface-language"
        value={choice ?? BROWSER}
        disabled={choice === null}
        aria-describedby="interface-hint"
        onChange={(e) => change(e.currentTarget.value)}
      >
        <option value={BROWSER}>{t('options.interface.browser')}</option>
        {tags.map((tag) => (
          <option key={tag} value={tag} lang={tag}>
            {LOCALE_NAMES[tag]}
          </option>
        ))}
      </select>
      <p id="interface-hint" class="hint">
        {t('options.interface.hint')}
      </p>
    </Field>
  );
}
