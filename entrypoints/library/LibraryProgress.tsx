import { t } from '../../utils/i18n/catalogue';
import type { LibraryList } from '../../utils/library/replies';

/** The sentence for a library being read or indexed, or null when neither is under way. */
export function progressText(progress: LibraryList['progress']): string | null {
  if (progress?.reading) {
    const { done, total } = progress.reading;
    return t('library.progress.reading', { done, total });
  }
  if (progress?.indexing) {
    const { done, total } = progress.indexing;
    return t('library.progress.indexing', { done, total });
  }
  return null;
}

/** How far the first listing of a large library is: the page is usable meanwhile. */
export function LibraryProgress({ progress }: { progress: LibraryList['progress'] }) {
  const text = progressText(progress);
  return text ? (
    <p class="progress muted" role="status" aria-label={t('library.progress.label')}>
      {text}
    </p>
  ) : null;
}
