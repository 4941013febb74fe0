import { browser } from 'wxt/browser';

type Badge = {
  setBadgeText(details: { text: string }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string }): Promise<void>;
};

/**
 * The toolbar button's API: `action` in Manifest V3 (Chrome), `browserAction` in Manifest V2 (the Firefox
 * build), where `browser.action` is undefined and calling it throws.
 */
export function toolbarButton(api: { action?: Badge; browserAction?: Badge } = browser as never): Badge | null {
  return api.action ?? api.browserAction ?? null;
}
