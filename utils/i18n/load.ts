import { browser } from 'wxt/browser';
import { addMessages, currentLocale, setCatalogue } from './catalogue';
import { type Bundle, bundlePath, directionOf, matchLocale, type UiLocale } from './locales';
import { readLanguageChoice } from './preference';

/** The browser's own language; none where the API is missing or throws (a bare worker, a test's fake browser). */
function uiLanguage(): string {
  try {
    return browser.i18n?.getUILanguage?.() ?? '';
  } catch {
    return '';
  }
}

/** The interface language: the person's choice, else the browser's languages, else English. */
export async function resolveLocale(): Promise<UiLocale> {
  const chosen = await readLanguageChoice();
  if (chosen) return chosen;
  const preferred = [uiLanguage(), ...(globalThis.navigator?.languages ?? [])];
  return matchLocale(preferred.filter(Boolean));
}

/** A catalogue file read leniently: string values only; anything else is left out (its key then shows). */
function readEntries(json: unknown): Record<string, string> {
  const entries: Record<string, string> = {};
  if (typeof json !== 'object' || json === null) return entries;
  for (const [key, value] of Object.entries(json)) if (typeof value === 'string') entries[key] = value;
  return entries;
}

async function readBundle(locale: UiLocale, bundle: Bundle): Promise<Record<string, string>> {
  const response = await fetch(browser.runtime.getURL(bundlePath(locale, bundle) as '/'));
  if (!response.ok) throw new Error(`${response.status}`);
  return readEntries(await response.json());
}

/**
 * Loads the interface language's messages from the extension's own files before the first render. A file
 * that cannot be read leaves the interface in English rather than blank.
 */
export async function loadCatalogue(bundle: Bundle): Promise<UiLocale> {
  const locale = await resolveLocale();
  try {
    setCatalogue(locale, await readBundle(locale, bundle));
    return locale;
  } catch {
    // English, the source, else the messages already set: a view is never left without words.
    const english = await readBundle('en', bundle).catch(() => null);
    if (english) setCatalogue('en', english);
    return english ? 'en' : currentLocale();
  }
}

/** Adds another bundle of the language already loaded (the channel module's words, on a channel page). */
export async function loadMoreMessages(bundle: Bundle): Promise<void> {
  addMessages(await readBundle(currentLocale(), bundle).catch(() => ({})));
}

/** Sets `lang` and `dir` on a view's root (a page's <html>, the panel's host). */
export function applyLocale(root: HTMLElement, locale: UiLocale): void {
  root.lang = locale;
  root.dir = directionOf(locale);
}
