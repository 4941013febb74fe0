import { useId } from 'preact/hooks';
import type { AnalysisMode } from '../../utils/api/schemas';
import { MODE_LABEL, MODES } from '../../utils/labels';

const ABOUT: Record<AnalysisMode, string> = {
  quick: 'Fastest: key points from the speech and a few frames.',
  smart: 'Balanced default: the speech plus what is shown on screen.',
  deep: 'Frame by frame, the most thorough: 30 AI Units per minute; needs the Pro or Team plan.',
  auto: 'The service chooses from the video’s length and visual pace (on Pro and Team it may choose Deep).',
};
const CHOICES = MODES.map((value) => ({ value, label: MODE_LABEL[value], about: ABOUT[value] }));

export function isMode(value: string): value is AnalysisMode {
  return CHOICES.some((m) => m.value === value);
}

type Props = {
  value: AnalysisMode;
  deepAllowed: boolean;
  disabled?: boolean;
  onChange: (mode: AnalysisMode) => void;
};

/** The native select keeps keyboard and screen-reader behaviour for free. */
export function ModePicker({ value, deepAllowed, disabled, onChange }: Props) {
  const about = CHOICES.find((m) => m.value === value)?.about ?? '';
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
        {CHOICES.map((m) => {
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
