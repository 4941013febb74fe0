import { browser } from 'wxt/browser';
import { readLocaleChoice, type UiLocale } from './locales';

/**
 * The interface language the person chose on the options page, or none (follow the browser). In storage.sync,
 * read by hand: the content script reads it too, and storage.local is closed to it (it holds the token).
 */
export const LANGUAGE_KEY = 'interfaceLanguage';
/** Test and development builds also offer the pseudo-locale. */
export const PSEUDO_BUILT = import.meta.env.MODE !== 'production';

export async function readLanguageChoice(): Promise<UiLocale | null> {
  const stored = await browser.storage.sync.get(LANGUAGE_KEY).catch(() => ({}) as Record<string, unknown>);
  return readLocaleChoice((stored as Record<string, unknown>)[LANGUAGE_KEY], PSEUDO_BUILT);
}

export async function writeLanguageChoice(choice: UiLocale | null): Promise<void> {
  await (choice === null
    ? browser.storage.sync.remove(LANGUAGE_KEY)
    : browser.storage.sync.set({ [LANGUAGE_KEY]: choice }));
}

/** Calls back when any page changes the choice: each view then loads the new catalogue. */
export function onLanguageChange(cb: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'sync' && LANGUAGE_KEY in changes) cb();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
