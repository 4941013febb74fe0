import { MarkedText } from '../../components/MarkedText';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { plural } from '../../components/page/format';
import type { LibraryHit } from '../../utils/library-replies';
import { panelUrl } from '../../utils/panel-link';
import { KIND_NAME, TAB_OF } from '../../utils/search/documents';
import { formatTime } from '../../utils/timecode';
import type { SearchState } from './useLibrarySearch';

/** Where a result opens: the video at its moment, the panel on the tab that shows that kind. */
export function hitUrl(hit: LibraryHit): string {
  return panelUrl(hit.videoId, TAB_OF[hit.kind], hit.at ?? undefined);
}

function Hit({ hit }: { hit: LibraryHit }) {
  return (
    <li class="hit">
      <a href={hitUrl(hit)} target="_blank" rel="noreferrer" data-kind={hit.kind}>
        <span class="hit-time">{formatTime(hit.at ?? 0)}</span>
        <span class="hit-kind">{KIND_NAME[hit.kind]}</span>
        <span class="hit-title">
          {hit.kind === 'video' ? <MarkedText text={hit.text} ranges={hit.ranges} /> : hit.title || hit.videoId}
        </span>
        {hit.kind !== 'video' && (
          <span class="hit-text">
            <MarkedText text={hit.text} ranges={hit.ranges} />
          </span>
        )}
      </a>
    </li>
  );
}

/**
 * The results of a library search, best first; each opens the video at its moment. `indexing`: the videos
 * indexed so far while the library is indexed (the search covered those only), null when all are.
 */
export function SearchResults({ result, indexing = null }: { result: SearchState; indexing?: number | null }) {
  if (result.state === 'idle') return null;
  if (result.state === 'error') return <ErrorAlert error={result.error} />;
  if (result.state === 'searching')
    return (
      <p class="muted" role="status">
        Searching…
      </p>
    );
  return (
    <section aria-label="Search results" class="results">
      <p class="muted" role="status">
        {result.hits.length === 0 ? 'Nothing found.' : `${plural(result.hits.length, 'match', 'matches')}, best first`}
        {indexing !== null && ` · in the ${plural(indexing, 'video')} indexed so far; the rest are being indexed`}
      </p>
      {result.hits.length > 0 && (
        <ol class="hit-list">
          {result.hits.map((hit, i) => (
            <Hit key={`${hit.videoId}-${i}`} hit={hit} />
          ))}
        </ol>
      )}
    </section>
  );
}
