import { useEffect, useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import { formatCount } from '../../utils/i18n/format';
import type { PartsFeed } from './useInParts';

/** How far an export or import is, with its Cancel: thousands of videos take a while to write. */
export function PartsBar({ feed, onCancel }: { feed: PartsFeed; onCancel: () => void }) {
  const [progress, setProgress] = useState(feed.now);
  useEffect(() => {
    const stop = feed.listen(setProgress);
    // What was said between this render and the listening.
    setProgress(feed.now);
    return stop;
  }, [feed]);
  if (!progress) return null;
  const { kind, done, total, videosRead } = progress;
  const exporting = kind === 'export';
  const label = exporting ? t('library.export.label') : t('library.import.label');
  const said =
    videosRead !== undefined
      ? t('library.import.reading', {
          percent: Math.floor((done * 100) / Math.max(total, 1)),
          n: formatCount(videosRead),
        })
      : exporting
        ? t('library.export.progress', { done, total })
        : t('library.import.progress', { done, total });
  return (
    // A region, not a status: the page's one status line says how the work ended (useOutcome.ts).
    <section class="progress muted" aria-label={label}>
      <progress max={total} value={done} aria-label={label} />
      <span>{said}</span>
      <button type="button" onClick={onCancel}>
        {t('library.export.cancel')}
      </button>
    </section>
  );
}
