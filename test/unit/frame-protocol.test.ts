import { describe, expect, it, vi } from 'vitest';
import { createFramePlayer } from '../../components/youtube/frame/frame-player';
import { framePortName, MAX_FRAME_PX, MAX_WORDS, readFromFrame, readToFrame } from '../../utils/protocol/frame';

describe('the content script reads the panel frame’s messages exactly', () => {
  it('a seek to a moment, a height in pixels', () => {
    expect(readFromFrame({ t: 'seek', seconds: 12.5 })).toEqual({ t: 'seek', seconds: 12.5 });
    expect(readFromFrame({ t: 'height', px: 301.2 })).toEqual({ t: 'height', px: 302 });
  });

  it('anything else is nothing: negative or endless times, heights past the cap, other shapes', () => {
    for (const raw of [
      null,
      'seek',
      [],
      { t: 'seek', seconds: -1 },
      { t: 'seek', seconds: Number.POSITIVE_INFINITY },
      { t: 'seek', seconds: '12' },
      { t: 'height', px: -4 },
      { t: 'height', px: MAX_FRAME_PX + 1 },
      { t: 'spend', videoId: 'tvaHuman001' },
    ]) {
      expect(readFromFrame(raw)).toBeNull();
    }
  });

  it('names its port with the token the content script put in the frame’s address', () => {
    expect(framePortName('abc')).toBe('tl-panel-frame:abc');
  });
});

describe('the panel frame reads the content script’s messages exactly', () => {
  it('a video: a malformed id is nothing; an odd title, tab or prefs fall back', () => {
    expect(readToFrame({ t: 'video', videoId: 'tvaHuman001', title: 'T', tab: 'ask', prefs: null })).toEqual({
      t: 'video',
      videoId: 'tvaHuman001',
      title: 'T',
      tab: 'ask',
      prefs: null,
    });
    expect(readToFrame({ t: 'video', videoId: 'not an id!!', title: null, tab: null, prefs: null })).toBeNull();
    expect(
      readToFrame({ t: 'video', videoId: 'tvaHuman001', title: 4, tab: 'spend', prefs: { collapsed: 'x' } }),
    ).toEqual({
      t: 'video',
      videoId: 'tvaHuman001',
      title: null,
      tab: null,
      prefs: { collapsed: false, placement: 'column' },
    });
  });

  it('the player: null is unknown; a number that is not finite is refused', () => {
    const state = { time: 3, duration: null, ad: true, live: false };
    expect(readToFrame({ t: 'player', state })).toEqual({ t: 'player', state });
    expect(readToFrame({ t: 'player', state: { ...state, time: Number.NaN } })).toBeNull();
    expect(readToFrame({ t: 'player', state: { ...state, duration: '600' } })).toBeNull();
    expect(readToFrame({ t: 'player' })).toBeNull();
  });

  it('words: a language the extension has and string entries only; too many, or another language, are nothing', () => {
    const entries = { 'panel.product': 'Transcript Lens', 'common.tab.ask': 'Preguntar' };
    expect(readToFrame({ t: 'words', locale: 'es', entries: { ...entries, n: 3, o: {} } })).toEqual({
      t: 'words',
      locale: 'es',
      entries,
    });
    expect(readToFrame({ t: 'words', locale: 'xx', entries })).toBeNull();
    expect(readToFrame({ t: 'words', locale: 'es', entries: ['Preguntar'] })).toBeNull();
    const many = Object.fromEntries(Array.from({ length: MAX_WORDS + 1 }, (_, i) => [`k${i}`, 'v']));
    expect(readToFrame({ t: 'words', locale: 'es', entries: many })).toBeNull();
  });

  it('pushes, a tab, a theme, the viewport; nothing else', () => {
    expect(readToFrame({ t: 'refresh' })).toEqual({ t: 'refresh' });
    expect(readToFrame({ t: 'toggle' })).toEqual({ t: 'toggle' });
    expect(readToFrame({ t: 'tab', tab: 'analysis' })).toEqual({ t: 'tab', tab: 'analysis' });
    expect(readToFrame({ t: 'tab', tab: 'settings' })).toBeNull();
    expect(readToFrame({ t: 'theme', theme: 'dark' })).toEqual({ t: 'theme', theme: 'dark' });
    expect(readToFrame({ t: 'theme', theme: 'red' })).toBeNull();
    expect(readToFrame({ t: 'viewport', px: 900 })).toEqual({ t: 'viewport', px: 900 });
    expect(readToFrame({ t: 'viewport', px: 0 })).toBeNull();
    expect(readToFrame({ t: 'seek', seconds: 3 })).toBeNull();
  });
});

describe('the frame’s player answers from the content script’s last state', () => {
  it('unknown until the first state; time listeners hear a new time only', () => {
    const player = createFramePlayer(() => {});
    expect(player.duration()).toBeNaN();
    expect(player.currentTime()).toBeNaN();
    const heard: number[] = [];
    const stop = player.onTime((t) => heard.push(t));
    expect(player.update({ time: 1, duration: 600, ad: false, live: false })).toBe(true);
    expect(player.update({ time: 1, duration: 600, ad: false, live: false })).toBe(false);
    expect(player.update({ time: 2, duration: 600, ad: false, live: false })).toBe(false);
    expect(heard).toEqual([1, 2]);
    expect(player.duration()).toBe(600);
    stop();
    player.update({ time: 3, duration: 600, ad: false, live: false });
    expect(heard).toEqual([1, 2]);
  });

  it('says when the length, an ad or live changed, which the views read as they render', () => {
    const player = createFramePlayer(() => {});
    player.update({ time: 1, duration: null, ad: true, live: false });
    expect(player.adShowing?.()).toBe(true);
    expect(player.duration()).toBeNaN();
    expect(player.update({ time: 1, duration: 624, ad: false, live: false })).toBe(true);
    expect(player.update({ time: 1, duration: 624, ad: false, live: true })).toBe(true);
    expect(player.isLive?.()).toBe(true);
  });

  it('a seek goes to the content script, never before 0 and never NaN', () => {
    const seek = vi.fn();
    const player = createFramePlayer(seek);
    player.seek(-3);
    player.seek(Number.NaN);
    player.seek(42);
    expect(seek.mock.calls).toEqual([[0], [42]]);
  });
});
