import type { ComponentChildren } from 'preact';
import { t } from '../../utils/i18n/catalogue';
import { deepLink, panelHash } from '../../utils/panel/url';
import { matchSpans } from '../../utils/search/highlight';
import { formatTime } from '../../utils/timecode';
import type { FoundMoment, VideoFindings } from '../../utils/video-search/replies';
import { MarkedText } from '../MarkedText';
import { Phrase } from './Phrase';

/** What a moment of a video the service searched offers beside its link ("Read around this moment"). */
type Around = (videoId: string, at: number) => ComponentChildren;

type Props = { videos: VideoFindings[]; titles: ReadonlyMap<string, string>; around?: Around | undefined };

/**
 * A plain click opens the video at the moment with the panel on its Transcript tab (the hash only selects a
 * tab: ../../utils/panel/url.ts); the link itself stays the service's deep link, for copying and for the
 * browser's own new-tab and new-window clicks.
 */
function openAtMoment(event: MouseEvent, videoId: string, at: number) {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  window.open(`${deepLink(videoId, at)}${panelHash('transcript')}`, '_blank', 'noopener');
}

function Moment({
  videoId,
  moment,
  terms,
  lang,
  around,
}: {
  videoId: string;
  moment: FoundMoment;
  terms: readonly string[];
  /** The transcript's language: its words are cut as the index cut them. */
  lang: string | undefined;
  around?: Around | undefined;
}) {
  const marks = (text: string) => matchSpans(text, terms, lang);
  const words = (
    <span class="tl-found-text" dir="auto">
      {moment.before && (
        <>
          <MarkedText text={moment.before} spans={marks(moment.before)} />{' '}
        </>
      )}
      <q>
        <MarkedText text={moment.quote} spans={marks(moment.quote)} />
      </q>
      {moment.after && (
        <>
          {' '}
          <MarkedText text={moment.after} spans={marks(moment.after)} />
        </>
      )}
    </span>
  );
  if (moment.at === null) {
    return (
      <li class="tl-found-moment">
        <span class="tl-found-time">{t('channel.found.noTime')}</span> {words}
      </li>
    );
  }
  const at = moment.at;
  return (
    <li class="tl-found-moment">
      <a href={deepLink(videoId, at)} target="_blank" rel="noreferrer" onClick={(e) => openAtMoment(e, videoId, at)}>
        <span class="tl-found-time" dir="ltr">
          {formatTime(at)}
        </span>{' '}
        {words}
      </a>
      {around?.(videoId, at)}
    </li>
  );
}

function Video({ video, title, around }: { video: VideoFindings; title: string; around?: Around | undefined }) {
  const total = video.moments.length + video.more;
  return (
    <li class="tl-found-video" data-video-id={video.videoId} data-source={video.source}>
      <h3 class="tl-found-title" dir="auto">
        {title}
      </h3>
      {video.error ? (
        <p class="tl-found-error" data-code={video.error.code}>
          <Phrase k="channel.found.error" data={{ message: video.error.message }} />
        </p>
      ) : (
        <p class="tl-muted">{total === 0 ? t('channel.found.none') : t('channel.found.matches', { n: total })}</p>
      )}
      {video.moments.length > 0 && (
        <ol class="tl-found-moments">
          {video.moments.map((m, i) => (
            <Moment
              key={`${m.at}-${i}`}
              videoId={video.videoId}
              moment={m}
              terms={video.terms}
              lang={video.lang}
              around={video.source === 'service' ? around : undefined}
            />
          ))}
        </ol>
      )}
      {video.more > 0 && <p class="tl-muted">{t('channel.found.more', { n: video.more })}</p>}
      {video.other.map((text, i) => (
        <p key={i} class="tl-found-other" dir="auto">
          {text}
        </p>
      ))}
    </li>
  );
}

/** Findings grouped by video, each moment a link named by its timestamp, then the quote in its context. */
export function FoundVideos({ videos, titles, around }: Props) {
  if (videos.length === 0) return null;
  return (
    <ol class="tl-found">
      {videos.map((v) => (
        <Video key={v.videoId} video={v} title={titles.get(v.videoId) ?? v.title ?? v.videoId} around={around} />
      ))}
    </ol>
  );
}
