import { linkSecond, watchUrl } from '../video-id';

/**
 * The URL-hash format that opens the panel on a tab (`#transcript-lens=analysis`), written by the popup and
 * notifications and read by the panel. It only selects a tab: a page can set a hash, so it never spends
 * and never opens a panel the person collapsed.
 */
export type PanelTab = 'transcript' | 'analysis' | 'ask' | 'notes';

export function panelHash(tab: PanelTab): string {
  return `#transcript-lens=${tab}`;
}

/** The video's watch page with the panel on that tab, at a moment (`&t=`) when given. */
export function panelUrl(videoId: string, tab: PanelTab, seconds?: number): string {
  return `${watchUrl(videoId, seconds)}${panelHash(tab)}`;
}

export function tabFromHash(hash: string): PanelTab | null {
  const match = /(?:^#|&)transcript-lens=(transcript|analysis|ask|notes)\b/.exec(hash);
  return (match?.[1] as PanelTab | undefined) ?? null;
}

/** A moment of a video as the service's search links it: `https://www.youtube.com/watch?v=<id>&t=<seconds>s`. */
export function deepLink(videoId: string, seconds: number): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}&t=${linkSecond(seconds)}s`;
}
