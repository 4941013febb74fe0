import { MarkedText } from '../../components/MarkedText';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { t } from '../../utils/i18n/catalogue';
import type { MessageKey } from '../../utils/i18n/keys';
import type { LibraryHit } from '../../utils/library/replies';
import { panelUrl } from '../../utils/panel/url';
import { TAB_OF } from '../../utils/search/documents';
import { formatTime } from '../../utils/timecode';
import { useFirstScreen } from './useFirstScreen';
import type { SearchState } from './useLibrarySearch';

/** Where a result opens: the video at its moment, the panel on the tab that shows that kind. */
export function hitUrl(hit: LibraryHit): string {
  return panelUrl(hit.videoId, TAB_OF[hit.kind], hit.at ?? undefined);
}

/** The kind of a result, named as the tab that shows it. */
const KIND_KEY = {
  video: 'library.kind.video',
  transcript: 'library.kind.transcript',
  summary: 'library.kind.summary',
  chapter: 'library.kind.chapter',
  keypoint: 'library.kind.keypoint',
  evidence: 'library.kind.evidence',
  answer: 'library.kind.answer',
  citation: 'library.kind.citation',
  note: 'library.kind.note',
  highlight: 'library.kind.highlight',
} as const satisfies Record<LibraryHit['kind'], MessageKey>;

function Hit({ hit }: { hit: LibraryHit }) {
  return (
    <li class="hit">
      <a href={hitUrl(hit)} target="_blank" rel="noreferrer" data-kind={hit.kind}>
        <span class="hit-time" dir="ltr">
          {formatTime(hit.at ?? 0)}
        </span>
        <span class="hit-kind">{t(KIND_KEY[hit.kind])}</span>
        <span class="hit-title" dir="auto">
          {hit.kind === 'video' ? <MarkedText text={hit.text} spans={hit.spans} /> : hit.title || hit.videoId}
        </span>
        {hit.kind !== 'video' && (
          <span class="hit-text" dir="auto">
            <MarkedText text={hit.text} spans={hit.spans} />
          </span>
        )}
      </a>
    </li>
  );
}

/** The results, a screenful first and the rest after the first paint. */
function HitList({ hits }: { hits: readonly LibraryHit[] }) {
  const shown = useFirstScreen(hits);
  return (
    // Busy until every result is laid out (assistive technology, and the bench, read the whole list then).
    <ol class="tl-plain-list hit-list" aria-busy={shown.length < hits.length ? 'true' : undefined}>
      {shown.map((hit, i) => (
        <Hit key={`${hit.videoId}-${i}`} hit={hit} />
      ))}
    </ol>
  );
}

/**
 * The results of a library search, best first; each opens the video at its moment. `indexing`: the videos
 * indexed so far while the library is indexed (the search covered those only), null when all are.
 */
export function LibraryResults({ result, indexing = null }: { result: SearchState; indexing?: number | null }) {
  if (result.state === 'idle') return null;
  if (result.state === 'error') return <ErrorAlert error={result.error} />;
  if (result.state === 'searching')
    return (
      <p class="muted" role="status">
        {t('library.search.searching')}
      </p>
    );
  return (
    <section aria-label={t('library.search.results')} class="results" aria-busy={result.more ? 'true' : undefined}>
      <p class="muted" role="status">
        {result.more
          ? t('library.search.searching')
          : result.hits.length === 0
            ? t('library.search.nothing')
            : t('library.search.matches', { n: result.hits.length })}
        {indexing !== null && ` · ${t('library.search.indexing', { n: indexing })}`}
      </p>
      {result.hits.length > 0 && <HitList hits={result.hits} />}
    </section>
  );
}
