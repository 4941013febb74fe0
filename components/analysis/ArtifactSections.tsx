import type { Artifact } from '../../utils/api/read/artifact';
import type { Kind } from '../../utils/api/read/items';
import { MAX_TITLE_CHARS } from '../../utils/bounds';
import { t } from '../../utils/i18n/catalogue';
import { kindLabel } from '../../utils/i18n/labels';
import { formatTime } from '../../utils/timecode';
import { NoteHere, useNoteHere } from '../notes/NoteHere';
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

type Chapter = Artifact['chapters'][number];

/** A chapter: its seek line, and a note on it (its button, or N on the row) that keeps the chapter's start. */
function ChapterRow({ chapter, onSeek, now }: { chapter: Chapter; onSeek: Seek; now: () => number }) {
  const note = useNoteHere({
    on: { kind: 'chapter', title: chapter.title.slice(0, MAX_TITLE_CHARS) },
    time: () => chapter.start ?? now(),
  });
  return (
    <li onKeyDown={note.onKeyDown}>
      <TimedLine time={chapter.start} text={chapter.title} onSeek={onSeek} />
      <NoteHere state={note} name={t('panel.notes.onChapter', { title: chapter.title })} />
    </li>
  );
}

type Line = { time: number | null; text: string; kind?: Kind };

/** A titled list of timestamped lines (key points, evidence); nothing when it is empty. */
function TimedSection(props: { title: string; lines: readonly Line[]; onSeek: Seek }) {
  const { title, lines, onSeek } = props;
  if (lines.length === 0) return null;
  const items = lines.map((line, i) => (
    <li key={i}>
      <TimedLine time={line.time} text={line.text} kind={line.kind} onSeek={onSeek} />
    </li>
  ));
  return (
    <section class="tl-section">
      <h3>{title}</h3>
      <ul class="tl-list">{items}</ul>
    </section>
  );
}

export function isEmptyArtifact(v: Artifact): boolean {
  return !v.summary.length && !v.chapters.length && !v.keyPoints.length && !v.evidence.length && !v.other.length;
}

type Props = { artifact: Artifact; onSeek: Seek; now?: () => number };

/** The analysis, everything as text; empty sections are left out. A chapter takes a note (`now` dates one without a start). */
export function ArtifactSections({ artifact, onSeek, now = () => 0 }: Props) {
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
              <ChapterRow key={i} chapter={c} onSeek={onSeek} now={now} />
            ))}
          </ol>
        </section>
      )}
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
