import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import { formatTime } from '../../utils/timecode';
import type { CueModel } from './cues';
import { inCueRange, readRange } from './range';

/**
 * The range typed in the range bar (or set by a shift-click from the last cue clicked): as read, the part it
 * names when valid, and how many cues start in it.
 */
export function useCueRange(cues: CueModel) {
  const [typed, setTyped] = useState({ from: '', to: '' });
  const range = readRange(typed.from, typed.to);
  const part = range !== null && !('message' in range) ? range : null;
  const inPart = useMemo(
    () => (part ? cues.starts.filter((s) => inCueRange(s, part)).length : 0),
    [cues, part?.from, part?.to],
  );
  // The cue a shift-click ranges from: the last one clicked.
  const anchor = useRef<number | null>(null);
  const onRange = useCallback(
    (index: number) => {
      const at = anchor.current ?? index;
      const time = (i: number) => formatTime(cues.starts[i] ?? 0);
      setTyped({ from: time(Math.min(at, index)), to: time(Math.max(at, index)) });
    },
    [cues],
  );
  return { typed, setTyped, range, part, inPart, anchor, onRange };
}
