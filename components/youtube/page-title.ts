import { MAX_TITLE_CHARS } from '../../utils/bounds';

/** The title YouTube shows for this video, only when the page is really showing it (metadata goes stale). */
export function pageTitle(videoId: string): string | null {
  const flexy = document.querySelector('ytd-watch-flexy');
  if (flexy && flexy.getAttribute('video-id') !== videoId) return null;
  const text = document.querySelector('ytd-watch-flexy #title h1, #title h1')?.textContent?.trim();
  return text ? text.slice(0, MAX_TITLE_CHARS) : null;
}
