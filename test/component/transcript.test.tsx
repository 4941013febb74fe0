// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerBridge } from '../../components/player';
import { TranscriptView } from '../../components/transcript/TranscriptView';
import type { Segment } from '../../utils/api/schemas';
import type { TranscriptNotLoaded, TranscriptOk, TranscriptReply } from '../../utils/panel/replies';
import type { Reply } from '../../utils/protocol/envelope';
import type { ContentOf } from '../../utils/protocol/requests';
import { untrusted } from '../setup/trusted-events';
import { fakeSend as fakeBackground } from './kit';

const VIDEO = 'dQw4w9WgXcQ';

function transcript(segments: Segment[], over: Partial<TranscriptOk> = {}): TranscriptOk {
  return {
    status: 'ok',
    videoId: VIDEO,
    requestedLang: 'en',
    fellBack: false,
    fromCache: false,
    fetchedAt: 0,
    title: 'A talk',
    author: 'Someone',
    language: 'English',
    languageCode: 'en',
    isGenerated: false,
    text: segments.map((s) => s.text).join(' '),
    segments,
    ...over,
  };
}

const cues = (n: number, every = 5): Segment[] =>
  Array.from({ length: n }, (_, i) => ({ text: `Cue number ${i}`, start: i * every, duration: every }));

/** Every lookup answered with `answer` (a saved transcript, in these tests). */
function fakeSend(
  answer: (message: ContentOf<'transcript.get'>) => Reply<TranscriptReply> | Promise<Reply<TranscriptReply>>,
) {
  return fakeBackground({ 'transcript.get': answer });
}

function fakePlayer(start = 0) {
  let time = start;
  const listeners = new Set<(t: number) => void>();
  const player = {
    duration: () => Number.NaN,
    currentTime: () => time,
    seek: vi.fn((t: number) => {
      time = t;
    }),
    onTime: (cb: (t: number) => void) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  } satisfies PlayerBridge;
  const tick = (t: number) => {
    time = t;
    act(() => {
      for (const cb of listeners) cb(t);
    });
  };
  return { player, tick, listeners };
}

function setup(segments: Segment[], options: { start?: number; over?: Partial<TranscriptOk> } = {}) {
  const { fn, send } = fakeSend(() => ({ ok: true, data: transcript(segments, options.over) }));
  const fake = fakePlayer(options.start ?? 0);
  const view = render(<TranscriptView videoId={VIDEO} send={send} player={fake.player} language="en" />);
  return { ...fake, fn, view };
}

const cueButtons = () => screen.getAllByRole('button').filter((b) => /^\d+:\d\d/.test(b.textContent ?? ''));
const scroller = (container: Element) => container.querySelector<HTMLElement>('.tl-vlist') as HTMLElement;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));

afterEach(cleanup);

describe('TranscriptView: loading and cues', () => {
  it('shows the lookup the panel was given at once, without asking; a refresh asks', async () => {
    const { fn, send } = fakeSend(() => ({ ok: true, data: transcript(cues(3)) }));
    const given = { lang: 'en', lookup: transcript(cues(3)) };
    const { player } = fakePlayer();
    const props = { videoId: VIDEO, send, player, language: 'en', first: given };
    const view = render(<TranscriptView {...props} refreshKey={0} />);
    expect(cueButtons()).toHaveLength(3);
    await act(async () => {});
    expect(fn).not.toHaveBeenCalled();
    view.rerender(<TranscriptView {...props} refreshKey={1} />);
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
  });

  it('asks for itself when the given lookup is in another language', async () => {
    const { fn, send } = fakeSend(() => ({ ok: true, data: transcript(cues(2)) }));
    const { player } = fakePlayer();
    render(
      <TranscriptView
        videoId={VIDEO}
        send={send}
        player={player}
        language="de"
        first={{ lang: 'en', lookup: transcript(cues(3)) }}
      />,
    );
    await waitFor(() => expect(fn).toHaveBeenCalledWith({ type: 'transcript.get', videoId: VIDEO, lang: 'de' }));
  });

  it('asks for the transcript, shows loading, then the cues with their timestamps', async () => {
    let resolve: (reply: Reply<TranscriptReply>) => void = () => {};
    const { fn, send } = fakeSend(() => new Promise((r) => (resolve = r)));
    render(<TranscriptView videoId={VIDEO} send={send} player={fakePlayer().player} language="en" />);
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Checking for a saved transcript…');
    expect(fn).toHaveBeenCalledWith({ type: 'transcript.get', videoId: VIDEO, lang: 'en' });
    resolve({ ok: true, data: transcript([{ text: 'Hello there', start: 65.4, duration: 2 }]) });
    expect(await screen.findByRole('button', { name: '1:05 Hello there' })).toBeTruthy();
    expect(screen.queryByText('Checking for a saved transcript…')).toBeNull();
    expect(document.querySelector('.tl-lang-name')?.textContent).toBe('English');
  });

  it('shows a paid transcript without timed cues as its text, never as nothing', async () => {
    setup([], { over: { text: 'One block of text <b>as sent</b>' } });
    expect(await screen.findByText('One block of text <b>as sent</b>')).toBeTruthy();
    expect(screen.getByText('This transcript has no timestamps; here is its text.')).toBeTruthy();
    expect(document.querySelector('.tl-plain-text b')).toBeNull();
  });

  it('formats timestamps as m:ss and h:mm:ss past an hour', async () => {
    setup([
      { text: 'start', start: 0, duration: 1 },
      { text: 'nine', start: 9.9, duration: 1 },
      { text: 'late', start: 3599, duration: 1 },
      { text: 'hour', start: 3600, duration: 1 },
      { text: 'later', start: 3 * 3600 + 62, duration: 1 },
    ]);
    await screen.findByRole('button', { name: '0:00 start' });
    for (const name of ['0:09 nine', '59:59 late', '1:00:00 hour', '3:01:02 later']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('clicking a cue seeks the player to its start', async () => {
    const { player } = setup([
      { text: 'one', start: 1.5, duration: 1 },
      { text: 'two', start: 75.25, duration: 1 },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: '1:15 two' }));
    expect(player.seek).toHaveBeenCalledWith(75.25);
  });

  it('renders markup in cue text as text', async () => {
    const { view } = setup([{ text: '<script>alert(1)</script><b>bold</b>', start: 0, duration: 1 }]);
    const button = await screen.findByRole('button', { name: '0:00 <script>alert(1)</script><b>bold</b>' });
    expect(button.querySelector('script, b')).toBeNull();
    expect(view.container.querySelector('script')).toBeNull();
  });

  it('shows the Auto-generated badge and the fallback note', async () => {
    setup(cues(3), {
      over: { isGenerated: true, requestedLang: 'fr', fellBack: true, language: 'English', languageCode: 'en' },
    });
    expect(await screen.findByText('Auto-generated')).toBeTruthy();
    expect(screen.getByText('No French captions; showing English.')).toBeTruthy();
  });

  it('re-asks in the language picked, listing the shown language too', async () => {
    const { fn } = setup(cues(3), { over: { language: 'Italian', languageCode: 'it' } });
    const select = await screen.findByRole('combobox', { name: 'Transcript language' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['English', 'Spanish', 'French', 'German', 'Portuguese', 'Japanese', 'Italian']);
    fireEvent.change(select, { target: { value: 'es' } });
    await waitFor(() => expect(fn).toHaveBeenLastCalledWith({ type: 'transcript.get', videoId: VIDEO, lang: 'es' }));
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('asks in English when the preferred language is not a language code', async () => {
    const { fn, send } = fakeSend(() => ({ ok: true, data: transcript(cues(1)) }));
    render(<TranscriptView videoId={VIDEO} send={send} player={fakePlayer().player} language="" />);
    await screen.findByRole('button', { name: '0:00 Cue number 0' });
    expect(fn).toHaveBeenCalledWith({ type: 'transcript.get', videoId: VIDEO, lang: 'en' });
  });

  it('does not ask again just because the host passes a new send function', async () => {
    const { fn, send } = fakeSend(() => ({ ok: true, data: transcript(cues(2)) }));
    const { player } = fakePlayer();
    const view = render(<TranscriptView videoId={VIDEO} send={(m) => send(m)} player={player} language="en" />);
    await screen.findByRole('button', { name: '0:00 Cue number 0' });
    view.rerender(<TranscriptView videoId={VIDEO} send={(m) => send(m)} player={player} language="en" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('asks again quietly when refreshKey changes, and afresh for a new video', async () => {
    const { fn, send } = fakeSend((m) => ({
      ok: true,
      data: transcript([{ text: `for ${m.type === 'transcript.get' ? m.videoId : ''}`, start: 0, duration: 1 }]),
    }));
    const { player } = fakePlayer();
    const view = render(<TranscriptView videoId={VIDEO} send={send} player={player} language="en" refreshKey={1} />);
    await screen.findByRole('button', { name: `0:00 for ${VIDEO}` });
    view.rerender(<TranscriptView videoId={VIDEO} send={send} player={player} language="en" refreshKey={2} />);
    expect(screen.queryByText('Checking for a saved transcript…')).toBeNull();
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
    const other = 'abcdefghijk';
    view.rerender(<TranscriptView videoId={other} send={send} player={player} language="en" refreshKey={2} />);
    expect(screen.getByText('Checking for a saved transcript…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `0:00 for ${VIDEO}` })).toBeNull();
    await screen.findByRole('button', { name: `0:00 for ${other}` });
  });
});

describe('TranscriptView: virtualization', () => {
  it('renders a few dozen of 6,000 cues and the others on scroll', async () => {
    const { view } = setup(cues(6000, 1));
    await screen.findByRole('button', { name: '0:00 Cue number 0' });
    expect(cueButtons().length).toBeLessThanOrEqual(80);
    expect(view.container.querySelectorAll('*').length).toBeLessThanOrEqual(400);
    const list = scroller(view.container);
    await nextFrame();
    list.scrollTop = 40 * 3000;
    fireEvent.scroll(list);
    expect(await screen.findByRole('button', { name: '50:00 Cue number 3000' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '0:00 Cue number 0' })).toBeNull();
    expect(cueButtons().length).toBeLessThanOrEqual(80);
  });

  it('finds the current cue in well under 2 ms per update among 6,000', async () => {
    const { tick } = setup(cues(6000, 1));
    await screen.findByRole('button', { name: '0:00 Cue number 0' });
    const times = Array.from({ length: 200 }, (_, i) => (i * 7919) % 6000);
    const begin = performance.now();
    for (const t of times) tick(t + 0.5);
    const perUpdate = (performance.now() - begin) / times.length;
    expect(perUpdate).toBeLessThan(2);
    // The last time was (199 * 7919) % 6000 + 0.5 = 3881.5 s: cue 3881, at 1:04:41.
    const current = await screen.findByRole('button', { name: '1:04:41 Cue number 3881' });
    expect(current.getAttribute('aria-current')).toBe('true');
  });
});

describe('TranscriptView: following playback', () => {
  it('highlights the playing cue and keeps it in view', async () => {
    const { tick, view } = setup(cues(600), { start: 12 });
    expect((await screen.findByRole('button', { name: '0:10 Cue number 2' })).getAttribute('aria-current')).toBe(
      'true',
    );
    tick(2000); // cue 400, far below
    const current = await screen.findByRole('button', { name: '33:20 Cue number 400' });
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(scroller(view.container).scrollTop).toBeGreaterThan(0);
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('aria-current') === 'true')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Back to current' })).toBeNull();
  });

  it('stops following after a user scroll and offers "Back to current"', async () => {
    const { tick, view } = setup(cues(600));
    await screen.findByRole('button', { name: '0:00 Cue number 0' });
    const list = scroller(view.container);
    fireEvent.wheel(list);
    list.scrollTop = 4000;
    fireEvent.scroll(list);
    const back = await screen.findByRole('button', { name: 'Back to current' });
    tick(5); // cue 1: following is off, so the list stays where the person put it
    expect(list.scrollTop).toBe(4000);
    fireEvent.click(back);
    await waitFor(() => expect(list.scrollTop).toBeLessThan(100));
    expect(screen.queryByRole('button', { name: 'Back to current' })).toBeNull();
    tick(2000);
    await waitFor(() => expect(list.scrollTop).toBeGreaterThan(10_000));
  });

  it('a click on a cue makes it current at once and starts following again', async () => {
    const { player, view } = setup(cues(600));
    await screen.findByRole('button', { name: '0:00 Cue number 0' });
    const list = scroller(view.container);
    fireEvent.wheel(list);
    list.scrollTop = 4000;
    fireEvent.scroll(list);
    await screen.findByRole('button', { name: 'Back to current' });
    const target = await screen.findByRole('button', { name: '8:20 Cue number 100' });
    fireEvent.click(target);
    expect(player.seek).toHaveBeenCalledWith(500);
    await waitFor(() => expect(target.getAttribute('aria-current')).toBe('true'));
    expect(screen.queryByRole('button', { name: 'Back to current' })).toBeNull();
    expect(list.scrollTop).toBe(4000); // it is in view: nothing moves
  });

  it('treats a scroll it did not make (e.g. the scrollbar) as the person’s', async () => {
    const { view } = setup(cues(600));
    await screen.findByRole('button', { name: '0:00 Cue number 0' });
    await nextFrame();
    const list = scroller(view.container);
    list.scrollTop = 800;
    fireEvent.scroll(list);
    expect(await screen.findByRole('button', { name: 'Back to current' })).toBeTruthy();
  });

  it('keeps a focused cue rendered when the list scrolls away from it', async () => {
    const { view } = setup(cues(600));
    const first = await screen.findByRole('button', { name: '0:00 Cue number 0' });
    first.focus();
    const list = scroller(view.container);
    list.scrollTop = 40 * 300;
    fireEvent.scroll(list);
    await screen.findByRole('button', { name: '25:00 Cue number 300' });
    expect(screen.getByRole('button', { name: '0:00 Cue number 0' })).toBe(first);
    expect(document.activeElement).toBe(first);
  });

  it('moves focus between cues with the arrow keys, rendering the next one', async () => {
    setup(cues(600));
    const first = await screen.findByRole('button', { name: '0:00 Cue number 0' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('0:05 Cue number 1'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('49:55 Cue number 599'));
  });
});

describe('TranscriptView: loading on the person’s act', () => {
  const notLoaded = (over: Partial<TranscriptNotLoaded['quote']> = {}): TranscriptNotLoaded => ({
    status: 'not_loaded',
    videoId: VIDEO,
    quote: { quoteId: 'q1', cloudRequests: 1, balance: 24, audio: null, ...over },
  });

  function buyer(quote: Partial<TranscriptNotLoaded['quote']> = {}) {
    const { fn, send, of } = fakeBackground({
      'transcript.get': () => ({ ok: true, data: notLoaded(quote) }),
      'transcript.load': () => ({ ok: true, data: transcript([{ text: 'Bought', start: 0, duration: 1 }]) }),
    });
    return { fn, send, loads: () => of('transcript.load') };
  }

  it('shows the price and "Load transcript" and sends nothing that costs until it is pressed', async () => {
    const { send, loads } = buyer();
    render(<TranscriptView videoId={VIDEO} send={send} player={fakePlayer().player} language="en" />);
    const button = await screen.findByRole('button', { name: 'Load transcript' });
    expect(screen.getByText('1 Cloud Request · 24 left')).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads()).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: '0:00 Bought' })).toBeTruthy();
    expect(loads()).toEqual([{ type: 'transcript.load', videoId: VIDEO, lang: 'en', consent: { quoteId: 'q1' } }]);
  });

  it('a script’s click on "Load transcript" sends nothing', async () => {
    const { send, loads } = buyer();
    render(<TranscriptView videoId={VIDEO} send={send} player={fakePlayer().player} language="en" />);
    const button = await screen.findByRole('button', { name: 'Load transcript' });
    button.dispatchEvent(untrusted(new MouseEvent('click', { bubbles: true })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads()).toHaveLength(0);
  });

  it('says what audio transcription may add on a paid plan, and refuses with no Cloud Requests left', async () => {
    const { send } = buyer({ balance: 0, audio: { aiUnitsPerMinute: 3, paidPlanOnly: true } });
    render(<TranscriptView videoId={VIDEO} send={send} player={fakePlayer().player} language="en" />);
    const button = (await screen.findByRole('button', { name: 'Load transcript' })) as HTMLButtonElement;
    expect(screen.getByText(/up to 3 AI Units per minute of video/)).toBeTruthy();
    expect(button.disabled).toBe(true);
    expect(screen.getByText(/no Cloud Requests left/)).toBeTruthy();
  });

  it('with automatic loading on, loads by itself after the video stayed on screen, under the auto rule', async () => {
    vi.useFakeTimers();
    try {
      const { send, loads } = buyer();
      vi.spyOn(document, 'hasFocus').mockReturnValue(true);
      render(<TranscriptView videoId={VIDEO} send={send} player={fakePlayer().player} language="en" autoLoad />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      expect(loads()).toHaveLength(0);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_000);
      });
      expect(loads()).toEqual([{ type: 'transcript.load', videoId: VIDEO, lang: 'en', consent: { auto: true } }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with automatic loading on, a refusal to spend AI Units is said by "Load transcript", priced, and not asked again', async () => {
    vi.useFakeTimers();
    // Past the gap any earlier test's automatic load left (useAutoLoad keeps it per page).
    vi.setSystemTime(Date.now() + 10 * 60_000);
    try {
      const note =
        'Not loaded by itself: if this video has no captions, your plan may transcribe its audio for up to 3 AI Units per minute, and automatic loading never spends AI Units. Load transcript buys it at the price shown.';
      const audio = { aiUnitsPerMinute: 3, paidPlanOnly: true };
      const { send, of } = fakeBackground({
        'transcript.get': () => ({ ok: true, data: notLoaded({ audio }) }),
        'transcript.load': ({ consent }) =>
          'auto' in consent
            ? { ok: true, data: { ...notLoaded({ audio, quoteId: 'q2' }), note } }
            : { ok: true, data: transcript([{ text: 'Bought', start: 0, duration: 1 }]) },
      });
      vi.spyOn(document, 'hasFocus').mockReturnValue(true);
      render(<TranscriptView videoId={VIDEO} send={send} player={fakePlayer().player} language="en" autoLoad />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_000);
      });
      expect(screen.getByText(note)).toBeTruthy();
      expect(screen.getByText('1 Cloud Request · 24 left')).toBeTruthy();
      expect(screen.getByText(/up to 3 AI Units per minute of video/)).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5 * 60_000);
      });
      expect(of('transcript.load')).toHaveLength(1);
      fireEvent.click(screen.getByRole('button', { name: 'Load transcript' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
      expect(of('transcript.load').at(-1)).toMatchObject({ consent: { quoteId: 'q2' } });
      expect(screen.getByRole('button', { name: '0:00 Bought' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('with automatic loading on, a tab without focus does not load', async () => {
    vi.useFakeTimers();
    try {
      const { send, loads } = buyer();
      vi.spyOn(document, 'hasFocus').mockReturnValue(false);
      render(<TranscriptView videoId={VIDEO} send={send} player={fakePlayer().player} language="en" autoLoad />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(loads()).toHaveLength(0);
      expect(screen.getByRole('button', { name: 'Load transcript' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
