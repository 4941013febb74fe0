// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { FramePanel } from '../../components/youtube/frame/FramePanel';
import type { PageLine } from '../../components/youtube/frame/page-line';
import { frameView } from '../../components/youtube/frame/page-view';
import type { NoteItem } from '../../utils/notes/model';
import type { FromFrame } from '../../utils/protocol/frame';
import { panelContext } from '../builders';
import { FakeResizeObserver } from './fake-resize-observer';
import { cuesOf, okReply, savedTranscript } from './kit';

/** The content script's side of the line, played by the test. */
function fakeLine() {
  const posted: FromFrame[] = [];
  let hear: ((raw: unknown) => void) | null = null;
  let bury: (() => void) | null = null;
  const line: PageLine = {
    words: Promise.resolve(null),
    post: (message) => posted.push(message),
    listen(onMessage, onGone) {
      hear = onMessage;
      bury = onGone;
      return () => {
        hear = null;
      };
    },
  };
  return { line, posted, tell: (raw: unknown) => hear?.(raw), drop: () => bury?.() };
}

beforeEach(() => {
  FakeResizeObserver.all = [];
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  // The panel's own questions to the background never answer here: what is drawn comes from the page's line.
  vi.spyOn(browser.runtime, 'sendMessage').mockImplementation(() => new Promise<never>(() => {}));
  vi.spyOn(browser.storage.sync, 'get').mockImplementation(() => new Promise<never>(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const root = () => {
  const app = document.createElement('div');
  document.body.append(app);
  return app;
};

describe('the panel in its frame', () => {
  it('shows nothing before the content script names the video, then that video’s panel', async () => {
    const { line, tell } = fakeLine();
    const { container } = render(<FramePanel line={line} root={root()} />);
    expect(container.textContent).toBe('');
    tell({ t: 'video', videoId: 'not an id!!', title: null, tab: null, prefs: null });
    expect(container.textContent).toBe('');
    tell({ t: 'video', videoId: 'tvaHuman001', title: 'Distributed', tab: null, prefs: null });
    expect((await screen.findByTestId('video-id')).textContent).toContain('tvaHuman001');
    tell({ t: 'video', videoId: 'tvaAutoGen1', title: null, tab: null, prefs: null });
    await waitFor(() => expect(screen.getByTestId('video-id').textContent).toContain('tvaAutoGen1'));
  });

  it('takes the theme and the page’s viewport; says how tall it is', () => {
    const { line, tell, posted } = fakeLine();
    const app = root();
    render(<FramePanel line={line} root={app} />);
    tell({ t: 'theme', theme: 'dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    tell({ t: 'theme', theme: 'blue' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    tell({ t: 'viewport', px: 1000 });
    expect(document.documentElement.style.getPropertyValue('--tl-tabpanel-max')).toBe('600px');
    // Empty, the panel has the height the page gives the frame before any is told: nothing to send.
    FakeResizeObserver.reportAll(() => 0);
    expect(posted.filter((m) => m.t === 'height')).toEqual([]);
    FakeResizeObserver.resizeAll(() => 320);
    FakeResizeObserver.resizeAll(() => 320);
    expect(posted.filter((m) => m.t === 'height')).toEqual([{ t: 'height', px: 320 }]);
  });

  it('is in view only while the content script says the page shows and has the focus (or the person is in it)', () => {
    const { line, tell } = fakeLine();
    render(<FramePanel line={line} root={root()} />);
    const changes = vi.fn();
    const stop = frameView.listen(changes);
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    tell({ t: 'view', visible: true, focused: false });
    expect(frameView.inView()).toBe(false);
    tell({ t: 'view', visible: true, focused: true });
    expect(frameView.inView()).toBe(true);
    tell({ t: 'view', visible: false, focused: true });
    expect(frameView.inView()).toBe(false);
    tell({ t: 'view', visible: 'yes', focused: true });
    expect(frameView.inView()).toBe(false);
    // The person clicked into the panel: the page lost the focus to it.
    tell({ t: 'view', visible: true, focused: false });
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    expect(frameView.inView()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(4);
    stop();
  });

  it('says the extension is gone when the line breaks, instead of a panel that no longer answers', async () => {
    const { line, tell, drop } = fakeLine();
    render(<FramePanel line={line} root={root()} />);
    tell({ t: 'video', videoId: 'tvaHuman001', title: null, tab: null, prefs: null });
    await screen.findByTestId('video-id');
    drop();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Reload the page to reconnect/);
    expect(screen.queryByTestId('video-id')).toBeNull();
  });
});

describe('the first screen of a video whose panel opens on its transcript', () => {
  const saved = savedTranscript('tvaHuman001', cuesOf(['Hello everyone']));
  const notes = { videoId: 'tvaHuman001', items: [] };
  const answer = okReply({ context: panelContext(), lang: 'en', transcript: saved, notes });
  const open = { collapsed: false, placement: 'column' } as const;
  /** The questions a panel's first screen may ask. */
  const FIRST_SCREEN = ['panel.open', 'panel.context', 'transcript.get'];

  /** The background's answers: panel.open's when `opened` resolves; nothing else answers. */
  function background(opened: Promise<unknown>) {
    const asked: unknown[] = [];
    vi.mocked(browser.runtime.sendMessage).mockImplementation(((message: { type: string }) => {
      asked.push(message);
      return message.type === 'panel.open' ? opened : new Promise<never>(() => {});
    }) as typeof browser.runtime.sendMessage);
    return asked;
  }

  it('asks panel.open as the video is named and draws the panel once, with the saved transcript', async () => {
    let answerNow: (reply: unknown) => void = () => {};
    const asked = background(new Promise((resolve) => (answerNow = resolve)));
    const { line, tell } = fakeLine();
    const { container } = render(<FramePanel line={line} root={root()} />);
    await act(() => tell({ t: 'video', videoId: 'tvaHuman001', title: null, tab: null, prefs: open }));
    // Asked before anything is drawn: no "checking" screen to lay out and size the frame for first.
    expect(asked).toEqual([{ type: 'panel.open', videoId: 'tvaHuman001' }]);
    expect(container.textContent).toBe('');
    answerNow(answer);
    expect(await screen.findByRole('button', { name: /^0:00 Hello everyone/ })).toBeTruthy();
    expect(asked.filter((m) => FIRST_SCREEN.includes((m as { type: string }).type))).toEqual([
      { type: 'panel.open', videoId: 'tvaHuman001' },
    ]);
    // The notes came with that answer: not asked apart.
    expect(asked.filter((m) => (m as { type: string }).type === 'notes.list')).toEqual([]);
  });

  it('shows the notes panel.open brought; asks notes.list itself only when that answer failed', async () => {
    const id = '0b6f3c1e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
    const items: NoteItem[] = [
      { kind: 'note', id, videoId: 'tvaHuman001', videoTitle: '', time: 0, text: 'Remember this' },
    ];
    const brought = okReply({ context: panelContext(), lang: 'en', transcript: saved, notes: { ...notes, items } });
    const asked = background(Promise.resolve(brought));
    const { line, tell } = fakeLine();
    render(<FramePanel line={line} root={root()} />);
    tell({ t: 'video', videoId: 'tvaHuman001', title: null, tab: null, prefs: open });
    fireEvent.click(await screen.findByRole('tab', { name: 'Notes' }));
    expect(await screen.findByText('Remember this')).toBeTruthy();
    expect(asked.filter((m) => (m as { type: string }).type === 'notes.list')).toEqual([]);
  });

  it('draws the panel without the answer when it is late (a worker starting), and fills it when it comes', async () => {
    let answerNow: (reply: unknown) => void = () => {};
    const asked = background(new Promise((resolve) => (answerNow = resolve)));
    const { line, tell } = fakeLine();
    render(<FramePanel line={line} root={root()} />);
    tell({ t: 'video', videoId: 'tvaHuman001', title: null, tab: null, prefs: open });
    expect(await screen.findByText('Checking for a saved transcript…')).toBeTruthy();
    answerNow(answer);
    expect(await screen.findByRole('button', { name: /^0:00 Hello everyone/ })).toBeTruthy();
    // The frame's question stands for the panel's: nothing asked again, the transcript not asked apart.
    expect(asked.filter((m) => FIRST_SCREEN.includes((m as { type: string }).type))).toEqual([
      { type: 'panel.open', videoId: 'tvaHuman001' },
    ]);
  });

  it('a collapsed panel, or one asked for another tab, is drawn at once and asks no transcript', async () => {
    const asked = background(new Promise<never>(() => {}));
    const { line, tell } = fakeLine();
    render(<FramePanel line={line} root={root()} />);
    tell({ t: 'video', videoId: 'tvaHuman001', title: null, tab: null, prefs: { ...open, collapsed: true } });
    expect((await screen.findByTestId('video-id')).textContent).toContain('tvaHuman001');
    tell({ t: 'video', videoId: 'tvaAutoGen1', title: null, tab: 'notes', prefs: open });
    await waitFor(() => expect(screen.getByTestId('video-id').textContent).toContain('tvaAutoGen1'));
    expect(asked.some((m) => (m as { type: string }).type === 'panel.open')).toBe(false);
  });
});
