import { currentLocale } from './catalogue';

/**
 * Numbers, dates and relative times in the interface language. Timestamps inside a video stay `m:ss`
 * (utils/timecode.ts): they are positions, read the same in every language.
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat;
const cache = new Map<string, Formatter>();
function cached<T extends Formatter>(key: string, make: (locale: string) => T): T {
  const locale = currentLocale();
  const id = `${key}|${locale}`;
  const known = cache.get(id) as T | undefined;
  if (known) return known;
  const made = make(locale);
  cache.set(id, made);
  return made;
}

export const formatCount = (n: number): string =>
  cached('n', (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2 })).format(n);

export const formatDate = (at: number | Date): string =>
  cached('d', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' })).format(at);

export const formatDateTime = (at: number | Date): string =>
  cached('dt', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' })).format(at);

/** "a, b or c" in the interface language. */
export const formatOr = (items: readonly string[]): string =>
  cached('or', (l) => new Intl.ListFormat(l, { type: 'disjunction' })).format(items);

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 days ago", "in 2 hours", "now": the largest whole unit of the distance from `now`. */
export function formatRelative(at: number, now: number = Date.now()): string {
  const rtf = cached('r', (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
  const delta = at - now;
  for (const [unit, ms] of STEPS) {
    if (Math.abs(delta) >= ms) return rtf.format(Math.trunc(delta / ms), unit);
  }
  return rtf.format(0, 'second');
}
