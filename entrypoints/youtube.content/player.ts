import type { PlayerBridge } from '../../components/player';

export type { PlayerBridge };

const MAIN = '#movie_player video.html5-main-video';
/** YouTube swaps the element on some navigations; while someone listens, look for a new one this often. */
const RECHECK_MS = 1000;

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

/** The main player's video; else the largest visible YouTube video (hover previews are small); else any. */
export function findMainVideo(doc: Document): HTMLVideoElement | null {
  return (
    doc.querySelector<HTMLVideoElement>(MAIN) ??
    largestVisible(doc.querySelectorAll<HTMLVideoElement>('video.html5-main-video')) ??
    largestVisible(doc.querySelectorAll<HTMLVideoElement>('video'))
  );
}

const frame = (cb: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(cb);
  else setTimeout(cb, 16);
};

/** Autoplay policies may refuse; the person can press play, so a refusal is not an error here. */
function resume(video: HTMLVideoElement): void {
  try {
    void Promise.resolve(video.play()).catch(() => {});
  } catch {
    // some players throw synchronously when not ready
  }
}

export function createPlayerBridge(doc: Document = document): PlayerBridge {
  let cached: HTMLVideoElement | null = null;

  // The #movie_player lookup is an id query, cheap enough for every call; the fallbacks measure layout,
  // so their answer is kept while it stays attached and visible.
  const video = (): HTMLVideoElement | null => {
    const main = doc.querySelector<HTMLVideoElement>(MAIN);
    if (main) cached = main;
    else if (!cached || area(cached) === 0) cached = findMainVideo(doc);
    return cached;
  };

  const listeners = new Set<(seconds: number) => void>();
  let attached: HTMLVideoElement | null = null;
  let pending = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  const emit = () => {
    pending = false;
    const time = attached?.currentTime;
    if (typeof time !== 'number' || !Number.isFinite(time)) return;
    for (const cb of [...listeners]) cb(time);
  };
  const onEvent = () => {
    if (pending) return;
    pending = true;
    frame(emit);
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
    duration() {
      // During an ad the main <video> plays the ad: its length would price a 2-hour video at 15 seconds.
      if (doc.querySelector('#movie_player')?.classList.contains('ad-showing')) return Number.NaN;
      const d = video()?.duration;
      return typeof d === 'number' && Number.isFinite(d) ? d : Number.NaN;
    },
    currentTime() {
      const t = video()?.currentTime;
      return typeof t === 'number' && Number.isFinite(t) ? t : Number.NaN;
    },
    seek(seconds) {
      const v = video();
      if (!v || !Number.isFinite(seconds)) return;
      const wasPaused = v.paused;
      const end = Number.isFinite(v.duration) ? v.duration : Number.POSITIVE_INFINITY;
      v.currentTime = Math.min(Math.max(0, seconds), end);
      // Setting currentTime keeps the state in browsers, but the site's player may flip it while seeking.
      const restore = () => {
        if (wasPaused && !v.paused) v.pause();
        else if (!wasPaused && v.paused) resume(v);
      };
      restore();
      v.addEventListener('seeked', restore, { once: true });
    },
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
