// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PlayerBridge } from '../../components/player';
import { PanelFrame } from '../../components/youtube/PanelFrame';
import { framePortName } from '../../utils/protocol/frame';
import { untrusted } from '../setup/trusted-events';

type Listener = (...args: unknown[]) => void;

/** A runtime event the test fires (WXT's fake browser has no runtime.onConnect). */
function event() {
  const listeners = new Set<Listener>();
  return {
    listeners,
    addListener: (l: Listener) => listeners.add(l),
    removeListener: (l: Listener) => listeners.delete(l),
    hasListener: (l: Listener) => listeners.has(l),
  };
}

/**
 * A port as the panel frame opens it: each post the content script makes is kept in `posts` (one message or an
 * array of them), and every message, in order, in `sent`.
 */
function port(name: string, sender: { id?: string; url?: string }) {
  const onMessage = event();
  const onDisconnect = event();
  const sent: unknown[] = [];
  const posts: unknown[] = [];
  const self = {
    name,
    sender,
    sent,
    posts,
    onMessage,
    onDisconnect,
    postMessage: (message: unknown) => {
      posts.push(message);
      sent.push(...(Array.isArray(message) ? message : [message]));
    },
    disconnect: vi.fn(),
    /** The frame sends this. */
    send: (raw: unknown) => {
      for (const l of onMessage.listeners) l(raw, self);
    },
  };
  return self;
}

const onConnect = event();
const FRAME_URL = `chrome-extension://${fakeBrowser.runtime.id}/panel-frame.html#x`;

const player = {
  duration: () => 624,
  currentTime: () => 12,
  seek: vi.fn(),
  adShowing: () => false,
  isLive: () => false,
  onTime: () => () => {},
} satisfies PlayerBridge;

// happy-dom loads no frame (it says so on the console): the test plays the frame's side of the port.
beforeEach(() => {
  onConnect.listeners.clear();
  Object.assign(fakeBrowser.runtime, { onConnect });
  document.body.innerHTML =
    '<ytd-watch-flexy video-id="tvaHuman001"><div id="title"><h1>Distributed</h1></div></ytd-watch-flexy>';
});
afterEach(() => {
  cleanup();
  fakeBrowser.reset();
});

/** The frame PanelFrame put in the page, and the token in its address. */
function shown(container: Element) {
  const frame = container.querySelector('iframe');
  if (!frame) throw new Error('no frame');
  return { frame, token: new URL(frame.src).hash.slice(1) };
}

const connect = (p: ReturnType<typeof port>) => {
  for (const l of onConnect.listeners) l(p);
};

describe('the watch page’s panel frame, from the content script', () => {
  it('is the extension’s page, named, allowed to copy, with a token of its own', () => {
    const { container } = render(<PanelFrame videoId="tvaHuman001" player={player} prefs={null} firstHeight={null} />);
    const { frame, token } = shown(container);
    expect(new URL(frame.src).pathname).toBe('/panel-frame.html');
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(frame.getAttribute('allow')).toContain('clipboard-write');
    expect(frame.title).toBe('Transcript Lens');
  });

  it('answers only its own frame: another token is left alone, another sender or a second port is refused', async () => {
    const { container } = render(<PanelFrame videoId="tvaHuman001" player={player} prefs={null} firstHeight={null} />);
    const { token } = shown(container);
    const stranger = port(framePortName('someone-else'), { id: fakeBrowser.runtime.id, url: FRAME_URL });
    connect(stranger);
    const otherExtension = port(framePortName(token), { id: 'another-extension', url: FRAME_URL });
    connect(otherExtension);
    const contentScript = port(framePortName(token), { id: fakeBrowser.runtime.id, url: 'https://www.youtube.com/' });
    connect(contentScript);
    expect(stranger.disconnect).not.toHaveBeenCalled();
    expect(otherExtension.disconnect).toHaveBeenCalled();
    expect(contentScript.disconnect).toHaveBeenCalled();

    const mine = port(framePortName(token), { id: fakeBrowser.runtime.id, url: FRAME_URL });
    connect(mine);
    const second = port(framePortName(token), { id: fakeBrowser.runtime.id, url: FRAME_URL });
    connect(second);
    expect(second.disconnect).toHaveBeenCalled();
    expect(mine.disconnect).not.toHaveBeenCalled();
    await waitFor(() => expect(mine.sent).toContainEqual(expect.objectContaining({ t: 'video' })));
    expect(stranger.sent).toEqual([]);
  });

  it('tells the frame the video, the player, the theme and the viewport; seeks and sizes as the frame asks', async () => {
    const { container } = render(
      <PanelFrame
        videoId="tvaHuman001"
        player={player}
        prefs={{ collapsed: false, placement: 'column' }}
        firstHeight={null}
      />,
    );
    const { frame, token } = shown(container);
    const mine = port(framePortName(token), { id: fakeBrowser.runtime.id, url: FRAME_URL });
    connect(mine);
    await waitFor(() =>
      expect(mine.sent).toContainEqual({
        t: 'video',
        videoId: 'tvaHuman001',
        title: 'Distributed',
        tab: null,
        prefs: { collapsed: false, placement: 'column' },
      }),
    );
    expect(mine.sent).toContainEqual({ t: 'player', state: { time: 12, duration: 624, ad: false, live: false } });
    expect(mine.sent).toContainEqual({ t: 'theme', theme: 'light' });
    expect(mine.sent).toContainEqual({ t: 'viewport', px: window.innerHeight });
    // All in one post, the words first: one task on the frame's thread, one drawing.
    expect(mine.posts).toHaveLength(1);
    expect(mine.sent.map((m) => (m as { t: string }).t)).toEqual([
      'words',
      'video',
      'player',
      'view',
      'theme',
      'viewport',
    ]);

    mine.send({ t: 'seek', seconds: 42 });
    mine.send({ t: 'seek', seconds: -1 });
    expect(player.seek.mock.calls).toEqual([[42]]);
    mine.send({ t: 'height', px: 480.4 });
    expect(frame.style.height).toBe('481px');
    mine.send({ t: 'height', px: 1e9 });
    expect(frame.style.height).toBe('481px');
  });

  it('starts the frame at the first height the last page’s frame reported, and keeps this one’s first', async () => {
    const { container } = render(<PanelFrame videoId="tvaHuman001" player={player} prefs={null} firstHeight={530} />);
    const { frame, token } = shown(container);
    expect(frame.style.height).toBe('530px');
    const mine = port(framePortName(token), { id: fakeBrowser.runtime.id, url: FRAME_URL });
    connect(mine);
    mine.send({ t: 'height', px: 612 });
    mine.send({ t: 'height', px: 200 });
    expect(frame.style.height).toBe('200px');
    await waitFor(async () =>
      expect(await fakeBrowser.storage.sync.get('panelFrameHeight')).toEqual({ panelFrameHeight: 612 }),
    );
    // Nothing of it in the page's own storage, where YouTube's scripts would read that the extension is there.
    expect(localStorage.length).toBe(0);
  });

  it('passes on the background’s pushes for its video: a new analysis, the toggle, a tab', async () => {
    const { container } = render(<PanelFrame videoId="tvaHuman001" player={player} prefs={null} firstHeight={null} />);
    const mine = port(framePortName(shown(container).token), { id: fakeBrowser.runtime.id, url: FRAME_URL });
    connect(mine);
    await waitFor(() => expect(mine.sent).toContainEqual(expect.objectContaining({ t: 'video' })));
    const self = { id: fakeBrowser.runtime.id };
    const noReply = () => {};
    await fakeBrowser.runtime.onMessage.trigger({ type: 'analysis.updated', videoId: 'dQw4w9WgXcQ' }, self, noReply);
    await fakeBrowser.runtime.onMessage.trigger({ type: 'analysis.updated', videoId: 'tvaHuman001' }, self, noReply);
    await fakeBrowser.runtime.onMessage.trigger({ type: 'panel.toggle' }, self, noReply);
    await fakeBrowser.runtime.onMessage.trigger({ type: 'panel.openTab', tab: 'ask' }, self, noReply);
    await fakeBrowser.runtime.onMessage.trigger({ type: 'panel.toggle' }, { id: 'another-extension' }, noReply);
    const pushes = mine.sent.filter((m) => ['refresh', 'toggle', 'tab'].includes((m as { t: string }).t));
    expect(pushes).toEqual([{ t: 'refresh' }, { t: 'toggle' }, { t: 'tab', tab: 'ask' }]);
  });

  it('tells the frame whether the page is in view, and of a person’s clicks and keys, never a script’s', async () => {
    const { container } = render(<PanelFrame videoId="tvaHuman001" player={player} prefs={null} firstHeight={null} />);
    const mine = port(framePortName(shown(container).token), { id: fakeBrowser.runtime.id, url: FRAME_URL });
    connect(mine);
    await waitFor(() => expect(mine.sent).toContainEqual(expect.objectContaining({ t: 'view', visible: true })));
    const inputs = () => mine.sent.filter((m) => (m as { t: string }).t === 'input').length;
    window.dispatchEvent(untrusted(new Event('pointerdown')));
    window.dispatchEvent(untrusted(new KeyboardEvent('keydown', { key: 'Enter' })));
    // Posts leave at the end of the task's microtasks: a posted input would be in by the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(inputs()).toBe(0);
    window.dispatchEvent(new Event('pointerdown'));
    await waitFor(() => expect(inputs()).toBe(1));
  });
});
