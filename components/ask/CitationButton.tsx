import type { Citation } from '../../utils/api/read/answer';
import type { CitationStatus } from '../../utils/citations';
import { t } from '../../utils/i18n/catalogue';
import { kindLabel } from '../../utils/i18n/labels';
import { formatTime } from '../../utils/timecode';
import { NoteHere, useNoteHere } from '../notes/NoteHere';

/** Our own check of a citation; 'unchecked' when there is no transcript, 'pending' while it loads. */
export type CheckState = CitationStatus | 'unchecked' | 'pending';

/**
 * The service verified every citation it returns (spec: Citation rules), so that is what is shown. Our own
 * check is a second opinion that may only add: it never calls a verified claim unbacked (we cannot see the
 * stored frames the service checks visual claims against).
 */
function secondOpinion(state: CheckState, kind: Citation['kind'], time: number | null): string | null {
  if (state === 'pending') return t('panel.cite.checking');
  if (state !== 'checked') return null;
  if (time === null) return kind === 'visual' ? t('panel.cite.visual') : t('panel.cite.quote');
  const at = { time: formatTime(time) };
  return kind === 'visual' ? t('panel.cite.visualAt', at) : t('panel.cite.quoteAt', at);
}

type Props = {
  citation: Citation;
  check: CheckState;
  durationSeconds?: number;
  onSeek: (t: number) => void;
  /** The question it answers: what a note on it names. */
  question: string;
};

/**
 * A citation: a seek button named by its time when the time is inside this video, its kind, quote and check;
 * one with a moment takes a note at it (its button, or N on the row).
 */
export function CitationButton({ citation, check, durationSeconds, onSeek, question }: Props) {
  const { time, kind, quote } = citation;
  const inVideo = time !== null && (durationSeconds === undefined || time <= durationSeconds);
  const mark = kindLabel(kind);
  const opinion = secondOpinion(check, kind, time);
  const at = time ?? 0;
  const note = useNoteHere({ on: { kind: 'citation', question, at }, time: () => at });
  return (
    <li class="tl-citation" data-check={check} onKeyDown={inVideo ? note.onKeyDown : undefined}>
      {inVideo ? (
        <button type="button" class="tl-cite-time" dir="ltr" onClick={() => onSeek(time)}>
          {formatTime(time)}
        </button>
      ) : (
        <span class="tl-cite-missing">{t('panel.cite.missing')}</span>
      )}
      {mark && <span class={`tl-kind tl-kind-${kind}`}>{mark}</span>}
      {quote && (
        <q class="tl-quote" dir="auto">
          {quote}
        </q>
      )}
      <span class="tl-verify">{t('panel.cite.verified')}</span>
      {opinion && <span class={`tl-second tl-second-${check}`}>{opinion}</span>}
      {inVideo && <NoteHere state={note} name={t('panel.notes.onCitation', { time: formatTime(at) })} />}
    </li>
  );
}
