/**
 * Caption cues in any of the shapes seen: the spec's `{ text, start, duration }` in seconds, public clients'
 * `{ text, start: "18.8", dur: "7.239" }`, `{ text, offset, duration }`, `{ text, start, end }`, millisecond
 * fields (`tStartMs`, `startMs`, `durationMs`). A cue whose start cannot be read keeps its text and follows the
 * previous cue: a paid transcript never loses a line.
 */
import { words } from './lenient';
import { type Dict, field, isRecord, nonNeg, str } from './values';

export type Segment = { text: string; start: number; duration: number };

const TEXT = words('text utf8 caption content line');
/** A time's keys: in seconds, else in milliseconds. */
type TimeKeys = { seconds: readonly string[]; ms: readonly string[] };
const START: TimeKeys = {
  seconds: words('start offset starttime startseconds begin t time'),
  ms: words('tstartms startms offsetms'),
};
const DURATION: TimeKeys = { seconds: words('duration dur length'), ms: words('ddurationms durationms') };
const END = words('end endtime endseconds');

/** The time under its seconds' keys, else under its milliseconds' keys, in seconds. */
const secondsOf = (obj: Dict, keys: TimeKeys) => {
  const seconds = nonNeg(field(obj, keys.seconds));
  if (seconds !== undefined) return seconds;
  const ms = nonNeg(field(obj, keys.ms));
  return ms === undefined ? undefined : ms / 1000;
};

const SPEC_KEYS = ['text', 'start', 'duration'];
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The spec's own cue, `{ text, start, duration }` and nothing else, read as the aliases below would read it
 * without folding every key of every cue (a 50-video answer has some 10,000 cues: the folding took most of the
 * worker's time reading it). Anything else is read the long way.
 */
function specCue(raw: Dict): Segment | null {
  if (Object.keys(raw).length !== 3 || !SPEC_KEYS.every((key) => Object.hasOwn(raw, key))) return null;
  try {
    const { text, start, duration } = raw;
    if (typeof text !== 'string' || !isTime(start) || !isTime(duration)) return null;
    return { text: text.trim() ? text : '', start, duration };
  } catch {
    return null; // a throwing getter: the long way skips it
  }
}

function readCue(raw: unknown, previousEnd: number): Segment | null {
  if (typeof raw === 'string') return raw.trim() ? { text: raw, start: previousEnd, duration: 0 } : null;
  if (!isRecord(raw)) return null;
  const spec = specCue(raw);
  if (spec) return spec;
  const text = str(field(raw, TEXT)) ?? '';
  const start = secondsOf(raw, START);
  const end = nonNeg(field(raw, END));
  const duration =
    secondsOf(raw, DURATION) ?? (end !== undefined && start !== undefined && end >= start ? end - start : 0);
  if (!text.trim() && start === undefined) return null;
  return { text, start: start ?? previousEnd, duration };
}

/** The cues of a list, or undefined when the value is not a list. */
export function readSegments(value: unknown): Segment[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: Segment[] = [];
  let previousEnd = 0;
  for (const raw of value) {
    const cue = readCue(raw, previousEnd);
    if (!cue) continue;
    out.push(cue);
    previousEnd = cue.start + cue.duration;
  }
  return out;
}

/** The full text of a transcript: its own `text`, else its cues joined. */
export function joinText(segments: readonly Segment[]): string {
  return segments
    .map((s) => s.text.trim())
    .filter(Boolean)
    .join(' ');
}
