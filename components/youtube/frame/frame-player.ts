import type { PlayerState } from '../../../utils/protocol/frame';
import type { PlayerBridge } from '../../player';

export type FramePlayer = PlayerBridge & {
  /**
   * The content script's latest view of the player; listeners hear of a new time. True when more than the time
   * changed (the length, an ad, live): what the views read as they render, so the panel renders again.
   */
  update(state: PlayerState): boolean;
};

const orNaN = (value: number | null): number => value ?? Number.NaN;

/**
 * The panel's player inside its frame: the page's <video> stays with the content script
 * (components/youtube/player.ts), which sends what it sees as it changes; reads answer from the last
 * state, and a seek goes back to it. Unknown until the first state: the views then wait as they do for a player
 * that has not loaded yet.
 */
export function createFramePlayer(seek: (seconds: number) => void): FramePlayer {
  let state: PlayerState = { time: null, duration: null, ad: false, live: false };
  const listeners = new Set<(seconds: number) => void>();
  return {
    update(next) {
      const moved = next.time !== state.time;
      const changed = next.duration !== state.duration || next.ad !== state.ad || next.live !== state.live;
      state = next;
      if (moved && next.time !== null) for (const cb of [...listeners]) cb(next.time);
      return changed;
    },
    duration: () => orNaN(state.duration),
    currentTime: () => orNaN(state.time),
    adShowing: () => state.ad,
    isLive: () => state.live,
    seek(seconds) {
      if (Number.isFinite(seconds)) seek(Math.max(0, seconds));
    },
    onTime(cb) {
      listeners.add(cb);
      return () => {
        listeners.delete(cb);
      };
    },
  };
}
