import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createMenus } from '../../../entrypoints/background/menu/menu';
import { followLanguage } from '../../../entrypoints/background/surfaces/language';
import { readBundle } from '../../../scripts/locales';
import { errorSentence } from '../../../utils/api/error-text';
import { currentLocale, setCatalogue, t } from '../../../utils/i18n/catalogue';
import { loadCatalogue } from '../../../utils/i18n/load';
import { type Bundle, matchLocale } from '../../../utils/i18n/locales';

/** The extension's own files, as the build ships them: /locales/<tag>/<bundle>.json. */
function serveCatalogue() {
  vi.stubGlobal('fetch', async (url: string) => {
    const match = /\/locales\/([^/]+)\/(\w+)\.json$/.exec(String(url));
    if (!match) return new Response('', { status: 404 });
    const [, tag, bundle] = match;
    return new Response(JSON.stringify(readBundle(matchLocale([tag ?? '']), bundle as Bundle)));
  });
}

let titles: string[];
beforeEach(() => {
  fakeBrowser.reset();
  serveCatalogue();
  titles = [];
  fakeBrowser.contextMenus.removeAll = async () => {
    titles = [];
  };
  fakeBrowser.contextMenus.create = (item: Browser.contextMenus.CreateProperties) => {
    titles.push(String(item.title));
    return item.id ?? '';
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  setCatalogue('en', readBundle('en', 'all'));
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the background speaks the interface language', () => {
  it('words its sentences and menu in the chosen language, and follows a change', async () => {
    await fakeBrowser.storage.sync.set({ interfaceLanguage: 'es' });
    const changed = vi.fn(() => void createMenus());
    await followLanguage(changed);
    await createMenus();
    expect(titles).toEqual(['Analizar este vídeo', 'Listar los vídeos subidos de este canal', 'Analizar este vídeo']);
    expect(errorSentence('unauthorized')).toMatch(/token/i);
    expect(errorSentence('unauthorized')).not.toBe(readBundle('en', 'all')['background.request.unauthorized']);

    await fakeBrowser.storage.sync.set({ interfaceLanguage: 'de' });
    await settle();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(titles[0]).toBe(readBundle('de', 'all')['background.menu.analyze']);
  });

  it.each([
    ['fr-CA', 'fr'],
    ['zh-CN', 'en'],
  ])('follows the browser (%s) when nothing is chosen: %s', async (browserLanguage, locale) => {
    fakeBrowser.i18n.getUILanguage = () => browserLanguage;
    vi.stubGlobal('navigator', { languages: [browserLanguage] });
    await followLanguage(() => undefined);
    await createMenus();
    expect(titles[0]).toBe(readBundle(locale, 'all')['background.menu.analyze']);
  });
});

describe('overlapping catalogue loads', () => {
  it('the last one started sets the words, though an older one’s file arrives later', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      const [, tag = '', bundle] = /\/locales\/([^/]+)\/(\w+)\.json$/.exec(String(url)) ?? [];
      // English (the start-up read) is slow; the language the person just chose is not.
      if (tag === 'en') await new Promise((resolve) => setTimeout(resolve, 30));
      return new Response(JSON.stringify(readBundle(matchLocale([tag]), bundle as Bundle)));
    });
    const atStart = loadCatalogue('all');
    await fakeBrowser.storage.sync.set({ interfaceLanguage: 'es' });
    const chosen = loadCatalogue('all');
    expect(await chosen).toBe('es');
    expect(await atStart).toBe('es');
    expect(currentLocale()).toBe('es');
    expect(t('background.menu.analyze')).toBe(readBundle('es', 'all')['background.menu.analyze']);
  });
});
