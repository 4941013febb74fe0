/**
 * Shared helpers for reading bodies whose shape the spec leaves "not shown" (the analysis artifact, the ask
 * answer). Everything here is total: it never throws on hostile input, bounds its work, and never writes to
 * objects by dynamic keys (so `__proto__` and friends are just data).
 */
import { t } from '../../i18n/catalogue';
import { parseTime } from '../../timecode';

export const MAX_TEXT = 5_000;
/** A JSON-encoded string longer than this is kept as text, not decoded. */
export const MAX_JSON_TEXT = 2_000_000;
export const MAX_ITEMS = 500;
export const MAX_DEPTH = 6;
const MAX_LABEL = 80;

export type Kind = 'speech' | 'visual' | 'unknown';
export interface OtherEntry {
  label: string;
  text: string;
}
export type Dict = Record<string, unknown>;

/** Alias lists are written as space-separated words. */
export const words = (list: string): readonly string[] => list.split(' ');

export function isRecord(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Folds key spellings together: `key_points`, `keyPoints`, `Key-Points` → `keypoints`. */
export function normKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Own keys, bounded, read without invoking anything unusual; a hostile getter just yields nothing. */
export function entries(obj: Dict, limit = 1_000): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const key of Object.keys(obj)) {
    if (out.length >= limit) break;
    try {
      out.push([key, obj[key]]);
    } catch {
      // a throwing getter: skip the value, keep going
    }
  }
  return out;
}

/** The first own field whose normalised key is in `aliases` (checked in alias order). */
export function pick(obj: Dict, aliases: readonly string[]): { key: string; value: unknown } | undefined {
  const found = new Map<string, [string, unknown]>();
  for (const [key, value] of entries(obj)) {
    const norm = normKey(key);
    if (!found.has(norm)) found.set(norm, [key, value]);
  }
  for (const alias of aliases) {
    const hit = found.get(alias);
    if (hit && hit[1] !== undefined && hit[1] !== null) return { key: hit[0], value: hit[1] };
  }
  return undefined;
}

export function clip(text: string, max = MAX_TEXT): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max - 1).trimEnd()}…` : trimmed;
}

/** `key_points` → `Key points`, `startTime` → `Start time`; never empty. */
export function humanLabel(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  const label = spaced ? spaced[0]?.toUpperCase() + spaced.slice(1) : 'Field';
  return clip(label, MAX_LABEL);
}

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

/**
 * Readable, bounded, JSON-ish text for any value: `key: value; key: value`, lists as `a, b, c`.
 * Stops early once `max` characters are produced, so 100k-item arrays and deep nesting stay cheap.
 */
export function flatten(value: unknown, max = MAX_TEXT): string {
  const out: string[] = [];
  let length = 0;
  const push = (s: string): boolean => {
    out.push(s);
    length += s.length;
    return length < max;
  };
  const ancestors = new Set<object>();
  const walk = (v: unknown, depth: number): boolean => {
    if (v === null || v === undefined) return push('null');
    if (typeof v === 'string') return push(v);
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return push(String(v));
    if (typeof v !== 'object') return push(`[${typeof v}]`);
    if (ancestors.has(v)) return push('[circular]');
    if (depth >= MAX_DEPTH) return push('…');
    ancestors.add(v);
    const list: [string | null, unknown][] = Array.isArray(v)
      ? v.slice(0, MAX_ITEMS).map((item) => [null, item])
      : entries(v as Dict, MAX_ITEMS);
    const nested = depth > 0;
    let ok = !nested || push(Array.isArray(v) ? '[' : '{');
    for (let i = 0; ok && i < list.length; i++) {
      const [key, item] = list[i] ?? [null, null];
      if (i > 0) ok = push(Array.isArray(v) ? ', ' : '; ');
      if (ok && key !== null) ok = push(`${key}: `);
      if (ok) ok = walk(item, depth + 1);
    }
    if (ok && Array.isArray(v) && v.length > list.length) ok = push(`, … (${v.length - list.length} more)`);
    if (ok && nested) ok = push(Array.isArray(v) ? ']' : '}');
    ancestors.delete(v);
    return ok;
  };
  try {
    walk(value, 0);
  } catch {
    push('[unreadable]');
  }
  return clip(out.join(''), max);
}

export const TEXT_KEYS = words(
  'text title point description content quote caption summary label name heading value body message',
);
// Secondary detail appended after the main text, so a `{title, description}` pair keeps both.
const DETAIL_KEYS = words('description detail details explanation summary content body');

/**
 * The main text of an item: a string, a number, or the first text-like field of an object (nested a little),
 * followed by a differing detail field, so `{title, description}` keeps both.
 */
export function textOf(value: unknown, keys: readonly string[] = TEXT_KEYS, depth = 0): string {
  if (typeof value === 'string') return clip(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!isRecord(value) || depth > 2) return '';
  const main = pick(value, keys);
  if (!main) return '';
  const text = textOf(main.value, keys, depth + 1);
  if (!text || depth > 0) return text;
  const mainKey = normKey(main.key);
  const detail = pick(
    value,
    DETAIL_KEYS.filter((k) => k !== mainKey),
  );
  const extra = detail ? textOf(detail.value, keys, depth + 1) : '';
  return extra && extra !== text ? clip(`${text} — ${extra}`) : text;
}

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

/** Response metadata that is not content and is not worth showing as "other". */
export const META_KEYS = new Set(
  words('jobid analysisid id status question aiunitsremaining cloudrequestsremaining creditsremaining'),
);

/** True for values with nothing to show. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return isRecord(value) && Object.keys(value).length === 0;
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
    ctx.other.push({ label: `${ctx.label} (unrecognised item)`, text: flatten(value) });
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
    if (keyTime !== null) items.push({ text: textOf(value, ctx.keys) || flatten(value), time: keyTime, kind });
    else if (valueTime !== null && key.trim()) items.push({ text: clip(key), time: valueTime, kind });
    else ctx.other.push({ label: `${ctx.label}: ${humanLabel(key)}`, text: flatten(value) });
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
