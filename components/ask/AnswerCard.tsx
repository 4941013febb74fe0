import { normalizeAnswer } from '../../utils/api/read/answer';
import { checkCitation } from '../../utils/citations';
import { t } from '../../utils/i18n/catalogue';
import type { AnswerEntry } from '../../utils/panel/replies';
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
};

/** One question and its answer, everything as text; citations seek and carry our own check. */
export function AnswerCard({ entry, segments, visualTimes, durationSeconds, onSeek }: Props) {
  const answer = normalizeAnswer(entry.answer, { durationSeconds });
  const check = (c: (typeof answer.citations)[number]): CheckState => {
    if (c.kind !== 'visual' && segments === null) return 'pending';
    if (c.kind !== 'visual' && segments === 'unavailable') {
      // Without a transcript a visual match still counts; otherwise we simply could not check.
      return checkCitation(c, { segments: [], visualTimes, durationSeconds }) === 'checked' ? 'checked' : 'unchecked';
    }
    return checkCitation(c, { segments: Array.isArray(segments) ? segments : [], visualTimes, durationSeconds });
  };
  return (
    <li class="tl-qa">
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
            <CitationButton key={i} citation={c} check={check(c)} durationSeconds={durationSeconds} onSeek={onSeek} />
          ))}
        </ul>
      )}
      {answer.other.length > 0 && <OtherFields other={answer.other} />}
    </li>
  );
}
