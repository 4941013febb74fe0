/** Timecodes: display (`m:ss`, `h:mm:ss`), lenient parsing, and subtitle formats (SRT, WebVTT). */

const pad2 = (n: number): string => String(n).padStart(2, '0');
const pad3 = (n: number): string => String(n).padStart(3, '0');

/** `m:ss` under an hour, `h:mm:ss` from an hour; floors; anything not a finite non-negative number → `0:00`. */
export function formatTime(seconds: number): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad2(m)}:${pad2(s)}` : `${m}:${pad2(s)}`;
}

// Anything longer than this is not a timecode, and the regexes below stay cheap.
const MAX_TIME_TEXT = 32;
const NUMERIC = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
// [h:]mm:ss[.fff] — a comma is accepted as the decimal mark too (SRT style).
const COLON = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:[.,](\d+))?$/;
const UNITS = /^(?:(\d+(?:\.\d+)?)\s*h)?\s*(?:(\d+(?:\.\d+)?)\s*m)?\s*(?:(\d+(?:\.\d+)?)\s*s)?$/i;

function parseColon(match: RegExpExecArray): number | null {
  const [, h, m, s, frac] = match;
  const minutes = Number(m);
  const seconds = Number(s);
  if (minutes >= 60 || seconds >= 60) return null;
  const fraction = frac ? Number(`0.${frac}`) : 0;
  return (h ? Number(h) * 3600 : 0) + minutes * 60 + seconds + fraction;
}

function parseUnits(text: string): number | null {
  const match = UNITS.exec(text);
  if (!match) return null;
  const [, h, m, s] = match;
  if (h === undefined && m === undefined && s === undefined) return null;
  return Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
}

/**
 * Seconds from a finite non-negative number, a numeric string, `m:ss`, `h:mm:ss`, `mm:ss.sss`, or unit forms
 * (`1h2m3s`, `90s`, `2m`). Returns null for anything else: garbage, negatives, NaN, Infinity, and colon forms
 * whose minutes or seconds are 60 or more.
 */
export function parseTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length === 0 || text.length > MAX_TIME_TEXT) return null;
  let result: number | null;
  if (NUMERIC.test(text)) result = Number(text);
  else {
    const colon = COLON.exec(text);
    result = colon ? parseColon(colon) : parseUnits(text);
  }
  return result !== null && Number.isFinite(result) && result >= 0 ? result : null;
}

/**
 * `HH:MM:SS` then `mark` then `mmm`, from whole non-negative milliseconds: what the subtitle exports write for
 * their cues (already in ms), without going through seconds again.
 */
export function clockOfMs(ms: number, mark: ',' | '.'): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad2(h)}:${pad2(m)}:${pad2(s)}${mark}${pad3(ms % 1000)}`;
}
