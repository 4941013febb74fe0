import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';

/**
 * Firefox test builds only (wxt.config.ts drops it elsewhere). Runs with exactly the powers of the panel's
 * content script and, when the page asks, reports everything such a script can read from the add-on's
 * storage and from IndexedDB, so a test can check that the API token is not there.
 */
export default defineContentScript({
  matches: ['https://www.youtube.com/*'],
  main() {
    window.addEventListener('message', async (event) => {
      if (event.data?.type !== 'tl-secrecy-probe') return;
      const seen: Record<string, unknown> = {};
      for (const area of ['local', 'session', 'sync'] as const) {
        try {
          seen[area] = await browser.storage[area].get(null);
        } catch (error) {
          // Firefox gives content scripts no storage.session at all.
          seen[area] = `refused: ${String(error)}`;
        }
      }
      const databases = (await indexedDB.databases?.().catch(() => [])) ?? [];
      seen.indexedDB = databases.map((d) => d.name);
      window.postMessage({ type: 'tl-secrecy-report', report: JSON.stringify(seen) }, '*');
    });
  },
});
