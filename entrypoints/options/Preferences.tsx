import type { AnalysisMode } from '../../utils/api/schemas';
import { MODE_LABEL, MODES } from '../../utils/labels';
import { BOUNDS } from '../../utils/settings';
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

const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['es', 'Spanish (Español)'],
  ['fr', 'French (Français)'],
  ['de', 'German (Deutsch)'],
  ['pt', 'Portuguese (Português)'],
  ['ja', 'Japanese (日本語)'],
  ['it', 'Italian (Italiano)'],
  ['ko', 'Korean (한국어)'],
  ['zh', 'Chinese (中文)'],
];

// Read at render: the mode names come from the catalogue, loaded after this module.
const modeChoices = () => MODES.map((mode): [AnalysisMode, string] => [mode, MODE_LABEL[mode]]);

/** Transcript language, default analysis mode and the spending guard. */
export function Preferences({ values, onChange, guardError, floorError }: Props) {
  // A language set elsewhere (e.g. pt-BR) stays selectable instead of silently becoming English.
  const languages = LANGUAGES.some(([code]) => code === values.language)
    ? LANGUAGES
    : [...LANGUAGES, [values.language, values.language] as [string, string]];
  return (
    <section class="field" aria-labelledby="prefs-title">
      <h2 id="prefs-title">Preferences</h2>
      <label for="language">Transcript language</label>
      <select id="language" value={values.language} onChange={(e) => onChange({ language: e.currentTarget.value })}>
        {languages.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      <p class="hint">When a video has no captions in this language, its own language is used.</p>

      <label for="mode">Default analysis mode</label>
      <select
        id="mode"
        value={values.defaultMode}
        onChange={(e) => onChange({ defaultMode: e.currentTarget.value as AnalysisMode })}
      >
        {modeChoices().map(([mode, name]) => (
          <option key={mode} value={mode}>
            {name}
          </option>
        ))}
      </select>
      <p class="hint">Deep needs the Pro or Team plan and costs 30 AI Units a minute; the others cost 3.</p>

      <label for="guard">Ask before spending more than (AI Units)</label>
      <NumberField
        id="guard"
        bounds={BOUNDS.spendingGuard}
        value={values.spendingGuard}
        onInput={(spendingGuard) => onChange({ spendingGuard })}
        error={guardError}
        hint="guard-hint"
      >
        <p id="guard-hint" class="hint">
          Anything that costs more at once asks for confirmation first. 0 asks every time.
        </p>
      </NumberField>

      <label class="check" for="autoload">
        <input
          id="autoload"
          type="checkbox"
          checked={values.autoLoadTranscripts}
          onChange={(e) => onChange({ autoLoadTranscripts: e.currentTarget.checked })}
          aria-describedby="autoload-hint"
        />{' '}
        Load transcripts automatically
      </label>
      <p id="autoload-hint" class="hint">
        Off: a transcript loads when you press “Load transcript” (1 Cloud Request each). On: the video in the tab you
        are looking at loads after a few seconds on screen, never in background tabs and never below the floor.
      </p>
      <label for="floor">Stop loading automatically at (Cloud Requests left)</label>
      <NumberField
        id="floor"
        bounds={BOUNDS.autoLoadFloor}
        value={values.autoLoadFloor}
        disabled={!values.autoLoadTranscripts}
        onInput={(autoLoadFloor) => onChange({ autoLoadFloor })}
        error={floorError}
      />
    </section>
  );
}
