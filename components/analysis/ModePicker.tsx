import { useId } from 'preact/hooks';
import type { AnalysisMode } from '../../utils/api/schemas';

const MODES: { value: AnalysisMode; label: string; about: string }[] = [
  { value: 'quick', label: 'Quick', about: 'Fastest: key points from the speech and a few frames.' },
  { value: 'smart', label: 'Smart', about: 'Balanced default: the speech plus what is shown on screen.' },
  {
    value: 'deep',
    label: 'Deep',
    about: 'Frame by frame, the most thorough: 30 AI Units per minute; needs the Pro or Team plan.',
  },
  { value: 'auto', label: 'Auto', about: 'The service chooses from the video’s length and visual pace.' },
];

export function isMode(value: string): value is AnalysisMode {
  return MODES.some((m) => m.value === value);
}

type Props = {
  value: AnalysisMode;
  deepAllowed: boolean;
  disabled?: boolean;
  onChange: (mode: AnalysisMode) => void;
};

/** The native select keeps keyboard and screen-reader behaviour for free. */
export function ModePicker({ value, deepAllowed, disabled, onChange }: Props) {
  const about = MODES.find((m) => m.value === value)?.about ?? '';
  const id = useId();
  return (
    <div class="tl-mode">
      <label class="tl-mode-label" for={id}>
        Analysis mode
      </label>
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
          const blocked = m.value === 'deep' && !deepAllowed;
          return (
            <option key={m.value} value={m.value} disabled={blocked}>
              {blocked ? 'Deep (needs Pro or Team)' : m.label}
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
