// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayerBridge, findMainVideo } from '../../components/youtube/player';

function video(classes = '', size = { width: 640, height: 360 }): HTMLVideoElement {
  const v = document.createElement('video');
  if (classes) v.className = classes;
  v.getBoundingClientRect = () => new DOMRect(0, 0, size.width, size.height);
  return v;
}

function mainPlayer(): HTMLVideoElement {
  const player = document.createElement('div');
  player.id = 'movie_player';
  const v = video('html5-main-video');
  player.append(v);
  document.body.append(player);
  return v;
}

/** happy-dom plays nothing: let a test move the clock by hand. */
/** Lets the microtasks queued so far run: the time feed reports once per task. */
const settled = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function setTime(v: HTMLVideoElement, seconds: number) {
  v.currentTime = seconds;
}

beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('findMainVideo', () => {
  it('prefers #movie_player video.html5-main-video over a bigger hover preview', () => {
    const preview = video('html5-main-video', { width: 2000, height: 2000 });
    document.body.append(preview);
    const main = mainPlayer();
    expect(findMainVideo(document)).toBe(main);
  });

  it('falls back to the largest visible html5-main-video, then the largest visible video', () => {
    const small = video('html5-main-video', { width: 200, height: 100 });
    const big = video('html5-main-video', { width: 800, height: 450 });
    const hidden = video('html5-main-video', { width: 0, height: 0 });
    const plain = video('', { width: 3000, height: 3000 });
    document.body.append(small, hidden, big, plain);
    expect(findMainVideo(document)).toBe(big);
    small.remove();
    big.remove();
    hidden.remove();
    expect(findMainVideo(document)).toBe(plain);
  });

  it('returns null without any visible video', () => {
    document.body.append(video('', { width: 0, height: 0 }));
    expect(findMainVideo(document)).toBeNull();
  });
});

describe('createPlayerBridge', () => {
  it('reports NaN without a video and ignores seeks', () => {
    const bridge = createPlayerBridge(document);
    expect(bridge.currentTime()).toBeNaN();
    expect(bridge.duration()).toBeNaN();
    expect(() => bridge.seek(10)).not.toThrow();
  });

  it('seeks a paused video and leaves it paused', () => {
    const v = mainPlayer();
    const play = vi.spyOn(v, 'play');
    const bridge = createPlayerBridge(document);
    bridge.seek(65);
    expect(v.currentTime).toBe(65);
    expect(v.paused).toBe(true);
    expect(play).not.toHaveBeenCalled();
    expect(bridge.currentTime()).toBe(65);
  });

  it('seeks a playing video and keeps it playing even if the player paused it while seeking', async () => {
    const v = mainPlayer();
    await v.play();
    const bridge = createPlayerBridge(document);
    const pause = vi.spyOn(v, 'pause');
    bridge.seek(12);
    expect(v.currentTime).toBe(12);
    expect(v.paused).toBe(false);
    expect(pause).not.toHaveBeenCalled();
    // The site's player flips to paused during the seek; `seeked` restores playing.
    Object.defineProperty(v, 'paused', { configurable: true, value: true });
    const play = vi.spyOn(v, 'play').mockResolvedValue(undefined);
    v.dispatchEvent(new Event('seeked'));
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('re-pauses a paused video that the player started while seeking', () => {
    const v = mainPlayer();
    const bridge = createPlayerBridge(document);
    bridge.seek(3);
    Object.defineProperty(v, 'paused', { configurable: true, value: false });
    const pause = vi.spyOn(v, 'pause').mockImplementation(() => {});
    v.dispatchEvent(new Event('seeked'));
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('clamps seeks into [0, duration]', () => {
    const v = mainPlayer();
    Object.defineProperty(v, 'duration', { configurable: true, value: 100 });
    const bridge = createPlayerBridge(document);
    expect(bridge.duration()).toBe(100);
    bridge.seek(-5);
    expect(v.currentTime).toBe(0);
    bridge.seek(500);
    expect(v.currentTime).toBe(100);
  });

  it('throttles timeupdate/seeked to one callback per task, asking for no animation frame', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setInterval', 'clearInterval', 'setTimeout'] });
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const v = mainPlayer();
    const bridge = createPlayerBridge(document);
    const seen: number[] = [];
    const stop = bridge.onTime((t) => seen.push(t));
    await settled(); // the initial report on attach
    seen.length = 0;
    setTime(v, 5);
    v.dispatchEvent(new Event('timeupdate'));
    v.dispatchEvent(new Event('timeupdate'));
    v.dispatchEvent(new Event('seeked'));
    expect(seen).toEqual([]);
    await settled();
    expect(seen).toEqual([5]);
    expect(frames).not.toHaveBeenCalled();
    stop();
    setTime(v, 6);
    v.dispatchEvent(new Event('timeupdate'));
    await settled();
    expect(seen).toEqual([5]);
  });

  it('re-attaches when YouTube swaps the video element', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setInterval', 'clearInterval', 'setTimeout'] });
    const first = mainPlayer();
    const bridge = createPlayerBridge(document);
    const seen: number[] = [];
    bridge.onTime((t) => seen.push(t));
    await settled();
    seen.length = 0;

    first.remove();
    const second = video('html5-main-video');
    document.getElementById('movie_player')?.append(second);
    setTime(second, 42);
    vi.advanceTimersByTime(1000); // the periodic check notices the new element
    await settled();
    expect(seen).toEqual([42]);

    setTime(second, 43);
    second.dispatchEvent(new Event('timeupdate'));
    setTime(first, 99);
    first.dispatchEvent(new Event('timeupdate'));
    await settled();
    expect(seen).toEqual([42, 43]);

    bridge.seek(7);
    expect(second.currentTime).toBe(7);
    expect(first.currentTime).toBe(99);
  });

  it('keeps one listener set for many subscribers and removes it with the last', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setInterval', 'clearInterval', 'setTimeout'] });
    const v = mainPlayer();
    const remove = vi.spyOn(v, 'removeEventListener');
    const bridge = createPlayerBridge(document);
    const a = vi.fn();
    const b = vi.fn();
    const stopA = bridge.onTime(a);
    const stopB = bridge.onTime(b);
    await settled();
    setTime(v, 9);
    v.dispatchEvent(new Event('timeupdate'));
    await settled();
    expect(a).toHaveBeenLastCalledWith(9);
    expect(b).toHaveBeenLastCalledWith(9);
    stopA();
    expect(remove).not.toHaveBeenCalled();
    stopB();
    expect(remove).toHaveBeenCalledWith('timeupdate', expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the right player, and ads', () => {
  it('never picks the video of a hidden watch layout left from an earlier page', () => {
    const old = document.createElement('ytd-watch-flexy');
    old.setAttribute('hidden', '');
    const oldPlayer = document.createElement('div');
    oldPlayer.id = 'movie_player';
    oldPlayer.className = 'html5-video-player';
    oldPlayer.append(video('html5-main-video', { width: 900, height: 500 }));
    old.append(oldPlayer);
    const current = document.createElement('ytd-watch-flexy');
    const player = document.createElement('div');
    player.id = 'movie_player';
    player.className = 'html5-video-player';
    const shown = video('html5-main-video');
    player.append(shown);
    current.append(player);
    document.body.append(old, current);
    expect(findMainVideo(document)).toBe(shown);
  });

  it('on /shorts/ picks the reel video, not a watch player kept in the page', () => {
    const main = mainPlayer();
    const shorts = document.createElement('ytd-shorts');
    const reel = document.createElement('div');
    reel.id = 'shorts-player';
    reel.className = 'html5-video-player';
    const short = video('', { width: 300, height: 530 });
    reel.append(short);
    shorts.append(reel);
    document.body.append(shorts);
    history.pushState({}, '', '/shorts/abcdefghijk');
    try {
      expect(findMainVideo(document)).toBe(short);
    } finally {
      history.pushState({}, '', '/');
    }
    expect(findMainVideo(document)).toBe(main);
  });

  it('while an ad plays: no length, and a seek waits for the video, then goes there', () => {
    vi.useFakeTimers();
    const v = mainPlayer();
    const player = v.parentElement as HTMLElement;
    player.classList.add('html5-video-player', 'ad-showing');
    Object.defineProperty(v, 'duration', { value: 15, configurable: true });
    const bridge = createPlayerBridge(document);
    expect(bridge.duration()).toBeNaN();
    expect(bridge.adShowing?.()).toBe(true);
    bridge.seek(30);
    bridge.seek(65); // the last asked-for time wins
    expect(v.currentTime).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(v.currentTime).toBe(0);
    player.classList.remove('ad-showing');
    Object.defineProperty(v, 'duration', { value: 624, configurable: true });
    vi.advanceTimersByTime(300);
    expect(v.currentTime).toBe(65);
    expect(bridge.duration()).toBe(624);
  });
});
