import { useEffect } from 'preact/hooks';
import { MAX_VIDEO_SECONDS } from '../../utils/bounds';
import type { Send } from '../../utils/protocol/send';
import { knownDuration, type PlayerBridge } from '../player';

/**
 * Tells the background the main player's length once per video, as soon as the player knows it (never during
 * an ad: the bridge answers NaN then). The context menu prices an analysis from it, not from captions. A null
 * `send` tells nothing.
 */
export function useReportLength(videoId: string, player: PlayerBridge, send: Send | null): void {
  useEffect(() => {
    if (!send) return;
    let told = false;
    const tell = () => {
      const seconds = knownDuration(player);
      if (told || seconds === undefined || seconds > MAX_VIDEO_SECONDS) return;
      told = true;
      void send({ type: 'video.length', videoId, durationSeconds: Math.ceil(seconds) });
    };
    tell();
    const off = player.onTime(tell);
    // A paused video sends no time updates: look now and then until its length is known.
    const timer = setInterval(() => (told ? clearInterval(timer) : tell()), 2_000);
    return () => {
      told = true;
      off();
      clearInterval(timer);
    };
  }, [videoId, player, send]);
}
