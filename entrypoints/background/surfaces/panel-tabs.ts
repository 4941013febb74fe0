import { storage } from 'wxt/utils/storage';
import { createSerial } from '../../../utils/serial';

/**
 * Which tab's panel shows which video, learned from the messages panels send. Pushes go to exactly
 * those tabs: finding YouTube tabs by URL would need the "tabs" permission, which the extension does not
 * ask for. Kept in storage.session so a restarted worker still knows them.
 */
const item = storage.defineItem<Record<string, string>>('session:panelTabs', { fallback: {} });

// Writes are read-modify-write on one item: one at a time; a read waits for the writes asked before it.
const serial = createSerial();

export const panelTabs = {
  /**
   * A panel in this tab is showing this video (called for every content message, once its reply is ready, and
   * not awaited: the panel's first question on each video page waited for this read and write, a storage round
   * trip each, before its handler began).
   */
  seen(tabId: number | undefined, videoId: string): Promise<void> {
    if (tabId === undefined) return Promise.resolve();
    return serial(async () => {
      const all = (await item.getValue()) ?? {};
      if (all[tabId] !== videoId) await item.setValue({ ...all, [tabId]: videoId });
    });
  },
  showing(videoId: string): Promise<number[]> {
    return serial(async () => {
      const all = (await item.getValue()) ?? {};
      return Object.entries(all)
        .filter(([, id]) => id === videoId)
        .map(([tabId]) => Number(tabId));
    });
  },
  forget(tabId: number): Promise<void> {
    return serial(async () => {
      const { [tabId]: _gone, ...rest } = (await item.getValue()) ?? {};
      await item.setValue(rest);
    });
  },
};
