import type { PanelPrefs } from '../../utils/panel/prefs';
import type { PlayerBridge } from './player';

/** What the mount gives the watch page's panel, drawn in its frame (PanelFrame). */
export type WatchPanelProps = {
  videoId: string;
  player: PlayerBridge;
  /** What the content script last read of the panel's preferences. */
  prefs: PanelPrefs | null;
  /** The first height the last page's frame reported (frame-height.ts), read with the preferences. */
  firstHeight: number | null;
};
