import { useId } from 'preact/hooks';
import type { AnalysisMode } from '../../utils/api/schemas';
import { t } from '../../utils/i18n/catalogue';
import type { MessageKey } from '../../utils/i18n/keys';
import { MODES, modeLabel } from '../../utils/i18n/labels';
import { ControlLabel } from '../ControlLabel';

const ABOUT: Record<AnalysisMode, MessageKey> = {
  quick: 'panel.mode.quick',
  smart: 'panel.mode.smart',
  deep: 'panel.mode.deep',
  auto: 'panel.mode.auto',
};

export function isMode(value: string): value is AnalysisMode {
  return MODES.some((m) => m === value);
}

type Props = {
  value: AnalysisMode;
  deepAllowed: boolean;
  disabled?: boolean;
  onChange: (mode: AnalysisMode) => void;
};

/** The native select keeps keyboard and screen-reader behaviour for free. */
export function ModePicker({ value, deepAllowed, disabled, onChange }: Props) {
  const about = isMode(value) ? t(ABOUT[value]) : '';
  const id = useId();
  return (
    <div class="tl-mode">
      <ControlLabel control={id} text={t('panel.mode.label')} />
      <select
        id={id}
        class="tl-select"
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-about`}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isMode(next)) onChange(next);
        }}
      >
        {MODES.map((m) => {
          const blocked = m === 'deep' && !deepAllowed;
          return (
            <option key={m} value={m} disabled={blocked}>
              {blocked ? t('panel.mode.blocked', { mode: modeLabel(m) }) : modeLabel(m)}
            </option>
          );
        })}
      </select>
      <p class="tl-mode-about" id={`${id}-about`}>
        {about}
      </p>
    </div>
  );
}
