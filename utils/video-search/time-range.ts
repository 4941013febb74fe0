import { t } from '../i18n/catalogue';
/**
 * The optional from/to of a search across videos, as a person types them: whole seconds (`90`), `m:ss`
 * (`1:30`, any number of minutes) or `h:mm:ss` (`1:01:30`), the three forms the transcript tools accept (spec:
 * POST /mcp). Each problem is one sentence saying what to type instead.
 */
export type TimeRange = { from: number | null; to: number | null };
export type RangeField = 'from' | 'to';
export type RangeCheck = { ok: true; range: TimeRange } | { ok: false; field: RangeField; message: string };

const SECONDS = /^\d+$/;
const MINUTES = /^(\d+):([0-5]\d)$/;
const HOURS = /^(\d+):([0-5]\d):([0-5]\d)$/;
// Longer than any video, and short enough that Number() stays exact.
const MAX_TEXT = 12;

/** Seconds from one field; null for an empty field; a sentence when it is not one of the three forms. */
export function parseTimeField(text: string, field: RangeField): { seconds: number | null } | { message: string } {
  const value = text.trim();
  if (value === '') return { seconds: null };
  const name = t('errors.range.field', { field });
  const forms = t('errors.range.forms');
  if (value.startsWith('-')) return { message: t('errors.range.negative', { name, forms }) };
  const bad = { message: t('errors.range.notTime', { name, value: value.slice(0, 20), forms }) };
  if (value.length > MAX_TEXT) return bad;
  if (SECONDS.test(value)) return { seconds: Number(value) };
  const m = MINUTES.exec(value);
  if (m) return { seconds: Number(m[1]) * 60 + Number(m[2]) };
  const h = HOURS.exec(value);
  if (h) return { seconds: Number(h[1]) * 3600 + Number(h[2]) * 60 + Number(h[3]) };
  return bad;
}

/** Both fields checked, then their order: an empty field leaves that end open. */
export function checkRange(fromText: string, toText: string): RangeCheck {
  const from = parseTimeField(fromText, 'from');
  if ('message' in from) return { ok: false, field: 'from', message: from.message };
  const to = parseTimeField(toText, 'to');
  if ('message' in to) return { ok: false, field: 'to', message: to.message };
  if (from.seconds !== null && to.seconds !== null && from.seconds >= to.seconds) {
    return { ok: false, field: 'to', message: t('errors.range.toBeforeFrom') };
  }
  return { ok: true, range: { from: from.seconds, to: to.seconds } };
}

/** Whether a moment lies in the range (open ends are unbounded). */
export function inRange(seconds: number, range: TimeRange): boolean {
  return (range.from === null || seconds >= range.from) && (range.to === null || seconds <= range.to);
}
