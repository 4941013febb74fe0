import type { Send } from '../../utils/protocol/send';
import type { TimeRange } from '../../utils/time-range';
import { formatTime } from '../../utils/timecode';
import type { ServiceSearch } from '../../utils/video-search-replies';
import { ErrorAlert } from '../page/ErrorAlert';
import { plural } from '../page/format';
import { FoundVideos } from './FoundVideos';
import { ReadAround } from './ReadAround';
import type { LocalState } from './useLocalSearch';

type Titles = ReadonlyMap<string, string>;

/** " between 1:00 and 5:00", " from 1:00", " up to 5:00", or nothing for the whole video. */
export function rangeText(range: TimeRange): string {
  if (range.from !== null && range.to !== null) return ` between ${formatTime(range.from)} and ${formatTime(range.to)}`;
  if (range.from !== null) return ` from ${formatTime(range.from)}`;
  if (range.to !== null) return ` up to ${formatTime(range.to)}`;
  return '';
}

const matchesIn = (videos: { moments: unknown[]; more: number }[]) =>
  videos.reduce((n, v) => n + v.moments.length + v.more, 0);

/** What the saved transcripts hold, searched here for free. */
export function LocalResults({ local, titles }: { local: LocalState; titles: Titles }) {
  if (local.state === 'idle') return null;
  if (local.state === 'error') return <ErrorAlert error={local.error} />;
  if (local.state === 'searching') {
    return (
      <p class="tl-muted" role="status">
        Searching the saved transcripts…
      </p>
    );
  }
  const { searched, videos } = local.result;
  const found = matchesIn(videos);
  let said: string;
  if (searched === 0) said = 'None of these videos has a saved transcript yet.';
  else if (found === 0) said = `Nothing found in ${plural(searched, 'saved transcript')} (free).`;
  else
    said = `${plural(found, 'match', 'matches')} in ${plural(videos.length, 'video')}, searched in ${plural(searched, 'saved transcript')} (free).`;
  return (
    <section class="tl-found-section" aria-label="Found in saved transcripts">
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
  const held =
    found.held > 0 ? ` ${plural(found.held, 'video')} shown again from an earlier identical search (free).` : '';
  return (
    <section class="tl-found-section" aria-label="Found on the service">
      <p class="tl-muted" role="status">
        Searched {plural(found.searched, 'video')} on the service for “{found.query}”{rangeText(found.range)}:{' '}
        {plural(matchesIn(found.videos), 'match', 'matches')}.{held}
      </p>
      {found.notSearched && (
        <div class="alert" role="alert" data-code="not_searched">
          <p>{found.notSearched.message}</p>
        </div>
      )}
      {found.other.map((text, i) => (
        <p key={i} class="tl-found-other">
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
