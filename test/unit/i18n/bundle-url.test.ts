import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readBundle } from '../../../scripts/locales';
import { setCatalogue } from '../../../utils/i18n/catalogue';
import { loadCatalogue } from '../../../utils/i18n/load';

/** Where the catalogue was asked for, served from the built bundles. */
let asked: string[];
beforeEach(() => {
  fakeBrowser.reset();
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(String(url));
    return new Response(JSON.stringify(readBundle('en', 'content')));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setCatalogue('en', readBundle('en', 'all'));
});

describe("the catalogue's address", () => {
  it("in an extension page (the panel's frame): the page's own origin, not the per-session address that redirects", async () => {
    vi.stubGlobal('location', { protocol: 'chrome-extension:', origin: 'chrome-extension://abcdef' });
    await loadCatalogue('content');
    expect(asked).toEqual(['chrome-extension://abcdef/locales/en/content.json']);
  });

  it('in a web page (the content script): the address the browser gives the extension file', async () => {
    vi.stubGlobal('location', { protocol: 'https:', origin: 'https://www.youtube.com' });
    await loadCatalogue('content');
    expect(asked).toEqual([fakeBrowser.runtime.getURL('/locales/en/content.json')]);
  });
});
