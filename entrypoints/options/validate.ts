import { type AddressCheck, checkServiceUrl as check } from '../../utils/service-url';
import { BOUNDS, DEFAULT_SERVICE_URL } from '../../utils/settings';

export type { AddressCheck };

const EXAMPLE = new URL(DEFAULT_SERVICE_URL).origin;

export const DEFAULT_ORIGIN = EXAMPLE;

/** A service address the extension may use (utils/service-url.ts), returned without a trailing slash. */
export function checkServiceUrl(text: string): AddressCheck {
  return check(text, EXAMPLE);
}

/** A whole number within bounds, or null. Empty text is not zero. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

const n = (value: number) => value.toLocaleString('en-US');
const { spendingGuard: guard, cacheBudgetMb: cache, autoLoadFloor: floor } = BOUNDS;
export const GUARD_ERROR = `Enter a whole number of AI Units from ${n(guard.min)} to ${n(guard.max)}.`;
export const CACHE_ERROR = `Enter a cache size from ${cache.min} to ${cache.max} MB.`;
export const FLOOR_ERROR = `Enter a whole number of Cloud Requests from ${n(floor.min)} to ${n(floor.max)}.`;

/** A whole number within one setting's bounds, or null. */
export function bounded(text: string, bounds: { min: number; max: number }): number | null {
  return wholeNumber(text, bounds.min, bounds.max);
}

export function mcpAddress(serviceUrl: string): string {
  return `${serviceUrl.replace(/\/+$/, '')}/mcp`;
}
