/** How views talk to the background (production value: `ask` from utils/runtime.ts). */
export type { Send } from '../../utils/send';

/**
 * The part of the player bridge (entrypoints/youtube.content/player.ts) these views use; kept structural so the
 * views and their tests do not depend on the bridge's module.
 */
export interface SeekPlayer {
  /** Seconds, NaN when unknown. */
  duration(): number;
  seek(seconds: number): void;
}

/** The video's length when the player knows it, for the estimate and for dropping out-of-range times. */
export function knownDuration(player: SeekPlayer): number | undefined {
  const d = player.duration();
  return Number.isFinite(d) && d > 0 ? d : undefined;
}
