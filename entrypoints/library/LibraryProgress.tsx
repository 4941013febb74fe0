import { count } from '../../components/page/format';
import type { LibraryList } from '../../utils/library-replies';

/** The sentence for a library being read or indexed, or null when neither is under way. */
export function progressText(progress: LibraryList['progress']): string | null {
  if (progress?.reading) {
    const { done, total } = progress.reading;
    return `Reading ${count(done)} of ${count(total)} videos… They are listed already; titles fill in as they are read, and search starts once they are indexed.`;
  }
  if (progress?.indexing) {
    const { done, total } = progress.indexing;
    return `Indexing ${count(done)} of ${count(total)} videos… Search covers the videos indexed so far.`;
  }
  return null;
}

/** How far the first listing of a large library is: the page is usable meanwhile. */
export function LibraryProgress({ progress }: { progress: LibraryList['progress'] }) {
  const text = progressText(progress);
  return text ? (
    <p class="progress muted" role="status" aria-label="Library progress">
      {text}
    </p>
  ) : null;
}
