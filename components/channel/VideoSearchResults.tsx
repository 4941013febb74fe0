import { t } from '../../utils/i18n/catalogue';
import type { Send } from '../../utils/protocol/send';
import { formatTime } from '../../utils/timecode';
import type { ServiceSearch } from '../../utils/video-search/replies';
import { ErrorAlert } from '../page/ErrorAlert';
import { FoundVideos } from './FoundVideos';
import { Phrase } from './Phrase';
import { ReadAround } from './ReadAround';
import type { LocalState } from './useLocalSearch';

type Titles = ReadonlyMap<string, string>;

const matchesIn = (videos: { moments: unknown[]; more: number }[]) =>
  videos.reduce((n, v) => n + v.moments.length + v.more, 0);

/** What the saved transcripts hold, searched here for free. */
export function LocalResults({ local, titles }: { local: LocalState; titles: Titles }) {
  if (local.state === 'idle') return null;
  if (local.state === 'error') return <ErrorAlert error={local.error} />;
  if (local.state === 'searching') {
    return (
      <p class="tl-muted" role="status">
        {t('channel.search.searching')}
      </p>
    );
  }
  const { searched, videos } = local.result;
  const found = matchesIn(videos);
  let said: string;
  if (searched === 0) said = t('channel.search.noneSaved');
  else if (found === 0) said = t('channel.search.nothing', { n: searched });
  else said = t('channel.search.found', { found, videos: videos.length, searched });
  return (
    <section class="tl-found-section" aria-label={t('channel.search.localLabel')}>
      <p class="tl-muted" role="status">
        {said}
      </p>
      <FoundVideos videos={videos} titles={titles} />
    </section>
  );
}

/**
 * What a paid search found, under the words and range it was for (they may differ from the box by now); each
 * moment offers "Read around this moment" (./ReadAround.tsx).
 */
export function ServiceResults({ found, titles, send }: { found: ServiceSearch; titles: Titles; send: Send }) {
  const { from, to } = found.range;
  const key =
    from !== null && to !== null
      ? 'channel.search.searchedBetween'
      : from !== null
        ? 'channel.search.searchedFrom'
        : to !== null
          ? 'channel.search.searchedTo'
          : 'channel.search.searched';
  const values = {
    n: found.searched,
    found: matchesIn(found.videos),
    ...(from !== null && { from: formatTime(from) }),
    ...(to !== null && { to: formatTime(to) }),
  };
  return (
    <section class="tl-found-section" aria-label={t('channel.search.serviceLabel')}>
      <p class="tl-muted" role="status">
        <Phrase k={key} values={values} data={{ query: found.query }} />
        {found.held > 0 && ` ${t('channel.search.held', { n: found.held })}`}
      </p>
      {found.notSearched && (
        <div class="alert" role="alert" data-code="not_searched">
          <p dir="auto">{found.notSearched.message}</p>
        </div>
      )}
      {found.other.map((text, i) => (
        <p key={i} class="tl-found-other" dir="auto">
          {text}
        </p>
      ))}
      <FoundVideos
        videos={found.videos}
        titles={titles}
        around={(videoId, at) => <ReadAround key={`${videoId}-${at}`} send={send} videoId={videoId} at={at} />}
      />
    </section>
  );
}
