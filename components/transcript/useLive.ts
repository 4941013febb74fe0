import { useEffect, useState } from 'preact/hooks';
import type { PlayerBridge } from '../player';

const CHECK_MS = 1_000;

/** Whether the page plays a live stream, re-checked every second while `watching` (the player learns it late). */
export function useLive(player: PlayerBridge, watching: boolean): boolean {
  const [live, setLive] = useState(() => player.isLive?.() ?? false);
  useEffect(() => {
    if (!watching) return;
    setLive(player.isLive?.() ?? false);
    const timer = setInterval(() => setLive(player.isLive?.() ?? false), CHECK_MS);
    return () => clearInterval(timer);
  }, [player, watching]);
  return live;
}
