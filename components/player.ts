/**
 * The panel's only door to the page's video: what the components need of a player. The content script's
 * bridge (components/youtube/player.ts) implements it; component tests pass fakes.
 */
export interface PlayerBridge {
  /** Seconds; NaN when unknown or while an ad plays (an ad's length must never price a video). */
  duration(): number;
  currentTime(): number;
  /** Seeks the visible main video, keeping it playing or paused as it was; during an ad, once the ad ends. */
  seek(seconds: number): void;
  /** True while an ad plays in the main video (a seek then waits for it to end). */
  adShowing?(): boolean;
  /** True for a live stream or a premiere not yet over: no transcript or length exists yet. */
  isLive?(): boolean;
  /** Calls back on timeupdate/seeked (throttled to animation frames); returns unsubscribe. */
  onTime(cb: (seconds: number) => void): () => void;
}

/**
 * The part the Analysis and Ask views use; the moment playing dates a note on something with no time of its own
 * (a chapter without a start, an answer without a cited moment), 0 when the player cannot tell.
 */
export type SeekPlayer = Pick<PlayerBridge, 'duration' | 'seek'> & Partial<Pick<PlayerBridge, 'currentTime'>>;

/** The moment playing, or 0. */
export const nowOf = (player: SeekPlayer): number => {
  const at = player.currentTime?.() ?? 0;
  return Number.isFinite(at) && at >= 0 ? at : 0;
};

/** The video's length when the player knows it, for the estimate and for dropping out-of-range times. */
export function knownDuration(player: SeekPlayer): number | undefined {
  const d = player.duration();
  return Number.isFinite(d) && d > 0 ? d : undefined;
}
