import { browser } from 'wxt/browser';
import type { ChannelModule } from '../youtube-channel';

/**
 * What the content script loads only on the pages that use it, from the extension's own files
 * (web_accessible_resources on https://www.youtube.com/* only, wxt.config.ts), into its own isolated world:
 * `import()` of an extension URL works from content scripts in Chromium and in Firefox.
 * docs/benchmarks.md says what each page loads.
 */
let channel: Promise<ChannelModule> | null = null;

/** The channel page's panel: the channel view, bulk downloads, channel search (entrypoints/youtube-channel/). */
export function loadChannelModule(): Promise<ChannelModule> {
  channel ??= import(/* @vite-ignore */ browser.runtime.getURL('/youtube-channel.js')).then(
    (module: { default: ChannelModule }) => module.default,
    (error: unknown) => {
      // Loading again later may work (a page that outlived an update of the extension will not).
      channel = null;
      throw error;
    },
  );
  return channel;
}
