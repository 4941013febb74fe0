import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../../../entrypoints/background';
import { tokenItem } from '../../../utils/account/secrets';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { useLocalService } from '../local-service';

/**
 * The background entry as the browser starts it (its `main`), with the menu and command events fired the way the
 * browser fires them: through the listeners the entry registered, not through a function a test reaches. WXT's
 * fake browser has neither event, so each is a recording one that the entry adds its listener to.
 */
type Listener<A extends unknown[]> = (...args: A) => unknown;

function recordingEvent<A extends unknown[]>() {
  const listeners: Listener<A>[] = [];
  return {
    addListener: (listener: Listener<A>) => void listeners.push(listener),
    removeListener: (listener: Listener<A>) => void listeners.splice(listeners.indexOf(listener), 1),
    hasListener: (listener: Listener<A>) => listeners.includes(listener),
    hasListeners: () => listeners.length > 0,
    /** What the browser does when the event happens: every listener called, what they return awaited. */
    fire: (...args: A) => Promise.all(listeners.map((listener) => listener(...args))),
    count: () => listeners.length,
  };
}

const service = useLocalService(60_000);
let menuClicked: ReturnType<typeof recordingEvent<[Browser.contextMenus.OnClickData, Browser.tabs.Tab?]>>;
let command: ReturnType<typeof recordingEvent<[string, Browser.tabs.Tab?]>>;
let created: Browser.contextMenus.CreateProperties[];
let sent: Array<[number, unknown]>;

async function startEntry(): Promise<Browser.tabs.Tab> {
  fakeBrowser.reset();
  created = [];
  sent = [];
  menuClicked = recordingEvent();
  command = recordingEvent();
  Object.assign(fakeBrowser.contextMenus, {
    onClicked: menuClicked,
    removeAll: async () => undefined,
    create: (properties: Browser.contextMenus.CreateProperties) => {
      created.push(properties);
      return properties.id ?? '';
    },
  });
  Object.assign(fakeBrowser.commands, { onCommand: command });
  fakeBrowser.permissions.contains = async () => true;
  fakeBrowser.tabs.sendMessage = async (tabId: number, message: unknown) => {
    sent.push([tabId, message]);
    return undefined;
  };
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: service.url });
  await tokenItem.setValue('demo-pro');
  const tab = await fakeBrowser.tabs.create({ url: 'https://www.youtube.com/watch?v=tvaHuman001' });
  background.main();
  return { ...tab, title: 'A talk about latency - YouTube' };
}

const click = (info: Partial<Browser.contextMenus.OnClickData> & { menuItemId: string }, tab?: Browser.tabs.Tab) =>
  menuClicked.fire({ editable: false, frameId: 0, pageUrl: tab?.url, ...info }, tab);

describe('the background entry, through the listeners it registers', () => {
  beforeEach(async () => {
    await startEntry();
  });

  it('registers one listener for menu clicks and one for the keyboard command, at start', () => {
    expect(menuClicked.count()).toBe(1);
    expect(command.count()).toBe(1);
  });

  it('registers the three menu items when the browser says it was installed', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await expect
      .poll(() => created.map((item) => item.id))
      .toEqual(['tl-analyze-link', 'tl-channel-link', 'tl-analyze-page']);
  });

  it('a click on a link that is not a video says so in a notification and sends nothing', async () => {
    await click({ menuItemId: 'tl-analyze-link', linkUrl: 'https://example.com/' });
    expect(fakeBrowser.notifications.getAllCreateOptions()['tl-menu-problem']?.message).toBe(
      'That link is not a YouTube video.',
    );
    expect(service.state.charges).toEqual([]);
  });

  it('a click on a video of unknown length opens the confirmation window and spends nothing', async () => {
    const opened: unknown[] = [];
    const create = fakeBrowser.windows.create.bind(fakeBrowser.windows);
    Object.assign(fakeBrowser.windows, {
      create: (data: Browser.windows.CreateData) => {
        opened.push(data.url);
        return create(data);
      },
    });
    const tab = await fakeBrowser.tabs.create({ url: 'https://news.example/post' });
    await click({ menuItemId: 'tl-analyze-link', linkUrl: 'https://youtu.be/tvaLong4h01' }, tab);
    expect(opened).toEqual([expect.stringMatching(/\/confirm\.html\?request=/)]);
    expect(service.state.charges).toEqual([]);
  });

  it('a click on a channel link opens its uploads page, and spends nothing', async () => {
    await click({ menuItemId: 'tl-channel-link', linkUrl: 'https://www.youtube.com/@tvademo' });
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.map((t) => t.url)).toContain('https://www.youtube.com/@tvademo/videos');
    expect(service.state.charges).toEqual([]);
  });

  it('the keyboard command toggles the panel of the tab the browser names, and no other', async () => {
    const other = await fakeBrowser.tabs.create({ url: 'https://www.youtube.com/watch?v=tvaAutoGen1' });
    await command.fire('toggle-panel', other);
    expect(sent).toEqual([[other.id, { type: 'panel.toggle' }]]);
    await command.fire('some-other-command', other);
    expect(sent).toHaveLength(1);
  });
});
