import type { Upload } from '../../utils/api/read/watchlists';
import { formatDate } from '../../utils/i18n/format';
import { watchUrl } from '../../utils/video-id';

/** Only YouTube watch pages are opened, built from the id, never a URL taken from the answer. */
export function uploadUrl(upload: Upload): string | null {
  return upload.videoId ? watchUrl(upload.videoId) : null;
}

export function shortDate(text: string | null): string | null {
  if (!text) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return formatDate(date);
}
