/**
 * Shared helpers for reading bodies whose shape the spec leaves "not shown" (the analysis artifact, the ask
 * answer). Everything here is total: it never throws on hostile input, bounds its work, and never writes to
 * objects by dynamic keys (so `__proto__` and friends are just data).
 */
export const MAX_TEXT = 5_000;
/** A JSON-encoded string longer than this is kept as text, not decoded. */
export const MAX_JSON_TEXT = 2_000_000;
export const MAX_ITEMS = 500;
export const MAX_DEPTH = 6;
const MAX_LABEL = 80;

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

/** What a value shows as text: its main text (textOf), else all of it flattened, so nothing read is lost. */
export function shownText(value: unknown, keys: readonly string[] = TEXT_KEYS): string {
  return textOf(value, keys) || flatten(value);
}

/** An entry no reader recognised, kept for "other" under its key made readable (after `under`, when given). */
export function otherEntry(key: string, value: unknown, under?: string): OtherEntry {
  return { label: under ? `${under}: ${humanLabel(key)}` : humanLabel(key), text: flatten(value) };
}
