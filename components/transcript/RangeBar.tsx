import { t } from '../../utils/i18n/catalogue';
import { formatTime } from '../../utils/timecode';
import type { CueRange } from './range';

interface Props {
  from: string;
  to: string;
  /** The typed range read; a sentence when it cannot be. */
  range: CueRange | null | { message: string };
  /** How many cues the range holds. */
  count: number;
  onChange: (from: string, to: string) => void;
}

/** "Range" label for a status line and a file name: `0:05–0:27`, an open end as start or end. */
export const rangeLabel = (range: CueRange): string =>
  `${range.from === null ? 'start' : formatTime(range.from)}–${range.to === null ? 'end' : formatTime(range.to)}`;

/** The range as the status line says it, the open ends in the interface language. */
const rangeText = (range: CueRange): string =>
  t('panel.range.span', {
    from: range.from === null ? t('panel.range.start') : formatTime(range.from),
    to: range.to === null ? t('panel.range.end') : formatTime(range.to),
  });

/**
 * From and To of a part of the transcript (typed, or filled by shift-clicking a cue); Copy and Download then give
 * only that part. Free: the saved transcript is cut here, nothing is sent.
 */
export function RangeBar({ from, to, range, count, onChange }: Props) {
  const field = (name: 'From' | 'To', value: string) => (
    <label class="tl-range-field">
      {name === 'From' ? t('panel.range.from') : t('panel.range.to')}
      <input
        type="text"
        class="tl-input tl-range-input"
        inputMode="numeric"
        placeholder={name === 'From' ? t('panel.range.start') : t('panel.range.end')}
        value={value}
        onInput={(event) => {
          const text = (event.currentTarget as HTMLInputElement).value;
          onChange(name === 'From' ? text : from, name === 'To' ? text : to);
        }}
      />
    </label>
  );
  const chosen = range !== null && !('message' in range) ? range : null;
  // One row: the legend (floated into the row), From, To and Clear; what the range holds on the line below.
  return (
    <fieldset class="tl-range">
      <legend class="tl-range-legend">{t('panel.range.legend')}</legend>
      <div class="tl-toolbar">
        {field('From', from)}
        {field('To', to)}
        {chosen && (
          <button type="button" class="tl-button tl-end" onClick={() => onChange('', '')}>
            {t('panel.range.clear')}
          </button>
        )}
      </div>
      {range === null ? (
        <p class="tl-note">{t('panel.range.hint')}</p>
      ) : 'message' in range ? (
        <p role="alert" class="tl-error">
          {range.message}
        </p>
      ) : (
        <output class="tl-note">{t('panel.range.count', { range: rangeText(range), n: count })}</output>
      )}
    </fieldset>
  );
}
