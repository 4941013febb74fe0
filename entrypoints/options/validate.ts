import { t } from '../../utils/i18n/catalogue';
import { BOUNDS, DEFAULT_SERVICE_URL } from '../../utils/settings';
import { type AddressCheck, checkServiceUrl as check } from '../../utils/settings/service-url';

export type { AddressCheck };

const EXAMPLE = new URL(DEFAULT_SERVICE_URL).origin;

export const DEFAULT_ORIGIN = EXAMPLE;

/** A service address the extension may use (utils/settings/service-url.ts), returned without a trailing slash. */
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

const { spendingGuard: guard, cacheBudgetMb: cache, autoLoadFloor: floor } = BOUNDS;
// Functions, not constants: the sentence is written in the language loaded when it is shown.
export const guardError = (): string => t('options.error.guard', guard);
// Megabytes are written as the field takes them (no grouping: "1000").
export const cacheError = (): string => t('options.error.cache', { min: String(cache.min), max: String(cache.max) });
export const floorError = (): string => t('options.error.floor', floor);

/** A whole number within one setting's bounds, or null. */
export function bounded(text: string, bounds: { min: number; max: number }): number | null {
  return wholeNumber(text, bounds.min, bounds.max);
}

export function mcpAddress(serviceUrl: string): string {
  return `${serviceUrl.replace(/\/+$/, '')}/mcp`;
}
