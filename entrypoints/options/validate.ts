import { type AddressCheck, checkServiceUrl as check } from '../../utils/service-url';
import { DEFAULT_SERVICE_URL } from '../../utils/settings';

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

export const GUARD_ERROR = 'Enter a whole number of AI Units from 0 to 1,000,000.';
export const CACHE_ERROR = 'Enter a cache size from 5 to 1000 MB.';
export const FLOOR_ERROR = 'Enter a whole number of Cloud Requests from 0 to 100,000.';

export function mcpAddress(serviceUrl: string): string {
  return `${serviceUrl.replace(/\/+$/, '')}/mcp`;
}
