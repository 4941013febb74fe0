import { useEffect, useState } from 'preact/hooks';
import type { PlayerBridge } from '../player';

/**
 * The time a seek asked for while an ad played (the player bridge waits for the video), so the view can say
 * so, or the click looks ignored; null again once the ad is over.
 */
export function useAfterAd(player: PlayerBridge) {
  const [afterAd, setAfterAd] = useState<number | null>(null);
  useEffect(() => {
    if (afterAd === null) return;
    return player.onTime(() => {
      if (!player.adShowing?.()) setAfterAd(null);
    });
  }, [afterAd, player]);
  return [afterAd, setAfterAd] as const;
}
