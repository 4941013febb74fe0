/**
 * Total readers for single values of a service body: each takes anything and returns a value or undefined,
 * never throws. "Missing" and null are the same thing here; numeric strings count as numbers.
 */
import { type Dict, isRecord, pick } from './lenient';

export type { Dict };
export { isRecord };

/** A finite number, from a number or a numeric string (`"18.8"`, `" 42 "`); anything else → undefined. */
export function num(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** A number that is zero or more; a negative count or time is unreadable, not zero. */
export function nonNeg(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && n >= 0 ? n : undefined;
}

/** A string (numbers become their text); empty after trimming → undefined. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  return value.trim() === '' ? undefined : value;
}

/** true/false from booleans, 1/0 and the usual words. */
export function bool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (['true', 'yes', '1'].includes(word)) return true;
  if (['false', 'no', '0'].includes(word)) return false;
  return undefined;
}

/** The value of the first field named like one of `aliases` (spelling-folded: `job_id` = `jobId`). */
export function field(obj: Dict, aliases: readonly string[]): unknown {
  return pick(obj, aliases)?.value;
}

/** An array, or undefined. */
export function list(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}
