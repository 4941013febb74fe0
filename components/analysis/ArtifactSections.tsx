import type { Artifact } from '../../utils/api/read/artifact';
import type { Kind } from '../../utils/api/read/items';
import { t } from '../../utils/i18n/catalogue';
import { kindLabel } from '../../utils/i18n/labels';
import { formatTime } from '../../utils/timecode';
import { OtherFields } from '../OtherFields';

type Seek = (seconds: number) => void;

/** A timestamped line: a seek button whose name starts with its time when there is one, plain text otherwise. */
function TimedLine({ time, text, kind, onSeek }: { time: number | null; text: string; kind?: Kind; onSeek: Seek }) {
  const mark = kind ? kindLabel(kind) : null;
  const body = (
    <>
      {mark && <span class={`tl-kind tl-kind-${kind}`}>{mark}</span>}
      {mark && ' '}
      <span class="tl-line-text" dir="auto">
        {text}
      </span>
    </>
  );
  if (time === null) return <span class="tl-line">{body}</span>;
  return (
    <button type="button" class="tl-line tl-seek" onClick={() => onSeek(time)}>
      <span class="tl-time" dir="ltr">
        {formatTime(time)}
      </span>{' '}
      {body}
    </button>
  );
}

export function isEmptyArtifact(v: Artifact): boolean {
  return !v.summary.length && !v.chapters.length && !v.keyPoints.length && !v.evidence.length && !v.other.length;
}

/** The analysis, everything as text; empty sections are left out. */
export function ArtifactSections({ artifact, onSeek }: { artifact: Artifact; onSeek: Seek }) {
  if (isEmptyArtifact(artifact)) return <p class="tl-muted">{t('panel.an.empty')}</p>;
  return (
    <div class="tl-artifact">
      {artifact.summary.length > 0 && (
        <section class="tl-section">
          <h3>{t('panel.an.summary')}</h3>
          {artifact.summary.map((p, i) => (
            <p key={i} class="tl-para" dir="auto">
              {p}
            </p>
          ))}
        </section>
      )}
      {artifact.chapters.length > 0 && (
        <section class="tl-section">
          <h3>{t('panel.an.chapters')}</h3>
          <ol class="tl-list">
            {artifact.chapters.map((c, i) => (
              <li key={i}>
                <TimedLine time={c.start} text={c.title} onSeek={onSeek} />
              </li>
            ))}
          </ol>
        </section>
      )}
      {artifact.keyPoints.length > 0 && (
        <section class="tl-section">
          <h3>{t('panel.an.keyPoints')}</h3>
          <ul class="tl-list">
            {artifact.keyPoints.map((k, i) => (
              <li key={i}>
                <TimedLine time={k.time} text={k.text} onSeek={onSeek} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {artifact.evidence.length > 0 && (
        <section class="tl-section">
          <h3>{t('panel.an.evidence')}</h3>
          <ul class="tl-list">
            {artifact.evidence.map((e, i) => (
              <li key={i}>
                <TimedLine time={e.time} text={e.text} kind={e.kind} onSeek={onSeek} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {artifact.other.length > 0 && (
        <section class="tl-section">
          <h3>{t('panel.an.other')}</h3>
          <OtherFields other={artifact.other} />
        </section>
      )}
    </div>
  );
}
