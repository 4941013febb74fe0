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

/**
 * From and To of a part of the transcript (typed, or filled by shift-clicking a cue); Copy and Download then give
 * only that part. Free: the saved transcript is cut here, nothing is sent.
 */
export function RangeBar({ from, to, range, count, onChange }: Props) {
  const field = (name: 'From' | 'To', value: string) => (
    <label class="tl-check">
      {name}{' '}
      <input
        type="text"
        class="tl-range-input"
        inputMode="numeric"
        placeholder={name === 'From' ? 'start' : 'end'}
        value={value}
        onInput={(event) => {
          const text = (event.currentTarget as HTMLInputElement).value;
          onChange(name === 'From' ? text : from, name === 'To' ? text : to);
        }}
      />
    </label>
  );
  return (
    <fieldset class="tl-actions tl-range">
      <legend class="tl-check">Range</legend>
      {field('From', from)}
      {field('To', to)}
      {range === null ? (
        <span class="tl-note">Shift-click a cue to select from the last cue clicked.</span>
      ) : 'message' in range ? (
        <p role="alert" class="tl-error">
          {range.message}
        </p>
      ) : (
        <>
          <output class="tl-note">
            {rangeLabel(range)}: {count} {count === 1 ? 'cue' : 'cues'}
          </output>
          <button type="button" class="tl-button" onClick={() => onChange('', '')}>
            Clear range
          </button>
        </>
      )}
    </fieldset>
  );
}
