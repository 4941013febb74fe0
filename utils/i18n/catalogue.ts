import { ownEntry } from '../own-entry';
import type { MessageKey } from './keys';
import { SOURCE_LOCALE, type UiLocale } from './locales';
import { formatParts, type Part, parseMessage, type Values } from './message';

/**
 * The messages of the interface language, set once per page or worker before the first render (load.ts), and
 * `t`, which writes one. Parsed on first use and kept: a message is parsed once per page.
 */
let locale: UiLocale = SOURCE_LOCALE;
let messages: Readonly<Record<string, string>> = {};
const parsed = new Map<string, readonly Part[]>();

export function setCatalogue(next: UiLocale, entries: Readonly<Record<string, string>>): void {
  locale = next;
  messages = entries;
  parsed.clear();
}

/** Adds a bundle's messages to those set (the channel module's, on a channel page). */
export function addMessages(entries: Readonly<Record<string, string>>): void {
  messages = { ...messages, ...entries };
}

/** The catalogue as it is set: the channel module (its own bundle, its own copy of this file) is handed it. */
export type Catalogue = { locale: UiLocale; messages: Readonly<Record<string, string>> };
export const catalogueSnapshot = (): Catalogue => ({ locale, messages });

/** The interface language, for Intl formatters and `lang` attributes. */
export const currentLocale = (): UiLocale => locale;

/**
 * One message, with its values. A key the catalogue lacks shows the key itself (a missing translation is
 * visible, never a crash); a malformed message shows its source.
 */
export function t(key: MessageKey, values: Values = {}): string {
  let parts = parsed.get(key);
  if (!parts) {
    const source = ownEntry(messages, key);
    if (source === undefined) return key;
    try {
      parts = parseMessage(source);
    } catch {
      parts = [source];
    }
    parsed.set(key, parts);
  }
  return formatParts(parts, values, locale);
}
