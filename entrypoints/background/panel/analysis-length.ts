import type { SenderLike } from '../../../utils/protocol/receive';
import { videoIdFromPageUrl } from '../../../utils/video-id';

/**
 * How far a saved track's last cue may end from the page's length and still vouch for it: captions often stop
 * a little before the video (an outro without words), and a cue may run a little past the end.
 */
export const TRACK_COVERS_SECONDS = 30;

/** The length an analysis is priced from, and whether anything beyond the page vouches for it. */
export type AnalysisLength = { seconds: number | null; confirmed: boolean };

/**
 * The page's `<video>` reports a length any page script can change (another media, a shorter source), so it is
 * a price only when a transcript the service delivered ends where the page says the video does. A track's last
 * cue is a lower bound (captions may stop long before the video), so the track alone is no length at all, and a
 * track that ends well before or after the page's length leaves the length unconfirmed.
 */
export function analysisLength(page: number | undefined, trackEnd: number | null): AnalysisLength {
  if (page === undefined || !(page > 0)) return { seconds: null, confirmed: false };
  const seconds = Math.max(page, trackEnd ?? 0);
  const confirmed = trackEnd !== null && Math.abs(page - trackEnd) <= TRACK_COVERS_SECONDS;
  return { seconds, confirmed };
}

/**
 * Whether this sender's tab shows the video: only that tab's panel may say how long the video is. The browser
 * names the tab's address (a content script's own address, or its frame's tab), which no page script can set.
 */
export function tabShows(sender: SenderLike, videoId: string): boolean {
  const href = sender.tab?.url ?? sender.url ?? '';
  return videoIdFromPageUrl(href) === videoId;
}
