import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { tokenItem } from '../../../utils/account/secrets';
import { DEFAULT_SETTINGS, type Settings, settingsItem } from '../../../utils/settings';

/**
 * A profile as a new install has it once configured: WXT's fake storage cleared, an empty IndexedDB (the cache,
 * the library's index), the default settings and this token saved.
 */
export async function freshProfile(token = 'demo-pro-token', settings: Partial<Settings> = {}): Promise<void> {
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, ...settings });
  await tokenItem.setValue(token);
}
