import { normalizeAnswer } from '../../utils/api/read/answer';
import { checkCitation } from '../../utils/citations';
import { t } from '../../utils/i18n/catalogue';
import type { AnswerEntry } from '../../utils/panel/replies';
import { NoteHere, useNoteHere } from '../notes/NoteHere';
import { OtherFields } from '../OtherFields';
import { type CheckState, CitationButton } from './CitationButton';
import type { Segments } from './useAskData';

/** The service's own English sentence for an insufficient answer: not repeated under our note when it sends it. */
export const INSUFFICIENT = 'The evidence in this video is insufficient to answer that.';

type Props = {
  entry: AnswerEntry;
  segments: Segments;
  visualTimes: readonly number[];
  durationSeconds?: number;
  onSeek: (t: number) => void;
  /** The moment playing: dates a note on an answer that cites none. */
  now: () => number;
};

/** A question as a note's anchor holds it (a bound on a page's runaway text). */
const MAX_QUESTION = 2_000;

/** One question and its answer, everything as text; citations seek and carry our own check. */
export function AnswerCard({ entry, segments, visualTimes, durationSeconds, onSeek, now }: Props) {
  const answer = normalizeAnswer(entry.answer, { durationSeconds });
  const question = entry.question.slice(0, MAX_QUESTION);
  // A note on the answer keeps its first cited moment inside the video, else the moment playing.
  const cited = answer.citations.find((c) => c.time !== null && (!durationSeconds || c.time <= durationSeconds));
  const note = useNoteHere({ on: { kind: 'answer', question }, time: () => cited?.time ?? now() });
  const check = (c: (typeof answer.citations)[number]): CheckState => {
    if (c.kind !== 'visual' && segments === null) return 'pending';
    if (c.kind !== 'visual' && segments === 'unavailable') {
      // Without a transcript a visual match still counts; otherwise we simply could not check.
      return checkCitation(c, { segments: [], visualTimes, durationSeconds }) === 'checked' ? 'checked' : 'unchecked';
    }
    return checkCitation(c, { segments: Array.isArray(segments) ? segments : [], visualTimes, durationSeconds });
  };
  return (
    <li class="tl-qa" onKeyDown={note.onKeyDown}>
      <p class="tl-question" dir="auto">
        {entry.question}
      </p>
      {entry.storageProblem && <p class="tl-note">{entry.storageProblem}</p>}
      {answer.insufficient && (
        <p class="tl-note" role="note">
          {t('panel.ask.insufficient')}
        </p>
      )}
      {answer.text && !(answer.insufficient && answer.citations.length === 0 && answer.text === INSUFFICIENT) && (
        <p class={answer.insufficient ? 'tl-answer tl-muted' : 'tl-answer'} dir="auto">
          {answer.text}
        </p>
      )}
      {!answer.text && !answer.insufficient && answer.citations.length === 0 && (
        <p class="tl-muted">{t('panel.ask.empty')}</p>
      )}
      {answer.citations.length > 0 && (
        <ul class="tl-citations" aria-label={t('panel.ask.citations')}>
          {answer.citations.map((c, i) => (
            <CitationButton
              key={i}
              citation={c}
              check={check(c)}
              durationSeconds={durationSeconds}
              onSeek={onSeek}
              question={question}
            />
          ))}
        </ul>
      )}
      {answer.other.length > 0 && <OtherFields other={answer.other} />}
      <NoteHere state={note} name={t('panel.notes.onAnswer')} />
    </li>
  );
}
