import { AI_UNITS_PER_MINUTE, type AnalysisMode } from '../../utils/api/schemas';
import { t } from '../../utils/i18n/catalogue';
import { MODES } from '../../utils/i18n/labels';
import { modeName } from '../../utils/i18n/mode-name';
import { BOUNDS, INTERFACE_LANGUAGE } from '../../utils/settings';
import { AUDIO_AI_UNITS_PER_MINUTE } from '../../utils/till/price';
import { Field } from './Field';
import { NumberField } from './NumberField';

export type PreferenceValues = {
  language: string;
  defaultMode: AnalysisMode;
  spendingGuard: string;
  autoLoadTranscripts: boolean;
  autoLoadFloor: string;
};

type Props = {
  values: PreferenceValues;
  onChange: (patch: Partial<PreferenceValues>) => void;
  guardError: string | null;
  floorError: string | null;
};

/** Transcript languages offered: "same as the interface" (the default) first, then codes the service takes. */
const languageChoices = (): [string, string][] => [
  [INTERFACE_LANGUAGE, t('options.prefs.sameAsInterface')],
  ['en', t('options.prefs.lang.en')],
  ['es', t('options.prefs.lang.es')],
  ['fr', t('options.prefs.lang.fr')],
  ['de', t('options.prefs.lang.de')],
  ['pt', t('options.prefs.lang.pt')],
  ['ja', t('options.prefs.lang.ja')],
  ['hi', t('options.prefs.lang.hi')],
  ['ar', t('options.prefs.lang.ar')],
  ['it', t('options.prefs.lang.it')],
  ['ko', t('options.prefs.lang.ko')],
  ['zh', t('options.prefs.lang.zh')],
];

/** Transcript language, default analysis mode and the spending guard. */
export function Preferences({ values, onChange, guardError, floorError }: Props) {
  // A language set elsewhere (e.g. pt-BR) stays selectable instead of silently becoming English.
  const offered = languageChoices();
  const languages = offered.some(([code]) => code === values.language)
    ? offered
    : [...offered, [values.language, values.language] as [string, string]];
  return (
    <Field id="prefs" title={t('options.prefs.title')} label={t('options.prefs.language')} control="language">
      <select id="language" value={values.language} onChange={(e) => onChange({ language: e.currentTarget.value })}>
        {languages.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      <p class="hint">{t('options.prefs.languageHint')}</p>

      <label for="mode">{t('options.prefs.mode')}</label>
      <select
        id="mode"
        value={values.defaultMode}
        onChange={(e) => onChange({ defaultMode: e.currentTarget.value as AnalysisMode })}
      >
        {MODES.map((mode) => (
          <option key={mode} value={mode}>
            {modeName(mode)}
          </option>
        ))}
      </select>
      <p class="hint">{t('options.prefs.modeHint', AI_UNITS_PER_MINUTE)}</p>

      <label for="guard">{t('options.prefs.guard')}</label>
      <NumberField
        id="guard"
        bounds={BOUNDS.spendingGuard}
        value={values.spendingGuard}
        onInput={(spendingGuard) => onChange({ spendingGuard })}
        error={guardError}
        hint="guard-hint"
      >
        <p id="guard-hint" class="hint">
          {t('options.prefs.guardHint')}
        </p>
      </NumberField>

      <label class="check" for="autoload">
        <input
          id="autoload"
          type="checkbox"
          checked={values.autoLoadTranscripts}
          onChange={(e) => onChange({ autoLoadTranscripts: e.currentTarget.checked })}
          aria-describedby="autoload-hint autoload-worst"
        />{' '}
        {t('options.prefs.autoload')}
      </label>
      <p id="autoload-hint" class="hint">
        {t('options.prefs.autoloadHint')}
      </p>
      <p id="autoload-worst" class="hint">
        {t('options.prefs.autoloadWorst', { n: AUDIO_AI_UNITS_PER_MINUTE })}
      </p>
      <label for="floor">{t('options.prefs.floor')}</label>
      <NumberField
        id="floor"
        bounds={BOUNDS.autoLoadFloor}
        value={values.autoLoadFloor}
        disabled={!values.autoLoadTranscripts}
        onInput={(autoLoadFloor) => onChange({ autoLoadFloor })}
        error={floorError}
      />
    </Field>
  );
}
