/**
 * The timestamped items of a list whose shape the spec leaves "not shown" (chapters, key points, evidence,
 * citations): each one's time, kind and text, read as leniently and as totally as the rest (lenient.ts).
 */
import { t } from '../../i18n/catalogue';
import { parseTime } from '../../timecode';
import {
  clip,
  type Dict,
  entries,
  flatten,
  isEmpty,
  isRecord,
  MAX_DEPTH,
  MAX_ITEMS,
  normKey,
  type OtherEntry,
  otherEntry,
  pick,
  shownText,
  TEXT_KEYS,
  textOf,
  words,
} from './lenient';

export type Kind = 'speech' | 'visual' | 'unknown';

/** A time in seconds, or null when missing, unparsable, negative, non-finite or past the video's end. */
export function toTime(value: unknown, durationSeconds?: number): number | null {
  const t = parseTime(value);
  if (t === null) return null;
  if (typeof durationSeconds === 'number' && Number.isFinite(durationSeconds) && t > durationSeconds) return null;
  return t;
}

export const TIME_KEYS = words('start time timestamp t seconds starttime startseconds offset timecode ts at begin');
/** The same times in milliseconds (`startMs`, `timestamp_ms`, `tStartMs`, `offsetMillis`): read as milliseconds. */
export const TIME_MS_KEYS = words(
  'startms timems timestampms tms startmillis timemillis timestampmillis offsetms offsetmillis tstartms atms beginms ms millis milliseconds',
);

/** A millisecond value as seconds: a number or numeric string of zero or more; anything else is no time. */
function fromMs(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n / 1000 : null;
}

/**
 * An item's time in seconds: under a seconds name, else under a millisecond name read as milliseconds (so a
 * `startMs` of 600000 is 10:00, not 600,000 seconds dropped as past the video's end).
 */
export function timeOf(obj: Dict, durationSeconds?: number): number | null {
  const seconds = pick(obj, TIME_KEYS);
  if (seconds) return toTime(seconds.value, durationSeconds);
  const ms = pick(obj, TIME_MS_KEYS);
  return ms ? toTime(fromMs(ms.value), durationSeconds) : null;
}

export function kindOf(value: unknown): Kind {
  if (typeof value !== 'string') return 'unknown';
  const word = normKey(value);
  if (/^(speech|spoken|audio|transcript|voice|said|asr|caption)s?$/.test(word)) return 'speech';
  if (/^(visual|frame|screen|image|ocr|video|onscreen|slide)s?$/.test(word)) return 'visual';
  return 'unknown';
}

export const KIND_KEYS = words('kind type source modality');

// "1:23 Intro", "[01:02:03] - Demo", "(0:05) quote" → time + text.
const LEADING_TIME = /^\s*[[(]?((?:\d{1,2}:)?\d{1,2}:\d{2}(?:\.\d+)?)[\])]?\s*(?:[-–—:|]\s*)?([\s\S]*)$/;
const BULLET = /^\s*(?:[-*•·]|\d{1,3}[.)])\s+/;

/** Splits an optional leading timecode off a line of text; strips list bullets. */
export function splitLeadingTime(line: string, durationSeconds?: number): { text: string; time: number | null } {
  const unbulleted = line.replace(BULLET, '');
  const match = LEADING_TIME.exec(unbulleted);
  if (match?.[1] && match[2] !== undefined) {
    const time = toTime(match[1], durationSeconds);
    const rest = match[2].trim();
    if (rest) return { text: clip(rest), time };
  }
  return { text: clip(unbulleted), time: null };
}

/** Caps a list and reports the truncation where it will be seen. */
export function capped<T>(list: readonly T[], label: string, other: OtherEntry[]): readonly T[] {
  if (list.length <= MAX_ITEMS) return list;
  other.push({ label, text: t('errors.read.showingFirst', { max: MAX_ITEMS, n: list.length }) });
  return list.slice(0, MAX_ITEMS);
}

/** One timestamped thing in a list: a chapter, a key point, a piece of evidence, a citation. */
export interface Item {
  text: string;
  time: number | null;
  kind: Kind;
}

export interface ListContext {
  label: string;
  other: OtherEntry[];
  durationSeconds?: number;
  /** Preferred text fields, first match wins. */
  keys?: readonly string[];
  defaultKind?: Kind;
  depth?: number;
}

function readTuple(pair: unknown[], ctx: ListContext): Item | null {
  if (pair.length !== 2) return null;
  const [a, b] = pair;
  for (const [t, x] of [
    [a, b],
    [b, a],
  ]) {
    const time =
      typeof t === 'number' || (typeof t === 'string' && t.includes(':')) ? toTime(t, ctx.durationSeconds) : null;
    if (time !== null && typeof x === 'string' && x.trim())
      return { text: clip(x), time, kind: ctx.defaultKind ?? 'unknown' };
  }
  return null;
}

function readItem(value: unknown, ctx: ListContext): Item | null {
  const kind = ctx.defaultKind ?? 'unknown';
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const { text, time } = splitLeadingTime(value, ctx.durationSeconds);
    return text ? { text, time, kind } : null;
  }
  if (Array.isArray(value)) return readTuple(value, ctx) ?? { text: flatten(value), time: null, kind };
  if (!isRecord(value)) return { text: flatten(value), time: null, kind };
  const text = textOf(value, ctx.keys);
  if (!text) {
    ctx.other.push({ label: t('errors.read.unrecognisedItem', { section: ctx.label }), text: flatten(value) });
    return null;
  }
  const declared = kindOf(pick(value, KIND_KEYS)?.value);
  return { text, time: timeOf(value, ctx.durationSeconds), kind: declared === 'unknown' ? kind : declared };
}

/** Reads a map such as `{ "0:00": "Intro" }`, `{ "Intro": "0:00" }` or `{ speech: [...], visual: [...] }`. */
function readMap(obj: Dict, ctx: ListContext): Item[] {
  const items: Item[] = [];
  for (const [key, value] of entries(obj)) {
    if (isEmpty(value)) continue;
    const keyKind = kindOf(key);
    if (keyKind !== 'unknown') {
      items.push(...readItems(value, { ...ctx, defaultKind: keyKind, depth: (ctx.depth ?? 0) + 1 }));
      continue;
    }
    const keyTime = /\d:\d\d/.test(key) ? toTime(key, ctx.durationSeconds) : null;
    const valueTime =
      typeof value === 'number' || typeof value === 'string' ? toTime(value, ctx.durationSeconds) : null;
    const kind = ctx.defaultKind ?? 'unknown';
    if (keyTime !== null) items.push({ text: shownText(value, ctx.keys), time: keyTime, kind });
    else if (valueTime !== null && key.trim()) items.push({ text: clip(key), time: valueTime, kind });
    else ctx.other.push(otherEntry(key, value, ctx.label));
  }
  return items;
}

/** Any list-ish value → items. Arrays are capped (and the cap reported); unreadable parts go to `other`. */
export function readItems(value: unknown, ctx: ListContext): Item[] {
  if (Array.isArray(value)) {
    const items: Item[] = [];
    for (const element of capped(value, ctx.label, ctx.other)) {
      const item = readItem(element, ctx);
      if (item) items.push(item);
    }
    return items;
  }
  if (typeof value === 'string') return readItems(value.split(/\r?\n/), ctx);
  if (isRecord(value) && (ctx.depth ?? 0) < MAX_DEPTH) {
    return pick(value, ctx.keys ?? TEXT_KEYS) ? readItems([value], ctx) : readMap(value, ctx);
  }
  if (!isEmpty(value)) ctx.other.push({ label: ctx.label, text: flatten(value) });
  return [];
}
