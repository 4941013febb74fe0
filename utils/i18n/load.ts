import { browser } from 'wxt/browser';
import { addMessages, currentLocale, setCatalogue } from './catalogue';
import { type Bundle, bundlePath, directionOf, matchLocale, SOURCE_LOCALE, type UiLocale } from './locales';
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

/**
 * A bundle's address. In a YouTube page, the web-accessible one `getURL` gives; in the extension's own pages (the
 * panel's frame among them) the file at their own origin: Chromium's `getURL` gives the per-session address
 * there too, which answers an extension page with a redirect, a request more on every watch page's frame.
 */
function bundleUrl(path: string): string {
  if (globalThis.location?.protocol.endsWith('-extension:')) return `${location.origin}${path}`;
  return browser.runtime.getURL(path as '/');
}

async function readBundle(locale: UiLocale, bundle: Bundle): Promise<Record<string, string>> {
  const response = await fetch(bundleUrl(bundlePath(locale, bundle)));
  if (!response.ok) throw new Error(`${response.status}`);
  return readEntries(await response.json());
}

/** The latest load: an older one that finishes after it (a choice changed mid-read) defers to it. */
const loads = { seq: 0, latest: Promise.resolve<UiLocale>(SOURCE_LOCALE) };

/**
 * Loads the interface language's messages from the extension's own files before the first render. A file
 * that cannot be read leaves the interface in English rather than blank. When loads overlap, the last one
 * started sets the words, whichever file arrives first (a worker's start-up read of English must not
 * overwrite the Spanish a person just chose).
 */
export function loadCatalogue(bundle: Bundle): Promise<UiLocale> {
  const mine = ++loads.seq;
  const load = read(bundle).then((words) => {
    if (mine !== loads.seq) return loads.latest;
    if (words) setCatalogue(words.locale, words.entries);
    return words?.locale ?? currentLocale();
  });
  loads.latest = load;
  return load;
}

/** The interface language's words, else English's (the source), else none: the messages already set stay. */
async function read(bundle: Bundle): Promise<{ locale: UiLocale; entries: Record<string, string> } | null> {
  const locale = await resolveLocale();
  const own = await readBundle(locale, bundle).catch(() => null);
  if (own) return { locale, entries: own };
  const english = await readBundle(SOURCE_LOCALE, bundle).catch(() => null);
  return english ? { locale: SOURCE_LOCALE, entries: english } : null;
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
