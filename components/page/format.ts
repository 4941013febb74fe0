// Small display helpers shared by the popup and the options page.
import { BYTES_PER_MB } from '../../utils/bounds';

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ago(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${plural(hours, 'hour')} ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}

/** Mebibytes with at most one decimal, as the cache budget is counted (MB × 1024 × 1024). */
export function megabytes(bytes: number): string {
  const mb = Math.round((bytes / BYTES_PER_MB) * 10) / 10;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/** A wait in words: "a few seconds", "about 40 seconds", "about 3 minutes". */
export function duration(seconds: number): string {
  if (seconds < 5) return 'a few seconds';
  if (seconds < 90) return `about ${plural(Math.round(seconds), 'second')}`;
  return `about ${plural(Math.round(seconds / 60), 'minute')}`;
}
