import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { broadcastAnalysis } from '../../../entrypoints/background/surfaces/notify';
import { startBackground } from './harness';

const tab = { id: 7, url: 'https://www.youtube.com/watch?v=tvaHuman001' };
const sender = { id: fakeBrowser.runtime.id, url: tab.url, tab };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('which tab shows which video', () => {
  it('a panel message is answered without waiting for the note of its tab in storage', async () => {
    const bg = await startBackground({ serviceUrl: 'http://127.0.0.1:9', token: '', sender });
    // A storage.session write that does not complete until the reply is read: the reply must not wait for it.
    let release = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation(() => stalled);
    const reply = await bg.content({ type: 'hello', videoId: 'tvaHuman001' });
    expect(reply).toEqual({ ok: true, data: { videoId: 'tvaHuman001', tabId: 7 } });
    release();
  });

  it('a push asked right after a panel message reaches that tab: it reads after the note is written', async () => {
    const bg = await startBackground({ serviceUrl: 'http://127.0.0.1:9', token: '', sender });
    const pushed: number[] = [];
    fakeBrowser.tabs.sendMessage = (async (tabId: number) => {
      pushed.push(tabId);
    }) as typeof fakeBrowser.tabs.sendMessage;
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    // Slow writes, as the browser's can be: the push's read must come after them all the same.
    const write = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
    vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation(async (items) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return write(items);
    });
    await bg.content({ type: 'hello', videoId: 'tvaHuman001' });
    await bg.content({ type: 'hello', videoId: 'tvaAutoGen1' }, { ...sender, tab: { ...tab, id: 8 } });
    await broadcastAnalysis('tvaHuman001');
    expect(pushed).toEqual([7]);
  });
});
