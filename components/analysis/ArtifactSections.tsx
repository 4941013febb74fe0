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

type Line = { time: number | null; text: string; kind?: Kind };

/** A titled list of timestamped lines (chapters numbered, key points, evidence); nothing when it is empty. */
function TimedSection(props: { title: string; numbered?: boolean; lines: readonly Line[]; onSeek: Seek }) {
  const { title, numbered, lines, onSeek } = props;
  if (lines.length === 0) return null;
  const items = lines.map((line, i) => (
    <li key={i}>
      <TimedLine time={line.time} text={line.text} kind={line.kind} onSeek={onSeek} />
    </li>
  ));
  return (
    <section class="tl-section">
      <h3>{title}</h3>
      {numbered ? <ol class="tl-list">{items}</ol> : <ul class="tl-list">{items}</ul>}
    </section>
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
      <TimedSection
        title={t('panel.an.chapters')}
        numbered
        lines={artifact.chapters.map((c) => ({ time: c.start, text: c.title }))}
        onSeek={onSeek}
      />
      <TimedSection title={t('panel.an.keyPoints')} lines={artifact.keyPoints} onSeek={onSeek} />
      <TimedSection title={t('panel.an.evidence')} lines={artifact.evidence} onSeek={onSeek} />
      {artifact.other.length > 0 && (
        <section class="tl-section">
          <h3>{t('panel.an.other')}</h3>
          <OtherFields other={artifact.other} />
        </section>
      )}
    </div>
  );
}
