import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// Production talks to the real service only. Test and demo builds (`--mode e2e`) may also reach the
// local service on loopback; no build asks for broad host access.
const PRODUCTION_SERVICE = 'https://www.youtube-transcript.io/*';
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];
/** Another service address is allowed at run time, by a permission prompt from the options page. */
const ANY_HOST = ['https://*/*', 'http://*/*'];

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // Every file imports what it uses; auto-imports would hide where things come from.
  imports: false,
  vite: () => ({ plugins: [preact()] }),
  // Firefox test builds only: a content script that reports what any content script of the add-on can read
  // (test/firefox proves the token is not among it). Never in a store build.
  hooks: {
    'entrypoints:resolved': (wxt, entrypoints) => {
      const keep = wxt.config.mode === 'e2e' && wxt.config.browser === 'firefox';
      if (keep) return;
      const probe = entrypoints.findIndex((e) => e.name === 'secrecy-probe');
      if (probe >= 0) entrypoints.splice(probe, 1);
    },
  },
  manifest: ({ mode, manifestVersion }) => ({
    name: 'Transcript Lens',
    description: 'Transcripts, AI analysis and cited answers for YouTube videos, in a side panel.',
    permissions: ['storage', 'alarms', 'contextMenus', 'notifications'],
    host_permissions: mode === 'e2e' ? [PRODUCTION_SERVICE, ...LOOPBACK] : [PRODUCTION_SERVICE],
    // Manifest V2 (Firefox) has no optional_host_permissions: host patterns go in optional_permissions.
    ...(manifestVersion === 2 ? { optional_permissions: ANY_HOST } : { optional_host_permissions: ANY_HOST }),
    // Chrome gives no key to a command whose suggested key is one of its own shortcuts (Alt+Shift+T focuses
    // its toolbar): test/e2e/keyboard.spec.ts reads the key Chromium gave.
    commands: {
      'toggle-panel': {
        suggested_key: { default: 'Alt+Shift+L' },
        description: 'Show or hide the Transcript Lens panel',
      },
    },
    browser_specific_settings: {
      gecko: {
        id: 'transcript-lens@example.org',
        strict_min_version: '128.0',
        // Video ids of the pages where the panel opens go to the transcript service.
        data_collection_permissions: { required: ['websiteActivity'] },
      },
    },
  }),
});
