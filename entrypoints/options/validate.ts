import { DEFAULT_SERVICE_URL } from '../../utils/settings';

export type AddressCheck = { ok: true; url: string; origin: string } | { ok: false; error: string };

const EXAMPLE = new URL(DEFAULT_SERVICE_URL).origin;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export const DEFAULT_ORIGIN = EXAMPLE;

/**
 * A service address the extension may use: https, or plain http only on this machine (the local service).
 * Returned without a trailing slash, so `${url}/mcp` is right.
 */
export function checkServiceUrl(text: string): AddressCheck {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, error: `Enter a full address starting with https://, for example ${EXAMPLE}.` };
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return { ok: false, error: 'Use an https:// address. Plain http:// is allowed only for localhost or 127.0.0.1.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, error: `Enter a full address starting with https://, for example ${EXAMPLE}.` };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, error: `Enter only the service address, without a name, password, ? or #, like ${EXAMPLE}.` };
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, origin: url.origin };
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

export function mcpAddress(serviceUrl: string): string {
  return `${serviceUrl.replace(/\/+$/, '')}/mcp`;
}
