import type { PlayerBridge } from '../player';
import { AD_SHOWING, LIVE, SELECTORS } from './selectors';
import { createAdTimeline, type StitchedAd, stitchedLength, toContent, toMedia } from './stitched-ads';

export type { PlayerBridge };

/** YouTube swaps the element on some navigations; while someone listens, look for a new one this often. */
const RECHECK_MS = 1000;
/** While an ad plays, a seek waits; it checks this often whether the ad is over. */
const AD_CHECK_MS = 250;

function area(video: HTMLVideoElement): number {
  if (!video.isConnected) return 0;
  const rect = video.getBoundingClientRect();
  return Math.max(0, rect.width) * Math.max(0, rect.height);
}

function largestVisible(videos: Iterable<HTMLVideoElement>): HTMLVideoElement | null {
  let best: HTMLVideoElement | null = null;
  let bestArea = 0;
  for (const video of videos) {
    const size = area(video);
    if (size > bestArea) {
      best = video;
      bestArea = size;
    }
  }
  return best;
}

/** A main-player video outside any hidden watch layout (YouTube keeps earlier pages in the DOM). */
function currentMain(doc: Document): HTMLVideoElement | null {
  const shown = doc.querySelector<HTMLVideoElement>(SELECTORS.watchVideo);
  if (shown) return shown;
  for (const video of doc.querySelectorAll<HTMLVideoElement>(SELECTORS.mainVideo)) {
    if (!video.closest(`${SELECTORS.watchLayout}[hidden]`)) return video;
  }
  return null;
}

/**
 * The video of the page showing now: the shorts reel's on /shorts/, else the main player of the visible watch
 * layout (never a hidden one left from an earlier page); else the largest visible YouTube video (hover
 * previews are small); else the largest visible video.
 */
export function findMainVideo(doc: Document): HTMLVideoElement | null {
  const shorts = doc.location?.pathname.startsWith('/shorts/')
    ? largestVisible(doc.querySelectorAll<HTMLVideoElement>(SELECTORS.shortsVideo))
    : null;
  return (
    shorts ??
    currentMain(doc) ??
    largestVisible(doc.querySelectorAll<HTMLVideoElement>('video.html5-main-video')) ??
    largestVisible(doc.querySelectorAll<HTMLVideoElement>('video'))
  );
}

/** True while the player around this video plays an ad in it. */
export function adShowing(video: HTMLVideoElement | null): boolean {
  return video?.closest(SELECTORS.playerOfVideo)?.classList.contains(AD_SHOWING) ?? false;
}

/** Autoplay policies may refuse; the person can press play, so a refusal is not an error here. */
function resume(video: HTMLVideoElement): void {
  try {
    void Promise.resolve(video.play()).catch(() => {});
  } catch {
    // some players throw synchronously when not ready
  }
}

export type PagePlayer = PlayerBridge & {
  /** Starts following the current player's ads (called as the page changes, before anyone seeks). */
  track(): void;
};

/** Moves a video to a media time, keeping it paused or playing as it was. */
function seekPlaying(v: HTMLVideoElement, mediaSeconds: number): void {
  const wasPaused = v.paused;
  const end = Number.isFinite(v.duration) ? v.duration : Number.POSITIVE_INFINITY;
  v.currentTime = Math.min(mediaSeconds, end);
  // Setting currentTime keeps the state in browsers, but the site's player may flip it while seeking.
  const restore = () => {
    if (wasPaused && !v.paused) v.pause();
    else if (!wasPaused && v.paused) resume(v);
  };
  restore();
  v.addEventListener('seeked', restore, { once: true });
}

/**
 * The content time of the current video, sent to listeners at most once a task. While someone listens it
 * follows the element (YouTube swaps it), looking again every RECHECK_MS.
 */
function createTimeFeed(
  video: () => HTMLVideoElement | null,
  ads: () => readonly StitchedAd[],
): Pick<PlayerBridge, 'onTime'> {
  const listeners = new Set<(seconds: number) => void>();
  let attached: HTMLVideoElement | null = null;
  let pending = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  const emit = () => {
    pending = false;
    const time = attached?.currentTime;
    if (typeof time !== 'number' || !Number.isFinite(time)) return;
    const content = toContent(time, ads());
    for (const cb of [...listeners]) cb(content);
  };
  const onEvent = () => {
    if (pending) return;
    pending = true;
    // Once per task, not per animation frame: the listeners only post to the panel's frame, and asking for an
    // animation frame made the page draw one more at each load and four a second while a video plays.
    queueMicrotask(emit);
  };
  const detach = () => {
    attached?.removeEventListener('timeupdate', onEvent);
    attached?.removeEventListener('seeked', onEvent);
    attached = null;
  };
  const attach = () => {
    const next = video();
    if (next === attached) return;
    detach();
    attached = next;
    attached?.addEventListener('timeupdate', onEvent);
    attached?.addEventListener('seeked', onEvent);
    if (attached) onEvent(); // tell listeners where the new element is
  };

  return {
    onTime(cb) {
      listeners.add(cb);
      attach();
      timer ??= setInterval(attach, RECHECK_MS);
      return () => {
        listeners.delete(cb);
        if (listeners.size > 0) return;
        if (timer !== null) clearInterval(timer);
        timer = null;
        detach();
      };
    },
  };
}

export function createPlayerBridge(doc: Document = document): PagePlayer {
  let cached: HTMLVideoElement | null = null;
  const timeline = createAdTimeline((player) => player.classList.contains(AD_SHOWING));

  // The player lookups are cheap queries, fine for every call; the fallbacks measure layout, so their
  // answer is kept while it stays attached and visible.
  const video = (): HTMLVideoElement | null => {
    const onShorts = doc.location?.pathname.startsWith('/shorts/') ?? false;
    const main = onShorts ? null : currentMain(doc);
    if (main) cached = main;
    else if (!cached || area(cached) === 0 || onShorts) cached = findMainVideo(doc);
    timeline.track(cached, cached?.closest(SELECTORS.playerOfVideo) ?? null);
    return cached;
  };
  let adWait: ReturnType<typeof setInterval> | null = null;

  const feed = createTimeFeed(video, () => timeline.ads());

  const bridge: PagePlayer = {
    track: () => void video(),
    duration() {
      // During an ad the main <video> plays the ad: its length would price a 2-hour video at 15 seconds.
      const v = video();
      if (adShowing(v)) return Number.NaN;
      const d = v?.duration;
      return typeof d === 'number' && Number.isFinite(d) ? d - stitchedLength(timeline.ads()) : Number.NaN;
    },
    currentTime() {
      const t = video()?.currentTime;
      return typeof t === 'number' && Number.isFinite(t) ? toContent(t, timeline.ads()) : Number.NaN;
    },
    adShowing: () => adShowing(video()),
    isLive() {
      const v = video();
      return (
        v?.duration === Number.POSITIVE_INFINITY ||
        (v?.closest(SELECTORS.playerOfVideo)?.classList.contains(LIVE) ?? false)
      );
    },
    seek(seconds) {
      const v = video();
      if (!v || !Number.isFinite(seconds)) return;
      if (adWait !== null) clearInterval(adWait);
      adWait = null;
      // Seeking now would seek the ad: wait for the video, then go there (the last asked-for time wins).
      if (adShowing(v)) {
        adWait = setInterval(() => {
          if (adShowing(video())) return;
          if (adWait !== null) clearInterval(adWait);
          adWait = null;
          bridge.seek(seconds);
        }, AD_CHECK_MS);
        return;
      }
      // Content seconds (transcripts, citations) land after any ad stitched into the media before them.
      seekPlaying(v, toMedia(Math.max(0, seconds), timeline.ads()));
    },
    onTime: feed.onTime,
  };
  return bridge;
}
