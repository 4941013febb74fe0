import { useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import type { Upload } from '../../utils/api/read/watchlists';
import { MAX_TITLE_CHARS } from '../../utils/bounds';
import { MAX_LISTED } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { isVideoId } from '../../utils/video-id';

type Props = { name: string; uploads: readonly Upload[]; send: PageSend };

/**
 * A watchlist's recorded uploads into the library page's bulk view: handed to the background, which opens the
 * page (docs/library.md). Free: the view there prices first and buys only by the Transcript Lens window's Spend.
 */
export function HandUploads({ name, uploads, send }: Props) {
  const [error, setError] = useState<ReplyError | null>(null);
  const seen = new Set<string>();
  const videos: Array<{ id: string; title: string }> = [];
  for (const u of uploads) {
    if (!u.videoId || !isVideoId(u.videoId) || seen.has(u.videoId) || videos.length >= MAX_LISTED) continue;
    seen.add(u.videoId);
    videos.push({ id: u.videoId, title: u.title.slice(0, MAX_TITLE_CHARS) });
  }
  if (videos.length === 0) return null;

  async function hand() {
    setError(null);
    const reply = await send({ type: 'lists.hand', name: name.slice(0, MAX_TITLE_CHARS), videos });
    if (!reply.ok) setError(reply.error);
  }
  return (
    <div class="hand-uploads">
      <button type="button" onClick={() => void hand()}>
        {t('popup.hand.button', { n: videos.length })}
      </button>
      <p class="muted small">{t('popup.hand.note')}</p>
      {error && <ErrorAlert error={error} />}
    </div>
  );
}
