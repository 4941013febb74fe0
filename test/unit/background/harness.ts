import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCore } from '../../../entrypoints/background/core';
import { createHandlers } from '../../../entrypoints/background/handlers';
import { createMenuActions } from '../../../entrypoints/background/menu';
import { createTracking } from '../../../entrypoints/background/tracking';
import type { ContentMessage, Reply } from '../../../utils/protocol/messages';
import type { SenderLike } from '../../../utils/protocol/senders';
import { tokenItem } from '../../../utils/secrets';
import { DEFAULT_SETTINGS, type Settings, settingsItem } from '../../../utils/settings';

/**
 * The background as a fresh worker starts it, with WXT's fake browser pointed at the local service: the host
 * permission granted (as the test build's manifest does), the settings and the token stored.
 */
export async function startBackground(options: {
  serviceUrl: string;
  token: string;
  sender: SenderLike;
  settings?: Partial<Settings>;
}) {
  fakeBrowser.reset();
  fakeBrowser.permissions.contains = async () => true;
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: options.serviceUrl, ...options.settings });
  await tokenItem.setValue(options.token);
  const core = createCore();
  const tracking = createTracking(core);
  const handlers = createHandlers(core, tracking, createMenuActions(core, tracking));
  /** A content-script message from the panel's tab (or another sender), with the reply type the test reads. */
  const content = async <T>(message: ContentMessage, sender: SenderLike = options.sender) =>
    (await handlers.content(message, sender)) as Reply<T>;
  return { core, tracking, handlers, content };
}
